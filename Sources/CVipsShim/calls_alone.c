// Libvips calls side by side, or one alone: for a libvips whose errors
// reach only its one shared buffer (IMGSITE_NATIVE=off, or a libvips whose
// own calls do not reach imgsite's vips_error, such as PyPI's builds).
//
// There, two images failing at once would read each other's text, or none.
// Calls therefore run under a shared lock; a call that fails runs again
// alone, under the exclusive lock, with the buffer cleared first: no other
// call is in flight, so what the buffer then holds is that call's own
// reason. Failures are rare, so the cost is the uncontended lock of each
// call. Writers are preferred, so a retry waits only for the calls already
// running; a thread's nested calls take the lock once, and the threads one
// image's work starts (lanes) adopt their parent's hold.
//
// The unit run again is the widest one open: one image's whole work
// (`Vips.withOwnMessages`), else the one call; a retried call alone could
// find its image already marked failed, and say nothing. Work that would
// turn a failure into a warning (a damaged file built from what decodes)
// rethrows it in the shared run (imgsite_calls_alone() is 0), so its
// reason too is read alone.
#define _GNU_SOURCE  // pthread_rwlockattr_setkind_np
#include <pthread.h>

#include "CVipsShim.h"
#include "vips_calls.h"

static pthread_rwlock_t calls;
static pthread_once_t calls_made = PTHREAD_ONCE_INIT;
static _Thread_local int depth;
static int alone;  // a call runs alone now: every thread may read that

static void make_lock(void) {
  pthread_rwlockattr_t attributes;
  pthread_rwlockattr_init(&attributes);
  pthread_rwlockattr_setkind_np(&attributes, PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP);
  pthread_rwlock_init(&calls, &attributes);
  pthread_rwlockattr_destroy(&attributes);
}

void imgsite_calls_enter(void) {
  pthread_once(&calls_made, make_lock);
  if (depth++ == 0) pthread_rwlock_rdlock(&calls);
}

void imgsite_calls_leave(void) {
  if (--depth == 0) pthread_rwlock_unlock(&calls);
}

int imgsite_calls_nested(void) { return depth > 0; }

int imgsite_calls_depth(void) { return depth; }

void imgsite_calls_adopt(int parent) { depth = parent; }

void imgsite_calls_alone_begin(void) {
  pthread_once(&calls_made, make_lock);
  pthread_rwlock_wrlock(&calls);
  depth++;
  __atomic_store_n(&alone, 1, __ATOMIC_RELEASE);
  vips_error_clear();
}

void imgsite_calls_alone_end(void) {
  depth--;
  __atomic_store_n(&alone, 0, __ATOMIC_RELEASE);
  pthread_rwlock_unlock(&calls);
}

int imgsite_calls_alone(void) { return __atomic_load_n(&alone, __ATOMIC_ACQUIRE); }
