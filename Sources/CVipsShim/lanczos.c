// Lanczos-3 weights, as libvips' reduce computes them, in fixed point
// (lanczos.h).
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lanczos.h"
#include "vips_calls.h"

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

// One tap's step along both sines of Lanczos-3 (below): the same for every
// window of a mask.
typedef struct {
  double sin_da, cos_da, sin_db, cos_db;
} Step;

static Step step_of(double step) {
  const double da = M_PI * step, db = da / 3.0;
  return (Step){sin(da), cos(da), sin(db), cos(db)};
}

// Lanczos-3 at x, x + step, x + 2 step… into w[0..count): sinc(x) sinc(x / 3)
// = 3 sin(pi x) sin(pi x / 3) / (pi x)^2, with both sines advanced by the
// angle-sum identities, so a window costs four calls to libm, not two a tap
// (those calls were 1.5 % of bench-peers' CPU), and the step's four are
// made once a mask.
static void lanczos3_steps(double x, double step, const Step *s, double *w, int count) {
  double a = M_PI * x, b = a / 3.0;
  double sin_a = sin(a), cos_a = cos(a), sin_b = sin(b), cos_b = cos(b);
  for (int i = 0; i < count; i++, x += step) {
    if (fabs(x) < 1e-9) w[i] = 1.0;
    else if (fabs(x) >= 3.0) w[i] = 0.0;
    else w[i] = 3.0 * sin_a * sin_b / (M_PI * M_PI * x * x);
    const double next_sin_a = sin_a * s->cos_da + cos_a * s->sin_da, next_sin_b = sin_b * s->cos_db + cos_b * s->sin_db;
    cos_a = cos_a * s->cos_da - sin_a * s->sin_da;
    cos_b = cos_b * s->cos_db - sin_b * s->sin_db;
    sin_a = next_sin_a;
    sin_b = next_sin_b;
  }
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

int imgsite_lanczos_mask_make(Mask *mask, int in_width, int out_width, const ImgsiteReduceAxis *axis) {
  const ImgsiteReduceAxis lined_up = {(double)in_width / out_width, 0, 0, 0};
  if (!axis) axis = &lined_up;
  const double scale = axis->scale;
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
  const Step step = step_of(1.0 / scale);
  for (int x = 0; x < out_width; x++) {
    // Pixel centres line up: output x covers input [x, x + 1) * scale,
    // unless the axis moves or bounds them.
    double centre = (x + 0.5) * scale + axis->shift;
    if (axis->high > 0) centre = centre < axis->low ? axis->low : centre > axis->high ? axis->high : centre;
    int lo = (int)floor(centre - support);
    int hi = (int)ceil(centre + support);
    if (lo < 0) lo = 0;
    if (hi > in_width) hi = in_width;
    if (hi - lo > mask->taps) hi = lo + mask->taps;
    lanczos3_steps((lo + 0.5 - centre) / scale, 1.0 / scale, &step, w, hi - lo);
    double sum = 0;
    for (int i = 0; i < hi - lo; i++) sum += w[i];
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

int imgsite_lanczos_eligible(VipsImage *in) {
  return in->BandFmt == VIPS_FORMAT_UCHAR && (in->Bands == 1 || in->Bands == 3) && !vips_image_hasalpha(in);
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
