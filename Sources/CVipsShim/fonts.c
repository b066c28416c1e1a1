// The release bundle's fonts: text watermarks ask for "Sans Bold", which the
// bundle carries (share/fonts/, DejaVu Sans Bold) with a fontconfig
// configuration naming it. fontconfig reads FONTCONFIG_FILE when it first
// starts (at the first text rendered): imgsite's main sets it first thing,
// before any thread, from the bundle (a BUNDLE file beside bin/) and unless
// the user set it. Elsewhere imgsite renders with the machine's fonts.
// Not in a constructor: on Linux Swift's runtime finds argv just below the
// process's first environment, which setenv before main moves.
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "CVipsShim.h"

#if defined(__linux__)
void imgsite_use_bundled_fonts(void) {
  if (getenv("FONTCONFIG_FILE")) return;
  char executable[PATH_MAX];
  if (!imgsite_executable_folder(executable, sizeof executable)) return;
  char marker[PATH_MAX + 16], config[PATH_MAX + 32];
  snprintf(marker, sizeof marker, "%s/../BUNDLE", executable);
  snprintf(config, sizeof config, "%s/../share/fonts/fonts.conf", executable);
  if (access(marker, R_OK) == 0 && access(config, R_OK) == 0) setenv("FONTCONFIG_FILE", config, 0);
}
#else
void imgsite_use_bundled_fonts(void) {}
#endif
