#include <string.h>

#include "CVipsShim.h"
#include "vips_calls.h"

// What vips_image_copy_memory() does, minus its worker threads: the caller
// decides which threads compute which strips (one thread: top to bottom, in
// the order a sequential loader wants them; several: interleaved, each
// thread with its own region, as libvips' own thread pool does). Each
// thread's messages stay its own.

int imgsite_vips_materialize_prepare(VipsImage *in, VipsImage **out, int *lines) {
  switch (in->dtype) {
  case VIPS_IMAGE_SETBUF:
  case VIPS_IMAGE_SETBUF_FOREIGN:
  case VIPS_IMAGE_MMAPIN:
  case VIPS_IMAGE_MMAPINRW:
    g_object_ref(in);
    *out = in;
    *lines = 0;  // already in memory: nothing to compute
    return 0;
  default:
    break;
  }
  VipsImage *image = vips_image_new_memory();
  // Copies the header and metadata of `in`; the link it records between the
  // two images is dropped when `in` is released.
  if (vips_image_pio_input(in) ||
      vips_image_pipelinev(image, VIPS_DEMAND_STYLE_THINSTRIP, in, NULL) ||
      vips_image_write_prepare(image)) {
    g_object_unref(image);
    return -1;
  }
  // Strips as tall as one libvips worker asks for (16 rows for most
  // pipelines): each stage upstream buffers only what one strip needs.
  int tile_width, buffer_lines;
  vips_get_tile_size(in, &tile_width, lines, &buffer_lines);
  *out = image;
  return 0;
}

int imgsite_vips_materialize_strips(VipsImage *in, VipsImage *out, int lines, int first, int step) {
  VipsRegion *region = vips_region_new(in);
  size_t row_bytes = VIPS_IMAGE_SIZEOF_LINE(out);
  for (int top = first * lines; top < out->Ysize; top += step * lines) {
    VipsRect strip = {0, top, out->Xsize, VIPS_MIN(lines, out->Ysize - top)};
    if (vips_region_prepare(region, &strip)) {
      g_object_unref(region);
      return -1;
    }
    for (int y = strip.top; y < VIPS_RECT_BOTTOM(&strip); y++)
      memcpy(VIPS_IMAGE_ADDR(out, 0, y), VIPS_REGION_ADDR(region, 0, y), row_bytes);
  }
  g_object_unref(region);
  return 0;
}

int imgsite_vips_materialize(VipsImage *in, VipsImage **out) {
  int lines;
  if (imgsite_vips_materialize_prepare(in, out, &lines)) return -1;
  if (lines == 0) return 0;
  if (imgsite_vips_materialize_strips(in, *out, lines, 0, 1)) {
    g_object_unref(*out);
    *out = NULL;
    return -1;
  }
  return 0;
}
