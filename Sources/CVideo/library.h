// FFmpeg's libraries, loaded once when first needed (see CVideo.h): the
// calls the shim makes, found by name. Private to the shim.
#ifndef IMGSITE_VIDEO_LIBRARY_H
#define IMGSITE_VIDEO_LIBRARY_H

#if __has_include(<libavformat/avformat.h>) && __has_include(<libavfilter/avfilter.h>)
#define IMGSITE_HAS_FFMPEG 1
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/display.h>
#include <libavfilter/avfilter.h>
#include <libavfilter/buffersink.h>
#include <libavfilter/buffersrc.h>
#include <libavutil/channel_layout.h>
#include <libavutil/opt.h>
#include <libavutil/pixdesc.h>

#define IMGSITE_STRING_OF(x) #x
#define IMGSITE_STRING(x) IMGSITE_STRING_OF(x)

// The calls decoding, encoding and remuxing make: X(library, function).
#define IMGSITE_AV_TRANSCODE(X)                                                                         \
  X(format, avformat_alloc_output_context2) X(format, avformat_new_stream) X(format, avio_open)         \
  X(format, avio_closep) X(format, avformat_write_header) X(format, av_interleaved_write_frame)         \
  X(format, av_write_trailer) X(format, avformat_free_context)                                          \
  X(codec, avcodec_alloc_context3) X(codec, avcodec_free_context) X(codec, avcodec_parameters_to_context) \
  X(codec, avcodec_parameters_from_context) X(codec, avcodec_open2) X(codec, avcodec_send_packet)       \
  X(codec, avcodec_receive_frame) X(codec, avcodec_send_frame) X(codec, avcodec_receive_packet)         \
  X(codec, av_packet_rescale_ts) X(codec, av_packet_ref)                                                \
  X(util, av_frame_alloc) X(util, av_frame_free) X(util, av_frame_ref) X(util, av_frame_unref) X(util, av_dict_parse_string)  \
  X(util, av_dict_free) X(util, av_dict_set) X(util, av_channel_layout_default)                         \
  X(util, av_channel_layout_describe) X(util, av_get_sample_fmt_name) X(util, av_rescale_q)             \
  X(filter, avfilter_graph_alloc) X(filter, avfilter_graph_free) X(filter, avfilter_graph_parse_ptr)    \
  X(filter, avfilter_graph_config) X(filter, av_buffersrc_add_frame_flags) X(filter, av_buffersink_get_frame) \
  X(filter, av_buffersink_get_time_base) X(filter, av_buffersink_set_frame_size)                      \
  X(format, av_guess_format) X(format, av_stream_new_side_data) X(format, av_codec_get_tag2)           \
  X(format, av_codec_get_id) X(codec, avcodec_parameters_copy) X(codec, av_packet_get_side_data) X(util, av_frame_get_buffer)

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
  const AVCodecDescriptor *(*descriptor_by_name)(const char *);
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
  // The transcoder's, each named as FFmpeg names it (IMGSITE_AV_TRANSCODE).
#define IMGSITE_AV_FIELD(library, name) __typeof__(&name) name;
  IMGSITE_AV_TRANSCODE(IMGSITE_AV_FIELD)
#undef IMGSITE_AV_FIELD
} ImgsiteVideoCalls;

// Filled by imgsite_video_unavailable(), which every entry point calls first.
extern ImgsiteVideoCalls imgsite_av;
#define av imgsite_av

// The turn to show a stream upright, clockwise, to the nearest quarter (probe.c).
int video_rotation(const AVStream *stream);

// Whether a frame of `source`'s video decodes (first_frame.c).
int video_first_frame_decodes(const char *source);

// Writes "`what`: FFmpeg's reason for `status`" (the reason left out when
// `status` is not an error) into `reason`; returns -1.
int video_failure(char *reason, size_t size, const char *what, int status);

#endif
#endif
