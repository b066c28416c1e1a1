// Loads libvips and fills the table of vips_functions.h.
//
// libvips and the ~95 libraries it links (SVG, PDF, TIFF, OpenEXR, curl,
// TLS, ...) take the dynamic loader 20-25 ms to map and relocate: at process
// start, serial time on one core before any of imgsite's own code runs.
// imgsite therefore does not link libvips: `Vips.prepare()` makes the first
// call on a thread of its own while the command reads its options, config,
// build database and folders, and that call loads it here.
//
// IMGSITE_LIBVIPS=/path/to/libvips.so.42 loads that file instead (another
// libvips 8 build, such as PyPI's pyvips-binary); the GLib functions of the
// table come from it too.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

#include "CVipsShim.h"
#include "vips_functions.h"

// libvips 8's ABI, the one the headers this was built with describe.
#if defined(__APPLE__)
static const char *const library_name = "libvips.42.dylib";
#else
static const char *const library_name = "libvips.so.42";
#endif

struct imgsite_vips_functions imgsite_vips_table;
int imgsite_vips_table_filled;

// Without libvips imgsite cannot go on; a linked library missing would
// have stopped the process at start with the same exit status.
static void fail(const char *what) {
  const char *chosen = getenv("IMGSITE_LIBVIPS");
  if (chosen && *chosen)
    fprintf(stderr, "imgsite: cannot load libvips from IMGSITE_LIBVIPS=%s: %s\n", chosen, what ? what : "no reason given");
  else
    fprintf(stderr, "imgsite: cannot load libvips: %s (install libvips42: apt-get install libvips42)\n",
            what ? what : "no reason given");
  _exit(127);
}

static void load(void) {
  const char *chosen = getenv("IMGSITE_LIBVIPS");
  // RTLD_GLOBAL: this binary's own definitions that libvips' calls must
  // reach (CVipsInterposers) find the real ones with RTLD_NEXT, which sees
  // only the global scope.
  void *library = dlopen(chosen && *chosen ? chosen : library_name, RTLD_LAZY | RTLD_GLOBAL);
  if (!library) fail(dlerror());
#define LAZY(name)                                            \
  imgsite_vips_table.name = (__typeof__(name) *)dlsym(library, #name); \
  if (!imgsite_vips_table.name) fail(dlerror());
#include "vips_symbols.h"
#undef LAZY
  __atomic_store_n(&imgsite_vips_table_filled, 1, __ATOMIC_RELEASE);
}

static pthread_once_t loaded = PTHREAD_ONCE_INIT;

void imgsite_vips_load(void) { pthread_once(&loaded, load); }

void imgsite_vips_ensure_loaded(void) { imgsite_vips_load(); }
