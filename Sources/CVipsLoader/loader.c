// Loads libvips for the entry points of trampolines.S (see CVipsLoader.h).
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

#include "CVipsLoader.h"

#if defined(__x86_64__) && defined(__linux__)
// libvips 8's soname: the ABI the headers this was built with describe.
static const char *const library_name = "libvips.so.42";

#define LAZY(name) extern void *imgsite_slot_##name __attribute__((visibility("hidden")));
#include "vips_symbols.h"
#undef LAZY

static const struct {
  const char *name;
  void **slot;
} functions[] = {
#define LAZY(name) {#name, &imgsite_slot_##name},
#include "vips_symbols.h"
#undef LAZY
};

// Without libvips imgsite cannot go on; the dynamic loader itself would
// have stopped the process at start, with the same exit status.
static void fail(const char *what) {
  fprintf(stderr, "imgsite: cannot load libvips: %s (install libvips42: apt-get install libvips42)\n", what ? what : "no reason given");
  _exit(127);
}

static void load(void) {
  // RTLD_GLOBAL: this binary's own definitions that libvips' calls must
  // reach (vips_error in messages.c, liborc's in orc.c) find the real ones
  // with RTLD_NEXT, which sees only the global scope.
  void *library = dlopen(library_name, RTLD_LAZY | RTLD_GLOBAL);
  if (!library) fail(dlerror());
  for (size_t i = 0; i < sizeof functions / sizeof functions[0]; i++) {
    void *address = dlsym(library, functions[i].name);
    if (!address) fail(dlerror());
    __atomic_store_n(functions[i].slot, address, __ATOMIC_RELEASE);
  }
}

static pthread_once_t loaded = PTHREAD_ONCE_INIT;

// Called by the entry points while a slot still points at its loader
// stub; a second caller waits for the first.
__attribute__((visibility("hidden"))) void imgsite_vips_load(void) {
  pthread_once(&loaded, load);
}

void imgsite_vips_ensure_loaded(void) { imgsite_vips_load(); }

#else

void imgsite_vips_ensure_loaded(void) {}

#endif
