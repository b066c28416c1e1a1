// What imgsite reads of a HEIF or AVIF file beyond its primary image, which
// libvips decodes: whether it holds an HDR rendition (Apple's gain map as
// an auxiliary image, or PQ/HLG light) and Apple's gain map's pixels,
// through libheif. libheif is loaded when a build first meets such a file
// (not linked: a machine without it still builds everything else), by the
// soname of the headers this was compiled against.
#ifndef IMGSITE_CHEIF_H
#define IMGSITE_CHEIF_H

#include <stddef.h>
#include <stdint.h>

/// NULL when libheif can be used; else why not (not installed, built
/// without its headers). Loads it the first time.
const char *imgsite_heif_unavailable(void);

/// What a file's primary image says of its light.
struct imgsite_heif_light {
  /// 1 when an auxiliary image of Apple's gain-map type is attached.
  int apple_gain_map;
  /// The nclx transfer characteristics (16: PQ, 18: HLG; 0: none given)
  /// and colour primaries (1: BT.709, 9: BT.2020, 12: Display P3).
  int transfer, primaries;
  /// Bits per luma sample of the primary image.
  int bit_depth;
};

/// Reads the boxes of the HEIF/AVIF file at `path` (no pixel is decoded).
/// Returns 0, or -1 with the reason in `error`.
int imgsite_heif_light(const char *path, struct imgsite_heif_light *light, char *error, size_t error_size);

/// Apple's gain map of the file at `path`, decoded to one 8-bit channel
/// (malloc'd into `*pixels`, `*width` × `*height`, rows packed; free it with
/// free()), its transformations applied as libheif applies the primary's.
/// Returns 0, or -1 with the reason in `error`.
int imgsite_heif_apple_gain_map(const char *path, uint8_t **pixels, int *width, int *height, char *error, size_t error_size);

#endif
