#ifndef REEL_CIMAGEQUANT_SHIM_H
#define REEL_CIMAGEQUANT_SHIM_H
// libimagequant (libimagequant-dev): the palette quantiser behind pngquant and gifski.
#include <libimagequant.h>
#endif
