// Plain JPEGs decoded and encoded with libjpeg-turbo directly.
//
// libvips spends more around libjpeg than libjpeg itself spends on a photo
// made 800 px wide: a pipeline per load and per save, region buffers, and
// hand-offs between its threads. For the common case (an 8-bit YCbCr or
// grey JPEG, no profile to apply, nothing kept but the pixels)
// these calls do the same work with the same settings as vips_jpegload
// (`shrink`) and vips_jpegsave (`strip`, `optimize_coding`), straight into
// and out of an image in memory: the pixels are libvips', and so are the
// bytes but for progressive files' scans (below; VipsJPEGTests). Anything
// else returns -1 and the caller takes libvips' path, which also gives the
// messages for damaged files.
#include <stdlib.h>

#include "CVipsShim.h"
#include "jpeg_common.h"
#include "vips_calls.h"

static void error_exit(j_common_ptr common) {
  ErrorJump *error = (ErrorJump *)common->err;
  char message[JMSG_LENGTH_MAX];
  common->err->format_message(common, message);
  imgsite_error("imgsite_jpeg", "%s", message);
  longjmp(error->jump, 1);
}

static void emit_message(j_common_ptr common, int level) {
  if (level < 0) {
    common->err->error_exit(common);
  }
}

void imgsite_jpeg_errors_init(ErrorJump *error) {
  jpeg_std_error(&error->manager);
  error->manager.error_exit = error_exit;
  error->manager.emit_message = emit_message;
}

// Progressive scans. libjpeg's standard script (jpeg_simple_progression,
// as vips_jpegsave and Pillow use) sends luma's AC in three bit-planes and
// each chroma plane's in two; with optimised Huffman tables every scan is
// coded twice (statistics, then output), and refinement scans cost the most.
// These send the chroma and luma's first two AC whole, then luma's others
// in two: on corpus photos at 320-2,048 px, a quarter less CPU per file
// and 0.5-1 % fewer bytes (docs/benchmarks.md). Scans only order
// the same quantised coefficients: the pixels are the same.
static const jpeg_scan_info colour_scans[] = {
    {3, {0, 1, 2}, 0, 0, 0, 0},  // every plane's DC: an eighth-size picture
    {1, {0}, 1, 2, 0, 0},        // luma's first AC: a sharper grey one
    {1, {2}, 1, 63, 0, 0},       // the colour
    {1, {1}, 1, 63, 0, 0},
    {1, {0}, 3, 9, 0, 1},  // luma's other AC but their last bit, low frequencies first
    {1, {0}, 10, 63, 0, 1},
    {1, {0}, 3, 63, 1, 0},  // that last bit
};
static const jpeg_scan_info grey_scans[] = {
    {1, {0}, 0, 0, 0, 0}, {1, {0}, 1, 2, 0, 0}, {1, {0}, 3, 9, 0, 1}, {1, {0}, 10, 63, 0, 1}, {1, {0}, 3, 63, 1, 0},
};

static void set_scans(struct jpeg_compress_struct *cinfo, int components) {
  cinfo->scan_info = components == 3 ? colour_scans : grey_scans;
  cinfo->num_scans = components == 3 ? (int)(sizeof colour_scans / sizeof *colour_scans)
                                     : (int)(sizeof grey_scans / sizeof *grey_scans);
}

void imgsite_jpeg_set_encoding(struct jpeg_compress_struct *cinfo, int width, int height, int components,
                               J_COLOR_SPACE space, int quality, int progressive, int chroma_factor) {
  cinfo->image_width = width;
  cinfo->image_height = height;
  cinfo->input_components = components;
  cinfo->in_color_space = space;
  jpeg_set_defaults(cinfo);
  jpeg_set_quality(cinfo, quality, TRUE);
  cinfo->optimize_coding = TRUE;
  if (progressive) set_scans(cinfo, components);
  if (components == 3) {
    cinfo->comp_info[0].h_samp_factor = chroma_factor;
    cinfo->comp_info[0].v_samp_factor = chroma_factor;
  }
  // With strip, vips_jpegsave writes no JFIF (nor any other) marker.
  cinfo->write_JFIF_header = FALSE;
}

static int decode_into(struct jpeg_decompress_struct *cinfo, VipsImage *image) {
  while (cinfo->output_scanline < cinfo->output_height) {
    JSAMPROW rows[16];
    int count = (int)(cinfo->output_height - cinfo->output_scanline);
    if (count > 16) count = 16;
    for (int i = 0; i < count; i++) rows[i] = VIPS_IMAGE_ADDR(image, 0, cinfo->output_scanline + i);
    if (jpeg_read_scanlines(cinfo, rows, count) == 0) return -1;
  }
  return 0;
}

int imgsite_jpeg_decompress(const char *path, int shrink, int (*read)(struct jpeg_decompress_struct *, VipsImage **),
                            VipsImage **images, int count) {
  for (int i = 0; i < count; i++) images[i] = NULL;
  FILE *file = fopen(path, "rb");
  if (!file) {
    imgsite_error("imgsite_jpeg", "cannot open %s", path);
    return -1;
  }
  struct jpeg_decompress_struct cinfo;
  ErrorJump error;
  cinfo.err = &error.manager;
  imgsite_jpeg_errors_init(&error);
  if (setjmp(error.jump)) {
    jpeg_destroy_decompress(&cinfo);
    fclose(file);
    for (int i = 0; i < count; i++)
      if (images[i]) {
        g_object_unref(images[i]);
        images[i] = NULL;
      }
    return -1;
  }
  jpeg_create_decompress(&cinfo);
  jpeg_stdio_src(&cinfo, file);
  jpeg_read_header(&cinfo, TRUE);
  cinfo.scale_num = 1;
  cinfo.scale_denom = shrink;
  if (read(&cinfo, images)) longjmp(error.jump, 1);
  jpeg_finish_decompress(&cinfo);
  jpeg_destroy_decompress(&cinfo);
  fclose(file);
  return 0;
}

static int read_pixels(struct jpeg_decompress_struct *cinfo, VipsImage **image) {
  int grey = cinfo->jpeg_color_space == JCS_GRAYSCALE && cinfo->num_components == 1;
  int colour = cinfo->jpeg_color_space == JCS_YCbCr && cinfo->num_components == 3;
  if ((!grey && !colour) || (cinfo->data_precision != 8)) {
    imgsite_error("imgsite_jpeg", "not a plain 8-bit YCbCr or grey JPEG");
    return -1;
  }
  cinfo->out_color_space = grey ? JCS_GRAYSCALE : JCS_RGB;
  jpeg_start_decompress(cinfo);
  *image = vips_image_new_memory();
  vips_image_init_fields(*image, cinfo->output_width, cinfo->output_height, cinfo->output_components, VIPS_FORMAT_UCHAR,
                         VIPS_CODING_NONE, grey ? VIPS_INTERPRETATION_B_W : VIPS_INTERPRETATION_sRGB, 1.0, 1.0);
  return vips_image_write_prepare(*image) || decode_into(cinfo, *image);
}

int imgsite_jpeg_decode(const char *path, int shrink, VipsImage **out) {
  return imgsite_jpeg_decompress(path, shrink, read_pixels, out, 1);
}

int imgsite_jpeg_encodable(VipsImage *in) {
  VipsInterpretation type = vips_image_get_interpretation(in);
  return in->BandFmt == VIPS_FORMAT_UCHAR && in->Coding == VIPS_CODING_NONE && in->data &&
         ((in->Bands == 3 && type == VIPS_INTERPRETATION_sRGB) || (in->Bands == 1 && type == VIPS_INTERPRETATION_B_W));
}

int imgsite_jpeg_compress(void **buf, size_t *len, void (*write)(struct jpeg_compress_struct *, const void *),
                          const void *context) {
  struct jpeg_compress_struct cinfo;
  ErrorJump error;
  cinfo.err = &error.manager;
  imgsite_jpeg_errors_init(&error);
  unsigned char *volatile bytes = NULL;
  unsigned long length = 0;
  if (setjmp(error.jump)) {
    jpeg_destroy_compress(&cinfo);
    free(bytes);
    return -1;
  }
  jpeg_create_compress(&cinfo);
  jpeg_mem_dest(&cinfo, (unsigned char **)&bytes, &length);
  write(&cinfo, context);
  jpeg_finish_compress(&cinfo);
  jpeg_destroy_compress(&cinfo);
  *buf = bytes;
  *len = length;
  return 0;
}

typedef struct {
  VipsImage *in;
  int quality, progressive, subsample;
} Pixels;

static void write_pixels(struct jpeg_compress_struct *cinfo, const void *context) {
  const Pixels *pixels = context;
  VipsImage *in = pixels->in;
  // 4:2:0 (libjpeg's default) or 4:4:4, as subsample_mode on or off.
  imgsite_jpeg_set_encoding(cinfo, in->Xsize, in->Ysize, in->Bands, in->Bands == 1 ? JCS_GRAYSCALE : JCS_RGB,
                            pixels->quality, pixels->progressive, pixels->subsample ? 2 : 1);
  jpeg_start_compress(cinfo, TRUE);
  while (cinfo->next_scanline < cinfo->image_height) {
    JSAMPROW rows[16];
    int count = 0;
    for (; count < 16 && cinfo->next_scanline + count < cinfo->image_height; count++)
      rows[count] = VIPS_IMAGE_ADDR(in, 0, cinfo->next_scanline + count);
    jpeg_write_scanlines(cinfo, rows, count);
  }
}

int imgsite_jpeg_encode(VipsImage *in, void **buf, size_t *len, int quality, int progressive, int subsample) {
  if (!imgsite_jpeg_encodable(in)) {
    imgsite_error("imgsite_jpeg", "needs 8-bit sRGB or grey pixels in memory");
    return -1;
  }
  const Pixels pixels = {in, quality, progressive, subsample};
  return imgsite_jpeg_compress(buf, len, write_pixels, &pixels);
}
