// The Lanczos-3 weights shared by the shim's horizontal and vertical
// passes (reduceh.c, reducev.c).
#ifndef IMGSITE_LANCZOS_H
#define IMGSITE_LANCZOS_H

#include <vips/vips.h>

// For each output pixel along one axis: its first input pixel and `taps`
// weights (zero past its window), summing to one.
typedef struct {
  int taps;
  int *first;
  float *weights;
} Mask;

// Weights taking `in_size` pixels to `out_size` (smaller) with pixel
// centres lined up. 0, or -1 when out of memory.
int imgsite_lanczos_mask_make(Mask *mask, int in_size, int out_size);
void imgsite_lanczos_mask_free(Mask *mask);

// An image in memory with `in`'s fields and metadata, `width` × `height`,
// ready for its pixels; NULL (with a libvips error) on failure.
VipsImage *imgsite_lanczos_output(VipsImage *in, int width, int height);

// A float sum, rounded half up and clamped to 0-255 as libvips does.
static inline unsigned char imgsite_lanczos_clamp(float v) {
  return (unsigned char)(v <= 0.0f ? 0 : v >= 255.0f ? 255 : (int)v);
}

#endif
