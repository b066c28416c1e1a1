// Whether an embedded ICC profile is sRGB itself.
//
// Many cameras and editors embed an sRGB profile (often a compact v4 one)
// in files that are sRGB anyway. Transforming from it changes no pixel but
// costs a colour transform per photo, and keeps the photo off the paths
// that skip libvips' pipeline. Rather than trust a profile's name or parse
// its tags (matrix and curves, or lookup tables), this asks lcms: a cube of
// colours goes through the transform from the profile to sRGB.
#include <stdlib.h>

#include <lcms2.h>

#include "CVipsShim.h"
#include "vips_calls.h"

// 17 levels a channel (0, 16, ..., 240, 255): every corner, edge and
// interior step of the colour cube.
#define LEVELS 17
#define COLOURS (LEVELS * LEVELS * LEVELS)

static int maps_to_itself(cmsHPROFILE profile) {
  unsigned char cube[COLOURS * 3];
  unsigned char out[COLOURS * 3];
  unsigned char *p = cube;
  for (int r = 0; r < LEVELS; r++)
    for (int g = 0; g < LEVELS; g++)
      for (int b = 0; b < LEVELS; b++) {
        const int levels[3] = {r, g, b};
        for (int c = 0; c < 3; c++) *p++ = (unsigned char)(levels[c] * 16 > 255 ? 255 : levels[c] * 16);
      }
  cmsHPROFILE srgb = cmsCreate_sRGBProfile();
  if (!srgb) return 0;
  // The intent libvips' transforms use by default.
  cmsHTRANSFORM transform = cmsCreateTransform(profile, TYPE_RGB_8, srgb, TYPE_RGB_8, INTENT_RELATIVE_COLORIMETRIC, 0);
  int same = 0;
  if (transform) {
    cmsDoTransform(transform, cube, out, COLOURS);
    cmsDeleteTransform(transform);
    same = 1;
    // Within one level: the rounding of an 8-bit transform.
    for (int i = 0; i < COLOURS * 3 && same; i++) same = abs(out[i] - cube[i]) <= 1;
  }
  cmsCloseProfile(srgb);
  return same;
}

int imgsite_icc_is_srgb(const void *data, size_t length) {
  if (!data || length < 128) return 0;  // not even a profile header
  cmsHPROFILE profile = cmsOpenProfileFromMem(data, (cmsUInt32Number)length);
  if (!profile) return 0;
  int srgb = cmsGetColorSpace(profile) == cmsSigRgbData && maps_to_itself(profile);
  cmsCloseProfile(profile);
  return srgb;
}

// The check's own answers: lcms's built-in sRGB profile is sRGB, and a
// profile with Adobe RGB (1998)'s wider primaries is not.
int imgsite_icc_self_check(void) {
  int passed = 0;
  cmsHPROFILE srgb = cmsCreate_sRGBProfile();
  cmsCIExyY white = {0.3127, 0.3290, 1.0};
  cmsCIExyYTRIPLE wide = {{0.64, 0.33, 1.0}, {0.21, 0.71, 1.0}, {0.15, 0.06, 1.0}};
  cmsToneCurve *gamma = cmsBuildGamma(NULL, 2.2);
  cmsToneCurve *curves[3] = {gamma, gamma, gamma};
  cmsHPROFILE adobe = gamma ? cmsCreateRGBProfile(&white, &wide, curves) : NULL;
  cmsUInt32Number sizes[2] = {0, 0};
  if (srgb && adobe && cmsSaveProfileToMem(srgb, NULL, &sizes[0]) && cmsSaveProfileToMem(adobe, NULL, &sizes[1])) {
    void *bytes[2] = {malloc(sizes[0]), malloc(sizes[1])};
    if (bytes[0] && bytes[1] && cmsSaveProfileToMem(srgb, bytes[0], &sizes[0]) && cmsSaveProfileToMem(adobe, bytes[1], &sizes[1]))
      passed = imgsite_icc_is_srgb(bytes[0], sizes[0]) == 1 && imgsite_icc_is_srgb(bytes[1], sizes[1]) == 0;
    free(bytes[0]);
    free(bytes[1]);
  }
  if (adobe) cmsCloseProfile(adobe);
  if (srgb) cmsCloseProfile(srgb);
  if (gamma) cmsFreeToneCurve(gamma);
  return passed;
}
