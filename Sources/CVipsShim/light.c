// The arithmetic an HDR still in PQ or HLG light needs to become an SDR
// base and a gain map (Sources/ImgSitePlanning/HDR/HDRLight.swift): each a thin
// wrapper of one variadic libvips call; the transfer functions, matrices
// and tone curve are Swift's, handed over as tables and numbers.
#include "CVipsShim.h"
#include "vips_calls.h"

int imgsite_vips_maplut_float(VipsImage *in, const float *table, int entries, VipsImage **out) {
  VipsImage *lut = vips_image_new_from_memory_copy(table, (size_t)entries * sizeof(float), entries, 1, 1, VIPS_FORMAT_FLOAT);
  if (!lut) return -1;
  int result = vips_maplut(in, out, lut, NULL);
  g_object_unref(lut);
  return result;
}

int imgsite_vips_recomb(VipsImage *in, VipsImage **out, const double *matrix, int rows, int columns) {
  VipsImage *m = vips_image_new_matrix_from_array(columns, rows, matrix, rows * columns);
  if (!m) return -1;
  int result = vips_recomb(in, out, m, NULL);
  g_object_unref(m);
  return result;
}

int imgsite_vips_linear1(VipsImage *in, VipsImage **out, double a, double b) { return vips_linear1(in, out, a, b, NULL); }

int imgsite_vips_multiply(VipsImage *left, VipsImage *right, VipsImage **out) { return vips_multiply(left, right, out, NULL); }

int imgsite_vips_divide(VipsImage *left, VipsImage *right, VipsImage **out) { return vips_divide(left, right, out, NULL); }

int imgsite_vips_log(VipsImage *in, VipsImage **out) { return vips_log(in, out, NULL); }

int imgsite_vips_pow_const(VipsImage *in, VipsImage **out, double exponent) { return vips_pow_const1(in, out, exponent, NULL); }

int imgsite_vips_max(VipsImage *in, double *out) { return vips_max(in, out, NULL); }

int imgsite_vips_interpreted(VipsImage *in, VipsImage **out, VipsInterpretation interpretation) {
  return vips_copy(in, out, "interpretation", interpretation, NULL);
}

// max(x, 0) as (x + |x|) / 2: libvips 8.14 has no maxpair.
int imgsite_vips_clamp_positive(VipsImage *in, VipsImage **out) {
  VipsImage *magnitude, *sum;
  if (vips_abs(in, &magnitude, NULL)) return -1;
  int failed = vips_add(in, magnitude, &sum, NULL);
  g_object_unref(magnitude);
  if (failed) return -1;
  failed = vips_linear1(sum, out, 0.5, 0, NULL);
  g_object_unref(sum);
  return failed;
}

int imgsite_vips_cast_ushort(VipsImage *in, VipsImage **out) { return vips_cast(in, out, VIPS_FORMAT_USHORT, NULL); }
