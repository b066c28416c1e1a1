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

// Whether the loaded FFmpeg decodes this codec ("hevc", "av1": by any of its
// decoders) and has an encoder of this name ("libopenh264", "libsvtav1").
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
  // The file carries an iPhone's Live Photo content identifier: it is the
  // motion of a photo of the same name.
  int live_photo;
} ImgsiteClipInfo;

// Reads `path`'s container: 0, or -1 with the reason in `error`
// ("moov atom not found", "no video stream", "encrypted (CENC)").
int imgsite_video_probe(const char *path, ImgsiteClipInfo *info, char *error, size_t error_size);

// One file a clip publishes: its frames at one size through one encoder.
typedef struct {
  // Where to write it: a temporary name the caller renames once whole.
  const char *path;
  // FFmpeg's name of the encoder ("libx264", "libsvtav1", "libaom-av1") and
  // its options, comma-separated ("preset=fast,crf=23"), as the ffmpeg CLI's
  // encoder options are set (a value may hold ':' and '=': "svtav1-params=lp=1").
  const char *encoder;
  const char *options;
  // Upright size, even numbers, at most the poster's.
  int width, height;
  // The H.264 level said in the stream (41 for 4.1); 0: the encoder's own.
  int level;
} ImgsiteVideoOutput;

typedef struct {
  // The size every output is made from, upright (the largest output's): the
  // frames are turned, scaled and tone mapped once, to this.
  int width, height;
  // The filter graph after its source, as FFmpeg's -filter_complex reads it
  // (ClipFilterGraph): one buffersink an output, in their order, then the
  // poster's.
  const char *filters;
  // The clip's frames a second (ClipInfo's), for the encoders' rate control.
  double frame_rate;
  // Sound: encoded once to AAC at this many bits a second and written into
  // every output; 0 leaves it out.
  int audio_bitrate;
  // The poster's time in seconds, or a negative number: the first frame of
  // the opening seconds that is neither dark nor flat nor fading.
  double poster_at;
  // Decoder threads (each encoder runs one, whatever this says: the same
  // bytes on every machine).
  int threads;
  // Nonzero: a frame of the clip is known to decode (an earlier pass made
  // files of it), so it is not checked again before the encoders open.
  int frames_known;
  // Called as the clip is read with the fraction done; nonzero stops the
  // transcode (interrupted), deleting what it wrote.
  int (*progress)(void *context, double done);
  void *context;
} ImgsiteTranscodeOptions;

// The poster frame as RGBA pixels (width × height × 4 bytes, malloc'd).
typedef struct {
  unsigned char *rgba;
  int width, height;
  double seconds;
} ImgsitePoster;

// Decodes the clip at `source` once and encodes every output from that one
// stream, with its poster: 0, or -1 with the reason in `error` (nothing is
// left at any output's path). Memory is bounded by the encoders' lookahead,
// not the clip's length.
int imgsite_video_transcode(const char *source, const ImgsiteVideoOutput *outputs, int count,
                            const ImgsiteTranscodeOptions *options, ImgsitePoster *poster, char *error, size_t error_size);

void imgsite_video_poster_free(ImgsitePoster *poster);

// Rewrites the clip at `source` into `target` in the container its name
// says (".mov", ".webm"): its video and sound streams copied as they are,
// with their rotation, without the source's metadata or any other stream.
// 0, or -1 with the reason in `error` (nothing is left at `target`).
int imgsite_video_remux(const char *source, const char *target, char *error, size_t error_size);

#endif
