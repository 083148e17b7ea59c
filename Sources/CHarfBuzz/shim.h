#ifndef REEL_CHARFBUZZ_SHIM_H
#define REEL_CHARFBUZZ_SHIM_H
// HarfBuzz (libharfbuzz-dev): OpenType shaping over FreeType faces.
#include <hb.h>
#include <hb-ft.h>
#endif
