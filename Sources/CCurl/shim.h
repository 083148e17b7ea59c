#ifndef REEL_CCURL_SHIM_H
#define REEL_CCURL_SHIM_H
#include <curl/curl.h>
// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: one typed function
// per kind of argument.
static inline CURLcode reel_curl_set_long(CURL *c, CURLoption o, long v) { return curl_easy_setopt(c, o, v); }
static inline CURLcode reel_curl_set_off(CURL *c, CURLoption o, curl_off_t v) { return curl_easy_setopt(c, o, v); }
static inline CURLcode reel_curl_set_string(CURL *c, CURLoption o, const char *v) { return curl_easy_setopt(c, o, v); }
static inline CURLcode reel_curl_set_pointer(CURL *c, CURLoption o, void *v) { return curl_easy_setopt(c, o, v); }
static inline CURLcode reel_curl_set_slist(CURL *c, CURLoption o, struct curl_slist *v) { return curl_easy_setopt(c, o, v); }
typedef size_t (*reel_curl_data_fn)(char *, size_t, size_t, void *);
static inline CURLcode reel_curl_set_data_fn(CURL *c, CURLoption o, reel_curl_data_fn f) { return curl_easy_setopt(c, o, f); }
static inline CURLcode reel_curl_get_long(CURL *c, CURLINFO i, long *v) { return curl_easy_getinfo(c, i, v); }
typedef int (*reel_curl_xferinfo_fn)(void *, curl_off_t, curl_off_t, curl_off_t, curl_off_t);
static inline CURLcode reel_curl_set_xferinfo_fn(CURL *c, reel_curl_xferinfo_fn f) { return curl_easy_setopt(c, CURLOPT_XFERINFOFUNCTION, f); }
typedef curl_socket_t (*reel_curl_opensocket_fn)(void *, curlsocktype, struct curl_sockaddr *);
static inline CURLcode reel_curl_set_opensocket_fn(CURL *c, reel_curl_opensocket_fn f) { return curl_easy_setopt(c, CURLOPT_OPENSOCKETFUNCTION, f); }
static inline curl_socket_t reel_curl_socket_bad(void) { return CURL_SOCKET_BAD; }
/// The address inside curl's `struct curl_sockaddr` (storage large enough for IPv6).
static inline const struct sockaddr *reel_curl_sockaddr(const struct curl_sockaddr *a) { return &a->addr; }
// CURL_READFUNC_ABORT and CURL_WRITEFUNC_ERROR-like sentinels are macros.
static inline size_t reel_curl_readfunc_abort(void) { return CURL_READFUNC_ABORT; }
#endif
