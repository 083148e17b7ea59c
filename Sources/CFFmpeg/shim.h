#ifndef REEL_CFFMPEG_SHIM_H
#define REEL_CFFMPEG_SHIM_H
// The FFmpeg headers Reel uses, plus static inline wrappers for the macros Swift cannot import.
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libavutil/avutil.h>
#include <libavutil/imgutils.h>
#include <libavutil/display.h>
#include <libavutil/opt.h>
#include <libavutil/channel_layout.h>
#include <libavutil/audio_fifo.h>
#include <libavutil/pixdesc.h>
#include <libavutil/mathematics.h>
#include <libavutil/mastering_display_metadata.h>
#include <libavutil/sha.h>
#include <libavutil/crc.h>
#include <libavutil/mem.h>
#include <libavutil/tx.h>
#include <libswscale/swscale.h>
#include <libswresample/swresample.h>

static inline int reel_averror(int e) { return AVERROR(e); }
static inline int reel_averror_eof(void) { return AVERROR_EOF; }
static inline int reel_averror_invaliddata(void) { return AVERROR_INVALIDDATA; }
static inline int reel_averror_patchwelcome(void) { return AVERROR_PATCHWELCOME; }
static inline int reel_averror_decoder_not_found(void) { return AVERROR_DECODER_NOT_FOUND; }
static inline int reel_averror_demuxer_not_found(void) { return AVERROR_DEMUXER_NOT_FOUND; }
static inline int reel_averror_eagain(void) { return AVERROR(EAGAIN); }
static inline int64_t reel_nopts(void) { return AV_NOPTS_VALUE; }
static inline int reel_time_base(void) { return AV_TIME_BASE; }
static inline int reel_averror_http_server_error(void) { return AVERROR_HTTP_SERVER_ERROR; }
static inline int reel_error_buffer_size(void) { return AV_ERROR_MAX_STRING_SIZE; }
static inline int reel_mkbetag(int a, int b, int c, int d) { return MKBETAG(a, b, c, d); }
static inline int reel_mktag(int a, int b, int c, int d) { return MKTAG(a, b, c, d); }

#endif
