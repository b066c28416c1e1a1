// Lanczos-3 horizontal reduction of 8-bit images, vectorised.
//
// libvips 8.14 resizes vertically with SIMD (orc) but horizontally with a
// scalar loop (reduceh; SIMD came in 8.15), and that loop was 19 % of the
// CPU of `make bench-peers`' work. Here the rows are transposed a strip at
// a time (one band: 16 × 16 bytes at once, SSE2), so each output column is
// a weighted sum of whole input columns:
// the same fixed-point loop as the vertical pass (lanczos_sum.c). Same
// kernel, centre alignment and order (vertical first) as libvips' resize,
// but the whole kernel at every factor where libvips box-shrinks by the
// whole part of factors of 4 and more first; the two differ by 41-64 dB
// PSNR on the corpus (VipsResizeTests).
#include <stdlib.h>

#include "CVipsShim.h"
#include "lanczos.h"
#include "vips_calls.h"

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

#if defined(__SSE2__)
#include <emmintrin.h>

// 16 rows of 16 bytes (`src`, rows `src_stride` apart) into 16 rows of 16
// (`dst`): dst row j is src column j. Four rounds of interleaving, each
// pairing runs twice as long: 96 instructions for what took 512 byte moves.
static inline void transpose16(const VipsPel *src, size_t src_stride, VipsPel *dst, size_t dst_stride) {
  __m128i a[16], b[16];
  for (int i = 0; i < 16; i++) a[i] = _mm_loadu_si128((const __m128i *)(src + i * src_stride));
  for (int i = 0; i < 16; i += 2) {  // columns' bytes of rows i, i + 1 side by side
    b[i] = _mm_unpacklo_epi8(a[i], a[i + 1]);
    b[i + 1] = _mm_unpackhi_epi8(a[i], a[i + 1]);
  }
  for (int i = 0; i < 16; i += 4) {  // … of rows i to i + 3
    a[i] = _mm_unpacklo_epi16(b[i], b[i + 2]);
    a[i + 1] = _mm_unpackhi_epi16(b[i], b[i + 2]);
    a[i + 2] = _mm_unpacklo_epi16(b[i + 1], b[i + 3]);
    a[i + 3] = _mm_unpackhi_epi16(b[i + 1], b[i + 3]);
  }
  for (int h = 0; h < 16; h += 8)  // … of rows h to h + 7: two columns a register
    for (int k = 0; k < 4; k++) {
      b[h + 2 * k] = _mm_unpacklo_epi32(a[h + k], a[h + k + 4]);
      b[h + 2 * k + 1] = _mm_unpackhi_epi32(a[h + k], a[h + k + 4]);
    }
  for (int k = 0; k < 8; k++) {  // … of all 16 rows: one column a register
    _mm_storeu_si128((__m128i *)(dst + 2 * k * dst_stride), _mm_unpacklo_epi64(b[k], b[k + 8]));
    _mm_storeu_si128((__m128i *)(dst + (2 * k + 1) * dst_stride), _mm_unpackhi_epi64(b[k], b[k + 8]));
  }
}

// reduce_strip for one band and ROWS (32) rows, with both copies as 16 × 16
// transposes: column by column, byte by byte, they had taken more time
// than the sums. `tile` holds 16 output columns, transposed out together.
static void reduce_strip_plane(const VipsPel *in, size_t in_stride, VipsPel *out, size_t out_stride, int in_width,
                               int out_width, const Mask *mask, VipsPel *columns, VipsPel *tile) {
  int x = 0;
  for (; x + 16 <= in_width; x += 16) {
    transpose16(in + x, in_stride, columns + (size_t)x * ROWS, ROWS);
    transpose16(in + 16 * in_stride + x, in_stride, columns + (size_t)x * ROWS + 16, ROWS);
  }
  for (; x < in_width; x++)
    for (int y = 0; y < ROWS; y++) columns[(size_t)x * ROWS + y] = in[y * in_stride + x];
  for (x = 0; x < out_width; x++) {
    const int c = x % 16;
    imgsite_lanczos_sum(columns + (size_t)mask->first[x] * ROWS, ROWS, mask->weights + (size_t)x * mask->taps,
                        mask->taps, tile + c * ROWS, ROWS);
    if (c == 15) {
      transpose16(tile, ROWS, out + x - 15, out_stride);
      transpose16(tile + 16, ROWS, out + 16 * out_stride + x - 15, out_stride);
    }
  }
  for (x = out_width - out_width % 16; x < out_width; x++)
    for (int y = 0; y < ROWS; y++) out[y * out_stride + x] = tile[(x % 16) * ROWS + y];
}
#endif

static void reduce_rows(const VipsPel *in, size_t in_stride, VipsPel *out, size_t out_stride, int rows, int bands,
                        int in_width, int out_width, const Mask *mask, VipsPel *columns, VipsPel *sum) {
#if defined(__SSE2__)
  if (bands == 1 && rows == ROWS) {
    reduce_strip_plane(in, in_stride, out, out_stride, in_width, out_width, mask, columns, sum);
    return;
  }
#endif
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
  VipsPel *sum = malloc((size_t)ROWS * bands * 16);  // 16 columns' sums for reduce_strip_plane
  VipsImage *image = NULL;
  int status = imgsite_lanczos_mask_make(&mask, in->Xsize, width, axis) || !columns || !sum;
  if (status) imgsite_error("imgsite_reduceh", "out of memory");
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
    imgsite_error("imgsite_reduceh", "needs 8-bit pixels without alpha, and a smaller width");
    return -1;
  }
  return reduceh_memory(in, out, width, axis);
}

int imgsite_reduce(VipsImage *in, VipsImage **out, int width, int height, const ImgsiteReduceGrid *grid) {
  if (!imgsite_lanczos_eligible(in) || width < 1 || height < 1 || width > in->Xsize || height > in->Ysize) {
    imgsite_error("imgsite_reduce", "needs 8-bit pixels without alpha, and no larger a size");
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
