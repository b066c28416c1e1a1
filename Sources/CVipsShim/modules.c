// libvips' loadable modules, loaded by imgsite only when needed: HEIF and
// JPEG XL when a build reads or writes those formats, the others when a
// file is not read without them.
//
// vips_init loads every module in its folder: on Debian, HEIF and JPEG XL
// but also PDF (poppler), slides (openslide) and ImageMagick, whose
// libraries' start-up made vips_init take 30 ms instead of 2 ms (core) plus
// 11 ms (HEIF and JPEG XL), before the first photo could be read.
#define _GNU_SOURCE  // RTLD_NEXT
#include <dlfcn.h>
#include <gmodule.h>
#include <stdlib.h>
#include <string.h>

#include "CVipsShim.h"
#include "vips_calls.h"

// The modules' folder (beside libvips itself), or NULL when libvips loads
// its modules itself (VIPSHOME set by the user, or no such folder). Found
// once, by whichever comes first: libvips' vips_init (through the
// interposed vips_guess_libdir below) or imgsite_vips_load_modules.
static char *folder = NULL;
static GOnce folder_found = G_ONCE_INIT;
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

// The folder libvips itself was loaded from (native.c finds the file), or NULL.
static gpointer find_libvips_folder(gpointer unused) {
  (void)unused;
  const char *file = imgsite_libvips_file();
  return file ? g_path_get_dirname(file) : NULL;
}

static const char *libvips_folder(void) {
  static GOnce found = G_ONCE_INIT;
  return g_once(&found, find_libvips_folder, NULL);
}

// Whether VIPSHOME came from the user: read before main, since libvips' own
// guess sets it where nothing answers that guess for it.
static int users_vipshome;
__attribute__((constructor)) static void note_vipshome(void) { users_vipshome = getenv("VIPSHOME") != NULL; }

int imgsite_vipshome_is_users(void) { return users_vipshome; }

static gpointer find_folder(gpointer unused) {
  (void)unused;
  // IMGSITE_NATIVE=off: libvips finds and loads its modules itself.
  if (imgsite_native_forced_off()) return NULL;
  const char *lib = libvips_folder();
  if (users_vipshome || !lib) return NULL;
  // The loaded libvips' version names the folder, not the headers'.
  char *modules = g_strdup_printf("%s/vips-modules-%d.%d", lib, vips_version(0), vips_version(1));
  if (g_file_test(modules, G_FILE_TEST_IS_DIR)) folder = modules;
  else g_free(modules);
  return NULL;
}

int imgsite_loads_modules(void) {
  g_once(&folder_found, find_folder, NULL);
  return folder != NULL;
}

// MARK: libvips' guesses at its own folders (hooks for CVipsInterposers)
//
// vips_init asks both through the dynamic linker (PLT), so in the imgsite
// executable its calls land here first. Where nothing interposes, libvips
// loads every module at vips_init and imgsite loads none itself.

typedef const char *(*GuessFn)(const char *argv0, const char *env_name);

// libvips' own answer to `name`, or NULL if it has no such function.
static const char *libvips_guess(const char *name, const char *argv0, const char *env_name) {
  GuessFn guess = (GuessFn)dlsym(RTLD_NEXT, name);
  return guess ? guess(argv0, env_name) : NULL;
}

// vips_init loads every module in vips_guess_libdir()/vips-modules-8.14.
// When imgsite loads them itself the answer is a folder with none, so
// vips_init loads no module, whichever thread calls it first.
static int libdir_answered = 0;

const char *imgsite_modules_guess_libdir(const char *argv0, const char *env_name) {
  if (imgsite_loads_modules()) {
    libdir_answered = 1;
    return "/nonexistent/imgsite-loads-vips-modules";
  }
  const char *libdir = libvips_guess("vips_guess_libdir", argv0, env_name);
  return libdir ? libdir : "/nonexistent/libvips-libdir-unknown";
}

// libvips' own guess (from argv0, so from where imgsite is installed) also
// sets VIPSHOME in the environment: while other threads read it, and for
// every process started later, which would then load all of libvips'
// modules as if a user had set it. The prefix here is libvips' own: the
// folder above its lib/ (or lib/<multiarch>/) folder.
static gpointer find_prefix(gpointer unused) {
  (void)unused;
  const char *lib = libvips_folder();
  if (!lib) return NULL;
  char *dir = g_strdup(lib);
  for (int level = 0; level < 2; level++) {  // lib/, or lib/x86_64-linux-gnu/
    char *name = g_path_get_basename(dir), *above = g_path_get_dirname(dir);
    int is_lib = g_str_has_prefix(name, "lib");
    g_free(name);
    g_free(dir);
    if (is_lib) return above;
    dir = above;
  }
  g_free(dir);
  return NULL;
}

// Kept under IMGSITE_NATIVE=off too: not a fast path but thread safety
// (a test process crashed in GLib with libvips' own guess).
const char *imgsite_modules_guess_prefix(const char *argv0, const char *env_name) {
  imgsite_loads_modules();  // decided while VIPSHOME is still the user's
  const char *set = g_getenv(env_name);
  if (set) return set;
  static GOnce found = G_ONCE_INIT;
  const char *prefix = g_once(&found, find_prefix, NULL);
  if (prefix) return prefix;
  prefix = libvips_guess("vips_guess_prefix", argv0, env_name);
  return prefix ? prefix : "/usr";
}

int imgsite_modules_on_demand(void) { return imgsite_loads_modules() && libdir_answered; }

int imgsite_vips_load_modules(int all) {
  if (!imgsite_modules_on_demand()) return 0;
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
