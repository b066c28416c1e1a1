// FFmpeg's libraries, loaded once when first needed (see CVideo.h): the
// calls the shim makes, found by name. Private to the shim.
#ifndef IMGSITE_VIDEO_LIBRARY_H
#define IMGSITE_VIDEO_LIBRARY_H

#if __has_include(<libavformat/avformat.h>)
#define IMGSITE_HAS_FFMPEG 1
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/display.h>
#include <libavutil/pixdesc.h>

#define IMGSITE_STRING_OF(x) #x
#define IMGSITE_STRING(x) IMGSITE_STRING_OF(x)

// The calls imgsite makes, found in the libraries once. The libraries are
// those of the headers' major versions: their structures are read directly.
typedef struct {
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
} ImgsiteVideoCalls;

// Filled by imgsite_video_unavailable(), which every entry point calls first.
extern ImgsiteVideoCalls imgsite_av;
#define av imgsite_av

#endif
#endif
