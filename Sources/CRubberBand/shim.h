#ifndef REEL_CRUBBERBAND_SHIM_H
#define REEL_CRUBBERBAND_SHIM_H
// Rubber Band's C API (librubberband-dev): time-stretching with the pitch kept.
#include <rubberband/rubberband-c.h>
#endif
