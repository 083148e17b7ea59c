// Swift's Glibc module is built without _GNU_SOURCE, so it hides sched_getaffinity and
// sched_setaffinity (and cpu_set_t's macros). ReelWorker's SchedulerTicker reaches the system calls
// through these wrappers: a mask is an array of 64-bit words, CPU n being bit n % 64 of word n / 64.
#ifndef REEL_CSCHED_SHIM_H
#define REEL_CSCHED_SHIM_H

#include <stddef.h>
#include <stdint.h>
#include <unistd.h>
#include <sys/syscall.h>

/// The calling thread's allowed CPUs into `mask` (`words` words); the bytes written, or -1 (errno).
static inline long reel_get_affinity(uint64_t *mask, size_t words) {
    return syscall(SYS_sched_getaffinity, 0, words * sizeof(uint64_t), mask);
}

/// Restricts the calling thread to the CPUs in `mask`; 0, or -1 (errno).
static inline long reel_set_affinity(const uint64_t *mask, size_t words) {
    return syscall(SYS_sched_setaffinity, 0, words * sizeof(uint64_t), mask);
}

#endif
