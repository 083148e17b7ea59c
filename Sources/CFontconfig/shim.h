#ifndef REEL_CFONTCONFIG_SHIM_H
#define REEL_CFONTCONFIG_SHIM_H
// fontconfig (libfontconfig-dev): font family, weight and style matching and fallback by coverage.
#include <fontconfig/fontconfig.h>
#endif
