// See poster.h.
#include "poster.h"

#ifdef IMGSITE_HAS_FFMPEG

#include <math.h>

// Brightness below this is a dark frame (a black opening, a lens cap), above
// the other a blown one; a spread below the last is a flat one (a wall, a
// title card's background).
static const double darkest = 30, brightest = 235, flattest = 12;
// Two samples a quarter second apart agree when their brightness is this close.
static const double steady = 0.06;

// Mean and standard deviation of the luma of a 64 × 64 grid of pixels.
static void measure(const AVFrame *frame, double *mean, double *spread) {
  double sum = 0, squares = 0;
  int samples = 0;
  for (int row = 0; row < 64; row++) {
    const uint8_t *line = frame->data[0] + (size_t)(row * frame->height / 64) * frame->linesize[0];
    for (int column = 0; column < 64; column++) {
      const uint8_t *pixel = line + (size_t)(column * frame->width / 64) * 4;
      double luma = 0.2126 * pixel[0] + 0.7152 * pixel[1] + 0.0722 * pixel[2];
      sum += luma;
      squares += luma * luma;
      samples++;
    }
  }
  *mean = sum / samples;
  *spread = sqrt(fmax(0, squares / samples - *mean * *mean));
}

static void replace(AVFrame **slot, AVFrame *frame) {
  av.av_frame_free(slot);
  *slot = frame;
}

void poster_consider(PosterChoice *choice, AVFrame *frame) {
  if (choice->chosen) {
    av.av_frame_free(&frame);
    return;
  }
  if (choice->first_frame) {
    choice->chosen = frame;
    return;
  }
  double mean, spread;
  measure(frame, &mean, &spread);
  int looks_right = mean >= darkest && mean <= brightest && spread >= flattest;
  if (looks_right && choice->candidate && fabs(mean - choice->candidate_mean) <= steady * choice->candidate_mean) {
    choice->chosen = choice->candidate;
    choice->candidate = NULL;
    av.av_frame_free(&frame);
    return;
  }
  if (!choice->best || spread > choice->best_spread) {
    choice->best_spread = spread;
    // The best keeps its own reference: the candidate may be this frame too.
    AVFrame *copy = av.av_frame_alloc();
    if (copy && av.av_frame_ref(copy, frame) >= 0) replace(&choice->best, copy);
    else av.av_frame_free(&copy);
  }
  if (looks_right) {
    replace(&choice->candidate, frame);
    choice->candidate_mean = mean;
  } else {
    replace(&choice->candidate, NULL);
    av.av_frame_free(&frame);
  }
}

AVFrame *poster_finish(PosterChoice *choice) {
  AVFrame *frame = choice->chosen ? choice->chosen : choice->candidate ? choice->candidate : choice->best;
  if (frame != choice->chosen) av.av_frame_free(&choice->chosen);
  if (frame != choice->candidate) av.av_frame_free(&choice->candidate);
  if (frame != choice->best) av.av_frame_free(&choice->best);
  *choice = (PosterChoice){0};
  return frame;
}

#endif
