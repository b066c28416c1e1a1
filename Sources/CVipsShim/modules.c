// libvips' loadable modules, loaded by imgsite: the two it needs at once,
// the others only when a file is not read without them.
//
// vips_init loads every module in its folder: on Debian, HEIF and JPEG XL
// but also PDF (poppler), slides (openslide) and ImageMagick, whose
// libraries' start-up made vips_init take 30 ms instead of 2 ms (core) plus
// 11 ms (HEIF and JPEG XL), before the first photo could be read.
#define _GNU_SOURCE  // dladdr
#include <dlfcn.h>
#include <gmodule.h>
#include <string.h>

#include "CVipsShim.h"

// The modules' folder (beside libvips itself), or NULL when libvips loads
// its modules itself (VIPSHOME set by the user, or no such folder).
static char *folder = NULL;
static int others_loaded = 0;
static GMutex others_lock;

static const char *const needed[] = {"vips-heif.so", "vips-jxl.so"};

static void load(const char *name) {
  char *path = g_build_filename(folder, name, NULL);
  // GModule runs the module's g_module_check_init, which registers its
  // operations, as vips_init would; a module that fails is skipped, as
  // vips_init does.
  GModule *module = g_module_open(path, G_MODULE_BIND_LAZY);
  if (module) g_module_make_resident(module);
  g_free(path);
}

static char *folder_beside_libvips(void) {
  Dl_info info;
  if (!dladdr((void *)vips_init, &info) || !info.dli_fname) return NULL;
  char *lib = g_path_get_dirname(info.dli_fname);
  char *modules = g_strdup_printf("%s/vips-modules-%d.%d", lib, VIPS_MAJOR_VERSION, VIPS_MINOR_VERSION);
  g_free(lib);
  if (g_file_test(modules, G_FILE_TEST_IS_DIR)) return modules;
  g_free(modules);
  return NULL;
}

int imgsite_vips_init_with_needed_modules(const char *argv0) {
  if (!g_getenv("VIPSHOME")) folder = folder_beside_libvips();
  // A prefix with no modules: vips_init then loads none.
  if (!folder) return VIPS_INIT(argv0);
  g_setenv("VIPSHOME", "/nonexistent/imgsite-loads-vips-modules", TRUE);
  int result = VIPS_INIT(argv0);
  // libvips keeps the prefix it found; processes started later (a test's
  // imgsite, a hook) must not inherit the made-up one.
  g_unsetenv("VIPSHOME");
  if (result) return -1;
  for (size_t i = 0; i < G_N_ELEMENTS(needed); i++) load(needed[i]);
  return 0;
}

int imgsite_vips_load_other_modules(void) {
  if (!folder) return 0;
  g_mutex_lock(&others_lock);
  int loaded_now = !others_loaded;
  if (loaded_now) {
    GDir *dir = g_dir_open(folder, 0, NULL);
    const char *name;
    while (dir && (name = g_dir_read_name(dir))) {
      int is_needed = 0;
      for (size_t i = 0; i < G_N_ELEMENTS(needed); i++) is_needed |= strcmp(name, needed[i]) == 0;
      if (!is_needed && g_str_has_suffix(name, "." G_MODULE_SUFFIX)) load(name);
    }
    if (dir) g_dir_close(dir);
    others_loaded = 1;
  }
  g_mutex_unlock(&others_lock);
  return loaded_now;
}
