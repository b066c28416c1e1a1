// The embedded JPEG preview of a camera RAW file and what imgsite shows of
// its metadata, through libraw. libraw is loaded when a build first meets a
// RAW file (not linked: a machine without it still builds every other
// photo), by the soname of the headers this was compiled against, so the
// structures read here are the ones that library fills.
#ifndef IMGSITE_CRAW_H
#define IMGSITE_CRAW_H

#include <stddef.h>
#include <stdint.h>

/// What a RAW file says of itself that a page may show: never GPS or serials.
struct imgsite_raw_info {
  /// libraw's flip: 0 upright, 3 turned 180°, 5 turned 90° counter-clockwise, 6 turned 90° clockwise.
  int flip;
  /// Capture time, seconds since 1970 in the camera's clock (0: unknown).
  int64_t timestamp;
  char make[64], model[64], lens[128];
  char description[512], artist[64];
  float iso, shutter, aperture, focal_length;
};

/// NULL when libraw can be used; else why not (not installed, built
/// without its headers), naming what to install. Loads it the first time.
const char *imgsite_raw_unavailable(void);

/// The full-size JPEG preview of the RAW file at `path` (malloc'd into
/// `*jpeg`, its size in `*size`; free it with `imgsite_raw_free`) and its
/// metadata. Returns 0, or -1 with the reason in `error`.
int imgsite_raw_preview(const char *path, unsigned char **jpeg, size_t *size, struct imgsite_raw_info *info, char *error,
                        size_t error_size);

void imgsite_raw_free(unsigned char *jpeg);

#endif
