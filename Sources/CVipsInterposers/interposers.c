// libvips' and liborc's entry points, interposed (see CVipsInterposers.h).
// Each hands the call to CVipsShim's hook, which does imgsite's part and
// goes on to the library's own definition (RTLD_NEXT).
#include <stdarg.h>

#include "CVipsInterposers.h"
#include "CVipsShim.h"

int imgsite_interposers_linked(void) { return 1; }

// MARK: libvips' errors (messages.c keeps each for the thread that raised it)

void vips_verror(const char *domain, const char *fmt, va_list ap) { imgsite_messages_verror(domain, fmt, ap); }

void vips_error(const char *domain, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  imgsite_messages_verror(domain, fmt, ap);
  va_end(ap);
}

void vips_verror_system(int err, const char *domain, const char *fmt, va_list ap) {
  imgsite_messages_verror_system(err, domain, fmt, ap);
}

void vips_error_system(int err, const char *domain, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  imgsite_messages_verror_system(err, domain, fmt, ap);
  va_end(ap);
}

void vips_error_freeze(void) { imgsite_messages_freeze(); }

void vips_error_thaw(void) { imgsite_messages_thaw(); }

// MARK: libvips' guesses at its folders (modules.c)

const char *vips_guess_libdir(const char *argv0, const char *env_name) {
  return imgsite_modules_guess_libdir(argv0, env_name);
}

const char *vips_guess_prefix(const char *argv0, const char *env_name) {
  return imgsite_modules_guess_prefix(argv0, env_name);
}

// MARK: liborc's compile and free (orc.c)

int orc_program_compile(void *program) { return imgsite_orc_compile(program); }

void orc_program_free(void *program) { imgsite_orc_free(program); }
