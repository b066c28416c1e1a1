// See CVideo.h: a clip decoded once, every output encoded from that stream.
//
// The frames go through one filter graph: turned upright, scaled once to the
// largest output, tone mapped to SDR BT.709 when HDR, then split to each
// output's scale and encoder, and to the poster's sampler (its opening
// seconds only: its branch ends there). The sound is encoded once, to AAC,
// and the same packets are written into every output.
#include "CVideo.h"
#include "library.h"
#include "poster.h"

#include <malloc.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifdef IMGSITE_HAS_FFMPEG

enum { most_outputs = 12, encoder_threads = 1 };

typedef struct {
  AVCodecContext *encoder;
  AVFormatContext *muxer;
  AVFilterContext *sink;
  int ended;
  // x264: its calls run on a steady heap (steady_heap).
  int steady;
  // Its encoder was opened (an open encoder is told the end before it is freed).
  int opened;
} Output;

typedef struct {
  const ImgsiteTranscodeOptions *options;
  AVFormatContext *input;
  int video, audio;
  AVCodecContext *video_decoder, *audio_decoder, *audio_encoder;
  AVFilterGraph *graph, *audio_graph;
  AVFilterContext *source, *poster_sink, *audio_source, *audio_sink;
  int poster_ended;
  Output outputs[most_outputs];
  int count;
  PosterChoice poster;
  AVFrame *frame;
  // The packet read, one an encoder gave, and its copy being written.
  AVPacket *packet, *encoded, *written;
  // The video stream's first time: every frame is moved to start at 0.
  int64_t start;
  double seconds, reported;
  char reason[256];
} Transcode;

// Says `what` failed with FFmpeg's reason for `status`; returns -1.
static int failed(Transcode *t, const char *what, int status) {
  return video_failure(t->reason, sizeof t->reason, what, status);
}

static int open_decoder(Transcode *t, int index, AVCodecContext **decoder) {
  const AVStream *stream = t->input->streams[index];
  const AVCodec *codec = av.find_decoder(stream->codecpar->codec_id);
  if (!codec) return failed(t, "no decoder for its stream", 0);
  *decoder = av.avcodec_alloc_context3(codec);
  if (!*decoder) return failed(t, "out of memory", 0);
  int status = av.avcodec_parameters_to_context(*decoder, stream->codecpar);
  (*decoder)->pkt_timebase = stream->time_base;
  // Each frame thread holds frames of the clip's full size (48 MB a 4K
  // frame in 10 bits): the encoders' threads give the parallelism.
  (*decoder)->thread_count = t->options->threads;
  if (status < 0 || (status = av.avcodec_open2(*decoder, codec, NULL)) < 0) return failed(t, "its decoder cannot be opened", status);
  return 0;
}

// HDR (PQ or HLG): its files are tagged BT.709, as the graph tone maps it.
static int is_hdr(const AVCodecParameters *video) {
  return video->color_trc == AVCOL_TRC_SMPTE2084 || video->color_trc == AVCOL_TRC_ARIB_STD_B67;
}

// The video graph: its source, then the filters Swift described.
static int video_graph(Transcode *t) {
  const AVStream *stream = t->input->streams[t->video];
  const AVCodecContext *decoder = t->video_decoder;
  const ImgsiteTranscodeOptions *o = t->options;
  const AVPixFmtDescriptor *pixels = av.pix_fmt_desc(decoder->pix_fmt);
  if (!pixels) return failed(t, "its frames' pixel format is unknown", 0);
  size_t size = 4096;
  char *description = malloc(size);
  if (!description) return failed(t, "out of memory", 0);
  // The source is the one part only the decoder knows; the rest is Swift's (ClipFilterGraph).
  int at = snprintf(description, size, "buffer=video_size=%dx%d:pix_fmt=%s:time_base=%d/%d:pixel_aspect=1/1,%s", decoder->width,
                    decoder->height, pixels->name, stream->time_base.num, stream->time_base.den, o->filters);
  if ((size_t)at >= size) {
    free(description);
    return failed(t, "too many outputs", 0);
  }
  t->graph = av.avfilter_graph_alloc();
  int status = t->graph ? av.avfilter_graph_parse_ptr(t->graph, description, NULL, NULL, NULL) : AVERROR(ENOMEM);
  free(description);
  if (status < 0 || (status = av.avfilter_graph_config(t->graph, NULL)) < 0) return failed(t, "its frames cannot be filtered", status);
  // The filters are listed in the order described: the source, then the sinks.
  int sinks = 0;
  for (unsigned i = 0; i < t->graph->nb_filters; i++) {
    AVFilterContext *filter = t->graph->filters[i];
    if (!strcmp(filter->filter->name, "buffer")) t->source = filter;
    else if (!strcmp(filter->filter->name, "buffersink")) {
      if (sinks < t->count) t->outputs[sinks].sink = filter;
      else t->poster_sink = filter;
      sinks++;
    }
  }
  return 0;
}

static int audio_graph(Transcode *t) {
  const AVCodecContext *decoder = t->audio_decoder;
  const AVStream *stream = t->input->streams[t->audio];
  AVChannelLayout layout = decoder->ch_layout;
  if (layout.order == AV_CHANNEL_ORDER_UNSPEC) av.av_channel_layout_default(&layout, decoder->ch_layout.nb_channels);
  char channels[64];
  av.av_channel_layout_describe(&layout, channels, sizeof channels);
  char description[512];
  snprintf(description, sizeof description,
           "abuffer=time_base=%d/%d:sample_rate=%d:sample_fmt=%s:channel_layout=%s,"
           "aformat=sample_fmts=fltp:sample_rates=48000:channel_layouts=stereo,abuffersink",
           stream->time_base.num, stream->time_base.den, decoder->sample_rate, av.av_get_sample_fmt_name(decoder->sample_fmt),
           channels);
  t->audio_graph = av.avfilter_graph_alloc();
  int status = t->audio_graph ? av.avfilter_graph_parse_ptr(t->audio_graph, description, NULL, NULL, NULL) : AVERROR(ENOMEM);
  if (status < 0 || (status = av.avfilter_graph_config(t->audio_graph, NULL)) < 0) return failed(t, "its sound cannot be read", status);
  t->audio_source = t->audio_graph->filters[0];
  t->audio_sink = t->audio_graph->filters[t->audio_graph->nb_filters - 1];
  for (unsigned i = 0; i < t->audio_graph->nb_filters; i++) {
    if (!strcmp(t->audio_graph->filters[i]->filter->name, "abuffer")) t->audio_source = t->audio_graph->filters[i];
    if (!strcmp(t->audio_graph->filters[i]->filter->name, "abuffersink")) t->audio_sink = t->audio_graph->filters[i];
  }
  av.av_buffersink_set_frame_size(t->audio_sink, t->audio_encoder->frame_size);
  return 0;
}

static int open_audio(Transcode *t) {
  const AVCodec *aac = av.encoder_by_name("aac");
  if (!aac) return failed(t, "this FFmpeg has no AAC encoder", 0);
  AVCodecContext *encoder = t->audio_encoder = av.avcodec_alloc_context3(aac);
  if (!encoder) return failed(t, "out of memory", 0);
  encoder->sample_fmt = AV_SAMPLE_FMT_FLTP;
  encoder->sample_rate = 48000;
  av.av_channel_layout_default(&encoder->ch_layout, 2);
  encoder->bit_rate = t->options->audio_bitrate;
  encoder->time_base = (AVRational){1, 48000};
  encoder->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
  int status = av.avcodec_open2(encoder, aac, NULL);
  if (status < 0) return failed(t, "the AAC encoder cannot be opened", status);
  return audio_graph(t);
}

// x264 reads memory it allocated and never wrote (its macroblock tree, on a
// heap that earlier work left dirty): the same clip made other bytes in a
// build that had made other files first. While x264 is called, every block
// the heap hands out is filled with one byte (glibc's M_PERTURB), so what it
// reads is the same in every process and after any work. Only then: filling
// every block of a whole transcode held 110 MB more for a 4K clip.
static pthread_mutex_t perturb_lock = PTHREAD_MUTEX_INITIALIZER;
static int encoding;

static void steady_heap(int entering) {
  pthread_mutex_lock(&perturb_lock);
  encoding += entering ? 1 : -1;
#ifdef M_PERTURB
  mallopt(M_PERTURB, encoding > 0 ? 0x5a : 0);
#endif
  pthread_mutex_unlock(&perturb_lock);
}

static int open_output(Transcode *t, Output *output, const ImgsiteVideoOutput *wanted) {
  const AVCodec *codec = av.encoder_by_name(wanted->encoder);
  char what[160];
  snprintf(what, sizeof what, "this FFmpeg has no %s encoder", wanted->encoder);
  if (!codec) return failed(t, what, 0);
  AVCodecContext *encoder = output->encoder = av.avcodec_alloc_context3(codec);
  if (!encoder) return failed(t, "out of memory", 0);
  const AVCodecParameters *source = t->input->streams[t->video]->codecpar;
  double rate = t->options->frame_rate > 0 ? t->options->frame_rate : 30;
  encoder->width = wanted->width;
  encoder->height = wanted->height;
  encoder->pix_fmt = AV_PIX_FMT_YUV420P;
  encoder->sample_aspect_ratio = (AVRational){1, 1};
  encoder->time_base = av.av_buffersink_get_time_base(output->sink);
  encoder->framerate = (AVRational){(int)(rate * 1000 + 0.5), 1000};
  // A key frame every four seconds: seeking stays quick, compression good.
  encoder->gop_size = (int)(rate * 4 + 0.5);
  // Always one: x264's bytes depend on its thread count, and a clip must
  // make the same files whatever the machine and --jobs (a clean build
  // equals a rebuild). A clip's six encoders fill two cores as they are
  // (ClipGate gives each clip two); x264's frame threads held 44 MB more.
  encoder->thread_count = encoder_threads;
  if (wanted->level > 0) encoder->level = wanted->level;
  encoder->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
  int hdr = is_hdr(source);
  encoder->color_primaries = hdr ? AVCOL_PRI_BT709 : source->color_primaries;
  encoder->color_trc = hdr ? AVCOL_TRC_BT709 : source->color_trc;
  encoder->colorspace = hdr ? AVCOL_SPC_BT709 : source->color_space;
  encoder->color_range = AVCOL_RANGE_MPEG;
  AVDictionary *options = NULL;
  if (wanted->options && wanted->options[0]) av.av_dict_parse_string(&options, wanted->options, "=", ",", 0);
  output->steady = strcmp(wanted->encoder, "libx264") == 0;
  if (output->steady) steady_heap(1);
  int status = av.avcodec_open2(encoder, codec, &options);
  if (output->steady) steady_heap(0);
  av.av_dict_free(&options);
  snprintf(what, sizeof what, "the %s encoder cannot be opened", wanted->encoder);
  if (status < 0) return failed(t, what, status);
  output->opened = 1;

  status = av.avformat_alloc_output_context2(&output->muxer, NULL, "mp4", wanted->path);
  if (status < 0) return failed(t, "an MP4 file cannot be made", status);
  AVStream *video = av.avformat_new_stream(output->muxer, NULL);
  AVStream *audio = t->audio_encoder ? av.avformat_new_stream(output->muxer, NULL) : NULL;
  if (!video || (t->audio_encoder && !audio)) return failed(t, "out of memory", 0);
  av.avcodec_parameters_from_context(video->codecpar, encoder);
  video->time_base = encoder->time_base;
  if (audio) {
    av.avcodec_parameters_from_context(audio->codecpar, t->audio_encoder);
    audio->time_base = t->audio_encoder->time_base;
  }
  if ((status = av.avio_open(&output->muxer->pb, wanted->path, AVIO_FLAG_WRITE)) < 0) return failed(t, "cannot be written", status);
  // The index first, so a browser starts playing before the whole file is in.
  AVDictionary *muxing = NULL;
  av.av_dict_set(&muxing, "movflags", "+faststart", 0);
  status = av.avformat_write_header(output->muxer, &muxing);
  av.av_dict_free(&muxing);
  return status < 0 ? failed(t, "an MP4 header cannot be written", status) : 0;
}

// Writes `packet` (of the encoder whose time base is `base`) as stream
// `index` of `output`; the packet stays the caller's.
static int write_packet(Transcode *t, Output *output, AVPacket *packet, int index, AVRational base) {
  AVPacket *copy = t->written;
  int status = av.av_packet_ref(copy, packet);
  if (status < 0) return failed(t, "out of memory", status);
  copy->stream_index = index;
  // Encoders leave a frame's duration out; MP4 ends its last frame by it
  // (a last frame of no duration falls outside the file's edit list).
  AVCodecContext *encoder = output->encoder;
  if (copy->duration <= 0 && index == 0 && encoder->framerate.num > 0)
    copy->duration = av.av_rescale_q(1, (AVRational){encoder->framerate.den, encoder->framerate.num}, base);
  av.av_packet_rescale_ts(copy, base, output->muxer->streams[index]->time_base);
  status = av.av_interleaved_write_frame(output->muxer, copy);
  return status < 0 ? failed(t, "cannot be written", status) : 0;
}

// Sends `frame` (NULL: the end) and writes what the encoder gives back.
static int send_and_write(Transcode *t, AVCodecContext *encoder, AVFrame *frame, Output *only) {
  int status = av.avcodec_send_frame(encoder, frame);
  if (status < 0 && status != AVERROR_EOF) return failed(t, "a frame cannot be encoded", status);
  AVPacket *packet = t->encoded;
  int written = 0;
  while (written == 0 && (status = av.avcodec_receive_packet(encoder, packet)) >= 0) {
    // A video packet is its output's; the sound's go into every output.
    for (int i = 0; i < t->count && written == 0; i++)
      if (!only || &t->outputs[i] == only) written = write_packet(t, &t->outputs[i], packet, only ? 0 : 1, encoder->time_base);
    av.packet_unref(packet);
  }
  if (written < 0) return -1;
  return status == AVERROR(EAGAIN) || status == AVERROR_EOF ? 0 : failed(t, "a frame cannot be encoded", status);
}

// Encodes `frame` (NULL: the end): x264 on a steady heap.
static int encode(Transcode *t, AVCodecContext *encoder, AVFrame *frame, Output *only) {
  // A decoded frame keeps its source's picture type; an encoder would take
  // it as an order (a key frame where the source had one): each chooses its own.
  if (frame) frame->pict_type = AV_PICTURE_TYPE_NONE;
  int steady = only && only->steady;
  if (steady) steady_heap(1);
  int status = send_and_write(t, encoder, frame, only);
  if (steady) steady_heap(0);
  return status;
}

// Takes every frame the graph has ready, to its encoder or the poster.
static int drain_video(Transcode *t) {
  for (int i = 0; i < t->count; i++) {
    Output *output = &t->outputs[i];
    while (!output->ended) {
      int status = av.av_buffersink_get_frame(output->sink, t->frame);
      if (status == AVERROR(EAGAIN)) break;
      if (status == AVERROR_EOF) {
        output->ended = 1;
        if (encode(t, output->encoder, NULL, output) < 0) return -1;
        break;
      }
      if (status < 0) return failed(t, "its frames cannot be filtered", status);
      status = encode(t, output->encoder, t->frame, output);
      av.av_frame_unref(t->frame);
      if (status < 0) return -1;
    }
  }
  while (!t->poster_ended) {
    AVFrame *frame = av.av_frame_alloc();
    int status = frame ? av.av_buffersink_get_frame(t->poster_sink, frame) : AVERROR(ENOMEM);
    if (status < 0) {
      av.av_frame_free(&frame);
      if (status == AVERROR(EAGAIN)) break;
      if (status != AVERROR_EOF) return failed(t, "its poster cannot be taken", status);
      t->poster_ended = 1;
      break;
    }
    poster_consider(&t->poster, frame);
  }
  return 0;
}

static int drain_audio(Transcode *t, int ending) {
  for (;;) {
    int status = av.av_buffersink_get_frame(t->audio_sink, t->frame);
    if (status == AVERROR(EAGAIN)) return 0;
    if (status == AVERROR_EOF) return ending ? encode(t, t->audio_encoder, NULL, NULL) : 0;
    if (status < 0) return failed(t, "its sound cannot be read", status);
    status = encode(t, t->audio_encoder, t->frame, NULL);
    av.av_frame_unref(t->frame);
    if (status < 0) return -1;
  }
}

static int report(Transcode *t, int64_t time) {
  if (!t->options->progress || t->seconds <= 0 || time == AV_NOPTS_VALUE) return 0;
  double done = time * av_q2d(t->input->streams[t->video]->time_base) / t->seconds;
  if (done < t->reported + 0.01) return 0;
  t->reported = done;
  return t->options->progress(t->options->context, done > 1 ? 1 : done) ? failed(t, "interrupted", 0) : 0;
}

// Decodes `packet` of the video stream (NULL: the end) into the graph.
static int decode_video(Transcode *t, AVPacket *packet) {
  int status = av.avcodec_send_packet(t->video_decoder, packet);
  // A damaged packet loses its frames, not the clip.
  if (status < 0 && status != AVERROR_EOF && status != AVERROR_INVALIDDATA) return failed(t, "its video cannot be decoded", status);
  while ((status = av.avcodec_receive_frame(t->video_decoder, t->frame)) >= 0) {
    int64_t time = t->frame->best_effort_timestamp;
    if (time == AV_NOPTS_VALUE) {
      av.av_frame_unref(t->frame);
      continue;
    }
    t->frame->pts = time - t->start;
    if (report(t, time - t->start) < 0) return -1;
    status = av.av_buffersrc_add_frame_flags(t->source, t->frame, 0);
    av.av_frame_unref(t->frame);
    if (status < 0) return failed(t, "its frames cannot be filtered", status);
    if (drain_video(t) < 0) return -1;
  }
  if (status == AVERROR(EAGAIN) || status == AVERROR_INVALIDDATA) return 0;
  if (status == AVERROR_EOF) {
    if ((status = av.av_buffersrc_add_frame_flags(t->source, NULL, 0)) < 0) return failed(t, "its frames cannot be filtered", status);
    return drain_video(t);
  }
  return failed(t, "its video cannot be decoded", status);
}

static int decode_audio(Transcode *t, AVPacket *packet) {
  int status = av.avcodec_send_packet(t->audio_decoder, packet);
  if (status < 0 && status != AVERROR_EOF && status != AVERROR_INVALIDDATA) return failed(t, "its sound cannot be decoded", status);
  AVRational base = t->input->streams[t->audio]->time_base;
  int64_t start = av.av_rescale_q(t->start, t->input->streams[t->video]->time_base, base);
  while ((status = av.avcodec_receive_frame(t->audio_decoder, t->frame)) >= 0) {
    int64_t time = t->frame->best_effort_timestamp;
    // Sound before the first frame is left out with it.
    if (time == AV_NOPTS_VALUE || time < start) {
      av.av_frame_unref(t->frame);
      continue;
    }
    t->frame->pts = time - start;
    status = av.av_buffersrc_add_frame_flags(t->audio_source, t->frame, 0);
    av.av_frame_unref(t->frame);
    if (status < 0) return failed(t, "its sound cannot be read", status);
    if (drain_audio(t, 0) < 0) return -1;
  }
  if (status == AVERROR_EOF) {
    if ((status = av.av_buffersrc_add_frame_flags(t->audio_source, NULL, 0)) < 0) return failed(t, "its sound cannot be read", status);
    return drain_audio(t, 1);
  }
  return 0;
}

static int run(Transcode *t) {
  int status;
  while ((status = av.read_frame(t->input, t->packet)) >= 0) {
    int index = t->packet->stream_index;
    AVPacket *packet = t->packet;
    if (index == t->video) status = decode_video(t, packet);
    else if (index == t->audio && t->audio_encoder) status = decode_audio(t, packet);
    av.packet_unref(t->packet);
    if (status < 0) return -1;
    // Only the poster was asked (the files are in the cache): its seconds are read.
    if (t->count == 0 && t->poster_ended) break;
  }
  // A file cut short ends where it is cut: what was decoded is kept.
  if (status < 0 && status != AVERROR_EOF && status != AVERROR_INVALIDDATA && status != AVERROR(EIO))
    return failed(t, "it cannot be read to its end", status);
  if (decode_video(t, NULL) < 0) return -1;
  if (t->audio_encoder && decode_audio(t, NULL) < 0) return -1;
  for (int i = 0; i < t->count; i++)
    if (!t->outputs[i].ended) return failed(t, "its video ended early", 0);
  for (int i = 0; i < t->count; i++) {
    if (t->outputs[i].encoder->frame_number == 0) return failed(t, "no frame of it could be decoded", 0);
    if ((status = av.av_write_trailer(t->outputs[i].muxer)) < 0) return failed(t, "cannot be finished", status);
  }
  return 0;
}

// Tells an open encoder of a transcode that failed before its end that it
// has ended, and drops what it gives back: SVT-AV1 1.4 freed without being
// told waits forever for its last packet. Told before it had any frame it
// may wait too, even after one blank frame: an encoder is opened only once a
// frame of the clip has decoded (video_first_frame_decodes), and one whose
// neighbour failed to open before it had a frame gets that blank frame.
static void end_early(Transcode *t, Output *output) {
  AVCodecContext *encoder = output->encoder;
  if (!output->opened || output->ended || !t->encoded) return;
  if (encoder->frame_number == 0) {
    AVFrame *blank = av.av_frame_alloc();
    if (!blank) return;
    blank->format = encoder->pix_fmt;
    blank->width = encoder->width;
    blank->height = encoder->height;
    if (av.av_frame_get_buffer(blank, 0) >= 0) {
      for (int plane = 0; plane < 3; plane++)
        memset(blank->data[plane], plane ? 128 : 16, (size_t)blank->linesize[plane] * (plane ? (blank->height + 1) / 2 : blank->height));
      av.avcodec_send_frame(encoder, blank);
    }
    av.av_frame_free(&blank);
  }
  if (av.avcodec_send_frame(encoder, NULL) >= 0)
    while (av.avcodec_receive_packet(encoder, t->encoded) >= 0) av.packet_unref(t->encoded);
}

static void close_all(Transcode *t) {
  for (int i = 0; i < t->count; i++) {
    Output *output = &t->outputs[i];
    end_early(t, output);
    if (output->muxer) {
      if (output->muxer->pb) av.avio_closep(&output->muxer->pb);
      av.avformat_free_context(output->muxer);
    }
    av.avcodec_free_context(&output->encoder);
  }
  av.avfilter_graph_free(&t->graph);
  av.avfilter_graph_free(&t->audio_graph);
  av.avcodec_free_context(&t->video_decoder);
  av.avcodec_free_context(&t->audio_decoder);
  av.avcodec_free_context(&t->audio_encoder);
  av.av_frame_free(&t->frame);
  av.packet_free(&t->packet);
  av.packet_free(&t->encoded);
  av.packet_free(&t->written);
  if (t->input) av.close_input(&t->input);
}

static int prepare(Transcode *t, const char *source, const ImgsiteVideoOutput *outputs) {
  int status = av.open_input(&t->input, source, NULL, NULL);
  if (status < 0 || (status = av.find_stream_info(t->input, NULL)) < 0) return failed(t, "cannot be read as a video", status);
  t->video = av.find_best_stream(t->input, AVMEDIA_TYPE_VIDEO, -1, -1, NULL, 0);
  if (t->video < 0) return failed(t, "no video stream", 0);
  const AVStream *stream = t->input->streams[t->video];
  t->start = stream->start_time != AV_NOPTS_VALUE ? stream->start_time : 0;
  if (t->input->duration > 0) t->seconds = (double)t->input->duration / AV_TIME_BASE;
  if (open_decoder(t, t->video, &t->video_decoder) < 0) return -1;
  t->audio = t->options->audio_bitrate > 0 ? av.find_best_stream(t->input, AVMEDIA_TYPE_AUDIO, -1, t->video, NULL, 0) : -1;
  if (t->audio >= 0 && (open_decoder(t, t->audio, &t->audio_decoder) < 0 || open_audio(t) < 0)) return -1;
  if (video_graph(t) < 0) return -1;
  if (t->count > 0 && !t->options->frames_known && !video_first_frame_decodes(source)) return failed(t, "no frame of it could be decoded", 0);
  for (int i = 0; i < t->count; i++)
    if (open_output(t, &t->outputs[i], &outputs[i]) < 0) return -1;
  t->poster.first_frame = t->options->poster_at >= 0;
  t->frame = av.av_frame_alloc();
  t->packet = av.packet_alloc();
  t->encoded = av.packet_alloc();
  t->written = av.packet_alloc();
  return t->frame && t->packet && t->encoded && t->written ? 0 : failed(t, "out of memory", 0);
}

static int take_poster(Transcode *t, ImgsitePoster *poster) {
  AVFrame *frame = poster_finish(&t->poster);
  if (!frame) return failed(t, "no frame for its poster", 0);
  size_t row = (size_t)frame->width * 4;
  poster->rgba = malloc(row * frame->height);
  if (!poster->rgba) {
    av.av_frame_free(&frame);
    return failed(t, "out of memory", 0);
  }
  for (int y = 0; y < frame->height; y++) memcpy(poster->rgba + row * y, frame->data[0] + (size_t)frame->linesize[0] * y, row);
  poster->width = frame->width;
  poster->height = frame->height;
  poster->seconds = frame->pts * av_q2d(av.av_buffersink_get_time_base(t->poster_sink));
  av.av_frame_free(&frame);
  return 0;
}

int imgsite_video_transcode(const char *source, const ImgsiteVideoOutput *outputs, int count,
                            const ImgsiteTranscodeOptions *options, ImgsitePoster *poster, char *error, size_t error_size) {
  memset(poster, 0, sizeof *poster);
  const char *unavailable = imgsite_video_unavailable();
  if (unavailable) {
    snprintf(error, error_size, "%s", unavailable);
    return -1;
  }
  if (count < 0 || count > most_outputs) {
    snprintf(error, error_size, "at most %d video files a clip", most_outputs);
    return -1;
  }
  Transcode *t = calloc(1, sizeof *t);
  if (!t) {
    snprintf(error, error_size, "out of memory");
    return -1;
  }
  t->options = options;
  t->count = count;
  t->audio = -1;
  int status = prepare(t, source, outputs) < 0 || run(t) < 0 || take_poster(t, poster) < 0 ? -1 : 0;
  AVFrame *left = poster_finish(&t->poster);
  av.av_frame_free(&left);
  close_all(t);
  if (status < 0) {
    snprintf(error, error_size, "%s", t->reason);
    for (int i = 0; i < count; i++) unlink(outputs[i].path);
    imgsite_video_poster_free(poster);
  }
  free(t);
  return status;
}

void imgsite_video_poster_free(ImgsitePoster *poster) {
  free(poster->rgba);
  memset(poster, 0, sizeof *poster);
}

#else

int imgsite_video_transcode(const char *source, const ImgsiteVideoOutput *outputs, int count,
                            const ImgsiteTranscodeOptions *options, ImgsitePoster *poster, char *error, size_t error_size) {
  (void)source; (void)outputs; (void)count; (void)options;
  memset(poster, 0, sizeof *poster);
  snprintf(error, error_size, "%s", imgsite_video_unavailable());
  return -1;
}

void imgsite_video_poster_free(ImgsitePoster *poster) { (void)poster; }

#endif
