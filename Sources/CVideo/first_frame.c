// See library.h: whether any frame of a clip's video decodes, asked before
// a transcode opens its encoders. SVT-AV1 1.4 opened and given no frame
// sometimes never returns, whatever it is told (the end, or one blank frame
// and the end): an encoder is opened only for a clip it will be given frames of.
#include "library.h"

#ifdef IMGSITE_HAS_FFMPEG

// Sends packets of the video stream until the decoder gives a frame.
static int decode_until_frame(AVFormatContext *input, int video, AVCodecContext *decoder) {
  AVPacket *packet = av.packet_alloc();
  AVFrame *frame = av.av_frame_alloc();
  int found = 0, reading = 1;
  while (packet && frame && !found) {
    AVPacket *sent = NULL;
    if (reading) {
      int status = av.read_frame(input, packet);
      if (status < 0) reading = 0;
      else if (packet->stream_index != video) {
        av.packet_unref(packet);
        continue;
      } else sent = packet;
    }
    // A damaged packet loses its frames, not the clip (as the transcode).
    int status = av.avcodec_send_packet(decoder, sent);
    if (sent) av.packet_unref(packet);
    if (status < 0 && status != AVERROR_INVALIDDATA && status != AVERROR_EOF) break;
    found = av.avcodec_receive_frame(decoder, frame) >= 0;
    if (!reading && !found) break;
  }
  av.av_frame_free(&frame);
  av.packet_free(&packet);
  return found;
}

int video_first_frame_decodes(const char *source) {
  AVFormatContext *input = NULL;
  AVCodecContext *decoder = NULL;
  int found = 0;
  if (av.open_input(&input, source, NULL, NULL) >= 0 && av.find_stream_info(input, NULL) >= 0) {
    int video = av.find_best_stream(input, AVMEDIA_TYPE_VIDEO, -1, -1, NULL, 0);
    const AVCodec *codec = video >= 0 ? av.find_decoder(input->streams[video]->codecpar->codec_id) : NULL;
    if (codec && (decoder = av.avcodec_alloc_context3(codec)) &&
        av.avcodec_parameters_to_context(decoder, input->streams[video]->codecpar) >= 0) {
      decoder->thread_count = 1;
      if (av.avcodec_open2(decoder, codec, NULL) >= 0) found = decode_until_frame(input, video, decoder);
    }
  }
  av.avcodec_free_context(&decoder);
  if (input) av.close_input(&input);
  return found;
}

#endif
