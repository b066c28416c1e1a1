// Gain maps through libvips 8.18's libultrahdr support: what an HDR photo
// keeps beside its SDR base (see Sources/Vips/GainMap.swift). Each call
// here fixes the optional arguments of one variadic libvips call; which
// photo gets a gain map, at what size and quality, is decided in Swift.
#include "CVipsShim.h"
#include "vips_calls.h"

// libvips 8.18's VIPS_FOREIGN_KEEP_GAINMAP: older headers lack it.
#define IMGSITE_KEEP_GAINMAP (1 << 5)

// Whether the operations exist: a libvips 8.18 built without libultrahdr
// has the functions (Swift checks them, `Vips.missingFunctions`) but not them.
int imgsite_vips_gainmaps(void) {
  return !imgsite_libvips_withheld("uhdrsave_buffer") && vips_type_find("VipsOperation", "uhdrsave_buffer") != 0 &&
         vips_type_find("VipsOperation", "uhdrload") != 0;
}

VipsImage *imgsite_vips_gainmap(VipsImage *image) { return vips_image_get_gainmap(image); }

int imgsite_vips_gainmap_attach(VipsImage *base, VipsImage *gainmap, const ImgsiteGainMapMetadata *metadata,
                                VipsImage **out) {
  if (vips_copy(base, out, NULL)) return -1;
  VipsImage *image = *out;
  vips_image_set_image(image, "gainmap", gainmap);
  vips_image_set_array_double(image, "gainmap-max-content-boost", metadata->max_content_boost, 3);
  vips_image_set_array_double(image, "gainmap-min-content-boost", metadata->min_content_boost, 3);
  vips_image_set_array_double(image, "gainmap-gamma", metadata->gamma, 3);
  vips_image_set_array_double(image, "gainmap-offset-sdr", metadata->offset_sdr, 3);
  vips_image_set_array_double(image, "gainmap-offset-hdr", metadata->offset_hdr, 3);
  vips_image_set_double(image, "gainmap-hdr-capacity-min", metadata->hdr_capacity_min);
  vips_image_set_double(image, "gainmap-hdr-capacity-max", metadata->hdr_capacity_max);
  vips_image_set_int(image, "gainmap-use-base-cg", metadata->use_base_colour_gamut);
  return 0;
}

// An array of three doubles, or a single double repeated (1 when absent).
static int three(VipsImage *image, const char *name, double *to) {
  double *values;
  int count;
  if (!vips_image_get_typeof(image, name) || vips_image_get_array_double(image, name, &values, &count) || count < 1)
    return -1;
  for (int i = 0; i < 3; i++) to[i] = values[count == 3 ? i : 0];
  return 0;
}

int imgsite_vips_gainmap_metadata(VipsImage *image, ImgsiteGainMapMetadata *metadata) {
  if (three(image, "gainmap-max-content-boost", metadata->max_content_boost) ||
      three(image, "gainmap-min-content-boost", metadata->min_content_boost) ||
      three(image, "gainmap-gamma", metadata->gamma) || three(image, "gainmap-offset-sdr", metadata->offset_sdr) ||
      three(image, "gainmap-offset-hdr", metadata->offset_hdr))
    return -1;
  if (vips_image_get_double(image, "gainmap-hdr-capacity-min", &metadata->hdr_capacity_min) ||
      vips_image_get_double(image, "gainmap-hdr-capacity-max", &metadata->hdr_capacity_max))
    return -1;
  int use_base = 1;
  if (vips_image_get_typeof(image, "gainmap-use-base-cg")) vips_image_get_int(image, "gainmap-use-base-cg", &use_base);
  metadata->use_base_colour_gamut = use_base;
  return 0;
}

int imgsite_vips_uhdrsave_buffer(VipsImage *in, void **buf, size_t *len, int quality) {
  // Nothing but the gain map is kept: no EXIF, XMP or ICC reaches the file.
  return vips_uhdrsave_buffer(in, buf, len, "Q", quality, "keep", IMGSITE_KEEP_GAINMAP, NULL);
}

int imgsite_vips_uhdr_to_scrgb(VipsImage *in, VipsImage **out) { return vips_uhdr2scRGB(in, out, NULL); }

int imgsite_vips_grey_image(const uint8_t *pixels, int width, int height, VipsImage **out) {
  *out = vips_image_new_from_memory_copy(pixels, (size_t)width * height, width, height, 1, VIPS_FORMAT_UCHAR);
  return *out ? 0 : -1;
}

int imgsite_vips_maplut(VipsImage *in, const uint8_t table[256], VipsImage **out) {
  VipsImage *lut = vips_image_new_from_memory_copy(table, 256, 256, 1, 1, VIPS_FORMAT_UCHAR);
  if (!lut) return -1;
  int result = vips_maplut(in, out, lut, NULL);
  g_object_unref(lut);
  return result;
}

int imgsite_vips_cast_float(VipsImage *in, VipsImage **out) { return vips_cast(in, out, VIPS_FORMAT_FLOAT, NULL); }
