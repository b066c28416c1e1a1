// See CHeif.h.
#define _GNU_SOURCE
#include "CHeif.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if __has_include(<libheif/heif.h>)
#include <libheif/heif.h>

// Apple's gain map's auxiliary type (iOS 14.1 and later).
static const char *const apple_gain_map_type = "urn:com:apple:photo:2020:aux:hdrgainmap";

// The calls imgsite makes, found in the library once.
static struct {
  struct heif_error (*init)(struct heif_init_params *);
  struct heif_context *(*context_alloc)(void);
  void (*context_free)(struct heif_context *);
  struct heif_error (*read_from_file)(struct heif_context *, const char *, const struct heif_reading_options *);
  struct heif_error (*primary_handle)(struct heif_context *, struct heif_image_handle **);
  void (*handle_release)(const struct heif_image_handle *);
  int (*luma_bits)(const struct heif_image_handle *);
  struct heif_error (*nclx)(const struct heif_image_handle *, struct heif_color_profile_nclx **);
  void (*nclx_free)(struct heif_color_profile_nclx *);
  int (*aux_count)(const struct heif_image_handle *, int);
  int (*aux_ids)(const struct heif_image_handle *, int, heif_item_id *, int);
  struct heif_error (*aux_type)(const struct heif_image_handle *, const char **);
  void (*aux_type_free)(const struct heif_image_handle *, const char **);
  struct heif_error (*aux_handle)(const struct heif_image_handle *, heif_item_id, struct heif_image_handle **);
  struct heif_error (*decode)(const struct heif_image_handle *, struct heif_image **, enum heif_colorspace, enum heif_chroma,
                              const struct heif_decoding_options *);
  const uint8_t *(*plane)(const struct heif_image *, enum heif_channel, int *);
  int (*image_width)(const struct heif_image *, enum heif_channel);
  int (*image_height)(const struct heif_image *, enum heif_channel);
  void (*image_release)(const struct heif_image *);
} calls;

static char failure[512];
static pthread_once_t loaded = PTHREAD_ONCE_INIT;

static void load(void) {
  void *library = dlopen("libheif.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    snprintf(failure, sizeof failure, "libheif is not installed (Debian 12: apt-get install libheif1)");
    return;
  }
#define FIND(field, name)                                                                        \
  *(void **)&calls.field = dlsym(library, name);                                               \
  if (!calls.field) {                                                                          \
    snprintf(failure, sizeof failure, "the libheif found lacks %s; HEIF files' HDR is not read", name); \
    return;                                                                                    \
  }
  FIND(context_alloc, "heif_context_alloc");
  FIND(context_free, "heif_context_free");
  FIND(read_from_file, "heif_context_read_from_file");
  FIND(primary_handle, "heif_context_get_primary_image_handle");
  FIND(handle_release, "heif_image_handle_release");
  FIND(luma_bits, "heif_image_handle_get_luma_bits_per_pixel");
  FIND(nclx, "heif_image_handle_get_nclx_color_profile");
  FIND(nclx_free, "heif_nclx_color_profile_free");
  FIND(aux_count, "heif_image_handle_get_number_of_auxiliary_images");
  FIND(aux_ids, "heif_image_handle_get_list_of_auxiliary_image_IDs");
  FIND(aux_type, "heif_image_handle_get_auxiliary_type");
  FIND(aux_type_free, "heif_image_handle_free_auxiliary_types");
  FIND(aux_handle, "heif_image_handle_get_auxiliary_image_handle");
  FIND(decode, "heif_decode_image");
  FIND(plane, "heif_image_get_plane_readonly");
  FIND(image_width, "heif_image_get_width");
  FIND(image_height, "heif_image_get_height");
  FIND(image_release, "heif_image_release");
#undef FIND
  // libheif 1.13 and later ask for it once (its plugins, its tables); older ones have none.
  *(void **)&calls.init = dlsym(library, "heif_init");
  if (calls.init) calls.init(NULL);
}

const char *imgsite_heif_unavailable(void) {
  pthread_once(&loaded, load);
  return failure[0] ? failure : NULL;
}

// The file's context and primary image; 0, or -1 with the reason.
static int open_primary(const char *path, struct heif_context **context, struct heif_image_handle **primary, char *error,
                        size_t error_size) {
  if (imgsite_heif_unavailable()) {
    snprintf(error, error_size, "%s", failure);
    return -1;
  }
  *context = calls.context_alloc();
  if (!*context) {
    snprintf(error, error_size, "libheif could not start (out of memory?)");
    return -1;
  }
  struct heif_error status = calls.read_from_file(*context, path, NULL);
  if (status.code == heif_error_Ok) status = calls.primary_handle(*context, primary);
  if (status.code != heif_error_Ok) {
    snprintf(error, error_size, "libheif cannot read it: %s", status.message ? status.message : "no reason given");
    calls.context_free(*context);
    return -1;
  }
  return 0;
}

// The primary's auxiliary image of Apple's gain-map type, or NULL.
static struct heif_image_handle *apple_gain_map_handle(const struct heif_image_handle *primary) {
  int filter = LIBHEIF_AUX_IMAGE_FILTER_OMIT_ALPHA | LIBHEIF_AUX_IMAGE_FILTER_OMIT_DEPTH;
  int count = calls.aux_count(primary, filter);
  if (count <= 0 || count > 16) return NULL;
  heif_item_id ids[16];
  count = calls.aux_ids(primary, filter, ids, count);
  for (int i = 0; i < count; i++) {
    struct heif_image_handle *aux = NULL;
    if (calls.aux_handle(primary, ids[i], &aux).code != heif_error_Ok || !aux) continue;
    const char *type = NULL;
    int matches = calls.aux_type(aux, &type).code == heif_error_Ok && type && strcmp(type, apple_gain_map_type) == 0;
    if (type) calls.aux_type_free(aux, &type);
    if (matches) return aux;
    calls.handle_release(aux);
  }
  return NULL;
}

int imgsite_heif_light(const char *path, struct imgsite_heif_light *light, char *error, size_t error_size) {
  struct heif_context *context;
  struct heif_image_handle *primary;
  if (open_primary(path, &context, &primary, error, error_size)) return -1;
  memset(light, 0, sizeof *light);
  light->bit_depth = calls.luma_bits(primary);
  struct heif_color_profile_nclx *nclx = NULL;
  if (calls.nclx(primary, &nclx).code == heif_error_Ok && nclx) {
    light->transfer = (int)nclx->transfer_characteristics;
    light->primaries = (int)nclx->color_primaries;
    calls.nclx_free(nclx);
  }
  struct heif_image_handle *gain_map = apple_gain_map_handle(primary);
  if (gain_map) {
    light->apple_gain_map = 1;
    calls.handle_release(gain_map);
  }
  calls.handle_release(primary);
  calls.context_free(context);
  return 0;
}

int imgsite_heif_apple_gain_map(const char *path, uint8_t **pixels, int *width, int *height, char *error, size_t error_size) {
  struct heif_context *context;
  struct heif_image_handle *primary;
  if (open_primary(path, &context, &primary, error, error_size)) return -1;
  int result = -1;
  struct heif_image_handle *gain_map = apple_gain_map_handle(primary);
  struct heif_image *image = NULL;
  if (!gain_map) {
    snprintf(error, error_size, "it has no Apple gain map");
  } else {
    struct heif_error status = calls.decode(gain_map, &image, heif_colorspace_monochrome, heif_chroma_monochrome, NULL);
    int stride = 0;
    const uint8_t *plane = status.code == heif_error_Ok ? calls.plane(image, heif_channel_Y, &stride) : NULL;
    if (!plane) {
      snprintf(error, error_size, "its gain map cannot be decoded: %s",
               status.code != heif_error_Ok && status.message ? status.message : "no plane");
    } else {
      *width = calls.image_width(image, heif_channel_Y);
      *height = calls.image_height(image, heif_channel_Y);
      *pixels = malloc((size_t)*width * *height);
      if (*pixels) {
        for (int y = 0; y < *height; y++) memcpy(*pixels + (size_t)y * *width, plane + (size_t)y * stride, *width);
        result = 0;
      } else {
        snprintf(error, error_size, "out of memory for its gain map");
      }
    }
  }
  if (image) calls.image_release(image);
  if (gain_map) calls.handle_release(gain_map);
  calls.handle_release(primary);
  calls.context_free(context);
  return result;
}

#else  // built without libheif's headers

const char *imgsite_heif_unavailable(void) {
  return "this imgsite was built without libheif's headers (Debian 12: apt-get install libheif-dev, then build again)";
}

int imgsite_heif_light(const char *path, struct imgsite_heif_light *light, char *error, size_t error_size) {
  (void)path, (void)light;
  snprintf(error, error_size, "%s", imgsite_heif_unavailable());
  return -1;
}

int imgsite_heif_apple_gain_map(const char *path, uint8_t **pixels, int *width, int *height, char *error, size_t error_size) {
  (void)path, (void)pixels, (void)width, (void)height;
  snprintf(error, error_size, "%s", imgsite_heif_unavailable());
  return -1;
}

#endif
