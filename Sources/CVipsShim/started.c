// Whether libvips is started: start.c sets it, messages.c and start.c read
// it, so neither of those two calls the other back.
#include "CVipsShim.h"

// Set once vips_init has returned: until then no thread can have libvips
// state to free, and vips_thread_shutdown would crash (its per-thread key
// is made by vips_init).
static int started = 0;

void imgsite_vips_mark_started(void) { __atomic_store_n(&started, 1, __ATOMIC_RELEASE); }

int imgsite_vips_is_started(void) { return __atomic_load_n(&started, __ATOMIC_ACQUIRE); }
