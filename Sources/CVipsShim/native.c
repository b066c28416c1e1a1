// Which of imgsite's own code paths run beside libvips' public API.
//
// Each is switched on at start only where it applies (see the table in the
// docs/native.md); IMGSITE_NATIVE=off switches every one off,
// so imgsite uses libvips' public API alone, as it does on a platform or a
// libvips where a path does not apply.
#define _GNU_SOURCE  // RTLD_DEFAULT
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "CVipsShim.h"
#if __has_include(<vips/vector.h>)
#include <vips/vector.h>  // vips_vector_set_enabled; vips.h leaves it out before 8.15
#endif
#include "vips_calls.h"

static int forced_off;
static pthread_once_t read_once = PTHREAD_ONCE_INIT;

static void read_environment(void) {
  const char *value = getenv("IMGSITE_NATIVE");
  forced_off = value && strcmp(value, "off") == 0;
}

int imgsite_native_forced_off(void) {
  pthread_once(&read_once, read_environment);
  return forced_off;
}

// liborc's version as one number (0.4.33 -> 433), 0 if libvips loaded none.
static int liborc_version(void) {
  const char *text = imgsite_liborc_version();
  int major = 0, minor = 0, micro = 0;
  if (!text || sscanf(text, "%d.%d.%d", &major, &minor, &micro) < 2) return 0;
  return major * 10000 + minor * 100 + micro;
}

static int paths;
static pthread_once_t decided = PTHREAD_ONCE_INIT;

static void decide(void) {
  // liborc before 0.4.34 races in its code allocator: the lock below, or
  // without it libvips' public switch for its vector code (slower, safe).
  int orc = liborc_version();
  int racy_orc = orc > 0 && orc < 434;
  int on = 0;
  if (!imgsite_native_forced_off()) {
    on |= IMGSITE_NATIVE_JPEG;
    // Measured faster than libvips 8.14's scalar reduce. 8.15 vectorised its
    // own through Highway; one built without Highway (no builtin target:
    // the release bundle's, as Debian 12's Highway is too old) reduces in
    // plain C, slower than 8.14 did.
    int scalar_reduce = vips_version(0) == 8 && vips_version(1) < 15;
    if (!scalar_reduce && vips_vector_get_builtin_targets) scalar_reduce = vips_vector_get_builtin_targets() == 0;
    if (scalar_reduce) on |= IMGSITE_NATIVE_RESAMPLER;
    if (racy_orc && imgsite_orc_calls_wrapped()) on |= IMGSITE_NATIVE_ORC_LOCK;
  }
  if (racy_orc && !(on & IMGSITE_NATIVE_ORC_LOCK)) on |= IMGSITE_NATIVE_VECTOR_OFF;
  paths = on;
}

void imgsite_native_apply(void) {
  // OPTIONAL: a libvips without the switch has no liborc code to switch off.
  if (imgsite_native_on(IMGSITE_NATIVE_VECTOR_OFF) && vips_vector_set_enabled) vips_vector_set_enabled(FALSE);
}

int imgsite_native_on(int path) {
  pthread_once(&decided, decide);
  return (paths & path) != 0;
}

int imgsite_interposers_present(void) { return dlsym(RTLD_DEFAULT, "imgsite_interposers_linked") != NULL; }

const char *imgsite_liborc_version(void) {
  imgsite_vips_ensure_loaded();
  typedef const char *(*VersionFn)(void);
  VersionFn version = (VersionFn)dlsym(RTLD_DEFAULT, "orc_version_string");
  return version ? version() : NULL;
}

static char libvips_file[4096];
static pthread_once_t libvips_found = PTHREAD_ONCE_INIT;

// The file the loaded libvips' vips_version is defined in (the table's
// pointer, loader.c).
static void find_libvips(void) {
  Dl_info info;
  void *symbol = (void *)vips_version;
  if (!symbol || !dladdr(symbol, &info) || !info.dli_fname) return;
  char *real = realpath(info.dli_fname, NULL);
  snprintf(libvips_file, sizeof libvips_file, "%s", real ? real : info.dli_fname);
  free(real);
}

const char *imgsite_libvips_file(void) {
  pthread_once(&libvips_found, find_libvips);
  return libvips_file[0] ? libvips_file : NULL;
}
