// See CVideo.h.
#define _GNU_SOURCE
#include "CVideo.h"

#include <dlfcn.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if __has_include(<libavformat/avformat.h>)
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/display.h>
#include <libavutil/pixdesc.h>

#define IMGSITE_STRING_OF(x) #x
#define IMGSITE_STRING(x) IMGSITE_STRING_OF(x)

// The calls imgsite makes, found in the libraries once. The libraries are
// those of the headers' major versions: their structures are read directly.
static struct {
  int (*open_input)(AVFormatContext **, const char *, const AVInputFormat *, AVDictionary **);
  int (*find_stream_info)(AVFormatContext *, AVDictionary **);
  int (*find_best_stream)(AVFormatContext *, enum AVMediaType, int, int, const AVCodec **, int);
  void (*close_input)(AVFormatContext **);
  uint8_t *(*stream_side_data)(const AVStream *, enum AVPacketSideDataType, size_t *);
  unsigned (*format_version)(void);
  const char *(*codec_name)(enum AVCodecID);
  const AVCodec *(*find_decoder)(enum AVCodecID);
  const AVCodec *(*decoder_by_name)(const char *);
  const AVCodec *(*encoder_by_name)(const char *);
  int (*strerror)(int, char *, size_t);
  double (*rotation_get)(const int32_t *);
  AVDictionaryEntry *(*dict_get)(const AVDictionary *, const char *, const AVDictionaryEntry *, int);
  const AVPixFmtDescriptor *(*pix_fmt_desc)(enum AVPixelFormat);
  void (*log_set_level)(int);
  int (*read_frame)(AVFormatContext *, AVPacket *);
  AVPacket *(*packet_alloc)(void);
  void (*packet_free)(AVPacket **);
  void (*packet_unref)(AVPacket *);
} calls;

static char failure[512];
static char version[96];
static pthread_once_t loaded = PTHREAD_ONCE_INIT;

static void *open_library(const char *name, const char *package) {
  void *library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
  if (!library && !failure[0])
    snprintf(failure, sizeof failure, "FFmpeg's %s is not installed (Debian 12: apt-get install %s); video clips are skipped",
             name, package);
  return library;
}

static void load(void) {
  void *util = open_library("libavutil.so." IMGSITE_STRING(LIBAVUTIL_VERSION_MAJOR), "libavutil57");
  void *codec = open_library("libavcodec.so." IMGSITE_STRING(LIBAVCODEC_VERSION_MAJOR), "libavcodec59");
  void *format = open_library("libavformat.so." IMGSITE_STRING(LIBAVFORMAT_VERSION_MAJOR), "libavformat59");
  if (!util || !codec || !format) return;
#define FIND(library, field, name)                                                                      \
  *(void **)&calls.field = dlsym(library, name);                                                      \
  if (!calls.field) {                                                                                 \
    snprintf(failure, sizeof failure, "the FFmpeg found lacks %s; video clips are skipped", name);    \
    return;                                                                                           \
  }
  FIND(format, open_input, "avformat_open_input");
  FIND(format, find_stream_info, "avformat_find_stream_info");
  FIND(format, find_best_stream, "av_find_best_stream");
  FIND(format, close_input, "avformat_close_input");
  FIND(format, stream_side_data, "av_stream_get_side_data");
  FIND(format, format_version, "avformat_version");
  FIND(codec, codec_name, "avcodec_get_name");
  FIND(codec, find_decoder, "avcodec_find_decoder");
  FIND(codec, decoder_by_name, "avcodec_find_decoder_by_name");
  FIND(codec, encoder_by_name, "avcodec_find_encoder_by_name");
  FIND(util, strerror, "av_strerror");
  FIND(util, rotation_get, "av_display_rotation_get");
  FIND(util, dict_get, "av_dict_get");
  FIND(util, pix_fmt_desc, "av_pix_fmt_desc_get");
  FIND(util, log_set_level, "av_log_set_level");
  FIND(format, read_frame, "av_read_frame");
  FIND(codec, packet_alloc, "av_packet_alloc");
  FIND(codec, packet_free, "av_packet_free");
  FIND(codec, packet_unref, "av_packet_unref");
#undef FIND
  // FFmpeg's own messages would go to standard error past imgsite's lines;
  // a failure is said by its reason instead.
  calls.log_set_level(AV_LOG_QUIET);
  unsigned v = calls.format_version();
  snprintf(version, sizeof version, "FFmpeg (libavformat %u.%u.%u)", v >> 16, (v >> 8) & 0xff, v & 0xff);
}

const char *imgsite_video_unavailable(void) {
  pthread_once(&loaded, load);
  return failure[0] ? failure : NULL;
}

const char *imgsite_video_version(void) {
  return imgsite_video_unavailable() ? NULL : version;
}

int imgsite_video_has_decoder(const char *name) {
  return !imgsite_video_unavailable() && calls.decoder_by_name(name) != NULL;
}

int imgsite_video_has_encoder(const char *name) {
  return !imgsite_video_unavailable() && calls.encoder_by_name(name) != NULL;
}

static void copy(char *to, size_t size, const char *from) {
  snprintf(to, size, "%s", from ? from : "");
}

// The turn to show a stream upright, clockwise, to the nearest quarter.
static int rotation_of(const AVStream *stream) {
  size_t size = 0;
  const uint8_t *matrix = calls.stream_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, &size);
  if (!matrix || size < 9 * sizeof(int32_t)) return 0;
  double counterclockwise = calls.rotation_get((const int32_t *)matrix);
  if (isnan(counterclockwise)) return 0;
  int quarters = (int)lround(-counterclockwise / 90.0);
  return ((quarters % 4) + 4) % 4 * 90;
}

static int earlier(const void *a, const void *b) {
  int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
  return (x > y) - (x < y);
}

// The mean frame rate and whether frames come at uneven intervals, from the
// first packets' timestamps (no frame is decoded): containers' own rates
// are not to be trusted (WebM says 30 for a clip that drops every third frame).
static void frame_timing(AVFormatContext *context, int index, ImgsiteClipInfo *info) {
  enum { wanted = 90 };
  int64_t times[wanted];
  int count = 0, reads = 0;
  AVPacket *packet = calls.packet_alloc();
  while (packet && count < wanted && reads++ < wanted * 8 && calls.read_frame(context, packet) >= 0) {
    int64_t time = packet->pts != AV_NOPTS_VALUE ? packet->pts : packet->dts;
    if (packet->stream_index == index && time != AV_NOPTS_VALUE) times[count++] = time;
    calls.packet_unref(packet);
  }
  calls.packet_free(&packet);
  if (count < 3) return;
  qsort(times, count, sizeof times[0], earlier);
  int64_t least = INT64_MAX, most = 0;
  for (int i = 1; i < count; i++) {
    int64_t step = times[i] - times[i - 1];
    if (step <= 0) continue;
    if (step < least) least = step;
    if (step > most) most = step;
  }
  double span = (times[count - 1] - times[0]) * av_q2d(context->streams[index]->time_base);
  if (span > 0) info->frame_rate = (count - 1) / span;
  info->variable_rate = least != INT64_MAX && most > least * 3 / 2;
}

static int fail(AVFormatContext **context, char *error, size_t size, const char *reason) {
  copy(error, size, reason);
  if (*context) calls.close_input(context);
  return -1;
}

int imgsite_video_probe(const char *path, ImgsiteClipInfo *info, char *error, size_t error_size) {
  const char *unavailable = imgsite_video_unavailable();
  if (unavailable) return fail(&(AVFormatContext *){NULL}, error, error_size, unavailable);
  memset(info, 0, sizeof *info);
  AVFormatContext *context = NULL;
  char reason[256];
  int status = calls.open_input(&context, path, NULL, NULL);
  if (status < 0 || (status = calls.find_stream_info(context, NULL)) < 0) {
    calls.strerror(status, reason, sizeof reason);
    return fail(&context, error, error_size, reason);
  }
  int index = calls.find_best_stream(context, AVMEDIA_TYPE_VIDEO, -1, -1, NULL, 0);
  if (index < 0) return fail(&context, error, error_size, "no video stream");
  const AVStream *stream = context->streams[index];
  const AVCodecParameters *video = stream->codecpar;
  size_t size = 0;
  if (calls.stream_side_data(stream, AV_PKT_DATA_ENCRYPTION_INIT_INFO, &size) ||
      video->codec_tag == MKTAG('e', 'n', 'c', 'v'))
    return fail(&context, error, error_size, "encrypted (CENC): its frames cannot be decoded without the key");
  if (video->width <= 0 || video->height <= 0) return fail(&context, error, error_size, "its video stream has no frame size");
  if (!calls.find_decoder(video->codec_id)) {
    snprintf(reason, sizeof reason, "this FFmpeg has no decoder for %s", calls.codec_name(video->codec_id));
    return fail(&context, error, error_size, reason);
  }
  info->width = video->width;
  info->height = video->height;
  info->rotation = rotation_of(stream);
  if (context->duration > 0) info->seconds = (double)context->duration / AV_TIME_BASE;
  else if (stream->duration > 0) info->seconds = stream->duration * av_q2d(stream->time_base);
  copy(info->codec, sizeof info->codec, calls.codec_name(video->codec_id));
  const AVPixFmtDescriptor *pixels = calls.pix_fmt_desc((enum AVPixelFormat)video->format);
  info->bit_depth = pixels ? pixels->comp[0].depth : 8;
  info->hdr = video->color_trc == AVCOL_TRC_SMPTE2084 ? 1 : video->color_trc == AVCOL_TRC_ARIB_STD_B67 ? 2 : 0;
  frame_timing(context, index, info);
  int audio = calls.find_best_stream(context, AVMEDIA_TYPE_AUDIO, -1, index, NULL, 0);
  if (audio >= 0) copy(info->audio_codec, sizeof info->audio_codec, calls.codec_name(context->streams[audio]->codecpar->codec_id));
  const AVDictionaryEntry *date = calls.dict_get(context->metadata, "com.apple.quicktime.creationdate", NULL, 0);
  if (!date) date = calls.dict_get(context->metadata, "creation_time", NULL, 0);
  if (date) copy(info->created, sizeof info->created, date->value);
  calls.close_input(&context);
  return 0;
}

#else

const char *imgsite_video_unavailable(void) {
  return "this imgsite was built without FFmpeg's headers (libavformat-dev); video clips are skipped";
}
const char *imgsite_video_version(void) { return NULL; }
int imgsite_video_has_decoder(const char *name) { (void)name; return 0; }
int imgsite_video_has_encoder(const char *name) { (void)name; return 0; }
int imgsite_video_probe(const char *path, ImgsiteClipInfo *info, char *error, size_t error_size) {
  (void)path; (void)info;
  snprintf(error, error_size, "%s", imgsite_video_unavailable());
  return -1;
}

#endif
