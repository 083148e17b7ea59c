#ifndef REEL_CUNIBREAK_SHIM_H
#define REEL_CUNIBREAK_SHIM_H
// libunibreak (libunibreak-dev): UAX #14 line-break opportunities.
#include <linebreak.h>
#endif
