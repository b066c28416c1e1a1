#include <string.h>

#include "CVipsShim.h"

// What vips_image_copy_memory() does, minus its worker threads: the strips
// are computed top to bottom on this thread, in the order a sequential
// loader wants them.
int imgsite_vips_materialize(VipsImage *in, VipsImage **out) {
  switch (in->dtype) {
  case VIPS_IMAGE_SETBUF:
  case VIPS_IMAGE_SETBUF_FOREIGN:
  case VIPS_IMAGE_MMAPIN:
  case VIPS_IMAGE_MMAPINRW:
    g_object_ref(in);
    *out = in;
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
  int tile_width, lines, buffer_lines;
  vips_get_tile_size(in, &tile_width, &lines, &buffer_lines);
  VipsRegion *region = vips_region_new(in);
  size_t row_bytes = VIPS_IMAGE_SIZEOF_LINE(image);
  for (int top = 0; top < image->Ysize; top += lines) {
    VipsRect strip = {0, top, image->Xsize, VIPS_MIN(lines, image->Ysize - top)};
    if (vips_region_prepare(region, &strip)) {
      g_object_unref(region);
      g_object_unref(image);
      return -1;
    }
    for (int y = strip.top; y < VIPS_RECT_BOTTOM(&strip); y++)
      memcpy(VIPS_IMAGE_ADDR(image, 0, y), VIPS_REGION_ADDR(region, 0, y), row_bytes);
  }
  g_object_unref(region);
  *out = image;
  return 0;
}
