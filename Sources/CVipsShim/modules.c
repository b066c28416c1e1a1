// libvips' loadable modules, loaded by imgsite only when needed: HEIF and
// JPEG XL when a build reads or writes those formats, the others when a
// file is not read without them.
//
// vips_init loads every module in its folder: on Debian, HEIF and JPEG XL
// but also PDF (poppler), slides (openslide) and ImageMagick, whose
// libraries' start-up made vips_init take 30 ms instead of 2 ms (core) plus
// 11 ms (HEIF and JPEG XL), before the first photo could be read.
#define _GNU_SOURCE  // dladdr, RTLD_DEFAULT
#include <dlfcn.h>
#include <gmodule.h>
#include <string.h>

#include "CVipsLoader.h"
#include "CVipsShim.h"

// The modules' folder (beside libvips itself), or NULL when libvips loads
// its modules itself (VIPSHOME set by the user, or no such folder).
static char *folder = NULL;
static int codecs_loaded = 0, others_loaded = 0;
static GMutex modules_lock;

static const char *const codecs[] = {"vips-heif.so", "vips-jxl.so"};

static int is_codec(const char *name) {
  for (size_t i = 0; i < G_N_ELEMENTS(codecs); i++)
    if (strcmp(name, codecs[i]) == 0) return 1;
  return 0;
}

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
  // libvips' own vips_init, not the entry point CVipsLoader may define in
  // this binary (hidden from dlsym), once CVipsLoader has loaded it.
  imgsite_vips_ensure_loaded();
  void *init = dlsym(RTLD_DEFAULT, "vips_init");
  Dl_info info;
  if (!init || !dladdr(init, &info) || !info.dli_fname) return NULL;
  char *lib = g_path_get_dirname(info.dli_fname);
  char *modules = g_strdup_printf("%s/vips-modules-%d.%d", lib, VIPS_MAJOR_VERSION, VIPS_MINOR_VERSION);
  g_free(lib);
  if (g_file_test(modules, G_FILE_TEST_IS_DIR)) return modules;
  g_free(modules);
  return NULL;
}

int imgsite_vips_init_without_modules(const char *argv0) {
  if (!g_getenv("VIPSHOME")) folder = folder_beside_libvips();
  // A prefix with no modules: vips_init then loads none.
  if (!folder) return VIPS_INIT(argv0);
  g_setenv("VIPSHOME", "/nonexistent/imgsite-loads-vips-modules", TRUE);
  int result = VIPS_INIT(argv0);
  // libvips keeps the prefix it found; processes started later (a test's
  // imgsite, a hook) must not inherit the made-up one.
  g_unsetenv("VIPSHOME");
  return result;
}

int imgsite_vips_load_modules(int all) {
  if (!folder) return 0;
  g_mutex_lock(&modules_lock);
  int loaded_now = 0;
  if (!codecs_loaded) {
    for (size_t i = 0; i < G_N_ELEMENTS(codecs); i++) load(codecs[i]);
    codecs_loaded = loaded_now = 1;
  }
  if (all && !others_loaded) {
    GDir *dir = g_dir_open(folder, 0, NULL);
    const char *name;
    while (dir && (name = g_dir_read_name(dir)))
      if (!is_codec(name) && g_str_has_suffix(name, "." G_MODULE_SUFFIX)) load(name);
    if (dir) g_dir_close(dir);
    others_loaded = loaded_now = 1;
  }
  g_mutex_unlock(&modules_lock);
  return loaded_now;
}
