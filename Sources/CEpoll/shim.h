// Swift's Glibc module does not export these headers; ReelHTTP imports them through this module.
// epoll_event (packed on x86_64), eventfd and TCP_NODELAY import as they are.
#ifndef REEL_CEPOLL_SHIM_H
#define REEL_CEPOLL_SHIM_H

#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <stdlib.h>

// GNU extensions that Glibc's module hides (it is built without _GNU_SOURCE). Declared with
// glibc's own signatures and wrapped, so Swift calls reel_* and never depends on feature macros.
extern int accept4(int fd, struct sockaddr *addr, socklen_t *addr_len, int flags);
extern int mkostemp(char *template_path, int flags);
extern int pthread_setname_np(pthread_t thread, const char *name);

static inline int reel_accept4(int fd, struct sockaddr *addr, socklen_t *addr_len, int flags) {
    return accept4(fd, addr, addr_len, flags);
}

static inline int reel_mkostemp(char *template_path, int flags) {
    return mkostemp(template_path, flags);
}

static inline int reel_set_thread_name(const char *name) {
    return pthread_setname_np(pthread_self(), name);
}

#endif
