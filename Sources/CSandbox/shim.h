// The sandbox of Reel's child processes (ReelWorker/Isolation): libseccomp builds the system-call
// filter (Debian's libseccomp, not hand-written BPF), and these wrappers reach what Swift cannot
// call itself: prctl and syscall are variadic, unshare and the Landlock calls are hidden by Glibc's
// Swift module (built without _GNU_SOURCE) or absent from its headers.
#ifndef REEL_CSANDBOX_SHIM_H
#define REEL_CSANDBOX_SHIM_H

#include <errno.h>
#include <fcntl.h>
#include <seccomp.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <stdint.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

// Glibc declares it only with _GNU_SOURCE, which a module shared with Swift's Glibc must not set.
extern int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *, int);

/// Starts `path` with `argv` and `envp`, its standard input and output both `channel` (one end
/// of a socket pair) and every other descriptor of this process but standard error closed in it
/// (the server's listening sockets and database files never reach a child). The child's pid, or
/// -errno.
static inline int reel_spawn(const char *path, char *const argv[], char *const envp[], int channel) {
    posix_spawn_file_actions_t actions;
    int rc = posix_spawn_file_actions_init(&actions);
    if (rc != 0) return -rc;
    rc = posix_spawn_file_actions_adddup2(&actions, channel, 0);
    if (rc == 0) rc = posix_spawn_file_actions_adddup2(&actions, channel, 1);
    if (rc == 0) rc = posix_spawn_file_actions_addclosefrom_np(&actions, 3);
    pid_t pid = -1;
    if (rc == 0) rc = posix_spawn(&pid, path, &actions, NULL, argv, envp);
    posix_spawn_file_actions_destroy(&actions);
    return rc == 0 ? (int)pid : -rc;
}

/// Waits for `pid` (blocking when `block`): 0 while it runs, its pid once ended, -1 (errno). The
/// status and its peak resident memory (KiB) are written where given.
static inline int reel_wait(int pid, int block, int *status, long *max_rss_kib) {
    struct rusage usage;
    memset(&usage, 0, sizeof usage);
    int rc;
    do { rc = wait4(pid, status, block ? 0 : WNOHANG, &usage); } while (rc < 0 && errno == EINTR);
    if (rc > 0 && max_rss_kib) *max_rss_kib = usage.ru_maxrss;
    return rc;
}

static inline int reel_exited(int status) { return WIFEXITED(status); }
static inline int reel_exit_code(int status) { return WEXITSTATUS(status); }
static inline int reel_signaled(int status) { return WIFSIGNALED(status); }
static inline int reel_term_signal(int status) { return WTERMSIG(status); }

/// Caps the process's private writable memory (RLIMIT_DATA: heap and anonymous mappings as they
/// are made writable, not address space merely reserved) at `bytes`, and forbids core files; 0 or -1.
static inline int reel_limit_memory(long long bytes) {
    struct rlimit core = {0, 0};
    if (setrlimit(RLIMIT_CORE, &core) != 0) return -1;
    if (bytes <= 0) return 0;
    struct rlimit data = {(rlim_t)bytes, (rlim_t)bytes};
    return setrlimit(RLIMIT_DATA, &data);
}

/// Sets PR_SET_NO_NEW_PRIVS: no exec may gain privileges (setuid, file capabilities) again; 0 or -1.
static inline int reel_no_new_privs(void) { return prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); }

/// Makes the process undumpable (no core file, no ptrace attach by same-uid processes); 0 or -1.
static inline int reel_not_dumpable(void) { return prctl(PR_SET_DUMPABLE, 0, 0, 0, 0); }

/// Moves the process into a network namespace of its own (only loopback, down); 0 or -1 (errno).
static inline int reel_unshare_network(void) { return (int)syscall(SYS_unshare, 0x40000000 /* CLONE_NEWNET */); }

/// The filter: everything allowed but new programs (execve, execveat), debugging and kernel
/// administration (ptrace, process_vm_*, mount, umount2, pivot_root, chroot, setns, unshare,
/// kexec_*, *_module, bpf, perf_event_open, keyctl, add_key, request_key, userfaultfd, reboot,
/// swapon, swapoff), and sockets other than AF_UNIX: each fails with EPERM. Returns 0 or a
/// negative errno.
static inline int reel_seccomp_load(void) {
    scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
    if (ctx == NULL) return -ENOMEM;
    const int denied[] = {
        SCMP_SYS(execve), SCMP_SYS(execveat), SCMP_SYS(ptrace), SCMP_SYS(process_vm_readv),
        SCMP_SYS(process_vm_writev), SCMP_SYS(mount), SCMP_SYS(umount2), SCMP_SYS(pivot_root),
        SCMP_SYS(chroot), SCMP_SYS(setns), SCMP_SYS(unshare), SCMP_SYS(kexec_load),
        SCMP_SYS(kexec_file_load), SCMP_SYS(init_module), SCMP_SYS(finit_module),
        SCMP_SYS(delete_module), SCMP_SYS(bpf), SCMP_SYS(perf_event_open), SCMP_SYS(keyctl),
        SCMP_SYS(add_key), SCMP_SYS(request_key), SCMP_SYS(userfaultfd), SCMP_SYS(reboot),
        SCMP_SYS(swapon), SCMP_SYS(swapoff), SCMP_SYS(open_by_handle_at), SCMP_SYS(fsopen),
        SCMP_SYS(fsmount), SCMP_SYS(move_mount), SCMP_SYS(open_tree),
    };
    int rc = 0;
    for (size_t i = 0; i < sizeof(denied) / sizeof(denied[0]) && rc == 0; i++) {
        if (denied[i] < 0) continue;  // a call this architecture lacks
        rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), denied[i], 0);
    }
    if (rc == 0) rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(socket), 1, SCMP_A0(SCMP_CMP_NE, AF_UNIX));
    if (rc == 0) rc = seccomp_load(ctx);
    seccomp_release(ctx);
    return rc;
}

// Landlock's calls and structures as the kernel defines them (Debian 12's headers stop at ABI 2,
// and Glibc wraps none of the calls).
#ifndef SYS_landlock_create_ruleset
#define SYS_landlock_create_ruleset 444
#define SYS_landlock_add_rule 445
#define SYS_landlock_restrict_self 446
#endif
#ifndef O_PATH
#define O_PATH 010000000  // Linux's value on every architecture Reel builds for; Glibc shows it only with _GNU_SOURCE
#endif
struct reel_landlock_ruleset_attr { uint64_t handled_access_fs; };
struct reel_landlock_path_beneath { uint64_t allowed_access; int32_t parent_fd; } __attribute__((packed));
enum {
    REEL_LL_EXECUTE = 1 << 0, REEL_LL_WRITE_FILE = 1 << 1, REEL_LL_READ_FILE = 1 << 2, REEL_LL_READ_DIR = 1 << 3,
    REEL_LL_REMOVE_DIR = 1 << 4, REEL_LL_REMOVE_FILE = 1 << 5, REEL_LL_MAKE_CHAR = 1 << 6, REEL_LL_MAKE_DIR = 1 << 7,
    REEL_LL_MAKE_REG = 1 << 8, REEL_LL_MAKE_SOCK = 1 << 9, REEL_LL_MAKE_FIFO = 1 << 10, REEL_LL_MAKE_BLOCK = 1 << 11,
    REEL_LL_MAKE_SYM = 1 << 12, REEL_LL_REFER = 1 << 13, REEL_LL_TRUNCATE = 1 << 14,
};

/// The Landlock ABI version the kernel offers (0: none).
static inline int reel_landlock_abi(void) {
    long v = syscall(SYS_landlock_create_ruleset, NULL, 0, 1 /* LANDLOCK_CREATE_RULESET_VERSION */);
    return v < 0 ? 0 : (int)v;
}

/// The accesses a ruleset of this ABI handles: every one it knows (each is then refused unless a
/// rule allows it), device ioctls (ABI 5) aside.
static inline uint64_t reel_landlock_handled(int abi) {
    uint64_t all = (1ULL << 13) - 1;
    if (abi >= 2) all |= REEL_LL_REFER;
    if (abi >= 3) all |= REEL_LL_TRUNCATE;
    return all;
}

/// A ruleset handling every file-system access of `abi`: its descriptor, or -errno.
static inline int reel_landlock_ruleset(int abi) {
    #ifndef O_PATH
#define O_PATH 010000000  // Linux's value on every architecture Reel builds for; Glibc shows it only with _GNU_SOURCE
#endif
struct reel_landlock_ruleset_attr attr = { reel_landlock_handled(abi) };
    long fd = syscall(SYS_landlock_create_ruleset, &attr, sizeof attr, 0);
    return fd < 0 ? -errno : (int)fd;
}

/// Allows what is beneath `path` to be read (files read, folders listed, files mapped as
/// programs) or, with `write`, changed as well (files written and truncated, files and folders
/// made, removed and moved; never devices, sockets, pipes or links made). A file gets the rights a
/// file can hold. 0, or -errno (-ENOENT: nothing is there, which the caller may pass over).
static inline int reel_landlock_allow(int ruleset, int abi, const char *path, int write) {
    int fd = open(path, O_PATH | O_CLOEXEC);
    if (fd < 0) return -errno;
    struct stat st;
    if (fstat(fd, &st) != 0) { int e = errno; close(fd); return -e; }
    uint64_t rights = REEL_LL_EXECUTE | REEL_LL_READ_FILE | REEL_LL_READ_DIR;
    if (write) rights |= REEL_LL_WRITE_FILE | REEL_LL_REMOVE_DIR | REEL_LL_REMOVE_FILE | REEL_LL_MAKE_DIR | REEL_LL_MAKE_REG
                         | REEL_LL_REFER | REEL_LL_TRUNCATE;
    if (!S_ISDIR(st.st_mode)) rights &= REEL_LL_EXECUTE | REEL_LL_READ_FILE | REEL_LL_WRITE_FILE | REEL_LL_TRUNCATE;
    struct reel_landlock_path_beneath rule = { rights & reel_landlock_handled(abi), fd };
    long rc = syscall(SYS_landlock_add_rule, ruleset, 1 /* LANDLOCK_RULE_PATH_BENEATH */, &rule, 0);
    int e = errno;
    close(fd);
    return rc < 0 ? -e : 0;
}

/// Puts this thread and those it starts from now on under `ruleset` (threads already running are
/// not: the caller starts none before), and closes it. 0, or -errno. Needs PR_SET_NO_NEW_PRIVS first.
static inline int reel_landlock_enforce(int ruleset) {
    long rc = syscall(SYS_landlock_restrict_self, ruleset, 0);
    int e = errno;
    close(ruleset);
    return rc < 0 ? -e : 0;
}

#endif
