// One lock around liborc's code allocator.
//
// liborc 0.4.33 (Debian 12) takes its lock only to find a free chunk of code
// memory, then splits it and marks it used unlocked, and merges chunks on
// free with no lock at all (fixed upstream in 0.4.34, "Fix for potential race
// in codemem alloc/free"). libvips 8.14 compiles an orc program in every
// reducev build and frees it when the operation is finalised, so two images
// resized at once could be handed the same code memory or corrupt the chunk
// list: the SIGSEGV and heap corruption seen after a few thousand images.
//
// Inside liborc the allocator is reached directly, but libvips reaches it only
// through orc_program_compile() and orc_program_free(), which it calls through
// the dynamic linker (PLT). The imgsite executable defines both
// (CVipsInterposers), so libvips' calls land on the hooks below, take the
// lock and go on to liborc's own (RTLD_NEXT). Only compiling
// and freeing a program is serialised, a few microseconds each; building,
// running and releasing libvips pipelines stay parallel.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>

#include "CVipsShim.h"
#include "vips_calls.h"

// liborc's types are opaque here: a program pointer and an enum result.
typedef int (*CompileFn)(void *program);
typedef void (*FreeFn)(void *program);

static pthread_mutex_t orc_lock = PTHREAD_MUTEX_INITIALIZER;

// Locked until Swift has decided (NativeGates, at start): vips_init itself
// may compile, and the lock is the safe side.
static int lock_on = 1;

void imgsite_orc_set_locked(int on) { __atomic_store_n(&lock_on, on, __ATOMIC_RELEASE); }

static void *liborc_symbol(const char *name) {
  void *symbol = dlsym(RTLD_NEXT, name);
  if (!symbol) g_error("imgsite: liborc has no %s", name);
  return symbol;
}

// Only with a liborc that has the race (Swift's NativeGates decides): a
// fixed one gets its calls straight through.
int imgsite_orc_compile(void *program) {
  static CompileFn compile;
  int locked = __atomic_load_n(&lock_on, __ATOMIC_ACQUIRE);
  if (locked) pthread_mutex_lock(&orc_lock);
  if (!compile) compile = (CompileFn)liborc_symbol("orc_program_compile");
  int result = compile(program);
  if (locked) pthread_mutex_unlock(&orc_lock);
  return result;
}

void imgsite_orc_free(void *program) {
  static FreeFn free_program;
  int locked = __atomic_load_n(&lock_on, __ATOMIC_ACQUIRE);
  if (locked) pthread_mutex_lock(&orc_lock);
  if (!free_program) free_program = (FreeFn)liborc_symbol("orc_program_free");
  free_program(program);
  if (locked) pthread_mutex_unlock(&orc_lock);
}

int imgsite_orc_calls_wrapped(void) {
  // libvips' calls reach the hooks only if the executable defines and
  // exports liborc's two names: then they resolve to the object these
  // hooks' callers live in, not to liborc (a test checks this).
  void *compile = dlsym(RTLD_DEFAULT, "orc_program_compile"), *free_program = dlsym(RTLD_DEFAULT, "orc_program_free");
  void *linked = dlsym(RTLD_DEFAULT, "imgsite_interposers_linked");
  Dl_info a, b, c;
  return compile && free_program && linked && dladdr(compile, &a) && dladdr(free_program, &b) && dladdr(linked, &c) &&
         a.dli_fbase == c.dli_fbase && b.dli_fbase == c.dli_fbase;
}
