// glibc's malloc_trim, which Swift's Glibc module does not declare (malloc.h is not in it). The
// service calls it once a minute (`MemoryTrim`): memory freed by renders' short-lived threads stays
// in glibc's per-thread arenas, counted in RSS, until trimmed back to the system.
#ifndef REEL_CMALLOC_SHIM_H
#define REEL_CMALLOC_SHIM_H

#include <malloc.h>

/// Returns free memory in every arena to the system; 1 when some was returned.
static inline int reel_malloc_trim(void) { return malloc_trim(0); }

#endif
