// The libvips functions Swift calls by name (Sources/Vips), each handing on
// to the table (vips_functions.h): imgsite is not linked to libvips, so
// these definitions are what Swift's calls link to. Hidden: libvips' own
// calls never land here.
#include "vips_functions.h"

#define HIDDEN __attribute__((visibility("hidden")))

HIDDEN GType vips_image_get_typeof(const VipsImage *image, const char *name) {
  return imgsite_vips()->vips_image_get_typeof(image, name);
}
HIDDEN int vips_image_get_int(const VipsImage *image, const char *name, int *out) {
  return imgsite_vips()->vips_image_get_int(image, name, out);
}
HIDDEN void vips_image_set_int(VipsImage *image, const char *name, int i) { imgsite_vips()->vips_image_set_int(image, name, i); }
HIDDEN int vips_image_get_width(const VipsImage *image) { return imgsite_vips()->vips_image_get_width(image); }
HIDDEN int vips_image_get_height(const VipsImage *image) { return imgsite_vips()->vips_image_get_height(image); }
HIDDEN int vips_image_get_bands(const VipsImage *image) { return imgsite_vips()->vips_image_get_bands(image); }
HIDDEN const char *vips_version_string(void) { return imgsite_vips()->vips_version_string(); }
HIDDEN GType vips_interpretation_get_type(void) { return imgsite_vips()->vips_interpretation_get_type(); }
HIDDEN void vips_image_set_array_int(VipsImage *image, const char *name, const int *array, int n) {
  imgsite_vips()->vips_image_set_array_int(image, name, array, n);
}
HIDDEN gboolean vips_image_remove(VipsImage *image, const char *name) { return imgsite_vips()->vips_image_remove(image, name); }
HIDDEN gboolean vips_image_hasalpha(VipsImage *image) { return imgsite_vips()->vips_image_hasalpha(image); }
HIDDEN int vips_image_get_string(const VipsImage *image, const char *name, const char **out) {
  return imgsite_vips()->vips_image_get_string(image, name, out);
}
HIDDEN VipsInterpretation vips_image_get_interpretation(const VipsImage *image) {
  return imgsite_vips()->vips_image_get_interpretation(image);
}
HIDDEN VipsBandFormat vips_image_get_format(const VipsImage *image) { return imgsite_vips()->vips_image_get_format(image); }
HIDDEN gchar **vips_image_get_fields(VipsImage *image) { return imgsite_vips()->vips_image_get_fields(image); }
HIDDEN const void *vips_image_get_data(VipsImage *image) { return imgsite_vips()->vips_image_get_data(image); }
HIDDEN int vips_image_get_blob(const VipsImage *image, const char *name, const void **data, size_t *length) {
  return imgsite_vips()->vips_image_get_blob(image, name, data, length);
}
HIDDEN int vips_image_get_as_string(const VipsImage *image, const char *name, char **out) {
  return imgsite_vips()->vips_image_get_as_string(image, name, out);
}
HIDDEN int vips_image_get_array_int(VipsImage *image, const char *name, int **out, int *n) {
  return imgsite_vips()->vips_image_get_array_int(image, name, out, n);
}
HIDDEN const char *vips_enum_nick(GType enm, int value) { return imgsite_vips()->vips_enum_nick(enm, value); }
HIDDEN void vips_concurrency_set(int concurrency) { imgsite_vips()->vips_concurrency_set(concurrency); }

// libvips' GLib (see vips_symbols.h).
HIDDEN void g_object_unref(gpointer object) { imgsite_vips()->g_object_unref(object); }
HIDDEN void g_free(gpointer memory) { imgsite_vips()->g_free(memory); }
HIDDEN void g_strfreev(gchar **strings) { imgsite_vips()->g_strfreev(strings); }
