// Lanczos-3 vertical reduction of 8-bit images in memory.
//
// Each output row is a weighted sum of whole input rows: one contiguous
// loop per tap that the compiler vectorises. libvips' own vertical pass
// (orc vector code) costs as much per pixel, but reaching it takes a
// thumbnail pipeline, its region buffers and a copy into memory per resize;
// for a 1/4-decoded photo made 800 wide that set-up was most of the time.
#include <stdlib.h>

#include "CVipsShim.h"
#include "lanczos.h"

// Built for AVX2 too, picked at load time: twice as fast where it runs.
// No FMA, so every machine computes the same sums and the same bytes.
__attribute__((target_clones("avx2", "default"))) static void
reduce_rows(const VipsPel *restrict in, size_t stride, VipsPel *restrict out, int out_height, const Mask *mask,
            float *restrict sum) {
  for (int y = 0; y < out_height; y++) {
    const float *k = mask->weights + (size_t)y * mask->taps;
    const VipsPel *first = in + (size_t)mask->first[y] * stride;
    for (size_t i = 0; i < stride; i++) sum[i] = 0.5f;  // rounds, with the truncation in clamp
    for (int t = 0; t < mask->taps; t++) {
      const float weight = k[t];
      const VipsPel *row = first + (size_t)t * stride;
      for (size_t i = 0; i < stride; i++) sum[i] += weight * row[i];
    }
    VipsPel *q = out + (size_t)y * stride;
    for (size_t i = 0; i < stride; i++) q[i] = imgsite_lanczos_clamp(sum[i]);
  }
}

int imgsite_reducev(VipsImage *in, VipsImage **out, int height) {
  if (!imgsite_reduceh_eligible(in, 1) || height < 1 || height >= in->Ysize) {
    vips_error("imgsite_reducev", "needs 8-bit pixels without alpha, and a smaller height");
    return -1;
  }
  if (vips_image_wio_input(in)) return -1;
  const size_t stride = VIPS_IMAGE_SIZEOF_LINE(in);
  Mask mask;
  float *sum = malloc(sizeof(float) * stride);
  VipsImage *image = NULL;
  int status = imgsite_lanczos_mask_make(&mask, in->Ysize, height) || !sum;
  if (status) vips_error("imgsite_reducev", "out of memory");
  else if (!(image = imgsite_lanczos_output(in, in->Xsize, height))) status = -1;
  if (!status) reduce_rows(VIPS_IMAGE_ADDR(in, 0, 0), stride, VIPS_IMAGE_ADDR(image, 0, 0), height, &mask, sum);
  free(sum);
  imgsite_lanczos_mask_free(&mask);
  if (status) return -1;
  *out = image;
  return 0;
}
