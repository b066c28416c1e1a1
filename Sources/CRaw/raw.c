// See CRaw.h.
#define _GNU_SOURCE
#include "CRaw.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if __has_include(<libraw/libraw.h>)
#include <libraw/libraw.h>

#define IMGSITE_STRING_OF(x) #x
#define IMGSITE_STRING(x) IMGSITE_STRING_OF(x)

// The calls imgsite makes, found in the library once.
static struct {
  libraw_data_t *(*init)(unsigned int);
  int (*open_file)(libraw_data_t *, const char *);
  int (*unpack_thumb)(libraw_data_t *);
  libraw_processed_image_t *(*make_mem_thumb)(libraw_data_t *, int *);
  void (*clear_mem)(libraw_processed_image_t *);
  void (*close)(libraw_data_t *);
  const char *(*strerror)(int);
} calls;

static char failure[512];
static pthread_once_t loaded = PTHREAD_ONCE_INIT;

static void load(void) {
  // libraw_r is the thread-safe build: a build reads several RAW files at once.
  void *library = dlopen("libraw_r.so." IMGSITE_STRING(LIBRAW_SHLIB_CURRENT), RTLD_NOW | RTLD_LOCAL);
  if (!library) library = dlopen("libraw.so." IMGSITE_STRING(LIBRAW_SHLIB_CURRENT), RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    snprintf(failure, sizeof failure,
             "libraw %d.%d is not installed (Debian 12: apt-get install libraw20; Ubuntu 24.04: libraw23 with an imgsite built there)",
             LIBRAW_MAJOR_VERSION, LIBRAW_MINOR_VERSION);
    return;
  }
#define FIND(field, name)                                                                  \
  *(void **)&calls.field = dlsym(library, name);                                         \
  if (!calls.field) {                                                                    \
    snprintf(failure, sizeof failure, "the libraw found lacks %s; RAW files are skipped", name); \
    return;                                                                              \
  }
  FIND(init, "libraw_init");
  FIND(open_file, "libraw_open_file");
  FIND(unpack_thumb, "libraw_unpack_thumb");
  FIND(make_mem_thumb, "libraw_dcraw_make_mem_thumb");
  FIND(clear_mem, "libraw_dcraw_clear_mem");
  FIND(close, "libraw_close");
  FIND(strerror, "libraw_strerror");
#undef FIND
}

const char *imgsite_raw_unavailable(void) {
  pthread_once(&loaded, load);
  return failure[0] ? failure : NULL;
}

static void copy(char *to, size_t size, const char *from) {
  snprintf(to, size, "%s", from);
}

int imgsite_raw_preview(const char *path, unsigned char **jpeg, size_t *size, struct imgsite_raw_info *info, char *error,
                        size_t error_size) {
  if (imgsite_raw_unavailable()) {
    copy(error, error_size, failure);
    return -1;
  }
  libraw_data_t *raw = calls.init(0);
  if (!raw) {
    copy(error, error_size, "libraw could not start (out of memory?)");
    return -1;
  }
  int status = calls.open_file(raw, path);
  if (status == 0) status = calls.unpack_thumb(raw);
  if (status != 0) {
    snprintf(error, error_size, "libraw cannot read it: %s", calls.strerror(status));
    calls.close(raw);
    return -1;
  }
  int made = 0;
  libraw_processed_image_t *thumb = calls.make_mem_thumb(raw, &made);
  if (!thumb || thumb->type != LIBRAW_IMAGE_JPEG) {
    snprintf(error, error_size, "it holds no JPEG preview (%s)", thumb ? "a bitmap preview only" : calls.strerror(made));
    if (thumb) calls.clear_mem(thumb);
    calls.close(raw);
    return -1;
  }
  *jpeg = malloc(thumb->data_size);
  if (!*jpeg) {
    calls.clear_mem(thumb);
    calls.close(raw);
    copy(error, error_size, "out of memory");
    return -1;
  }
  memcpy(*jpeg, thumb->data, thumb->data_size);
  *size = thumb->data_size;
  calls.clear_mem(thumb);
  memset(info, 0, sizeof *info);
  info->flip = raw->sizes.flip;
  info->timestamp = (int64_t)raw->other.timestamp;
  copy(info->make, sizeof info->make, raw->idata.make);
  copy(info->model, sizeof info->model, raw->idata.model);
  copy(info->lens, sizeof info->lens, raw->lens.Lens);
  copy(info->description, sizeof info->description, raw->other.desc);
  copy(info->artist, sizeof info->artist, raw->other.artist);
  info->iso = raw->other.iso_speed;
  info->shutter = raw->other.shutter;
  info->aperture = raw->other.aperture;
  info->focal_length = raw->other.focal_len;
  calls.close(raw);
  return 0;
}

#else

// Compiled without libraw's headers: RAW files are skipped, and this says how to build with them.
const char *imgsite_raw_unavailable(void) {
  return "this imgsite was built without libraw's headers (apt-get install libraw-dev, then build it again)";
}

int imgsite_raw_preview(const char *path, unsigned char **jpeg, size_t *size, struct imgsite_raw_info *info, char *error,
                        size_t error_size) {
  (void)path, (void)jpeg, (void)size, (void)info;
  snprintf(error, error_size, "%s", imgsite_raw_unavailable());
  return -1;
}

#endif

void imgsite_raw_free(unsigned char *jpeg) { free(jpeg); }
