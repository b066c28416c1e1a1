// libvips alone: makes the outputs imgsite made, the usual way — one
// vips_thumbnail (shrink-on-load from the file) per output, then save with
// the same encoder settings. `make bench` compares its CPU time with imgsite's.
//
// stdin: one job a line, tab-separated: source width format output quality effort
#include <stdio.h>
#include <string.h>
#include <vips/vips.h>

static int make_one(const char *source, int width, const char *format,
                    const char *output, int quality, int effort) {
  VipsImage *header = vips_image_new_from_file(source, NULL);
  if (!header)
    return -1;
  // Same rule as imgsite: colour-manage only tagged or CMYK sources.
  int to_srgb = vips_image_get_typeof(header, VIPS_META_ICC_NAME) != 0 ||
                header->Type == VIPS_INTERPRETATION_CMYK;
  g_object_unref(header);

  VipsImage *image;
  int status = to_srgb
      ? vips_thumbnail(source, &image, width, "height", VIPS_MAX_COORD, "size",
                       VIPS_SIZE_DOWN, "export_profile", "srgb", NULL)
      : vips_thumbnail(source, &image, width, "height", VIPS_MAX_COORD, "size",
                       VIPS_SIZE_DOWN, NULL);
  if (status)
    return -1;
  if (strcmp(format, "jpeg") == 0) {
    VipsImage *flat = image;
    if (vips_image_hasalpha(image)) {
      double white[3] = {255, 255, 255};
      VipsArrayDouble *background = vips_array_double_new(white, 3);
      status = vips_flatten(image, &flat, "background", background, NULL);
      vips_area_unref(VIPS_AREA(background));
      g_object_unref(image);
      if (status)
        return -1;
    }
    status = vips_jpegsave(flat, output, "Q", quality, "optimize_coding", TRUE,
                           "interlace", width >= 480, "subsample_mode",
                           VIPS_FOREIGN_SUBSAMPLE_ON, "strip", TRUE, NULL);
    g_object_unref(flat);
  } else if (strcmp(format, "webp") == 0) {
    status = vips_webpsave(image, output, "Q", quality, "effort", effort,
                           "strip", TRUE, NULL);
    g_object_unref(image);
  } else if (strcmp(format, "avif") == 0) {
    status = vips_heifsave(image, output, "Q", quality, "effort", effort,
                           "compression", VIPS_FOREIGN_HEIF_COMPRESSION_AV1,
                           "strip", TRUE, NULL);
    g_object_unref(image);
  } else {
    g_object_unref(image);
    return -1;
  }
  return status;
}

int main(int argc, char **argv) {
  if (VIPS_INIT(argv[0]))
    vips_error_exit(NULL);
  vips_cache_set_max(0);
  char source[4096], format[16], output[4096];
  int width, quality, effort, failed = 0;
  while (scanf("%4095[^\t]\t%d\t%15[^\t]\t%4095[^\t]\t%d\t%d\n", source,
               &width, format, output, &quality, &effort) == 6) {
    if (make_one(source, width, format, output, quality, effort)) {
      fprintf(stderr, "%s: %s", source, vips_error_buffer());
      vips_error_clear();
      failed++;
    }
  }
  vips_shutdown();
  return failed ? 1 : 0;
}
