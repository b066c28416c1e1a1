// Lanczos-3 weights, as libvips' reduce computes them, in fixed point
// (lanczos.h).
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lanczos.h"

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

static double sinc(double x) {
  if (x == 0.0) return 1.0;
  x *= M_PI;
  return sin(x) / x;
}

static double lanczos3(double x) {
  return fabs(x) < 3.0 ? sinc(x) * sinc(x / 3.0) : 0.0;
}

// `w` / `sum` in 14-bit fixed point, rounded, with the rounding's total
// error given to the largest weight so that the window sums to exactly one:
// a flat area stays exactly its colour.
static void fixed_point(const double *w, double sum, int16_t *k, int count) {
  const int one = 1 << IMGSITE_LANCZOS_BITS;
  int total = 0, largest = 0;
  for (int i = 0; i < count; i++) {
    k[i] = (int16_t)lrint(w[i] / sum * one);
    total += k[i];
    if (k[i] > k[largest]) largest = i;
  }
  k[largest] += one - total;
}

int imgsite_lanczos_mask_make(Mask *mask, int in_width, int out_width) {
  double scale = (double)in_width / out_width;
  double support = 3.0 * scale;
  mask->taps = (int)ceil(support) * 2 + 1;
  if (mask->taps > in_width) mask->taps = in_width;
  mask->first = malloc(sizeof(int) * out_width);
  mask->weights = calloc((size_t)out_width * mask->taps, sizeof(int16_t));
  double *w = malloc(sizeof(double) * mask->taps);
  if (!mask->first || !mask->weights || !w) {
    free(w);
    return -1;
  }
  for (int x = 0; x < out_width; x++) {
    // Pixel centres line up: output x covers input [x, x + 1) * scale.
    double centre = (x + 0.5) * scale;
    int lo = (int)floor(centre - support);
    int hi = (int)ceil(centre + support);
    if (lo < 0) lo = 0;
    if (hi > in_width) hi = in_width;
    if (hi - lo > mask->taps) hi = lo + mask->taps;
    double sum = 0;
    for (int i = lo; i < hi; i++) {
      w[i - lo] = lanczos3((i + 0.5 - centre) / scale);
      sum += w[i - lo];
    }
    int16_t *k = mask->weights + (size_t)x * mask->taps;
    fixed_point(w, sum, k, hi - lo);
    // Windows are `taps` long; one cut short by the right edge starts
    // earlier instead, with zero weights in front.
    int start = hi - mask->taps;
    if (start < 0) start = 0;
    if (start < lo) {
      memmove(k + (lo - start), k, sizeof(int16_t) * (hi - lo));
      memset(k, 0, sizeof(int16_t) * (lo - start));
    }
    mask->first[x] = start;
  }
  free(w);
  return 0;
}

void imgsite_lanczos_mask_free(Mask *mask) {
  free(mask->first);
  free(mask->weights);
}

VipsImage *imgsite_lanczos_output(VipsImage *in, int width, int height) {
  VipsImage *image = vips_image_new_memory();
  if (!vips_image_pipelinev(image, VIPS_DEMAND_STYLE_THINSTRIP, in, NULL)) {
    image->Xsize = width;
    image->Ysize = height;
    if (!vips_image_write_prepare(image)) return image;
  }
  g_object_unref(image);
  return NULL;
}
