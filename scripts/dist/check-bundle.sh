#!/usr/bin/env bash
# Checks an unpacked bundle (make dist runs it before packing; `make
# test-bundle` again on the tarball): every library each file needs resolves
# inside the bundle or is the C/C++ runtime, every library has its licence
# row and copyright file, and BUNDLE's glibc is the newest glibc symbol
# version any file uses.
set -euo pipefail
bundle=${1:?usage: check-bundle.sh UNPACKED-BUNDLE}
bundle=$(cd "$bundle" && pwd)
fail() { echo "check-bundle: $*" >&2; exit 1; }

files=("$bundle/bin/imgsite" "$bundle"/lib/*.so* "$bundle"/lib/vips-modules-*/*.so)
for file in "${files[@]}"; do
    # An empty LD_LIBRARY_PATH: only the files' own run paths and the system's.
    while read -r soname arrow path _; do
        [ "$arrow" = "=>" ] || continue
        [ "$path" = "not" ] && fail "${file#$bundle/} needs $soname, which is not in the bundle"
        path=$(realpath -m "$path")
        case "$soname" in
            ld-linux*|libc.so.*|libm.so.*|libdl.so.*|libpthread.so.*|librt.so.*|libresolv.so.*|libgcc_s.so.*|libstdc++.so.*) ;;
            *) case "$path" in
                   "$bundle"/lib/*) ;;
                   *) fail "${file#$bundle/} loads $soname from $path, outside the bundle" ;;
               esac ;;
        esac
    done < <(env LD_LIBRARY_PATH= ldd "$file")
done

manifest="$bundle/LICENSES/libraries.tsv"
[ -f "$manifest" ] || fail "no LICENSES/libraries.tsv"
for file in "$bundle"/lib/*.so* "$bundle"/lib/vips-modules-*/*.so; do
    soname=$(basename "$file")
    row=$(awk -F'\t' -v s="$soname" '$1 == s' "$manifest")
    [ -n "$row" ] || fail "$soname has no row in LICENSES/libraries.tsv"
    package=$(cut -f2 <<<"$row")
    [ -s "$bundle/LICENSES/$package.copyright" ] || fail "$soname: no LICENSES/$package.copyright"
done

# The font text watermarks are drawn in, the configuration naming it, its licence.
[ -s "$bundle/share/fonts/DejaVuSans-Bold.ttf" ] && [ -s "$bundle/share/fonts/fonts.conf" ] ||
    fail "no share/fonts/DejaVuSans-Bold.ttf and fonts.conf (text watermarks)"
[ -s "$bundle/LICENSES/fonts-dejavu-core.copyright" ] || fail "no LICENSES/fonts-dejavu-core.copyright"

# Every Swift package bin/imgsite links (Package.resolved's pins) and the
# toolchain's runtime and ICU have their notices.
resolved="$(dirname "$0")/../../Package.resolved"
[ -f "$resolved" ] || fail "no Package.resolved beside this script's repository: build imgsite first"
packages=0
while read -r identity _; do
    ls "$bundle/LICENSES/swift/$identity"/LICEN[CS]E* >/dev/null 2>&1 || fail "$identity (Package.resolved) has no licence in LICENSES/swift/$identity"
    packages=$((packages + 1))
done < <(awk -F'"' '/"identity"/ {print $4}' "$resolved")
[ -s "$bundle/LICENSES/swift/swift-toolchain/LICENSE.txt" ] || fail "no LICENSES/swift/swift-toolchain/LICENSE.txt (Swift's runtime and Foundation)"
[ -s "$bundle/LICENSES/swift/icu/copyright" ] || fail "no LICENSES/swift/icu/copyright (the ICU data Foundation carries)"

glibc=$("$(dirname "$0")/glibc-needed.sh" "${files[@]}")
stated=$(sed -n 's/^glibc=//p' "$bundle/BUNDLE")
[ "$glibc" = "$stated" ] || fail "BUNDLE says glibc $stated, but the files need $glibc"
echo "check-bundle: ${#files[@]} files resolve inside the bundle; glibc $glibc or newer; notices of $packages Swift packages and the toolchain"
