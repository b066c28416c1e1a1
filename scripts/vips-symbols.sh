#!/usr/bin/env bash
# Rewrites Sources/CVipsLoader/vips_symbols.h: every libvips function the
# objects of a debug build with tests call (`swift build --build-tests`
# first). Run it when a link fails with "undefined reference to `vips_…'":
# CVipsLoader defines only the functions that file lists.
set -euo pipefail
cd "$(dirname "$0")/.."
libvips=$(pkg-config --variable=libdir vips)/libvips.so
objects=$(find .build/debug/ -path '*.build/*.o' \( -path '*/CVipsShim.build/*' -o -path '*/Vips.build/*' \
  -o -path '*/ImgSite*.build/*' -o -path '*/VipsTests.build/*' -o -path '*/imgsite.build/*' \))
out=Sources/CVipsLoader/vips_symbols.h
{
  grep '^//' "$out"
  # Called, defined by libvips, and not defined here (the shim's vips_error
  # interposes libvips' own and must not get an entry point too).
  comm -12 <(nm -D --defined-only "$libvips" | awk '$2 == "T" { print $3 }' | sort -u) \
    <(nm -u $objects | awk '{ print $2 }' | sort -u) |
    comm -23 - <(nm --defined-only $objects 2>/dev/null | awk '{ print $3 }' | sort -u) | sed 's/.*/LAZY(&)/'
} > "$out.new"
mv "$out.new" "$out"
echo "$(grep -c '^LAZY' "$out") functions in $out"
