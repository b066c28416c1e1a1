// Video clips through FFmpeg's libraries (libavformat, libavcodec,
// libavutil), loaded when a build first meets a clip, as libraw is: the
// headers come from libav*-dev at build time; without them, or without the
// libraries at run time, clips are skipped and `imgsite_video_unavailable`
// says why.
#ifndef CVIDEO_H
#define CVIDEO_H

#include <stddef.h>

// Why clips cannot be read here, or NULL when they can.
const char *imgsite_video_unavailable(void);

// "FFmpeg 5.1 (libavformat 59.27.100)": the libraries loaded; NULL when none.
const char *imgsite_video_version(void);

// Whether the loaded FFmpeg has a decoder or an encoder of this name
// ("hevc", "libopenh264", "libsvtav1").
int imgsite_video_has_decoder(const char *name);
int imgsite_video_has_encoder(const char *name);

// What a clip's container says, read without decoding a frame.
typedef struct {
  // The frames as stored, and the turn to show them upright (0, 90, 180 or
  // 270 degrees clockwise: a phone held upright stores landscape frames).
  int width, height, rotation;
  double seconds;
  // The video codec ("h264", "hevc", "vp9", "av1", "mpeg4", "theora"), its
  // bits per sample, and its transfer: 0 SDR, 1 PQ (HDR10), 2 HLG.
  char codec[32];
  int bit_depth, hdr;
  // Frames a second on average; whether frames come at uneven intervals.
  double frame_rate;
  int variable_rate;
  // The sound's codec ("aac", "opus", "mp3", "pcm_s16le"), "" when silent.
  char audio_codec[32];
  // The capture date as the file writes it (QuickTime's creationdate, else
  // creation_time), "" when none.
  char created[64];
} ImgsiteClipInfo;

// Reads `path`'s container: 0, or -1 with the reason in `error`
// ("moov atom not found", "no video stream", "encrypted (CENC)").
int imgsite_video_probe(const char *path, ImgsiteClipInfo *info, char *error, size_t error_size);

#endif
