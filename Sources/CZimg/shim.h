#ifndef REEL_CZIMG_SHIM_H
#define REEL_CZIMG_SHIM_H
// zimg (libzimg-dev): colour-space, transfer and primaries conversion and resampling, the library
// FFmpeg's zscale filter uses; Reel converts wide-gamut and HDR pictures with it.
#include <zimg.h>

static inline unsigned reel_zimg_api_version(void) { return ZIMG_API_VERSION; }
static inline unsigned reel_zimg_buffer_max(void) { return ZIMG_BUFFER_MAX; }

// The buffers' `plane` members are arrays of anonymous structs, which Swift does not import: these
// set one whole plane (mask ZIMG_BUFFER_MAX).
static inline void reel_zimg_set_source_plane(zimg_image_buffer_const *b, unsigned i, const void *data, ptrdiff_t stride) {
    b->plane[i].data = data;
    b->plane[i].stride = stride;
    b->plane[i].mask = ZIMG_BUFFER_MAX;
}
static inline void reel_zimg_set_target_plane(zimg_image_buffer *b, unsigned i, void *data, ptrdiff_t stride) {
    b->plane[i].data = data;
    b->plane[i].stride = stride;
    b->plane[i].mask = ZIMG_BUFFER_MAX;
}
#endif
