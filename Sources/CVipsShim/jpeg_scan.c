// Whether a JPEG's entropy-coded data ends where its last block does.
//
// Garbage written over part of a scan (a bad sector, a broken transfer)
// with no 0xFF byte in it raises no marker: libjpeg decodes on out of step,
// painting the rest of the photo in shifted colours, and says nothing
// while it reads lines. Only the end tells: the blocks run out before the
// data does, and the bytes left before the next marker are "extraneous",
// which libjpeg warns of in jpeg_finish_decompress (libvips does not ask).
// Decoded at 1/8, so the cost is the entropy decode alone.
#include <string.h>

#include "CVipsShim.h"
#include "jpeg_common.h"

typedef struct {
  struct jpeg_error_mgr manager;
  jmp_buf jump;
  int warnings;
  char first[JMSG_LENGTH_MAX];
} ScanErrors;

static void scan_error_exit(j_common_ptr common) { longjmp(((ScanErrors *)common->err)->jump, 1); }

static void scan_emit_message(j_common_ptr common, int level) {
  ScanErrors *errors = (ScanErrors *)common->err;
  if (level < 0 && errors->warnings++ == 0) common->err->format_message(common, errors->first);
}

int imgsite_jpeg_scan_check(const unsigned char *data, size_t size, char *message, size_t message_size) {
  struct jpeg_decompress_struct cinfo;
  ScanErrors errors;
  memset(&errors, 0, sizeof errors);
  cinfo.err = jpeg_std_error(&errors.manager);
  errors.manager.error_exit = scan_error_exit;
  errors.manager.emit_message = scan_emit_message;
  if (setjmp(errors.jump)) {
    jpeg_destroy_decompress(&cinfo);
    return -1;
  }
  jpeg_create_decompress(&cinfo);
  jpeg_mem_src(&cinfo, data, (unsigned long)size);
  jpeg_read_header(&cinfo, TRUE);
  cinfo.scale_num = 1;
  cinfo.scale_denom = 8;
  cinfo.dct_method = JDCT_IFAST;
  cinfo.do_fancy_upsampling = FALSE;
  cinfo.do_block_smoothing = FALSE;
  jpeg_start_decompress(&cinfo);
  JSAMPARRAY row = (*cinfo.mem->alloc_sarray)((j_common_ptr)&cinfo, JPOOL_IMAGE,
                                              cinfo.output_width * cinfo.output_components, 1);
  while (cinfo.output_scanline < cinfo.output_height) jpeg_read_scanlines(&cinfo, row, 1);
  jpeg_finish_decompress(&cinfo);
  jpeg_destroy_decompress(&cinfo);
  if (errors.warnings && message_size) {
    strncpy(message, errors.first, message_size - 1);
    message[message_size - 1] = 0;
  }
  return errors.warnings;
}
