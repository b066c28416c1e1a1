// libvips' functions as a table of typed pointers, filled by dlsym from the
// one libvips this process loads (loader.c). The shim calls libvips only
// through it (vips_calls.h), and Swift through swift_calls.c: imgsite is not
// linked to libvips, so libvips is loaded after start, on a thread of its
// own, on every platform, with no assembly.
#ifndef IMGSITE_VIPS_FUNCTIONS_H
#define IMGSITE_VIPS_FUNCTIONS_H

#include <vips/vips.h>
#if __has_include(<vips/vector.h>)
#include <vips/vector.h>  // vips_vector_set_enabled; vips.h leaves it out before 8.15
#else
void vips_vector_set_enabled(gboolean enabled);
#endif
#if VIPS_MAJOR_VERSION == 8 && VIPS_MINOR_VERSION < 15
gint64 vips_vector_get_builtin_targets(void);  // 8.15: the Highway targets it was built with (0: none)
#endif
#if VIPS_MAJOR_VERSION == 8 && VIPS_MINOR_VERSION < 18
// Gain maps (libultrahdr), new in libvips 8.18: declared here for older headers.
int vips_uhdrsave_buffer(VipsImage *in, void **buf, size_t *len, ...);
int vips_uhdr2scRGB(VipsImage *in, VipsImage **out, ...);
VipsImage *vips_image_get_gainmap(VipsImage *image);
#endif

struct imgsite_vips_functions {
#define LAZY(name) __typeof__(name) *name;
#define OPTIONAL(name) __typeof__(name) *name;  // NULL when this libvips lacks it
#include "vips_symbols.h"
#undef OPTIONAL
#undef LAZY
};

__attribute__((visibility("hidden"))) extern struct imgsite_vips_functions imgsite_vips_table;
__attribute__((visibility("hidden"))) extern int imgsite_vips_table_filled;
__attribute__((visibility("hidden"))) void imgsite_vips_load(void);

// The table, loading libvips first if no call has yet (a second caller
// waits for the first).
static inline const struct imgsite_vips_functions *imgsite_vips(void) {
  if (!__atomic_load_n(&imgsite_vips_table_filled, __ATOMIC_ACQUIRE)) imgsite_vips_load();
  return &imgsite_vips_table;
}

#endif
