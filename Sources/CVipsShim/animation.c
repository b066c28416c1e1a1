#include "CVipsShim.h"
#include "vips_calls.h"

int imgsite_vips_load_pages(const char *path, VipsImage **out, int fail_on) {
  *out = vips_image_new_from_file(path, "n", -1, "fail_on", fail_on, NULL);
  return *out ? 0 : -1;
}

int imgsite_vips_pngload_buffer(const void *buf, size_t len, VipsImage **out) {
  return vips_pngload_buffer((void *)buf, len, out, NULL);
}

int imgsite_vips_crop(VipsImage *in, VipsImage **out, int left, int top, int width, int height) {
  return vips_crop(in, out, left, top, width, height, NULL);
}

int imgsite_vips_stack(VipsImage **in, int n, VipsImage **out) {
  return vips_arrayjoin(in, out, n, "across", 1, NULL);
}

int imgsite_vips_rgba(VipsImage *in, VipsImage **out) {
  VipsImage *srgb = NULL, *cast = NULL;
  int failed = vips_colourspace(in, &srgb, VIPS_INTERPRETATION_sRGB, NULL) ||
               vips_cast_uchar(srgb, &cast, NULL);
  if (srgb) g_object_unref(srgb);
  if (failed) {
    if (cast) g_object_unref(cast);
    return -1;
  }
  if (vips_image_hasalpha(cast)) {
    *out = cast;
    return 0;
  }
  failed = vips_addalpha(cast, out, NULL);
  g_object_unref(cast);
  return failed;
}

int imgsite_vips_from_rgba(const void *pixels, size_t len, int width, int height, VipsImage **out) {
  *out = vips_image_new_from_memory_copy(pixels, len, width, height, 4, VIPS_FORMAT_UCHAR);
  if (!*out) return -1;
  (*out)->Type = VIPS_INTERPRETATION_sRGB;
  return 0;
}

int imgsite_vips_writes_gif(void) {
  return !imgsite_libvips_withheld("gifsave_buffer") && vips_type_find("VipsOperation", "gifsave_buffer") != 0;
}

int imgsite_vips_gifsave_buffer(VipsImage *in, void **buf, size_t *len, int effort,
                                double interframe_maxerror, int reuse) {
  return vips_gifsave_buffer(in, buf, len, "effort", effort, "interframe_maxerror",
                             interframe_maxerror, "reuse", reuse, "strip", TRUE, NULL);
}

int imgsite_vips_webpsave_animated_buffer(VipsImage *in, void **buf, size_t *len,
                                          int quality, int effort, int lossless) {
  return vips_webpsave_buffer(in, buf, len, "Q", quality, "effort", effort,
                              "lossless", lossless, "strip", TRUE, "min_size", TRUE, NULL);
}
