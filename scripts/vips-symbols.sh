#!/usr/bin/env bash
# Adds to Sources/CVipsShim/vips_symbols.h (and rewrites vips_calls.h from
# it) every libvips function the objects of a debug build with tests call by
# name. Run it when a link fails with "undefined reference to `vips_…'"
# (after `swift build --build-tests`): imgsite is not linked to libvips and
# reaches only the functions that file lists, through the table of
# vips_functions.h. Functions Swift calls also need a definition in
# swift_calls.c.
set -euo pipefail
cd "$(dirname "$0")/.."
libvips=$(pkg-config --variable=libdir vips)/libvips.so
objects=$(find .build/debug/ -path '*.build/*.o' \( -path '*/CVipsShim.build/*' -o -path '*/Vips.build/*' \
  -o -path '*/ImgSite*.build/*' -o -path '*/VipsTests.build/*' -o -path '*/imgsite.build/*' \))
folder=Sources/CVipsShim
listed=$(sed -nE 's/^LAZY\((.*)\)$/\1/p' "$folder/vips_symbols.h")
# OPTIONAL(name): a function one feature needs, which a libvips may lack; kept as marked.
optional=$(sed -nE 's/^OPTIONAL\((.*)\)$/\1/p' "$folder/vips_symbols.h")
# Called by name, defined by libvips, and not defined here (the interposers'
# vips_error stands in for libvips' own).
new=$(comm -12 <(nm -D --defined-only "$libvips" | awk '$2 == "T" { print $3 }' | sort -u) \
  <(nm -u $objects | awk '{ print $2 }' | sort -u) |
  comm -23 - <(nm --defined-only $objects 2>/dev/null | awk '$2 == "T" { print $3 }' | sort -u))
{
  grep '^//' "$folder/vips_symbols.h"
  { printf '%s\n%s\n' "$listed" "$new" | grep . | comm -23 <(sort -u -) <(printf '%s\n' "$optional" | sort -u) | sed 's/.*/LAZY(&)/'
    printf '%s\n' "$optional" | grep . | sed 's/.*/OPTIONAL(&)/'; } | sort -t'(' -k2
} > "$folder/vips_symbols.h.new"
mv "$folder/vips_symbols.h.new" "$folder/vips_symbols.h"
{
  head -4 "$folder/vips_calls.h"
  echo
  sed -nE 's/^(LAZY|OPTIONAL)\((.*)\)$/#define \2 (imgsite_vips()->\2)/p' "$folder/vips_symbols.h"
} > "$folder/vips_calls.h.new"
mv "$folder/vips_calls.h.new" "$folder/vips_calls.h"
echo "$(grep -c -E '^(LAZY|OPTIONAL)' "$folder/vips_symbols.h") functions in $folder/vips_symbols.h${new:+; added: $(echo $new)}"
