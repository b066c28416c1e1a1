// See CVideo.h: what a clip's container says, read without decoding a frame.
#include "CVideo.h"
#include "library.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef IMGSITE_HAS_FFMPEG

static void copy(char *to, size_t size, const char *from) {
  snprintf(to, size, "%s", from ? from : "");
}

// The turn to show a stream upright, clockwise, to the nearest quarter.
int video_rotation(const AVStream *stream) {
  size_t size = 0;
  const uint8_t *matrix = av.stream_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, &size);
  if (!matrix || size < 9 * sizeof(int32_t)) return 0;
  double counterclockwise = av.rotation_get((const int32_t *)matrix);
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
  AVPacket *packet = av.packet_alloc();
  while (packet && count < wanted && reads++ < wanted * 8 && av.read_frame(context, packet) >= 0) {
    int64_t time = packet->pts != AV_NOPTS_VALUE ? packet->pts : packet->dts;
    if (packet->stream_index == index && time != AV_NOPTS_VALUE) times[count++] = time;
    av.packet_unref(packet);
  }
  av.packet_free(&packet);
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
  if (*context) av.close_input(context);
  return -1;
}

// Whether the stream's first packet is encrypted: CENC written without a
// 'pssh' box shows only there (MP4's demuxer exports each sample's key id
// and IV as side data when it has no key), and its frames never decode.
static int encrypted_packets(AVFormatContext *context, int index) {
  AVPacket *packet = av.packet_alloc();
  if (!packet) return 0;
  int found = 0;
  for (int read = 0; read < 64 && av.read_frame(context, packet) >= 0; read++) {
    int ours = packet->stream_index == index;
    if (ours) found = av.av_packet_get_side_data(packet, AV_PKT_DATA_ENCRYPTION_INFO, NULL) != NULL;
    av.packet_unref(packet);
    if (ours) break;
  }
  av.packet_free(&packet);
  return found;
}

int imgsite_video_probe(const char *path, ImgsiteClipInfo *info, char *error, size_t error_size) {
  const char *unavailable = imgsite_video_unavailable();
  if (unavailable) return fail(&(AVFormatContext *){NULL}, error, error_size, unavailable);
  memset(info, 0, sizeof *info);
  AVFormatContext *context = NULL;
  char reason[256];
  int status = av.open_input(&context, path, NULL, NULL);
  if (status < 0 || (status = av.find_stream_info(context, NULL)) < 0) {
    av.strerror(status, reason, sizeof reason);
    return fail(&context, error, error_size, reason);
  }
  int index = av.find_best_stream(context, AVMEDIA_TYPE_VIDEO, -1, -1, NULL, 0);
  if (index < 0) return fail(&context, error, error_size, "no video stream");
  const AVStream *stream = context->streams[index];
  const AVCodecParameters *video = stream->codecpar;
  size_t size = 0;
  if (av.stream_side_data(stream, AV_PKT_DATA_ENCRYPTION_INIT_INFO, &size) ||
      video->codec_tag == MKTAG('e', 'n', 'c', 'v') || encrypted_packets(context, index))
    return fail(&context, error, error_size, "encrypted (CENC): its frames cannot be decoded without the key");
  if (video->width <= 0 || video->height <= 0) return fail(&context, error, error_size, "its video stream has no frame size");
  if (!av.find_decoder(video->codec_id)) {
    snprintf(reason, sizeof reason, "this FFmpeg has no decoder for %s", av.codec_name(video->codec_id));
    return fail(&context, error, error_size, reason);
  }
  info->width = video->width;
  info->height = video->height;
  info->rotation = video_rotation(stream);
  if (context->duration > 0) info->seconds = (double)context->duration / AV_TIME_BASE;
  else if (stream->duration > 0) info->seconds = stream->duration * av_q2d(stream->time_base);
  copy(info->codec, sizeof info->codec, av.codec_name(video->codec_id));
  const AVPixFmtDescriptor *pixels = av.pix_fmt_desc((enum AVPixelFormat)video->format);
  info->bit_depth = pixels ? pixels->comp[0].depth : 8;
  info->hdr = video->color_trc == AVCOL_TRC_SMPTE2084 ? 1 : video->color_trc == AVCOL_TRC_ARIB_STD_B67 ? 2 : 0;
  frame_timing(context, index, info);
  int audio = av.find_best_stream(context, AVMEDIA_TYPE_AUDIO, -1, index, NULL, 0);
  if (audio >= 0) copy(info->audio_codec, sizeof info->audio_codec, av.codec_name(context->streams[audio]->codecpar->codec_id));
  const AVDictionaryEntry *date = av.dict_get(context->metadata, "com.apple.quicktime.creationdate", NULL, 0);
  if (!date) date = av.dict_get(context->metadata, "creation_time", NULL, 0);
  if (date) copy(info->created, sizeof info->created, date->value);
  info->live_photo = av.dict_get(context->metadata, "com.apple.quicktime.content.identifier", NULL, 0) != NULL;
  av.close_input(&context);
  return 0;
}

#else

int imgsite_video_probe(const char *path, ImgsiteClipInfo *info, char *error, size_t error_size) {
  (void)path; (void)info;
  snprintf(error, error_size, "%s", imgsite_video_unavailable());
  return -1;
}

#endif
