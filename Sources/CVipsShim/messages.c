// Per-thread capture of libvips' messages.
//
// libvips appends every error to one buffer shared by the whole process
// (iofuncs/error.c), so with several images in flight a failure could read
// another image's text. libvips raises its errors through vips_error() and
// vips_verror(), which it calls through the dynamic linker (PLT); the imgsite
// executable defines them too (CVipsInterposers), so libvips' calls land on
// the hooks below first. Each message is kept for the thread that raised it
// when that thread is capturing, then handed on unchanged to libvips' own
// implementation (found with RTLD_NEXT), so libvips' buffer and its
// freeze/thaw behave exactly as before. Where nothing interposes (ImgSiteCore
// used as a library), failures read libvips' shared buffer.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <string.h>

#include "CVipsShim.h"
#include "vips_calls.h"

typedef struct {
  GString *errors;
  GString *warnings;
  int capturing;
  int frozen;  // vips_error_freeze() depth on this thread
  int saw_error;
  size_t shared_start;  // length of libvips' shared buffer at begin
} Capture;

static _Thread_local Capture capture;

typedef void (*VerrorFn)(const char *, const char *, va_list);
typedef void (*VerrorSystemFn)(int, const char *, const char *, va_list);
typedef void (*VoidFn)(void);

static void *libvips_symbol(const char *name) {
  void *symbol = dlsym(RTLD_NEXT, name);
  if (!symbol) g_error("imgsite: libvips has no %s", name);
  return symbol;
}

static GString *reset(GString *text) {
  if (!text) return g_string_new(NULL);
  g_string_truncate(text, 0);
  return text;
}

static void record(GString *text, const char *domain, const char *fmt, va_list ap) {
  if (domain) g_string_append_printf(text, "%s: ", domain);
  g_string_append_vprintf(text, fmt, ap);
  g_string_append_c(text, '\n');
}

void imgsite_messages_warning(const char *message) {
  if (capture.capturing && capture.warnings)
    g_string_append_printf(capture.warnings, "%s\n", message);
}

void imgsite_messages_begin(void) {
  capture.errors = reset(capture.errors);
  capture.warnings = reset(capture.warnings);
  capture.capturing = 1;
  capture.saw_error = 0;
  capture.shared_start = 0;
  if (!imgsite_vips_is_started()) return;  // nothing can be in libvips' buffer yet
  capture.shared_start = strlen(vips_error_buffer());
  // Messages raised where nothing captures (imgsite's own JPEG decoder)
  // stay there; libvips stops appending once the buffer is full.
  if (capture.shared_start > 4096) {
    vips_error_clear();
    capture.shared_start = 0;
  }
}

char *imgsite_messages_end(void) {
  capture.capturing = 0;
  // This thread's errors are in libvips' shared buffer too: clear them, or
  // a later failure that must read that buffer would carry them as its own.
  if (capture.saw_error) vips_error_clear();
  if (capture.errors && capture.errors->len)
    return g_strdup(capture.errors->str);
  if (capture.warnings && capture.warnings->len)
    return g_strdup(capture.warnings->str);
  return NULL;
}

void imgsite_messages_free(void) {
  if (capture.errors) g_string_free(capture.errors, TRUE);
  if (capture.warnings) g_string_free(capture.warnings, TRUE);
  memset(&capture, 0, sizeof capture);
}

char *imgsite_messages_shared(void) {
  if (!imgsite_vips_is_started()) return NULL;
  char *all = vips_error_buffer_copy();  // and clears it
  size_t length = strlen(all);
  char *text = g_strdup(length >= capture.shared_start ? all + capture.shared_start : all);
  g_free(all);
  return text;
}

// -1 until the self-check has run (imgsite_vips_start runs it, once libvips
// is set up and before any other thread calls it).
static int interposed = -1;

int imgsite_messages_interposed(void) {
  if (imgsite_native_forced_off()) return 0;
  int known = __atomic_load_n(&interposed, __ATOMIC_ACQUIRE);
  if (known >= 0) return known;
  if (!imgsite_vips_is_started()) return 0;
  int was = capture.capturing;
  capture.capturing = 1;
  capture.saw_error = 0;
  // Raised inside libvips, so it reaches us only through the interposition.
  (void)vips_enum_from_nick("imgsite", VIPS_TYPE_INTERPRETATION, "imgsite-self-check");
  int seen = capture.saw_error;
  capture.capturing = was;
  vips_error_clear();
  __atomic_store_n(&interposed, seen, __ATOMIC_RELEASE);
  return seen;
}

// The shim's own errors: through whichever vips_verror the process resolves
// (the executable's interposer, else libvips'), found by name since the
// library product links neither (libvips may be loaded, not linked).
void imgsite_error(const char *domain, const char *fmt, ...) {
  static VerrorFn found;
  VerrorFn verror = __atomic_load_n(&found, __ATOMIC_ACQUIRE);
  if (!verror) {
    imgsite_vips_ensure_loaded();
    verror = (VerrorFn)dlsym(RTLD_DEFAULT, "vips_verror");
    if (!verror) g_error("imgsite: libvips has no vips_verror");
    __atomic_store_n(&found, verror, __ATOMIC_RELEASE);
  }
  va_list ap;
  va_start(ap, fmt);
  verror(domain, fmt, ap);
  va_end(ap);
}

// MARK: hooks for libvips' error entry points (CVipsInterposers)
//
// Under IMGSITE_NATIVE=off they only hand on: errors are read from libvips'
// shared buffer, as where the interposition does not work. Warnings come
// through GLib's log handler (public API) and are kept either way.

void imgsite_messages_verror(const char *domain, const char *fmt, va_list ap) {
  static VerrorFn libvips;
  if (!libvips) libvips = (VerrorFn)libvips_symbol("vips_verror");
  if (capture.capturing && !capture.frozen && !imgsite_native_forced_off()) {
    va_list copy;
    va_copy(copy, ap);
    record(capture.errors ? capture.errors : (capture.errors = g_string_new(NULL)), domain, fmt, copy);
    va_end(copy);
    capture.saw_error = 1;
  }
  libvips(domain, fmt, ap);
}

void imgsite_messages_verror_system(int err, const char *domain, const char *fmt, va_list ap) {
  static VerrorSystemFn libvips;
  if (!libvips) libvips = (VerrorSystemFn)libvips_symbol("vips_verror_system");
  if (capture.capturing && !capture.frozen && !imgsite_native_forced_off()) {
    va_list copy;
    va_copy(copy, ap);
    GString *text = capture.errors ? capture.errors : (capture.errors = g_string_new(NULL));
    record(text, domain, fmt, copy);
    g_string_append_printf(text, "%s\n", g_strerror(err));
    va_end(copy);
    capture.saw_error = 1;
  }
  libvips(err, domain, fmt, ap);
}

// Errors raised while frozen (format probes) are dropped by libvips; drop
// them from the capture too.
void imgsite_messages_freeze(void) {
  static VoidFn libvips;
  if (!libvips) libvips = (VoidFn)libvips_symbol("vips_error_freeze");
  capture.frozen += 1;
  libvips();
}

void imgsite_messages_thaw(void) {
  static VoidFn libvips;
  if (!libvips) libvips = (VoidFn)libvips_symbol("vips_error_thaw");
  if (capture.frozen > 0) capture.frozen -= 1;
  libvips();
}
