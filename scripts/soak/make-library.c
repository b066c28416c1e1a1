/* make-library: writes a photo library of N distinct small JPEGs for soak
 * tests and benchmarks, without network: each image is a different crop of
 * a corpus photo, scaled to a different size, tinted by its index.
 *
 *   make-library CORPUS_DIR OUT_DIR COUNT ALBUMS [MIN_SIDE MAX_SIDE]
 *
 * Deterministic: the same arguments give the same files. Images go to
 * OUT_DIR/album-01 … album-NN, spread evenly. Single-threaded on purpose
 * (libvips concurrency 1): it must not need the fix it is testing. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <vips/vips.h>

#define MAX_SOURCES 64

/* Decoded sources, kept in memory at about 1000 px wide. */
static VipsImage *sources[MAX_SOURCES];
static int n_sources = 0;

static unsigned int next_random(unsigned int *state) {
  *state = *state * 1103515245u + 12345u;
  return (*state >> 16) & 0x7fff;
}

static void load_folder(const char *folder) {
  DIR *dir = opendir(folder);
  if (!dir) return;
  struct dirent *entry;
  char *names[MAX_SOURCES];
  int n = 0;
  while ((entry = readdir(dir)) && n < MAX_SOURCES) {
    const char *dot = strrchr(entry->d_name, '.');
    if (dot && (!strcasecmp(dot, ".jpg") || !strcasecmp(dot, ".jpeg")))
      names[n++] = g_strdup_printf("%s/%s", folder, entry->d_name);
  }
  closedir(dir);
  /* readdir order is not stable across file systems: sort. */
  qsort(names, n, sizeof(char *), (int (*)(const void *, const void *))g_strcmp0);
  for (int i = 0; i < n && n_sources < MAX_SOURCES; i++) {
    VipsImage *thumb, *memory;
    if (vips_thumbnail(names[i], &thumb, 1000, "size", VIPS_SIZE_DOWN, NULL) == 0) {
      if ((memory = vips_image_copy_memory(thumb)) && memory->Bands == 3)
        sources[n_sources++] = memory;
      else if (memory)
        g_object_unref(memory);
      g_object_unref(thumb);
    }
    g_free(names[i]);
  }
}

static int min_side = 240, max_side = 640;

static int write_one(int index, const char *path) {
  unsigned int seed = (unsigned int)index * 2654435761u + 1;
  VipsImage *source = sources[index % n_sources];
  /* MIN_SIDE to MAX_SIDE px on the long side; landscape, portrait or square. */
  int shape = next_random(&seed) % 3;
  int target = min_side + next_random(&seed) % (max_side - min_side + 1);
  double aspect = shape == 0 ? 1.5 : shape == 1 ? 0.75 : 1.0;
  int crop_w = source->Xsize * (60 + next_random(&seed) % 40) / 100;
  int crop_h = (int)(crop_w / aspect);
  if (crop_h > source->Ysize) {
    crop_h = source->Ysize;
    crop_w = (int)(crop_h * aspect);
  }
  int left = next_random(&seed) % (source->Xsize - crop_w + 1);
  int top = next_random(&seed) % (source->Ysize - crop_h + 1);
  double scale = (double)target / (aspect >= 1 ? crop_w : crop_h);
  double gains[3], offsets[3];
  for (int b = 0; b < 3; b++) {
    gains[b] = 0.8 + (next_random(&seed) % 40) / 100.0;
    offsets[b] = (double)(next_random(&seed) % 21) - 10;
  }
  VipsImage *t[4] = {NULL};
  int status = vips_crop(source, &t[0], left, top, crop_w, crop_h, NULL) ||
               vips_resize(t[0], &t[1], scale, NULL) ||
               vips_linear(t[1], &t[2], gains, offsets, 3, "uchar", TRUE, NULL) ||
               vips_jpegsave(t[2], path, "Q", 70 + index % 20, "strip", TRUE, NULL);
  for (int i = 0; i < 4; i++)
    if (t[i]) g_object_unref(t[i]);
  return status;
}

int main(int argc, char **argv) {
  if (argc != 5 && argc != 7) {
    fprintf(stderr, "usage: %s CORPUS_PHOTOS_DIR OUT_DIR COUNT ALBUMS [MIN_SIDE MAX_SIDE]\n", argv[0]);
    return 64;
  }
  if (argc == 7) {
    min_side = atoi(argv[5]);
    max_side = atoi(argv[6]);
  }
  if (VIPS_INIT(argv[0])) vips_error_exit(NULL);
  vips_concurrency_set(1);
  vips_cache_set_max(0);
  int count = atoi(argv[3]), albums = atoi(argv[4]);
  if (count < 1 || albums < 1 || min_side < 16 || max_side < min_side || max_side > 1000) {
    fprintf(stderr, "COUNT and ALBUMS must be at least 1, 16 <= MIN_SIDE <= MAX_SIDE <= 1000\n");
    return 64;
  }
  const char *folders[] = {"nature", "large", "cameras", "orientation"};
  for (int f = 0; f < 4; f++) {
    char *folder = g_strdup_printf("%s/%s", argv[1], folders[f]);
    load_folder(folder);
    g_free(folder);
  }
  if (n_sources == 0) {
    fprintf(stderr, "no JPEG sources found under %s\n", argv[1]);
    return 1;
  }
  mkdir(argv[2], 0755);
  int per_album = (count + albums - 1) / albums;
  for (int i = 0; i < count; i++) {
    char *album = g_strdup_printf("%s/album-%02d", argv[2], i / per_album + 1);
    mkdir(album, 0755);
    char *path = g_strdup_printf("%s/photo-%05d.jpg", album, i + 1);
    if (write_one(i, path)) {
      fprintf(stderr, "%s: %s", path, vips_error_buffer());
      return 1;
    }
    g_free(path);
    g_free(album);
    if ((i + 1) % 1000 == 0) fprintf(stderr, "%d/%d images\n", i + 1, count);
  }
  return 0;
}
