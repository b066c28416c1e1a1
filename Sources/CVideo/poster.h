// The choice of a clip's poster among the frames of its opening seconds
// (sampled four a second, as RGBA): not black, not flat, not mid-fade.
// Private to the shim.
#ifndef IMGSITE_VIDEO_POSTER_H
#define IMGSITE_VIDEO_POSTER_H

#include "library.h"

#ifdef IMGSITE_HAS_FFMPEG

typedef struct {
  // The frame taken; once set, later frames are not looked at.
  AVFrame *chosen;
  // A frame that looked right, taken if the next one agrees with it (a fade
  // changes brightness from one sample to the next), and its brightness.
  AVFrame *candidate;
  double candidate_mean;
  // The most detailed frame seen, taken when none looked right.
  AVFrame *best;
  double best_spread;
  // The poster is asked at a time: the first frame is taken.
  int first_frame;
} PosterChoice;

// Considers `frame` (RGBA), taking it over.
void poster_consider(PosterChoice *choice, AVFrame *frame);

// The frame chosen (the caller frees it), or NULL when none came.
AVFrame *poster_finish(PosterChoice *choice);

#endif
#endif
