// Lanczos-3 horizontal reduction of 8-bit images, vectorised.
//
// libvips 8.14 resizes vertically with SIMD (orc) but horizontally with a
// scalar loop (reduceh; SIMD came in 8.15), and that loop was 19 % of the
// CPU of `make bench-peers`' work. Here the rows are transposed a strip at
// a time, so each output column is a weighted sum of whole input columns:
// a plain loop over contiguous floats that the compiler vectorises: 2.5-3x
// faster than libvips' reduceh. Same kernel, centre alignment and order
// (vertical first) as libvips' resize, but the whole kernel at every factor
// where libvips box-shrinks by the whole part of factors of 4 and more
// first; the two differ by 41-64 dB PSNR on the corpus (VipsResizeTests).
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "CVipsShim.h"

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

// Rows filtered at once: the transposed strip stays in the L2 cache and
// the inner loop runs over ROWS × bands contiguous bytes.
#define ROWS 32

static double sinc(double x) {
  if (x == 0.0) return 1.0;
  x *= M_PI;
  return sin(x) / x;
}

static double lanczos3(double x) {
  return fabs(x) < 3.0 ? sinc(x) * sinc(x / 3.0) : 0.0;
}

// For each output column: its first input column and `taps` weights
// (zero past its window), summing to one.
typedef struct {
  int taps;
  int *first;
  float *weights;
} Mask;

static int mask_make(Mask *mask, int in_width, int out_width) {
  double scale = (double)in_width / out_width;
  double support = 3.0 * scale;
  mask->taps = (int)ceil(support) * 2 + 1;
  if (mask->taps > in_width) mask->taps = in_width;
  mask->first = malloc(sizeof(int) * out_width);
  mask->weights = calloc((size_t)out_width * mask->taps, sizeof(float));
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
    float *k = mask->weights + (size_t)x * mask->taps;
    for (int i = 0; i < hi - lo; i++) k[i] = (float)(w[i] / sum);
    // Windows are `taps` long; one cut short by the right edge starts
    // earlier instead, with zero weights in front.
    int start = hi - mask->taps;
    if (start < 0) start = 0;
    if (start < lo) {
      memmove(k + (lo - start), k, sizeof(float) * (hi - lo));
      memset(k, 0, sizeof(float) * (lo - start));
    }
    mask->first[x] = start;
  }
  free(w);
  return 0;
}

static void mask_free(Mask *mask) {
  free(mask->first);
  free(mask->weights);
}

// Filters `rows` rows of `in` (`in_width` pixels of `bands` bytes) into
// `out` (`out_width` pixels): transposed, so each output column is a sum of
// whole input columns, a loop the compiler vectorises. Inlined per band
// count, so the copies in and out unroll.
static inline __attribute__((always_inline)) void
reduce_strip(const VipsPel *in, size_t in_stride, VipsPel *out, size_t out_stride, int rows, const int bands,
             int in_width, int out_width, const Mask *mask, float *columns, float *sum) {
  const int line = rows * bands;
  for (int x = 0; x < in_width; x++) {
    float *column = columns + (size_t)x * line;
    const VipsPel *p = in + x * bands;
    for (int y = 0; y < rows; y++)
      for (int b = 0; b < bands; b++) column[y * bands + b] = p[y * in_stride + b];
  }
  for (int x = 0; x < out_width; x++) {
    const float *k = mask->weights + (size_t)x * mask->taps;
    const float *c = columns + (size_t)mask->first[x] * line;
    for (int i = 0; i < line; i++) sum[i] = 0.5f;  // rounds, with the truncation below
    for (int t = 0; t < mask->taps; t++) {
      const float weight = k[t];
      const float *column = c + (size_t)t * line;
      for (int i = 0; i < line; i++) sum[i] += weight * column[i];
    }
    VipsPel *q = out + x * bands;
    for (int y = 0; y < rows; y++)
      for (int b = 0; b < bands; b++) {
        float v = sum[y * bands + b];
        q[y * out_stride + b] = (VipsPel)(v <= 0.0f ? 0 : v >= 255.0f ? 255 : (int)v);
      }
  }
}

static void reduce_rows(const VipsPel *in, size_t in_stride, VipsPel *out, size_t out_stride, int rows, int bands,
                        int in_width, int out_width, const Mask *mask, float *columns, float *sum) {
  switch (bands) {
  case 1: reduce_strip(in, in_stride, out, out_stride, rows, 1, in_width, out_width, mask, columns, sum); break;
  case 3: reduce_strip(in, in_stride, out, out_stride, rows, 3, in_width, out_width, mask, columns, sum); break;
  default: reduce_strip(in, in_stride, out, out_stride, rows, bands, in_width, out_width, mask, columns, sum);
  }
}

static int reduceh_memory(VipsImage *in, VipsImage **out, int width) {
  if (vips_image_wio_input(in)) return -1;
  const int bands = in->Bands, height = in->Ysize;
  Mask mask;
  VipsImage *image = vips_image_new_memory();
  float *columns = malloc(sizeof(float) * in->Xsize * ROWS * bands);
  float *sum = malloc(sizeof(float) * ROWS * bands);
  int status = mask_make(&mask, in->Xsize, width) || !columns || !sum;
  if (status) vips_error("imgsite_reduceh", "out of memory");
  if (!status) status = vips_image_pipelinev(image, VIPS_DEMAND_STYLE_THINSTRIP, in, NULL);
  if (!status) {
    image->Xsize = width;
    status = vips_image_write_prepare(image);
  }
  const size_t in_stride = VIPS_IMAGE_SIZEOF_LINE(in), out_stride = VIPS_IMAGE_SIZEOF_LINE(image);
  for (int y = 0; !status && y < height; y += ROWS) {
    int rows = height - y < ROWS ? height - y : ROWS;
    reduce_rows(VIPS_IMAGE_ADDR(in, 0, y), in_stride, VIPS_IMAGE_ADDR(image, 0, y), out_stride, rows, bands,
                in->Xsize, width, &mask, columns, sum);
  }
  free(columns);
  free(sum);
  mask_free(&mask);
  if (status) {
    g_object_unref(image);
    return -1;
  }
  *out = image;
  return 0;
}

int imgsite_reduceh_eligible(VipsImage *in, int width) {
  return in->BandFmt == VIPS_FORMAT_UCHAR && (in->Bands == 1 || in->Bands == 3) && !vips_image_hasalpha(in) &&
         width >= 1 && width < in->Xsize;
}

int imgsite_reduceh(VipsImage *in, VipsImage **out, int width) {
  if (!imgsite_reduceh_eligible(in, width)) {
    vips_error("imgsite_reduceh", "needs 8-bit pixels without alpha, and a smaller width");
    return -1;
  }
  return reduceh_memory(in, out, width);
}

int imgsite_vips_downsize_exact(VipsImage *in, VipsImage **out, int width, int height) {
  if (!imgsite_reduceh_eligible(in, width) || height > in->Ysize)
    return imgsite_vips_thumbnail_image_exact(in, out, width, height);
  // Vertically with libvips (its vector code), then horizontally here.
  VipsImage *vertical;
  if (height < in->Ysize) {
    if (imgsite_vips_thumbnail_image_exact(in, &vertical, in->Xsize, height)) return -1;
  } else {
    g_object_ref(in);
    vertical = in;
  }
  VipsImage *memory = vips_image_copy_memory(vertical);
  g_object_unref(vertical);
  if (!memory) return -1;
  int result = imgsite_reduceh(memory, out, width);
  g_object_unref(memory);
  return result;
}
