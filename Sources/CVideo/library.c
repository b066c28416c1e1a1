// See library.h.
#define _GNU_SOURCE
#include "CVideo.h"
#include "library.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#ifdef IMGSITE_HAS_FFMPEG

ImgsiteVideoCalls imgsite_av;

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
  void *filter = open_library("libavfilter.so." IMGSITE_STRING(LIBAVFILTER_VERSION_MAJOR), "libavfilter8");
  if (!util || !codec || !format || !filter) return;
#define FIND(library, field, name)                                                                      \
  *(void **)&av.field = dlsym(library, name);                                                      \
  if (!av.field) {                                                                                 \
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
  FIND(codec, descriptor_by_name, "avcodec_descriptor_get_by_name");
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
#define FIND_NAMED(library, name) FIND(library, name, #name)
  IMGSITE_AV_TRANSCODE(FIND_NAMED)
#undef FIND_NAMED
#undef FIND
  // FFmpeg's own messages would go to standard error past imgsite's lines;
  // a failure is said by its reason instead.
  av.log_set_level(AV_LOG_QUIET);
  // SVT-AV1 writes its settings to standard error itself, past av_log;
  // fatal messages only (a user's own SVT_LOG is left as set).
  setenv("SVT_LOG", "0", 0);
  unsigned v = av.format_version();
  snprintf(version, sizeof version, "FFmpeg (libavformat %u.%u.%u)", v >> 16, (v >> 8) & 0xff, v & 0xff);
}

int video_failure(char *reason, size_t size, const char *what, int status) {
  char detail[128] = "";
  if (status < 0) av.strerror(status, detail, sizeof detail);
  snprintf(reason, size, "%s%s%s", what, detail[0] ? ": " : "", detail);
  return -1;
}

const char *imgsite_video_unavailable(void) {
  pthread_once(&loaded, load);
  return failure[0] ? failure : NULL;
}

const char *imgsite_video_version(void) {
  return imgsite_video_unavailable() ? NULL : version;
}

int imgsite_video_has_decoder(const char *name) {
  // By the codec, not a decoder's name: AV1 may be read by dav1d alone.
  if (imgsite_video_unavailable()) return 0;
  const AVCodecDescriptor *codec = av.descriptor_by_name(name);
  return codec && av.find_decoder(codec->id) != NULL;
}

int imgsite_video_has_encoder(const char *name) {
  return !imgsite_video_unavailable() && av.encoder_by_name(name) != NULL;
}

#else

const char *imgsite_video_unavailable(void) {
  return "this imgsite was built without FFmpeg's headers (libavformat-dev, libavcodec-dev, libavfilter-dev); video clips are skipped";
}
const char *imgsite_video_version(void) { return NULL; }
int imgsite_video_has_decoder(const char *name) { (void)name; return 0; }
int imgsite_video_has_encoder(const char *name) { (void)name; return 0; }
#endif
