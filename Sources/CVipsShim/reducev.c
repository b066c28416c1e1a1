// Lanczos-3 vertical reduction of 8-bit images in memory.
//
// Each output row is a weighted sum of whole input rows, the fixed-point
// loop of lanczos_sum.c. libvips' own vertical pass (orc vector code)
// costs as much per pixel, but reaching it takes a thumbnail pipeline, its
// region buffers and a copy into memory per resize; for a 1/4-decoded
// photo made 800 wide that set-up was most of the time.
#include "CVipsShim.h"
#include "lanczos.h"
#include "vips_calls.h"

int imgsite_reducev(VipsImage *in, VipsImage **out, int height, const ImgsiteReduceAxis *axis) {
  if (!imgsite_lanczos_eligible(in) || height < 1 || height >= in->Ysize) {
    imgsite_error("imgsite_reducev", "needs 8-bit pixels without alpha, and a smaller height");
    return -1;
  }
  if (vips_image_wio_input(in)) return -1;
  Mask mask;
  if (imgsite_lanczos_mask_make(&mask, in->Ysize, height, axis)) {
    imgsite_lanczos_mask_free(&mask);
    imgsite_error("imgsite_reducev", "out of memory");
    return -1;
  }
  VipsImage *image = imgsite_lanczos_output(in, in->Xsize, height);
  if (image) {
    const size_t stride = VIPS_IMAGE_SIZEOF_LINE(in);
    for (int y = 0; y < height; y++)
      imgsite_lanczos_sum(VIPS_IMAGE_ADDR(in, 0, mask.first[y]), stride, mask.weights + (size_t)y * mask.taps,
                          mask.taps, VIPS_IMAGE_ADDR(image, 0, y), stride);
  }
  imgsite_lanczos_mask_free(&mask);
  if (!image) return -1;
  *out = image;
  return 0;
}
