#ifndef REEL_CEBUR128_SHIM_H
#define REEL_CEBUR128_SHIM_H
// libebur128 (libebur128-dev): ITU-R BS.1770-4 / EBU R128 loudness, loudness range and true peak;
// Reel measures a mix with it to bring the output to `output.audio.loudness`.
#include <ebur128.h>
#endif
