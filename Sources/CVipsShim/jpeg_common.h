// What jpeg.c and jpeg_planes.c share: libjpeg's errors as libvips
// errors, and imgsite's encoder settings.
#ifndef IMGSITE_JPEG_COMMON_H
#define IMGSITE_JPEG_COMMON_H

#include <setjmp.h>
#include <stdio.h>

#include <jpeglib.h>
#include <vips/vips.h>

// libjpeg reports errors by calling error_exit, which must not return: it
// jumps back to `jump` after putting libjpeg's message in the libvips error
// buffer. A warning (damaged data) is an error too: libvips'
// fail_on=warning stops there, and so do these, leaving the file to
// libvips' path, which words the message.
typedef struct {
  struct jpeg_error_mgr manager;
  jmp_buf jump;
} ErrorJump;

void imgsite_jpeg_errors_init(ErrorJump *error);

// vips_jpegsave's settings with `strip` on, for a `width` × `height` image
// of `components` in `space`: optimised Huffman tables, progressive scans
// if asked (fewer than vips_jpegsave's: jpeg.c), luma sampled once per
// `chroma_factor` × `chroma_factor` chroma sample (2: 4:2:0, 1: 4:4:4), no
// JFIF nor any other marker.
void imgsite_jpeg_set_encoding(struct jpeg_compress_struct *cinfo, int width, int height, int components,
                               J_COLOR_SPACE space, int quality, int progressive, int chroma_factor);

// Opens `path` and reads its header for `read`, which checks it, starts the
// decode at 1/`shrink` and reads every line into images it makes in
// `images[0..count)`, non-zero on failure. libjpeg's errors are caught; on
// any failure the images made are released and -1 returned.
int imgsite_jpeg_decompress(const char *path, int shrink, int (*read)(struct jpeg_decompress_struct *, VipsImage **),
                            VipsImage **images, int count);

// Runs `write` (which sets cinfo up, starts it and writes every line) with
// libjpeg's errors caught: `*buf` (malloc'd) and `*len` are the JPEG, or -1
// with libjpeg's message as a libvips error.
int imgsite_jpeg_compress(void **buf, size_t *len, void (*write)(struct jpeg_compress_struct *, const void *),
                          const void *context);

#endif
