#include "CVipsShim.h"
#include "vips_calls.h"

void imgsite_messages_warning(const char *message);  // messages.c

static int imgsite_show_warnings = 0;

// GLib hands every "VIPS" warning to this handler on the thread that raised
// it; the per-thread capture keeps it for that thread's failing call.
static void imgsite_log(const gchar *domain, GLogLevelFlags level,
                        const gchar *message, gpointer data) {
  imgsite_messages_warning(message);
  if (imgsite_show_warnings)
    g_log_default_handler(domain, level, message, data);
}

int imgsite_vips_start(const char *argv0, int concurrency) {
  // VIPS_INIT's ABI check, raising through imgsite_error (the macro calls
  // vips_error, which the library product may not link).
  if (vips_version(3) - vips_version(5) != VIPS_LIBRARY_CURRENT - VIPS_LIBRARY_AGE) {
    imgsite_error("vips_init", "ABI mismatch: libvips has %d, imgsite was built for %d", vips_version(3) - vips_version(5),
                  VIPS_LIBRARY_CURRENT - VIPS_LIBRARY_AGE);
    return -1;
  }
  if (vips_init(argv0))
    return -1;
  vips_cache_set_max(0);
  if (concurrency > 0)
    vips_concurrency_set(concurrency);
  g_log_set_handler("VIPS", G_LOG_LEVEL_WARNING, imgsite_log, NULL);
  imgsite_vips_mark_started();
  (void)imgsite_messages_interposed();  // decided now, on this one thread
  return 0;
}

void imgsite_vips_show_warnings(int show) { imgsite_show_warnings = show; }

void imgsite_messages_free(void);  // messages.c

void imgsite_vips_thread_end(void) {
  imgsite_messages_free();
  // A thread that ends before libvips has started (pages of a build with
  // nothing to process, while libvips still loads) never used it.
  if (imgsite_vips_is_started()) vips_thread_shutdown();
}
