// Lanczos-3 horizontal reduction of 8-bit images, vectorised.
//
// libvips 8.14 resizes vertically with SIMD (orc) but horizontally with a
// scalar loop (reduceh; SIMD came in 8.15), and that loop was 19 % of the
// CPU of `make bench-peers`' work. Here the rows are transposed a strip at
// a time, so each output column is a weighted sum of whole input columns:
// the same fixed-point loop as the vertical pass (lanczos_sum.c). Same
// kernel, centre alignment and order (vertical first) as libvips' resize,
// but the whole kernel at every factor where libvips box-shrinks by the
// whole part of factors of 4 and more first; the two differ by 41-64 dB
// PSNR on the corpus (VipsResizeTests).
#include <stdlib.h>

#include "CVipsShim.h"
#include "lanczos.h"

// Rows filtered at once: the transposed strip stays in the L2 cache and
// each sum runs over ROWS × bands contiguous bytes.
#define ROWS 32

// Filters `rows` rows of `in` (`in_width` pixels of `bands` bytes) into
// `out` (`out_width` pixels), through `columns` (the strip transposed) and
// `sum` (one output column). Inlined per band count, so the copies in and
// out unroll.
static inline __attribute__((always_inline)) void
reduce_strip(const VipsPel *in, size_t in_stride, VipsPel *out, size_t out_stride, int rows, const int bands,
             int in_width, int out_width, const Mask *mask, VipsPel *columns, VipsPel *sum) {
  const int line = rows * bands;
  for (int x = 0; x < in_width; x++) {
    VipsPel *column = columns + (size_t)x * line;
    const VipsPel *p = in + x * bands;
    for (int y = 0; y < rows; y++)
      for (int b = 0; b < bands; b++) column[y * bands + b] = p[y * in_stride + b];
  }
  for (int x = 0; x < out_width; x++) {
    imgsite_lanczos_sum(columns + (size_t)mask->first[x] * line, line, mask->weights + (size_t)x * mask->taps,
                        mask->taps, sum, line);
    VipsPel *q = out + x * bands;
    for (int y = 0; y < rows; y++)
      for (int b = 0; b < bands; b++) q[y * out_stride + b] = sum[y * bands + b];
  }
}

static void reduce_rows(const VipsPel *in, size_t in_stride, VipsPel *out, size_t out_stride, int rows, int bands,
                        int in_width, int out_width, const Mask *mask, VipsPel *columns, VipsPel *sum) {
  switch (bands) {
  case 1: reduce_strip(in, in_stride, out, out_stride, rows, 1, in_width, out_width, mask, columns, sum); break;
  case 3: reduce_strip(in, in_stride, out, out_stride, rows, 3, in_width, out_width, mask, columns, sum); break;
  default: reduce_strip(in, in_stride, out, out_stride, rows, bands, in_width, out_width, mask, columns, sum);
  }
}

static int reduceh_memory(VipsImage *in, VipsImage **out, int width, const ImgsiteReduceAxis *axis) {
  if (vips_image_wio_input(in)) return -1;
  const int bands = in->Bands, height = in->Ysize;
  Mask mask;
  VipsPel *columns = malloc((size_t)in->Xsize * ROWS * bands);
  VipsPel *sum = malloc((size_t)ROWS * bands);
  VipsImage *image = NULL;
  int status = imgsite_lanczos_mask_make(&mask, in->Xsize, width, axis) || !columns || !sum;
  if (status) vips_error("imgsite_reduceh", "out of memory");
  else if (!(image = imgsite_lanczos_output(in, width, height))) status = -1;
  for (int y = 0; !status && y < height; y += ROWS) {
    // A last strip of fewer rows ends at the last row instead, overlapping
    // the one before (those rows come out alike): sums of fewer than 32
    // bytes are not vectorised, and they had been a third of the summing.
    const int first = y + ROWS > height && height >= ROWS ? height - ROWS : y;
    const int rows = height - first < ROWS ? height - first : ROWS;
    reduce_rows(VIPS_IMAGE_ADDR(in, 0, first), VIPS_IMAGE_SIZEOF_LINE(in), VIPS_IMAGE_ADDR(image, 0, first),
                VIPS_IMAGE_SIZEOF_LINE(image), rows, bands, in->Xsize, width, &mask, columns, sum);
  }
  free(columns);
  free(sum);
  imgsite_lanczos_mask_free(&mask);
  if (status) return -1;
  *out = image;
  return 0;
}

int imgsite_reduceh_eligible(VipsImage *in, int width) {
  return imgsite_lanczos_eligible(in) && width >= 1 && width < in->Xsize;
}

int imgsite_reduceh(VipsImage *in, VipsImage **out, int width, const ImgsiteReduceAxis *axis) {
  if (!imgsite_reduceh_eligible(in, width)) {
    vips_error("imgsite_reduceh", "needs 8-bit pixels without alpha, and a smaller width");
    return -1;
  }
  return reduceh_memory(in, out, width, axis);
}

int imgsite_reduce(VipsImage *in, VipsImage **out, int width, int height, const ImgsiteReduceGrid *grid) {
  if (!imgsite_lanczos_eligible(in) || width < 1 || height < 1 || width > in->Xsize || height > in->Ysize) {
    vips_error("imgsite_reduce", "needs 8-bit pixels without alpha, and no larger a size");
    return -1;
  }
  // Vertically first, as libvips does, then horizontally: both here, on
  // pixels in memory (copy_memory only adds a reference to those already).
  VipsImage *memory = vips_image_copy_memory(in);
  if (!memory) return -1;
  VipsImage *vertical = memory;
  int result = height < memory->Ysize ? imgsite_reducev(memory, &vertical, height, grid ? &grid->vertical : NULL) : 0;
  if (!result && width < vertical->Xsize) result = imgsite_reduceh(vertical, out, width, grid ? &grid->horizontal : NULL);
  else if (!result) *out = g_object_ref(vertical);
  if (vertical != memory) g_object_unref(vertical);
  g_object_unref(memory);
  return result;
}

int imgsite_vips_downsize_exact(VipsImage *in, VipsImage **out, int width, int height) {
  if (!imgsite_reduceh_eligible(in, width) || height > in->Ysize)
    return imgsite_vips_thumbnail_image_exact(in, out, width, height);
  return imgsite_reduce(in, out, width, height, NULL);
}
