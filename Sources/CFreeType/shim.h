#ifndef REEL_CFREETYPE_SHIM_H
#define REEL_CFREETYPE_SHIM_H
// FreeType (libfreetype-dev): font files, glyph outlines, rasterising and stroking (FT_Stroker).
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_GLYPH_H
#include FT_STROKER_H
#include FT_OUTLINE_H
#include FT_TRUETYPE_TABLES_H
#endif
