#ifndef REEL_CRLOTTIE_SHIM_H
#define REEL_CRLOTTIE_SHIM_H
// rlottie (librlottie-dev): draws Lottie (Bodymovin) animations; Reel's `lottie` overlays are its
// frames, rendered at the overlay's size.
#include <rlottie_capi.h>
#endif
