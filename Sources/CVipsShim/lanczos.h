// The Lanczos-3 weights shared by the shim's horizontal and vertical
// passes (reduceh.c, reducev.c).
#ifndef IMGSITE_LANCZOS_H
#define IMGSITE_LANCZOS_H

#include <stdint.h>
#include <vips/vips.h>

#include "CVipsShim.h"

// Weights in fixed point with 14 fractional bits: a pixel times a weight
// fits 16 bits each side of the multiply, and a whole window's sum 32.
#define IMGSITE_LANCZOS_BITS 14
#define IMGSITE_LANCZOS_HALF (1 << (IMGSITE_LANCZOS_BITS - 1))

// For each output pixel along one axis: its first input pixel and `taps`
// weights (zero past its window), summing to exactly 1 << 14.
typedef struct {
  int taps;
  int *first;
  int16_t *weights;
} Mask;

// Weights taking `in_size` pixels to `out_size` (smaller) on `axis` (NULL:
// pixel centres lined up). 0, or -1 when out of memory.
int imgsite_lanczos_mask_make(Mask *mask, int in_size, int out_size, const ImgsiteReduceAxis *axis);
void imgsite_lanczos_mask_free(Mask *mask);

// Whether the passes take `in`: 8-bit, one or three bands, no alpha.
int imgsite_lanczos_eligible(VipsImage *in);

// An image in memory with `in`'s fields and metadata, `width` × `height`,
// ready for its pixels; NULL (with a libvips error) on failure.
VipsImage *imgsite_lanczos_output(VipsImage *in, int width, int height);

// The passes' inner loop, imgsite_lanczos_sum, is in CVipsShim.h (tests
// hold it to its portable form).

#endif
