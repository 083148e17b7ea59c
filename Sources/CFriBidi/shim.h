#ifndef REEL_CFRIBIDI_SHIM_H
#define REEL_CFRIBIDI_SHIM_H
// GNU FriBidi (libfribidi-dev): the Unicode bidirectional algorithm (UAX #9).
#include <fribidi.h>
/// "Detect the paragraph's direction from its first strong character" (FRIBIDI_PAR_ON is a macro
/// chain Swift cannot import).
static const FriBidiParType reel_fribidi_par_on = FRIBIDI_PAR_ON;
static const FriBidiParType reel_fribidi_par_rtl = FRIBIDI_PAR_RTL;
#endif
