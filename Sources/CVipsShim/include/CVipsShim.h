// Non-variadic wrappers around the variadic libvips calls imgsite uses, and
// the per-thread capture of libvips' messages. Swift cannot call C variadic
// functions, so each wrapper fixes the optional arguments one call needs.
// All return 0 on success, -1 on error (libvips' convention).
#ifndef IMGSITE_CVIPS_SHIM_H
#define IMGSITE_CVIPS_SHIM_H

#include <stdint.h>
#include <vips/vips.h>

// MARK: start-up and threads (start.c, loader.c)

/// The oldest libvips imgsite runs on (and is tested with): an older one is
/// refused at load, naming both versions.
#define IMGSITE_LIBVIPS_MINIMUM "8.14"
#define IMGSITE_LIBVIPS_MINIMUM_MINOR 14

/// Loads libvips now if it is not yet (waiting for a load under way), so
/// that dlsym and dladdr find it. Every libvips call loads it itself; when
/// it cannot be loaded (missing, too old, lacking a function imgsite needs)
/// that says why on standard error and ends the process with status 2.
void imgsite_vips_ensure_loaded(void);

/// Why libvips cannot be loaded, or NULL once it is: loads it if need be,
/// and never ends the process (for `--version`).
const char *imgsite_vips_load_failure(void);

/// The `index`-th function only one feature needs that this libvips lacks
/// (OPTIONAL in vips_symbols.h), or NULL past the last.
const char *imgsite_vips_missing(int index);
// Whether IMGSITE_LIBVIPS_WITHOUT names `name`: the tests' way to meet a
// libvips without it (a function, or an operation such as gifsave_buffer).
int imgsite_libvips_withheld(const char *name);

/// vips_init + operation cache off (batch work never reuses an operation),
/// and the GLib "VIPS" warning handler that feeds the per-thread capture.
/// vips_init loads none of libvips' modules (modules.c answers its
/// vips_guess_libdir); imgsite_vips_load_modules does when needed. With
/// VIPSHOME set, libvips loads its modules as usual.
int imgsite_vips_start(const char *argv0, int concurrency);

/// Loads the HEIF and JPEG XL modules, and with `all` every other one (PDF,
/// slides, ImageMagick), each once. 1 if this call loaded any, else 0
/// (already loaded, or libvips loads them).
int imgsite_vips_load_modules(int all);

/// Whether imgsite loads libvips' modules when needed (1), or libvips loads
/// them all at start (0: VIPSHOME set, no modules folder beside libvips, or
/// IMGSITE_NATIVE=off).
int imgsite_loads_modules(void);

/// Whether imgsite loads the modules and vips_init loaded none: a modules
/// folder was found and libvips asked CVipsInterposers' vips_guess_libdir.
int imgsite_modules_on_demand(void);

/// Whether VIPSHOME was set when the process started (libvips may set it).
int imgsite_vipshome_is_users(void);
// The folder the running executable is in (Linux: /proc/self/exe), into `folder`; 0 if unknown (loader.c).
int imgsite_executable_folder(char *folder, size_t size);
// Run from the release bundle: FONTCONFIG_FILE to its fonts, unless set (fonts.c).
void imgsite_use_bundled_fonts(void);

/// Hooks for libvips' vips_guess_libdir and vips_guess_prefix (called by
/// CVipsInterposers): a folder with no modules when imgsite loads them; the
/// prefix from where libvips was loaded, without libvips' own guess setting
/// VIPSHOME while other threads read the environment.
const char *imgsite_modules_guess_libdir(const char *argv0, const char *env_name);
const char *imgsite_modules_guess_prefix(const char *argv0, const char *env_name);

/// Whether imgsite_vips_start has returned: before it, libvips' error buffer
/// (locked by a mutex vips_init makes) must not be touched (started.c).
int imgsite_vips_is_started(void);
/// Said by imgsite_vips_start once vips_init has returned.
void imgsite_vips_mark_started(void);

/// Whether libvips warnings are also printed to stderr (off by default, so a
/// progress line is not broken by libvips' own printing).
void imgsite_vips_show_warnings(int show);

/// Frees this thread's capture buffers, then vips_thread_shutdown(): libvips
/// asks every thread it did not create itself to call it before it ends.
/// Before imgsite_vips_start has returned it frees only the buffers: such a
/// thread never used libvips, and would otherwise wait for it to load.
void imgsite_vips_thread_end(void);

// MARK: facts the native fast paths are chosen by (native.c)

/// IMGSITE_NATIVE=off: every path off, messages and modules left to libvips.
int imgsite_native_forced_off(void);

/// The loaded libvips' Highway targets (0: built without Highway), or -1
/// when it has no such call (before 8.15).
long long imgsite_vector_builtin_targets(void);

/// Switches libvips' vector (liborc) code off: a racy liborc without the
/// lock. Call after vips_init, before any image.
void imgsite_vector_code_off(void);

/// Whether the process has CVipsInterposers' exported definitions.
int imgsite_interposers_present(void);

/// liborc's version string as loaded, or NULL when libvips brought none.
const char *imgsite_liborc_version(void);

/// The file libvips was loaded from (symbolic links resolved), or NULL.
const char *imgsite_libvips_file(void);

// MARK: per-thread messages (messages.c)

/// Starts capturing the libvips errors and warnings raised on this thread
/// (both cleared). libvips' own error buffer is shared by every thread; this
/// capture is not, so concurrent jobs never read each other's messages.
void imgsite_messages_begin(void);

/// Stops capturing and returns what was captured on this thread: the error
/// text if any, else the warnings (some loaders fail with a warning as their
/// only reason), else NULL. The caller g_free()s it.
char *imgsite_messages_end(void);

/// What libvips' shared buffer gained since this thread's begin (errors
/// raised on libvips' worker threads reach only that buffer), emptying the
/// buffer, so no later failure reads the text again. The caller g_free()s it.
char *imgsite_messages_shared(void);

/// Where messages come only from libvips' shared buffer (calls_alone.c):
/// calls run side by side under a shared lock (enter/leave, nested calls
/// counted), and a failed call runs again alone (alone_begin clears the
/// buffer and waits for the calls in flight; alone_end lets others on).
void imgsite_calls_enter(void);
void imgsite_calls_leave(void);
int imgsite_calls_nested(void);
/// The calling thread's hold, for threads it starts to adopt (Lanes).
int imgsite_calls_depth(void);
void imgsite_calls_adopt(int parent);
void imgsite_calls_alone_begin(void);
void imgsite_calls_alone_end(void);
/// Whether a call runs alone now (only its threads can be in libvips).
int imgsite_calls_alone(void);

/// Whether errors raised on this thread reach the capture: true when this
/// binary's vips_error()/vips_verror() interpose libvips' own (a self-check,
/// run once as libvips starts; 0 before).
int imgsite_messages_interposed(void);

/// Raises an error as libvips' vips_error does (and as this thread's capture
/// sees it): the shim's own failures.
void imgsite_error(const char *domain, const char *fmt, ...) G_GNUC_PRINTF(2, 3);

/// Hooks for libvips' error entry points, called by CVipsInterposers'
/// vips_verror/vips_error, vips_verror_system/vips_error_system and
/// vips_error_freeze/thaw: each keeps the message for this thread when it
/// captures, then calls libvips' own.
void imgsite_messages_verror(const char *domain, const char *fmt, va_list ap);
void imgsite_messages_verror_system(int err, const char *domain, const char *fmt, va_list ap);
void imgsite_messages_freeze(void);
void imgsite_messages_thaw(void);

// MARK: liborc's code allocator (orc.c)

/// Whether libvips' orc_program_compile()/orc_program_free() calls land on
/// this binary's locked definitions (a self-check: the linker must export them).
int imgsite_orc_calls_wrapped(void);

/// Whether the hooks below take the lock: on until Swift decides (at start).
void imgsite_orc_set_locked(int on);

/// Hooks for liborc's orc_program_compile/orc_program_free (called by
/// CVipsInterposers): liborc's own, under the lock when it is on.
int imgsite_orc_compile(void *program);
void imgsite_orc_free(void *program);

// MARK: evaluation (evaluate.c)

/// Computes every pixel of `in` into a new memory image on the calling
/// thread (no libvips worker threads), so the messages of a failing decode
/// are raised on, and captured by, the thread that owns the job. An image
/// already in memory is returned with one more reference.
int imgsite_vips_materialize(VipsImage *in, VipsImage **out);
// The same in two steps, for several threads: prepare the memory image
// (`lines` = 0 when `in` is already in memory), then each of `step` threads
// computes every `step`-th strip from strip `first`.
int imgsite_vips_materialize_prepare(VipsImage *in, VipsImage **out, int *lines);
int imgsite_vips_materialize_strips(VipsImage *in, VipsImage *out, int lines, int first, int step);

// MARK: operations (operations.c)

/// vips_image_new_from_file(path, NULL): opens lazily, reads the header only.
VipsImage *imgsite_vips_open_header(const char *path);

/// vips_thumbnail(path, &out, width, "height", huge, "size", DOWN,
/// "fail_on", fail_on [, "export_profile", "srgb"]): shrink-on-load and
/// auto-rotate. With `to_srgb`, the embedded (or CMYK fallback) profile is
/// converted to sRGB; libvips 8.14 otherwise keeps the source's colour space.
int imgsite_vips_thumbnail_file(const char *path, VipsImage **out, int width,
                                VipsFailOn fail_on, int to_srgb);


/// vips_thumbnail_image(in, &out, width, "height", huge, "size", DOWN,
/// "no_rotate", TRUE): a smaller width from an already decoded image.
int imgsite_vips_thumbnail_image(VipsImage *in, VipsImage **out, int width);

/* Exactly width x height, resampled as imgsite_vips_thumbnail_image does. */
int imgsite_vips_thumbnail_image_exact(VipsImage *in, VipsImage **out, int width, int height);

// MARK: horizontal reduction (reduceh.c)

/// Whether imgsite_reduceh() takes `in` to `width`: 8-bit, 1 or 3 bands,
/// no alpha, and narrower than it is.
int imgsite_reduceh_eligible(VipsImage *in, int width);

/// Where a reduce samples its input along one axis, in input pixels: output
/// pixel x is centred at (x + 0.5) * scale + shift, kept within [low, high]
/// when high > 0. Without one, centres line up (scale = the ratio of
/// the sizes).
typedef struct {
  double scale, shift, low, high;
} ImgsiteReduceAxis;

/// `in` (pixels in memory, eligible) reduced to `width` with Lanczos-3, rows
/// untouched: libvips' reduceh, vectorised, on `axis` (NULL: centres lined
/// up). Returns an image in memory.
int imgsite_reduceh(VipsImage *in, VipsImage **out, int width, const ImgsiteReduceAxis *axis);

/// `in` (pixels in memory, eligible) reduced to `height` rows with
/// Lanczos-3, columns untouched, on `axis` as imgsite_reduceh. Returns an
/// image in memory (reducev.c).
int imgsite_reducev(VipsImage *in, VipsImage **out, int height, const ImgsiteReduceAxis *axis);

/// The inner loop of both passes (lanczos_sum.c): out[i] = the sum over
/// t < taps of weights[t] × lines[t × step + i] for i < count, the weights
/// in 14-bit fixed point, rounded half up and clamped to 0-255. AVX2 where
/// the CPU has it.
void imgsite_lanczos_sum(const VipsPel *lines, size_t step, const int16_t *weights, int taps, VipsPel *out,
                         size_t count);
/// The same without vector code: the bytes every machine writes (VipsResizeTests).
void imgsite_lanczos_sum_portable(const VipsPel *lines, size_t step, const int16_t *weights, int taps, VipsPel *out,
                                  size_t count);

typedef struct {
  ImgsiteReduceAxis horizontal, vertical;
} ImgsiteReduceGrid;

/// `in` (8-bit, no alpha) reduced to `width` × `height`, neither larger
/// than its own: imgsite_reducev then imgsite_reduceh, each only if its side
/// shrinks, on `grid` (NULL: centres lined up). In memory.
int imgsite_reduce(VipsImage *in, VipsImage **out, int width, int height, const ImgsiteReduceGrid *grid);

/// vips_jpegload with shrink (libjpeg's DCT scaling by 2, 4 or 8, chosen by
/// the caller to stay at or above the target), decoded into memory on this
/// thread (so its messages are this thread's), then
/// vips_thumbnail_image for the rest: vips_thumbnail alone keeps a factor of
/// 2 for its final resize and so decodes 4x the pixels at 1.5-2.9x shrinks.
/// With `own_reduce`, left at its full width when imgsite_reduceh can
/// finish it (upright, 8-bit, no alpha): then `*pending_width` is the
/// width still to reduce to, else 0.
int imgsite_vips_jpeg_shrunk_vertical(const char *path, VipsImage **out, int width, VipsFailOn fail_on,
                                      int to_srgb, int shrink, int own_reduce, int *pending_width);

// MARK: plain JPEGs through libjpeg-turbo directly (jpeg.c)

/// A plain JPEG (8-bit YCbCr or grey) at 1/`shrink` (1, 2, 4 or 8), as
/// vips_jpegload with fail_on=warning gives it, into memory. -1 for any
/// other JPEG and for any damage, including what libjpeg only warns of.
/// No metadata: the caller reads the header through libvips.
int imgsite_jpeg_decode(const char *path, int shrink, VipsImage **out);

/// Whether imgsite_jpeg_encode() takes `in`: 8-bit sRGB (3 bands) or grey
/// (1 band) pixels already in memory.
int imgsite_jpeg_encodable(VipsImage *in);

/// vips_jpegsave_buffer's bytes with `strip` on and imgsite's settings
/// (optimised Huffman tables; progressive; 4:2:0 when `subsample`, else
/// 4:4:4). `*buf` is malloc'd: the caller frees it.
int imgsite_jpeg_encode(VipsImage *in, void **buf, size_t *len, int quality, int progressive, int subsample);

// MARK: a JPEG's entropy-coded data checked to its end (jpeg_scan.c)

/// The warnings libjpeg gives decoding `data` to its end (the first in
/// `message`): "N extraneous bytes before marker" when the blocks run out
/// before the data does, as after garbage written over a scan. -1 when
/// libjpeg cannot decode it at all (libvips' path says why).
int imgsite_jpeg_scan_check(const unsigned char *data, size_t size, char *message, size_t message_size);

// MARK: a JPEG's Y, Cb and Cr planes (jpeg_planes.c)

/// The Y, Cb and Cr planes of an 8-bit YCbCr JPEG sampled 4:4:4, 4:2:2 or
/// 4:2:0, at 1/`shrink` (1, 2, 4 or 8), each a one-band image in memory of
/// the size libjpeg decodes it at (chroma may come at full size when
/// scaled). -1 for any other JPEG and for any damage, as imgsite_jpeg_decode.
int imgsite_jpeg_decode_planes(const char *path, int shrink, VipsImage **planes);

/// A 4:2:0 JPEG of Y, Cb and Cr planes in memory, the chroma planes half
/// the luma's size rounded up, with imgsite_jpeg_encode's other settings.
/// `*buf` is malloc'd: the caller frees it.
int imgsite_jpeg_encode_planes(VipsImage **planes, void **buf, size_t *len, int quality, int progressive);

/// The planes imgsite_jpeg_encode_planes takes, as 8-bit sRGB in memory.
int imgsite_jpeg_planes_to_rgb(VipsImage **planes, VipsImage **out);

/// Whether an ICC profile maps every colour to itself within one level,
/// through the transform to sRGB a build would make (icc.c): an sRGB
/// profile, whatever its name or form. 0 when not, or when lcms cannot use it.
int imgsite_icc_is_srgb(const void *profile, size_t length);

/// 1 when imgsite_icc_is_srgb tells lcms's own sRGB profile from one with
/// wider primaries, as it must for the shortcut to be used (icc.c).
int imgsite_icc_self_check(void);

/// vips_resize(in, &out, hscale, "vscale", vscale): an exact target grid.
int imgsite_vips_resize(VipsImage *in, VipsImage **out, double hscale,
                        double vscale);

/// vips_composite2(base, overlay, &out, OVER, "x", x, "y", y): a watermark laid on a photo.
int imgsite_vips_composite_over(VipsImage *base, VipsImage *overlay, int x, int y, VipsImage **out);
/// vips_insert(main, sub, &out, x, y): `sub` pasted over `main` (of its bands and format).
int imgsite_vips_insert(VipsImage *main, VipsImage *sub, int x, int y, VipsImage **out);
/// vips_text(&out, text, "font", font, "dpi", dpi): a one-band mask of the
/// text (fails where libvips has no text rendering: built without pangocairo).
int imgsite_vips_text(const char *text, const char *font, int dpi, VipsImage **out);
/// vips_flatten(in, &out, "background", [r, g, b]): drop alpha over a colour.
int imgsite_vips_flatten(VipsImage *in, VipsImage **out, double r, double g,
                         double b);

/// vips_colourspace(in, &out, space): e.g. b-w or CMYK to sRGB.
int imgsite_vips_colourspace(VipsImage *in, VipsImage **out,
                             VipsInterpretation space);

/// vips_icc_transform(in, &out, "srgb", "embedded", TRUE, "input_profile",
/// cmyk-or-srgb): libvips' own colour-managed conversion, used by tests as
/// the reference.
int imgsite_vips_icc_to_srgb(VipsImage *in, VipsImage **out);

/// vips_cast(in, &out, VIPS_FORMAT_UCHAR).
int imgsite_vips_cast_uchar(VipsImage *in, VipsImage **out);

/// vips_jpegsave_buffer with quality, Huffman optimisation, progressive
/// scans and forced 4:2:0 (`subsample` 1) or 4:4:4 (0). `strip` drops metadata.
int imgsite_vips_jpegsave_buffer(VipsImage *in, void **buf, size_t *len,
                                 int quality, int progressive, int subsample,
                                 int strip);

/// vips_webpsave_buffer for placeholders: quality for colour and for the
/// alpha plane (alpha_q; libvips stores alpha losslessly by default, which
/// triples a 16 px placeholder), effort 6.
int imgsite_vips_webpsave_tiny_buffer(VipsImage *in, void **buf, size_t *len,
                                      int quality, int alpha_quality);

/// vips_webpsave_buffer with quality and effort. libvips 8.14 ignores
/// `strip` here: callers remove metadata fields before saving.
int imgsite_vips_webpsave_buffer(VipsImage *in, void **buf, size_t *len,
                                 int quality, int effort);

/// vips_heifsave_buffer as AV1 (AVIF) with quality, effort, 4:2:0; `strip`
/// 0 writes the EXIF rebuilt from the image's remaining exif-* fields.
int imgsite_vips_avifsave_buffer(VipsImage *in, void **buf, size_t *len,
                                 int quality, int effort, int strip);

/// vips_jxlsave_buffer with quality and effort. libvips 8.14 writes a bare
/// codestream with no metadata at all, whatever `strip` says.
int imgsite_vips_jxlsave_buffer(VipsImage *in, void **buf, size_t *len,
                                int quality, int effort);

/// vips_image_new_from_buffer(buf, len, "", NULL): decode an encoded image
/// (tests and checks read back what was written).
VipsImage *imgsite_vips_open_buffer(const void *buf, size_t len);

// MARK: animation (animation.c)

/// Every page (frame) of a GIF or WebP, stacked: "page-height", "delay"
/// (ms per frame) and "loop" are set. `fail_on`: a VipsFailOn.
int imgsite_vips_load_pages(const char *path, VipsImage **out, int fail_on);
/// vips_pngload_buffer: one frame of a demuxed APNG.
int imgsite_vips_pngload_buffer(const void *buf, size_t len, VipsImage **out);
int imgsite_vips_crop(VipsImage *in, VipsImage **out, int left, int top, int width, int height);
/// `in` (images of one width) one above the other.
int imgsite_vips_stack(VipsImage **in, int n, VipsImage **out);
/// sRGB, 8 bits, with an alpha band (added opaque when missing).
int imgsite_vips_rgba(VipsImage *in, VipsImage **out);
/// A copy of RGBA pixels as an sRGB image.
int imgsite_vips_from_rgba(const void *pixels, size_t len, int width, int height, VipsImage **out);
/// Whether this libvips has a GIF saver: cgif with a palette quantiser
/// (libimagequant, GPL-3, or quantizr); one built without them (imgsite's
/// release bundle) has none. Asked after vips_init.
int imgsite_vips_writes_gif(void);

/// vips_gifsave_buffer (cgif): `interframe_maxerror` lets unchanged-looking
/// pixels of a frame stay transparent; `reuse` keeps one palette.
int imgsite_vips_gifsave_buffer(VipsImage *in, void **buf, size_t *len, int effort,
                                double interframe_maxerror, int reuse);
/// vips_webpsave_buffer for a strip of frames, with min_size (inter-frame
/// optimisation).
int imgsite_vips_webpsave_animated_buffer(VipsImage *in, void **buf, size_t *len,
                                          int quality, int effort, int lossless);

/// G_TYPE_STRING is a macro Swift cannot import: the type of a string field.
static inline GType imgsite_gtype_string(void) { return G_TYPE_STRING; }

/// vips_autorot: upright by the EXIF orientation tag (the quality
/// reference of a full decode; imgsite's own path rotates in thumbnail).
int imgsite_vips_autorot(VipsImage *in, VipsImage **out);

/* vips_autorot of `in` as if tagged with EXIF `orientation` (1-8). */
int imgsite_vips_upright(VipsImage *in, VipsImage **out, int orientation);

/// The mean over every pixel and band of (a - b)², computed by libvips
/// (vips_subtract, vips_multiply, vips_avg) on images of the same size.
int imgsite_vips_mean_squared_difference(VipsImage *a, VipsImage *b,
                                         double *out);

// MARK: gain maps (gainmap.c)

/// A gain map's parameters as libvips 8.18 names them on an image
/// ("gainmap-max-content-boost" and the rest; Ultra HDR's and ISO
/// 21496-1's): per channel where three, linear ratios, not stops.
typedef struct {
  double max_content_boost[3], min_content_boost[3], gamma[3], offset_sdr[3], offset_hdr[3];
  double hdr_capacity_min, hdr_capacity_max;
  int use_base_colour_gamut;
} ImgsiteGainMapMetadata;

/// Whether this libvips has the uhdrload and uhdrsave operations (libvips
/// 8.18 or newer built with libultrahdr; the functions are checked apart).
/// IMGSITE_LIBVIPS_WITHOUT=uhdrsave_buffer acts as if not.
int imgsite_vips_gainmaps(void);

/// vips_image_get_gainmap: the gain map of an image uhdrload opened (its
/// "gainmap-data" decoded), or the one attached as "gainmap"; NULL if none.
/// A new reference.
VipsImage *imgsite_vips_gainmap(VipsImage *image);

/// The gain-map parameters an image carries; -1 if any is missing.
int imgsite_vips_gainmap_metadata(VipsImage *image, ImgsiteGainMapMetadata *metadata);

/// A copy of `base` carrying `gainmap` and `metadata`, as uhdrsave writes them.
int imgsite_vips_gainmap_attach(VipsImage *base, VipsImage *gainmap, const ImgsiteGainMapMetadata *metadata,
                                VipsImage **out);

/// vips_uhdrsave_buffer(in, ..., "Q", quality, "keep", GAINMAP): an Ultra
/// HDR JPEG of an sRGB image carrying a gain map, no other metadata.
int imgsite_vips_uhdrsave_buffer(VipsImage *in, void **buf, size_t *len, int quality);

/// A one-band 8-bit image of `pixels` (rows packed), copied.
int imgsite_vips_grey_image(const uint8_t *pixels, int width, int height, VipsImage **out);

/// vips_maplut: each 8-bit value of `in` replaced by `table`'s entry.
int imgsite_vips_maplut(VipsImage *in, const uint8_t table[256], VipsImage **out);

/// vips_cast to 32-bit float, values kept (a rendition's linear light, for measuring).
int imgsite_vips_cast_float(VipsImage *in, VipsImage **out);

/// vips_uhdr2scRGB: the HDR rendition of an image with a gain map, as
/// linear scRGB floats (tests and `make bench-hdr` measure with it).
int imgsite_vips_uhdr_to_scrgb(VipsImage *in, VipsImage **out);

// MARK: HDR light (light.c)

/// vips_maplut with a table of `entries` floats: a 16-bit signal made light.
int imgsite_vips_maplut_float(VipsImage *in, const float *table, int entries, VipsImage **out);
/// vips_recomb: each pixel's bands times the `rows` × `columns` matrix (row-major).
int imgsite_vips_recomb(VipsImage *in, VipsImage **out, const double *matrix, int rows, int columns);
/// vips_linear1: a × in + b, as float.
int imgsite_vips_linear1(VipsImage *in, VipsImage **out, double a, double b);
/// vips_multiply, vips_divide: pixel by pixel (a one-band image applies to every band).
int imgsite_vips_multiply(VipsImage *left, VipsImage *right, VipsImage **out);
int imgsite_vips_divide(VipsImage *left, VipsImage *right, VipsImage **out);
/// vips_log: the natural logarithm.
int imgsite_vips_log(VipsImage *in, VipsImage **out);
/// vips_pow_const1: in raised to `exponent`.
int imgsite_vips_pow_const(VipsImage *in, VipsImage **out, double exponent);
/// Negative values made 0 (a resampler's ringing below black, colours outside sRGB's gamut).
int imgsite_vips_clamp_positive(VipsImage *in, VipsImage **out);
/// vips_cast to 16-bit unsigned, clipped: an index into a table of 65,536.
int imgsite_vips_cast_ushort(VipsImage *in, VipsImage **out);
/// vips_max: the largest value of any band.
int imgsite_vips_max(VipsImage *in, double *out);
/// vips_copy with another interpretation: the same pixels, read as `interpretation`.
int imgsite_vips_interpreted(VipsImage *in, VipsImage **out, VipsInterpretation interpretation);

#endif
