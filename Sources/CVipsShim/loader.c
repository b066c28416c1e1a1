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
//
// A libvips older than the oldest imgsite is tested with, or one without a
// function imgsite cannot do without (LAZY in vips_symbols.h), is refused,
// naming the version or the function and the file. A function only one
// feature needs (OPTIONAL) may be missing: that feature is off, and
// `imgsite --version` says so.
#define _GNU_SOURCE
#include <dlfcn.h>
#if defined(__linux__)
#include <gnu/libc-version.h>
#endif
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "CVipsShim.h"
#include "vips_functions.h"

// libvips 8's ABI (the soname of every 8.x), where the platform's loader
// looks, then where Homebrew puts it (not on macOS's default path).
static const char *const library_names[] = {
#if defined(__APPLE__)
    "libvips.42.dylib", "/opt/homebrew/lib/libvips.42.dylib", "/usr/local/lib/libvips.42.dylib",
#else
    "libvips.so.42",
#endif
    NULL};

struct imgsite_vips_functions imgsite_vips_table;
int imgsite_vips_table_filled;

static char failure[2048];       // why libvips cannot be used; empty once it can
static const char *missing[32];  // optional functions this libvips lacks
static int missing_count;

static const char *install_hint =
    "install libvips " IMGSITE_LIBVIPS_MINIMUM " or newer (Debian 12: apt-get install libvips42; Ubuntu 24.04: the same; "
    "Fedora: dnf install vips; macOS: brew install vips), "
    "or set IMGSITE_LIBVIPS to a libvips.so.42";

int imgsite_executable_folder(char *folder, size_t size) {
#if defined(__linux__)
  ssize_t length = readlink("/proc/self/exe", folder, size - 1);
  if (length <= 0) return 0;
  folder[length] = '\0';
  char *slash = strrchr(folder, '/');
  if (!slash) return 0;
  *slash = '\0';
  return 1;
#else
  (void)folder, (void)size;
  return 0;
#endif
}

// Run from the release bundle (a BUNDLE file beside bin/ and lib/), its own
// lib/ is what failed to load: the hint is about the bundle, not about
// installing libvips. NULL elsewhere.
static const char *bundle_hint(void) {
#if defined(__linux__)
  static char hint[1024];
  char executable[PATH_MAX];
  if (!imgsite_executable_folder(executable, sizeof executable)) {
    // The bundle finds lib/ from where bin/imgsite is, which Linux tells through /proc.
    snprintf(hint, sizeof hint, "%s; from the release bundle: is /proc mounted? (its bin/imgsite finds lib/ through /proc/self/exe)",
             install_hint);
    return hint;
  }
  char path[PATH_MAX + 16];
  snprintf(path, sizeof path, "%s/../BUNDLE", executable);
  FILE *file = fopen(path, "r");
  if (!file) return NULL;
  char line[256], glibc[64] = "";
  while (fgets(line, sizeof line, file)) {
    if (strncmp(line, "glibc=", 6) == 0) snprintf(glibc, sizeof glibc, "%.*s", (int)strcspn(line + 6, "\n"), line + 6);
  }
  fclose(file);
  snprintf(hint, sizeof hint,
           "this is the release bundle, whose libvips is in %s/../lib: unpack the whole tarball and keep bin/ and lib/ together; "
           "it needs glibc %s or newer (this machine has %s)",
           executable, *glibc ? glibc : "2.36", gnu_get_libc_version());
  return hint;
#else
  return NULL;
#endif
}

// The file `symbol` was found in, for messages.
static const char *file_of(void *symbol, const char *fallback) {
  static char path[PATH_MAX];
  Dl_info info;
  if (!symbol || !dladdr(symbol, &info) || !info.dli_fname) return fallback;
  char *real = realpath(info.dli_fname, NULL);
  snprintf(path, sizeof path, "%s", real ? real : info.dli_fname);
  free(real);
  return path;
}

// IMGSITE_LIBVIPS_WITHOUT=name,name: act as if this libvips lacked those
// functions (the tests' way to meet a libvips without them).
static int withheld(const char *name) {
  const char *list = getenv("IMGSITE_LIBVIPS_WITHOUT");
  size_t length = strlen(name);
  for (const char *at = list; at && (at = strstr(at, name)); at += length) {
    if ((at == list || at[-1] == ',') && (at[length] == ',' || at[length] == '\0')) return 1;
  }
  return 0;
}

static void *find(void *library, const char *name) { return withheld(name) ? NULL : dlsym(library, name); }

int imgsite_libvips_withheld(const char *name) { return withheld(name); }

static void load(void) {
  const char *chosen = getenv("IMGSITE_LIBVIPS");
  // RTLD_GLOBAL: this binary's own definitions that libvips' calls must
  // reach (CVipsInterposers) find the real ones with RTLD_NEXT, which sees
  // only the global scope.
  void *library = NULL;
  const char *tried = chosen && *chosen ? chosen : library_names[0];
  if (chosen && *chosen) {
    library = dlopen(chosen, RTLD_LAZY | RTLD_GLOBAL);
  } else {
    for (int i = 0; library_names[i] && !library; i++) library = dlopen(library_names[i], RTLD_LAZY | RTLD_GLOBAL);
  }
  if (!library) {
    const char *why = dlerror();
    if (chosen && *chosen)
      snprintf(failure, sizeof failure, "cannot load libvips from IMGSITE_LIBVIPS=%s: %s", chosen, why ? why : "no reason given");
    else {
      const char *bundle = bundle_hint();
      snprintf(failure, sizeof failure, "cannot load libvips (%s): %s; %s", tried, why ? why : "no reason given", bundle ? bundle : install_hint);
    }
    return;
  }
  int (*version)(int) = (int (*)(int))find(library, "vips_version");
  if (!version) {
    snprintf(failure, sizeof failure, "%s is not libvips 8: it has no vips_version", chosen && *chosen ? chosen : tried);
    return;
  }
  const char *file = file_of((void *)version, tried);
  if (version(0) != 8 || version(1) < IMGSITE_LIBVIPS_MINIMUM_MINOR) {
    snprintf(failure, sizeof failure, "imgsite needs libvips %s or newer, and %s is libvips %d.%d.%d; %s", IMGSITE_LIBVIPS_MINIMUM,
             file, version(0), version(1), version(2), install_hint);
    return;
  }
#define LAZY(name)                                                                                                    \
  imgsite_vips_table.name = (__typeof__(name) *)find(library, #name);                                                 \
  if (!imgsite_vips_table.name) {                                                                                     \
    snprintf(failure, sizeof failure, "libvips %d.%d.%d (%s) lacks %s, which imgsite needs; %s", version(0), version(1), \
             version(2), file, #name, install_hint);                                                                  \
    return;                                                                                                           \
  }
#define OPTIONAL(name)                                                  \
  imgsite_vips_table.name = (__typeof__(name) *)find(library, #name);   \
  if (!imgsite_vips_table.name && missing_count < (int)(sizeof missing / sizeof *missing)) missing[missing_count++] = #name;
#include "vips_symbols.h"
#undef OPTIONAL
#undef LAZY
  __atomic_store_n(&imgsite_vips_table_filled, 1, __ATOMIC_RELEASE);
}

static pthread_once_t loaded = PTHREAD_ONCE_INIT;

const char *imgsite_vips_load_failure(void) {
  pthread_once(&loaded, load);
  return failure[0] ? failure : NULL;
}

// Without libvips imgsite cannot go on: the build cannot start (status 2).
void imgsite_vips_load(void) {
  const char *why = imgsite_vips_load_failure();
  if (!why) return;
  fprintf(stderr, "imgsite: %s\n", why);
  _exit(2);
}

void imgsite_vips_ensure_loaded(void) { imgsite_vips_load(); }

const char *imgsite_vips_missing(int index) {
  pthread_once(&loaded, load);
  return index >= 0 && index < missing_count ? missing[index] : NULL;
}
