// The facts imgsite's own code paths are chosen by: IMGSITE_NATIVE, the
// libvips and liborc loaded, whether the interposers are linked. Swift
// decides the paths from them (Vips/NativeGates.swift, the table in
// docs/native.md) and hands each its switch.
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

// The libvips' Highway targets (8.15+; 0: built without Highway), or -1
// for a libvips without the call (8.14, scalar reduce).
long long imgsite_vector_builtin_targets(void) {
  return vips_vector_get_builtin_targets ? (long long)vips_vector_get_builtin_targets() : -1;
}

void imgsite_vector_code_off(void) {
  // OPTIONAL: a libvips without the switch has no liborc code to switch off.
  if (vips_vector_set_enabled) vips_vector_set_enabled(FALSE);
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
