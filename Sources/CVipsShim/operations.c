#include "CVipsShim.h"
#include "vips_calls.h"

// Larger than any image libvips accepts: "no height constraint".
#define IMGSITE_NO_LIMIT VIPS_MAX_COORD

VipsImage *imgsite_vips_open_header(const char *path) {
  return vips_image_new_from_file(path, NULL);
}

int imgsite_vips_thumbnail_file(const char *path, VipsImage **out, int width,
                                VipsFailOn fail_on, int to_srgb) {
  if (to_srgb)
    return vips_thumbnail(path, out, width, "height", IMGSITE_NO_LIMIT, "size",
                          VIPS_SIZE_DOWN, "fail_on", fail_on, "export_profile",
                          "srgb", NULL);
  return vips_thumbnail(path, out, width, "height", IMGSITE_NO_LIMIT, "size",
                        VIPS_SIZE_DOWN, "fail_on", fail_on, NULL);
}

// Resizes a JPEG loaded at 1/shrink to `width` × `height` (`size`) as
// vips_thumbnail would: upright, colour-managed when asked.
static int thumbnail_loaded(VipsImage *loaded, VipsImage **out, int width, int height, VipsSize size, int to_srgb) {
  return to_srgb ? vips_thumbnail_image(loaded, out, width, "height", height, "size", size, "export_profile", "srgb",
                                        NULL)
                 : vips_thumbnail_image(loaded, out, width, "height", height, "size", size, NULL);
}

int imgsite_vips_jpeg_shrunk_vertical(const char *path, VipsImage **out, int width, VipsFailOn fail_on,
                                      int to_srgb, int shrink, int own_reduce, int *pending_width) {
  *pending_width = 0;
  VipsImage *streamed, *loaded;
  // Decoded whole into memory here, top to bottom on this thread, so any
  // number of lanes may then read its strips in any order, and libjpeg's
  // complaints about a damaged file reach this thread's message capture.
  // libvips' random-access load decoded on its own worker threads, where
  // the reason was lost ("unknown libvips error").
  if (vips_jpegload(path, &streamed, "shrink", shrink, "fail_on", fail_on, "access", VIPS_ACCESS_SEQUENTIAL, NULL))
    return -1;
  int failed = imgsite_vips_materialize(streamed, &loaded);
  g_object_unref(streamed);
  if (failed) return -1;
  int orientation = vips_image_get_typeof(loaded, VIPS_META_ORIENTATION) ? vips_image_get_orientation(loaded) : 1;
  int result;
  if (orientation > 1 || !own_reduce || !imgsite_reduceh_eligible(loaded, width)) {
    result = thumbnail_loaded(loaded, out, width, IMGSITE_NO_LIMIT, VIPS_SIZE_DOWN, to_srgb);
  } else {
    // The height vips_thumbnail_image would give: its shrink, rounded half up.
    int height = VIPS_ROUND_UINT(loaded->Ysize / ((double)loaded->Xsize / width));
    result = thumbnail_loaded(loaded, out, loaded->Xsize, height < 1 ? 1 : height, VIPS_SIZE_FORCE, to_srgb);
    if (!result) *pending_width = width;
  }
  g_object_unref(loaded);
  return result;
}

int imgsite_vips_thumbnail_image(VipsImage *in, VipsImage **out, int width) {
  return vips_thumbnail_image(in, out, width, "height", IMGSITE_NO_LIMIT,
                              "size", VIPS_SIZE_DOWN, "no_rotate", TRUE, NULL);
}

int imgsite_vips_thumbnail_image_exact(VipsImage *in, VipsImage **out, int width, int height) {
  return vips_thumbnail_image(in, out, width, "height", height,
                              "size", VIPS_SIZE_FORCE, "no_rotate", TRUE, NULL);
}

int imgsite_vips_resize(VipsImage *in, VipsImage **out, double hscale,
                        double vscale) {
  return vips_resize(in, out, hscale, "vscale", vscale, NULL);
}

int imgsite_vips_flatten(VipsImage *in, VipsImage **out, double r, double g,
                         double b) {
  double colour[3] = {r, g, b};
  VipsArrayDouble *background = vips_array_double_new(colour, 3);
  int result = vips_flatten(in, out, "background", background, NULL);
  vips_area_unref(VIPS_AREA(background));
  return result;
}

int imgsite_vips_composite_over(VipsImage *base, VipsImage *overlay, int x, int y, VipsImage **out) {
  return vips_composite2(base, overlay, out, VIPS_BLEND_MODE_OVER, "x", x, "y", y, NULL);
}

int imgsite_vips_insert(VipsImage *main, VipsImage *sub, int x, int y, VipsImage **out) {
  return vips_insert(main, sub, out, x, y, NULL);
}

int imgsite_vips_text(const char *text, const char *font, int dpi, VipsImage **out) {
  return vips_text(out, text, "font", font, "dpi", dpi, NULL);
}

int imgsite_vips_colourspace(VipsImage *in, VipsImage **out,
                             VipsInterpretation space) {
  return vips_colourspace(in, out, space, NULL);
}

int imgsite_vips_icc_to_srgb(VipsImage *in, VipsImage **out) {
  // Without an embedded profile, CMYK falls back to libvips' built-in
  // "cmyk" profile and anything else to sRGB, as vips_thumbnail does.
  const char *fallback =
      vips_image_get_interpretation(in) == VIPS_INTERPRETATION_CMYK ? "cmyk"
                                                                     : "srgb";
  return vips_icc_transform(in, out, "srgb", "embedded", TRUE, "input_profile",
                            fallback, NULL);
}

int imgsite_vips_cast_uchar(VipsImage *in, VipsImage **out) {
  return vips_cast(in, out, VIPS_FORMAT_UCHAR, NULL);
}

int imgsite_vips_jpegsave_buffer(VipsImage *in, void **buf, size_t *len,
                                 int quality, int progressive, int subsample,
                                 int strip) {
  return vips_jpegsave_buffer(
      in, buf, len, "Q", quality, "optimize_coding", TRUE, "interlace",
      progressive, "subsample_mode",
      subsample ? VIPS_FOREIGN_SUBSAMPLE_ON : VIPS_FOREIGN_SUBSAMPLE_OFF,
      "strip", strip, NULL);
}

int imgsite_vips_webpsave_buffer(VipsImage *in, void **buf, size_t *len,
                                 int quality, int effort) {
  return vips_webpsave_buffer(in, buf, len, "Q", quality, "effort", effort,
                              "strip", TRUE, NULL);
}

int imgsite_vips_webpsave_tiny_buffer(VipsImage *in, void **buf, size_t *len,
                                      int quality, int alpha_quality) {
  return vips_webpsave_buffer(in, buf, len, "Q", quality, "alpha_q", alpha_quality,
                              "effort", 6, "strip", TRUE, NULL);
}

int imgsite_vips_avifsave_buffer(VipsImage *in, void **buf, size_t *len,
                                 int quality, int effort, int strip) {
  return vips_heifsave_buffer(in, buf, len, "Q", quality, "effort", effort,
                              "compression", VIPS_FOREIGN_HEIF_COMPRESSION_AV1,
                              "subsample_mode", VIPS_FOREIGN_SUBSAMPLE_ON,
                              "strip", strip, NULL);
}

int imgsite_vips_jxlsave_buffer(VipsImage *in, void **buf, size_t *len,
                                int quality, int effort) {
  if (!vips_jxlsave_buffer) return -1;  // OPTIONAL: Swift says why first
  return vips_jxlsave_buffer(in, buf, len, "Q", quality, "effort", effort,
                             NULL);
}

VipsImage *imgsite_vips_open_buffer(const void *buf, size_t len) {
  return vips_image_new_from_buffer(buf, len, "", NULL);
}

int imgsite_vips_autorot(VipsImage *in, VipsImage **out) {
  return vips_autorot(in, out, NULL);
}

int imgsite_vips_upright(VipsImage *in, VipsImage **out, int orientation) {
  VipsImage *tagged;
  if (vips_copy(in, &tagged, NULL)) return -1;
  vips_image_set_int(tagged, VIPS_META_ORIENTATION, orientation);
  int result = vips_autorot(tagged, out, NULL);
  g_object_unref(tagged);
  return result;
}

int imgsite_vips_mean_squared_difference(VipsImage *a, VipsImage *b,
                                         double *out) {
  VipsImage *difference, *squared;
  if (vips_subtract(a, b, &difference, NULL))
    return -1;
  int result = vips_multiply(difference, difference, &squared, NULL);
  g_object_unref(difference);
  if (result)
    return -1;
  result = vips_avg(squared, out, NULL);
  g_object_unref(squared);
  return result;
}
