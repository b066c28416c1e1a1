// See CVideo.h: a clip's own file rewritten in its own container, its video
// and sound copied packet for packet, nothing else.
//
// Metadata lives in the container (QuickTime's ©xyz and location keys, udta
// and meta boxes, Matroska tags) and in streams of its own (an iPhone's
// timed metadata, a camera's GPS or telemetry track): neither is copied.
// What the picture needs is: the stream's side data (its rotation, HDR
// mastering) and its codec's parameters.
#include "CVideo.h"
#include "library.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifdef IMGSITE_HAS_FFMPEG

typedef struct {
  AVFormatContext *input, *output;
  // Each input stream's output stream, or -1: not copied.
  int *mapped;
  AVPacket *packet;
  char reason[256];
} Remux;

static int remux_failed(Remux *r, const char *what, int status) {
  return video_failure(r->reason, sizeof r->reason, what, status);
}

// The source's codec tag where the container takes it for that codec (an
// HEVC clip's hvc1, which Safari needs), else 0: the muxer's own.
static unsigned kept_tag(const AVOutputFormat *format, const AVCodecParameters *codec) {
  if (!format->codec_tag) return codec->codec_tag;
  unsigned tag = 0;
  if (av.av_codec_get_id(format->codec_tag, codec->codec_tag) == codec->codec_id) return codec->codec_tag;
  return av.av_codec_get_tag2(format->codec_tag, codec->codec_id, &tag) ? 0 : codec->codec_tag;
}

static int add_stream(Remux *r, int index) {
  const AVStream *from = r->input->streams[index];
  AVStream *to = av.avformat_new_stream(r->output, NULL);
  if (!to) return remux_failed(r, "out of memory", 0);
  int status = av.avcodec_parameters_copy(to->codecpar, from->codecpar);
  if (status < 0) return remux_failed(r, "its streams cannot be copied", status);
  to->codecpar->codec_tag = kept_tag(r->output->oformat, from->codecpar);
  to->time_base = from->time_base;
  to->disposition = from->disposition;
  for (int i = 0; i < from->nb_side_data; i++) {
    const AVPacketSideData *data = &from->side_data[i];
    uint8_t *copy = av.av_stream_new_side_data(to, data->type, data->size);
    if (!copy) return remux_failed(r, "out of memory", 0);
    memcpy(copy, data->data, data->size);
  }
  r->mapped[index] = to->index;
  return 0;
}

static int open_remux(Remux *r, const char *source, const char *target) {
  int status = av.open_input(&r->input, source, NULL, NULL);
  if (status < 0 || (status = av.find_stream_info(r->input, NULL)) < 0) return remux_failed(r, "cannot be read as a video", status);
  const AVOutputFormat *format = av.av_guess_format(NULL, target, NULL);
  if (!format) return remux_failed(r, "its container cannot be written", 0);
  status = av.avformat_alloc_output_context2(&r->output, format, NULL, target);
  if (status < 0) return remux_failed(r, "its container cannot be written", status);
  // No muxer's name and version, no random identifiers: the same source
  // gives the same bytes.
  r->output->flags |= AVFMT_FLAG_BITEXACT;
  r->mapped = malloc(sizeof(int) * r->input->nb_streams);
  r->packet = av.packet_alloc();
  if (!r->mapped || !r->packet) return remux_failed(r, "out of memory", 0);
  for (unsigned i = 0; i < r->input->nb_streams; i++) r->mapped[i] = -1;
  int video = av.find_best_stream(r->input, AVMEDIA_TYPE_VIDEO, -1, -1, NULL, 0);
  if (video < 0) return remux_failed(r, "no video stream", 0);
  int audio = av.find_best_stream(r->input, AVMEDIA_TYPE_AUDIO, -1, video, NULL, 0);
  if (add_stream(r, video) < 0 || (audio >= 0 && add_stream(r, audio) < 0)) return -1;
  if ((status = av.avio_open(&r->output->pb, target, AVIO_FLAG_WRITE)) < 0) return remux_failed(r, "cannot be written", status);
  AVDictionary *muxing = NULL;
  av.av_dict_set(&muxing, "movflags", "+faststart", 0);  // QuickTime and MP4: the index first
  status = av.avformat_write_header(r->output, &muxing);
  av.av_dict_free(&muxing);
  return status < 0 ? remux_failed(r, "its streams do not fit its container", status) : 0;
}

static int copy_packets(Remux *r) {
  int status;
  while ((status = av.read_frame(r->input, r->packet)) >= 0) {
    int index = r->mapped[r->packet->stream_index];
    if (index >= 0) {
      av.av_packet_rescale_ts(r->packet, r->input->streams[r->packet->stream_index]->time_base, r->output->streams[index]->time_base);
      r->packet->stream_index = index;
      r->packet->pos = -1;
      status = av.av_interleaved_write_frame(r->output, r->packet);
      if (status < 0) return remux_failed(r, "cannot be written", status);
    }
    av.packet_unref(r->packet);
  }
  if (status != AVERROR_EOF) return remux_failed(r, "cannot be read to its end", status);
  status = av.av_write_trailer(r->output);
  return status < 0 ? remux_failed(r, "cannot be written", status) : 0;
}

int imgsite_video_remux(const char *source, const char *target, char *error, size_t error_size) {
  const char *unavailable = imgsite_video_unavailable();
  if (unavailable) {
    snprintf(error, error_size, "%s", unavailable);
    return -1;
  }
  Remux r = {0};
  int status = open_remux(&r, source, target) < 0 || copy_packets(&r) < 0 ? -1 : 0;
  if (r.output) {
    if (r.output->pb) av.avio_closep(&r.output->pb);
    av.avformat_free_context(r.output);
  }
  if (r.input) av.close_input(&r.input);
  av.packet_free(&r.packet);
  free(r.mapped);
  if (status < 0) {
    snprintf(error, error_size, "%s", r.reason);
    unlink(target);
  }
  return status;
}

#else

int imgsite_video_remux(const char *source, const char *target, char *error, size_t error_size) {
  (void)source;
  (void)target;
  snprintf(error, error_size, "%s", imgsite_video_unavailable());
  return -1;
}

#endif
