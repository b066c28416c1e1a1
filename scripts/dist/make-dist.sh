#!/usr/bin/env bash
# make dist: dist/imgsite-<version>-linux-<arch>.tar.gz and its .sha256, a
# bundle that runs where only glibc and the C/C++ runtime are installed.
#
#   bin/imgsite            the release binary, Swift's runtime linked in
#   lib/                   libvips and every library it and imgsite load, each
#                          found through a relative run path ($ORIGIN)
#   lib/vips-modules-8.18/ libvips' HEIF and JPEG XL modules
#   share/fonts/           DejaVu Sans (Bold), the font text watermarks are
#                          drawn in, and fonts.conf, which fontconfig reads
#                          instead of the machine's (bin/imgsite says where)
#   lib/libav*, libsw*     FFmpeg's libraries, for video clips (loaded when a
#                          build first meets one)
#   LICENSES/              each bundled library's licence, and imgsite's
#   SOURCES.md             where each library's source is (LGPL obligations)
#   BUNDLE                 what `imgsite --version` reports of the bundle
#
# Debian's libvips42 links GPL libraries (fftw, imagequant, poppler, jbig
# through libtiff) and its libheif links x265 (GPL, an HEVC *encoder*, which
# imgsite never uses). imgsite is Apache-2.0, so libvips, libheif and libtiff
# are built here from Debian's own source packages without them; every
# other library is Debian 12's binary, copied. libvips and libultrahdr
# (Apache-2.0: HDR photos' gain maps, which libvips reads and writes from
# 8.18 on) come from Debian unstable's sources, the rest from Debian 12's. HEIC still decodes: libde265
# (LGPL-3+) is the HEVC decoder, and it is what reads iPhones' photos.
# FFmpeg is rebuilt the same way (Debian's links x264 and x265, GPL): LGPL
# only, with OpenH264 (BSD) to encode H.264, SVT-AV1 (BSD) for AV1, dav1d to
# decode AV1 and FFmpeg's own decoders for the rest.
#
# One command on Debian 12 with the Swift toolchain (as root or with sudo:
# it installs the build dependencies through apt). DIST_WORK is the scratch
# folder (default .build/dist), DIST_OUT the output folder (default dist/).
# DIST_CACHE (default ~/.cache/imgsite-dist) keeps the rebuilt libraries
# outside the clone: each is rebuilt only when its Debian source version or
# its build function below changes (a first build compiles FFmpeg too:
# CONTRIBUTING.md says what it costs).
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
HERE="$ROOT/scripts/dist"
WORK=${DIST_WORK:-$ROOT/.build/dist}
OUT=${DIST_OUT:-$ROOT/dist}
SWIFT=${SWIFT:-swift}
SUDO=$([ "$(id -u)" = 0 ] || echo sudo)
JOBS=$(nproc)

CACHE=${DIST_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/imgsite-dist}

version=$("$HERE/version.sh")
# What this build is: the release itself only from its tag; else the commit,
# so a bundle holding unreleased work never passes for the release (as `swift build` names it).
commit=$(cd "$ROOT" && git rev-parse HEAD 2>/dev/null || echo unknown)
build_version=$("$ROOT/scripts/build-version.sh" "$ROOT")
arch=$(uname -m)
name="imgsite-$version-linux-$arch"
prefix="$CACHE/prefix"
stage="$WORK/$name"
say() { printf '== %s\n' "$*"; }

# The source packages rebuilt here, at the versions Debian 12 ships; those
# of FROM_UNSTABLE at Debian unstable's (libvips 8.18 and libultrahdr 2.0:
# Debian 12's libvips 8.14 has no gain maps).
REBUILT="vips libultrahdr libheif tiff ffmpeg"
FROM_UNSTABLE="vips libultrahdr"

build_dependencies() {
    local packages="build-essential meson ninja-build cmake pkg-config patchelf dpkg-dev file
        libglib2.0-dev libexpat1-dev zlib1g-dev libjpeg62-turbo-dev libpng-dev libwebp-dev libexif-dev
        liblcms2-dev liborc-0.4-dev libcgif-dev libjxl-dev libde265-dev libaom-dev libdav1d-dev
        libzstd-dev liblzma-dev libdeflate-dev libsqlite3-dev libvips-dev libraw-dev libicu72
        libavformat-dev libavcodec-dev libavfilter-dev nasm libopenh264-dev libsvtav1enc-dev libzimg-dev
        libpango1.0-dev libcairo2-dev libfontconfig-dev fonts-dejavu-core"
    local missing=""
    for p in $packages; do dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"; done
    if [ -n "$missing" ]; then
        say "installing build dependencies:$missing"
        $SUDO apt-get update -qq
        DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing >/dev/null
    fi
}

# Debian's source packages, through apt's own lists for deb-src entries made
# from the machine's deb entries, and for Debian unstable's (FROM_UNSTABLE):
# the system's apt configuration is untouched.
fetch_sources() {
    local apt="$CACHE/apt" unstable="$CACHE/apt-unstable" options
    mkdir -p "$apt/lists/partial" "$apt/sources.list.d" "$unstable/lists/partial" "$unstable/sources.list.d" "$CACHE/src"
    : > "$apt/sources.list.d/imgsite-src.list"
    for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
        [ -f "$f" ] && sed -n 's/^deb \(.*\)/deb-src \1/p' "$f" >> "$apt/sources.list.d/imgsite-src.list"
    done
    for f in /etc/apt/sources.list.d/*.sources; do
        [ -f "$f" ] && sed 's/^Types: deb$/Types: deb-src/' "$f" > "$apt/sources.list.d/$(basename "$f")"
    done
    # Unstable from the mirror the machine's own Debian entries name.
    local mirror; mirror=$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources 2>/dev/null |
        sed -n 's|^URIs: \(.*/debian\)/*$|\1|p; s|^deb \([^ ]*/debian\)/* .*|\1|p' | head -1 || true)
    printf 'Types: deb-src\nURIs: %s\nSuites: unstable\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
        "${mirror:-http://deb.debian.org/debian}" > "$unstable/sources.list.d/unstable.sources"
    # The lists are in the cache folder, which apt's own user may not reach:
    # it downloads as root instead, and says so on every run.
    for lists in "$apt" "$unstable"; do
        apt-get -o Dir::Etc::SourceList=/dev/null -o "Dir::Etc::SourceParts=$lists/sources.list.d" -o "Dir::State::Lists=$lists/lists" \
            update -qq 2> >(grep -v unsandboxed >&2)
    done
    cd "$CACHE/src"
    for package in $REBUILT; do
        local lists=$apt
        case " $FROM_UNSTABLE " in *" $package "*) lists=$unstable ;; esac
        options=(-o Dir::Etc::SourceList=/dev/null -o "Dir::Etc::SourceParts=$lists/sources.list.d" -o "Dir::State::Lists=$lists/lists")
        ls -d "$package"-*/ >/dev/null 2>&1 && continue
        # Newest first. A mirror may list a version (a security update) whose
        # files it does not carry: then the one before it, said.
        local versions newest version
        versions=$(apt-cache "${options[@]}" showsrc "$package" 2>/dev/null | sed -n 's/^Version: //p' | sort -rVu)
        newest=$(echo "$versions" | head -1)
        for version in $versions; do
            # As root apt warns that it downloads unsandboxed: expected here.
            apt-get "${options[@]}" source -qq "$package=$version" 2>&1 | grep -v 'unsandboxed' || true
            if ls -d "$package"-*/ >/dev/null 2>&1; then
                [ "$version" = "$newest" ] || echo "make dist: $package $newest's source is not on this mirror: built from $version" >&2
                break
            fi
        done
    done
    for package in $REBUILT; do
        ls -d "$CACHE/src/$package"-*/ >/dev/null 2>&1 || { echo "make dist: no source of $package was fetched" >&2; exit 2; }
    done
}

source_dir() { ls -d "$CACHE/src/$1"-*/ | head -1; }

# Whether library $1 needs building: its stamp (the source's Debian version,
# the function that builds it and the stamps of $2…, the rebuilt libraries
# it links) differs from the one its last build left.
stamp_of() {
    local library=$1; shift
    { (cd "$(source_dir "$library")" && dpkg-parsechangelog -S Version); declare -f "build_$library" cmake_install
      for dependency in "$@"; do cat "$prefix/stamps/$dependency" 2>/dev/null; done; } | sha256sum | cut -d' ' -f1
}
up_to_date() {
    local library=$1; shift
    [ "$(cat "$prefix/stamps/$library" 2>/dev/null)" = "$(stamp_of "$library" "$@")" ]
}
built() {
    local library=$1; shift
    mkdir -p "$prefix/stamps" && stamp_of "$library" "$@" > "$prefix/stamps/$library"
}

export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"

# A CMake project's release build of library $1 (its source package), with
# the options after it, installed into the prefix; its own build folder afresh.
cmake_install() {
    local library=$1; shift
    rm -rf "$CACHE/build-$library"
    cmake -S "$(source_dir "$library")" -B "$CACHE/build-$library" -G Ninja -DCMAKE_BUILD_TYPE=Release \
        -DCMAKE_INSTALL_PREFIX="$prefix" -DCMAKE_INSTALL_LIBDIR=lib "$@" >/dev/null
    ninja -C "$CACHE/build-$library" -j "$JOBS" install >/dev/null
}

# libtiff without JBIG (jbigkit is GPL-2+) and without LERC (rare in photos).
build_tiff() {
    up_to_date tiff && return
    say "libtiff (no JBIG, no LERC)"
    cmake_install tiff -Djbig=OFF -Dlerc=OFF -Dwebp=ON -Dzstd=ON -Dlzma=ON -Dlibdeflate=ON \
        -Dcxx=OFF -Dtiff-tools=OFF -Dtiff-tests=OFF -Dtiff-contrib=OFF -Dtiff-docs=OFF
    built tiff
}

# libheif without x265 (GPL; an HEVC encoder imgsite never uses) and without
# plugin loading (no library from outside the bundle); libde265 decodes HEIC,
# aom encodes and dav1d decodes AVIF, as in Debian's build.
build_libheif() {
    up_to_date libheif && return
    say "libheif (no x265, no plugins)"
    cmake_install libheif -DENABLE_PLUGIN_LOADING=OFF -DWITH_X265=OFF -DWITH_LIBDE265=ON \
        -DWITH_AOM_ENCODER=ON -DWITH_AOM_DECODER=ON -DWITH_DAV1D=ON -DWITH_RAV1E=OFF -DWITH_SvtEnc=OFF \
        -DWITH_EXAMPLES=OFF -DWITH_GDK_PIXBUF=OFF -DBUILD_TESTING=OFF
    built libheif
}

# libultrahdr (Apache-2.0), libvips' gain maps: its library alone, on
# Debian 12's libjpeg-turbo. Its JPEGs carry ISO 21496-1; imgsite writes the
# XMP beside it (GainMapJPEG).
build_libultrahdr() {
    up_to_date libultrahdr && return
    say "libultrahdr"
    cmake_install libultrahdr -DUHDR_BUILD_DEPS=OFF -DUHDR_BUILD_TESTS=OFF -DUHDR_BUILD_EXAMPLES=OFF \
        -DUHDR_BUILD_BENCHMARK=OFF -DUHDR_BUILD_FUZZERS=OFF -DUHDR_BUILD_JAVA=OFF -DUHDR_ENABLE_LOGS=OFF -DUHDR_ENABLE_GLES=OFF \
        -DUHDR_ENABLE_HEIF=OFF
    built libultrahdr
}

# libvips with what imgsite reads and writes, and nothing GPL: no fftw,
# imagequant (so no GIF *saver*: animations are WebP, with a still poster
# for browsers without animated WebP), poppler, ImageMagick, OpenEXR,
# OpenSlide, MATLAB, FITS, NIfTI, SVG, PDF or libraw (imgsite reads RAW
# files' previews itself). Text is rendered (Pango and cairo, Debian's: LGPL
# and MIT, cairo's X11 libraries with it) for text watermarks; gain maps
# through libultrahdr; liborc for its vector code (Debian 12's Highway is
# older than libvips 8.18 takes).
build_vips() {
    up_to_date vips tiff libheif libultrahdr && return
    say "libvips (no GPL parts)"
    local src; src=$(source_dir vips)
    rm -rf "$CACHE/build-vips"
    meson setup "$CACHE/build-vips" "$src" --prefix="$prefix" --libdir=lib --buildtype=release \
        -Dmodules=enabled -Dcplusplus=false -Dintrospection=disabled -Dexamples=false -Ddeprecated=true \
        -Dheif=enabled -Djpeg-xl=enabled -Djpeg=enabled -Dpng=enabled -Dspng=disabled -Dwebp=enabled -Dtiff=enabled \
        -Dexif=enabled -Dlcms=enabled -Dorc=enabled -Dhighway=disabled -Dzlib=enabled -Dcgif=disabled -Dnsgif=true \
        -Duhdr=enabled -Draw=disabled -Darchive=disabled \
        -Dimagequant=disabled -Dquantizr=disabled -Dfftw=disabled -Dpoppler=disabled -Dpdfium=disabled \
        -Dmagick=disabled -Dopenexr=disabled -Dopenslide=disabled -Dmatio=disabled -Dcfitsio=disabled \
        -Dnifti=disabled -Drsvg=disabled -Dpangocairo=enabled -Dfontconfig=enabled \
        -Dopenjpeg=disabled >/dev/null
    ninja -C "$CACHE/build-vips" -j "$JOBS" install >/dev/null
    built vips tiff libheif libultrahdr
}

# FFmpeg's libraries (LGPL-2.1+: no --enable-gpl, nothing autodetected) with
# what imgsite reads and writes and nothing else: the containers and codecs of
# VideoHandling.extensions (phones' and cameras' clips, old cameras' Motion
# JPEG AVIs and 3GP's AMR sound), OpenH264 and SVT-AV1 to encode, AAC for
# sound, the filters transcode.c's graph names (zscale, zimg's, to tone-map
# HDR) and the muxers the original's remux writes.
build_ffmpeg() {
    up_to_date ffmpeg && return
    say "FFmpeg (LGPL; OpenH264, SVT-AV1, dav1d)"
    local src; src=$(source_dir ffmpeg)
    rm -rf "$CACHE/build-ffmpeg" && mkdir -p "$CACHE/build-ffmpeg"
    (cd "$CACHE/build-ffmpeg" && "$src/configure" --prefix="$prefix" --libdir="$prefix/lib" --shlibdir="$prefix/lib" \
        --enable-shared --disable-static --disable-programs --disable-doc --disable-debug --disable-autodetect \
        --enable-pthreads --enable-zlib --disable-network --disable-avdevice --disable-postproc --disable-everything \
        --enable-libopenh264 --enable-libsvtav1 --enable-libdav1d --enable-libzimg \
        --enable-protocol=file --enable-demuxer=mov,matroska,avi,ogg \
        --enable-muxer=mov,mp4,ipod,tgp,matroska,webm,ogg,ogv,avi \
        --enable-decoder='h264,hevc,vp8,vp9,libdav1d,mpeg4,h263,msmpeg4v3,mjpeg,theora,vp3,aac,aac_latm,opus,mp3,mp3float,vorbis,flac,alac,amrnb,amrwb,ac3,eac3,pcm_*,adpcm_ima_wav,adpcm_ima_qt' \
        --enable-encoder=libopenh264,libsvtav1,aac --enable-parsers --enable-bsfs \
        --enable-filter=buffer,buffersink,abuffer,abuffersink,scale,transpose,hflip,vflip,zscale,format,tonemap,split,setsar,trim,select,aformat,aresample,null,anull \
        >/dev/null)
    # Its compiler warnings are FFmpeg's: kept in make.log, shown on failure.
    local log="$CACHE/build-ffmpeg/make.log"
    make -C "$CACHE/build-ffmpeg" -j "$JOBS" install > "$log" 2>&1 || { tail -40 "$log" >&2; exit 2; }
    built ffmpeg
}

# The release binary.
build_imgsite() {
    say "imgsite $version (release)"
    # The same build as `make build`; libvips is not linked (imgsite loads
    # it, reaching what 8.18 adds through functions it finds at load), so
    # the system's 8.14 headers serve.
    (cd "$ROOT" && $SWIFT build -c release --static-swift-stdlib >/dev/null)
}

# The libraries a file needs that the bundle must carry: every one but the C
# and C++ runtime a minimal machine has (libc6, libgcc-s1, libstdc++6).
is_base_library() {
    case "$1" in
        linux-vdso.so.*|ld-linux*|libc.so.*|libm.so.*|libdl.so.*|libpthread.so.*|librt.so.*|libresolv.so.*|libutil.so.*|libgcc_s.so.*|libstdc++.so.*) return 0 ;;
    esac
    return 1
}

needed_libraries() {
    LD_LIBRARY_PATH="$prefix/lib" ldd "$@" | awk '$2 == "=>" && $3 ~ /^\// {print $1 " " $3}' | sort -u
}

assemble() {
    say "assembling $name"
    rm -rf "$stage"
    mkdir -p "$stage/bin" "$stage/lib" "$stage/LICENSES"
    local modules="vips-modules-$(pkg-config --modversion vips | cut -d. -f1,2)"
    cp "$ROOT/.build/release/imgsite" "$stage/bin/imgsite"
    cp -L "$prefix/lib/libvips.so.42" "$stage/lib/"
    mkdir -p "$stage/lib/$modules"
    cp "$prefix/lib/$modules"/vips-heif.so "$prefix/lib/$modules"/vips-jxl.so "$stage/lib/$modules/"
    # FFmpeg's libraries, loaded by name (their sonames) when a build meets a clip.
    local library
    for library in avutil avcodec avformat avfilter swscale swresample; do
        cp -L "$prefix/lib/lib$library.so" "$stage/lib/$(readelf -d "$prefix/lib/lib$library.so" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')"
    done
    # Until nothing new appears: each copied library's own needs, and where
    # each came from (for its licence).
    local before=-1 soname path
    : > "$WORK/origins"
    while [ "$(ls "$stage/lib" | wc -l)" != "$before" ]; do
        before=$(ls "$stage/lib" | wc -l)
        while read -r soname path; do
            is_base_library "$soname" || [ -e "$stage/lib/$soname" ] && continue
            cp -L "$path" "$stage/lib/$soname"
            printf '%s %s\n' "$soname" "$(readlink -f "$path")" >> "$WORK/origins"
        done < <(needed_libraries "$stage/bin/imgsite" "$stage/lib"/*.so* "$stage/lib/$modules"/*.so)
    done
    fonts
    strip --strip-unneeded "$stage/lib"/*.so* "$stage/lib/$modules"/*.so
    strip "$stage/bin/imgsite"
    patchelf --set-rpath '$ORIGIN/../lib' "$stage/bin/imgsite"
    for lib in "$stage/lib"/*.so*; do patchelf --set-rpath '$ORIGIN' "$lib"; done
    for module in "$stage/lib/$modules"/*.so; do patchelf --set-rpath '$ORIGIN/..' "$module"; done
}

# The font text watermarks are drawn in ("Sans Bold", watermark.text), the
# same file on every machine, and a fontconfig configuration that names it:
# bin/imgsite points fontconfig at it (FONTCONFIG_FILE, unless set), so a
# machine without fonts renders the text, and one with fonts renders it
# alike. The machine's fonts are read after it, for characters DejaVu lacks.
fonts() {
    mkdir -p "$stage/share/fonts"
    cp /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf /usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf "$stage/share/fonts/"
    cp "$HERE/fonts.conf" "$stage/share/fonts/fonts.conf"
    cp /usr/share/doc/fonts-dejavu-core/copyright "$stage/LICENSES/fonts-dejavu-core.copyright"
}

# LICENSES/ and SOURCES.md: for each bundled library, the Debian package it
# came from (or the source package rebuilt here), its licence from
# licences.tsv (a library not listed there stops the build), and its
# copyright file.
licences() {
    say "licences and sources"
    cp "$ROOT/LICENSE" "$stage/LICENSES/imgsite.txt"
    local sources="$stage/SOURCES.md" manifest="$stage/LICENSES/libraries.tsv"
    {
        echo "# Where the source of each bundled library is"
        echo
        if [ "$build_version" = "$version" ]; then
            echo "imgsite's own source is its repository at the tag v$version."
        else
            echo "imgsite's own source is its repository at the commit $commit ($build_version: not a release;"
            echo "the CHANGELOG's Unreleased section says what it holds beyond $version)."
        fi
        echo "Every library in lib/ is Debian 12's (bookworm's) build or was built here from Debian's source package of"
        echo "the version below (vips and libultrahdr: Debian unstable's; the others: Debian 12's):"
        echo "\`apt-get source PACKAGE=VERSION\` fetches it, and https://snapshot.debian.org keeps every version."
        echo "Rebuilt here, with these changes to Debian's configuration:"
        echo
        echo "- vips (Debian unstable's): without fftw, imagequant, poppler, ImageMagick, OpenEXR, OpenSlide, matio, cfitsio,"
        echo "  NIfTI, librsvg, libarchive, libraw, Highway, openjpeg and cgif (meson options in scripts/dist/make-dist.sh)"
        echo "- libultrahdr (Debian unstable's): its library alone, without its tools, tests and Java bindings"
        echo "- libheif: without x265 and without plugin loading"
        echo "- tiff: without JBIG and LERC"
        echo "- ffmpeg: LGPL only (no --enable-gpl: no x264, x265 or postproc); OpenH264 encodes H.264, SVT-AV1 AV1, dav1d"
        echo "  decodes AV1; only the containers, codecs and filters imgsite uses (configure options in"
        echo "  scripts/dist/make-dist.sh). OpenH264 is built from source, so Cisco's patent licence for its own"
        echo "  binaries does not cover it"
        echo
        echo "| library | package | source package | version | licence |"
        echo "|---|---|---|---|---|"
    } > "$sources"
    printf 'library\tpackage\tsource package\tversion\tlicence\n' > "$manifest"
    local file soname real package source version licence
    for file in "$stage/lib"/*.so* "$stage/lib"/vips-modules-*/*.so; do
        soname=$(basename "$file")
        real=$(find "$prefix/lib" -name "$soname" -print -quit 2>/dev/null)
        if [ -n "$real" ]; then
            case "$soname" in
                libvips*|vips-*) source=vips ;; libheif*) source=libheif ;; libtiff*) source=tiff ;; libuhdr*) source=libultrahdr ;;
                libav*|libsw*) source=ffmpeg ;;
                *) echo "make dist: $soname was built here but belongs to no rebuilt package" >&2; exit 2 ;;
            esac
            package=$source
            version=$(cd "$(source_dir "$source")" && dpkg-parsechangelog -S Version)
            cp "$(source_dir "$source")/debian/copyright" "$stage/LICENSES/$source.copyright"
        else
            real=$(awk -v s="$soname" '$1 == s {print $2; exit}' "$WORK/origins")
            # dpkg knows the file by the path it installed (/usr/lib or /lib).
            package=$(dpkg -S "$real" 2>/dev/null || dpkg -S "${real#/usr}" 2>/dev/null || true)
            package=$(head -1 <<<"$package" | cut -d: -f1)
            [ -n "$package" ] || { echo "make dist: no Debian package owns $real ($soname)" >&2; exit 2; }
            source=$(dpkg-query -W -f='${source:Package}' "$package")
            version=$(dpkg-query -W -f='${source:Version}' "$package")
            cp "/usr/share/doc/$package/copyright" "$stage/LICENSES/$package.copyright"
        fi
        licence=$(awk -F'\t' -v p="$package" '$1 == p {print $2}' "$HERE/licences.tsv")
        if [ -z "$licence" ]; then
            echo "make dist: $soname (package $package) has no licence in scripts/dist/licences.tsv: read its" \
                 "copyright file and add it, or keep it out of the bundle" >&2
            exit 2
        fi
        printf '%s\t%s\t%s\t%s\t%s\n' "$soname" "$package" "$source" "$version" "$licence" >> "$manifest"
        printf '| %s | %s | %s | %s | %s |\n' "$soname" "$package" "$source" "$version" "$licence" >> "$sources"
    done
    local font
    for font in "$stage/share/fonts"/*.ttf; do
        printf '| share/fonts/%s | fonts-dejavu-core | fonts-dejavu | %s | Bitstream-Vera |\n' "$(basename "$font")" \
            "$(dpkg-query -W -f='${source:Version}' fonts-dejavu-core)" >> "$sources"
    done
}

# The Swift packages linked into bin/imgsite, each pinned in Package.resolved,
# and the toolchain's runtime and Foundation (ICU's data with it): their
# licences ask for their notices in every copy. LICENSES/swift/<package>/
# holds each one's LICENSE and NOTICE files; check-bundle.sh fails on a
# pinned package without one.
swift_notices() {
    say "Swift packages' notices"
    local notices="$stage/LICENSES/swift" identity location folder file
    mkdir -p "$notices"
    {
        echo
        echo "## Linked into bin/imgsite"
        echo
        echo "The Swift packages below (as Package.resolved pins them) and the Swift toolchain's runtime and"
        echo "Foundation, with the ICU data Foundation carries, are linked into bin/imgsite; each one's licence and"
        echo "notices are in LICENSES/swift/."
        echo
        echo "| package | version | from |"
        echo "|---|---|---|"
    } >> "$stage/SOURCES.md"
    while read -r identity location pinned; do
        folder="$ROOT/.build/checkouts/$(basename "$location" .git)"
        mkdir -p "$notices/$identity"
        for file in "$folder"/LICENSE* "$folder"/LICENCE* "$folder"/NOTICE* "$folder"/COPYING*; do
            [ -f "$file" ] && cp "$file" "$notices/$identity/"
        done
        echo "| $identity | $pinned | $location |" >> "$stage/SOURCES.md"
    done < <(resolved_packages "$ROOT/Package.resolved")
    # swift-crypto's BoringSSL keeps its licences (OpenSSL's, SSLeay's, ISC) in its
    # sources' headers, not in a file: every distinct one, with its copyright lines.
    boringssl_notices "$ROOT/.build/checkouts/swift-crypto/Sources/CCryptoBoringSSL" > "$notices/swift-crypto/BoringSSL-NOTICES.txt"
    local toolchain; toolchain=$(dirname "$(readlink -f "$(command -v "$SWIFT")")")/..
    mkdir -p "$notices/swift-toolchain" "$notices/icu"
    cp "$toolchain/share/swift/LICENSE.txt" "$notices/swift-toolchain/LICENSE.txt"
    # Foundation's ICU (swift-foundation-icu) is under ICU's licence, as Debian's ICU is: its copyright file states it.
    cp /usr/share/doc/libicu72/copyright "$notices/icu/copyright"
    echo "| swift-toolchain (runtime, Foundation) | $($SWIFT --version 2>/dev/null | sed -n 's/.*Swift version \([^ ]*\).*/\1/p' | head -1) | the Swift toolchain |" >> "$stage/SOURCES.md"
}

# The first comment of each C source under $1 that names a copyright, once each.
boringssl_notices() {
    [ -d "$1" ] || { echo "make dist: no $1 (swift-crypto's BoringSSL) to read its licences from" >&2; exit 2; }
    echo "BoringSSL, as swift-crypto carries it: the licence headers of its sources, each once."
    find "$1" -type f \( -name '*.c' -o -name '*.cc' -o -name '*.h' \) | LC_ALL=C sort | while read -r file; do
        awk 'NR == 1 && !/^(\/\*|\/\/)/ { exit } { print } /\*\// { exit } !/^(\/\/|\/\*| \*)/ { exit }' "$file"
        echo "@@end@@"
    done | awk 'BEGIN { RS = "@@end@@\n" } /[Cc]opyright/ && !seen[$0]++ { print "----"; printf "%s", $0 }'
}

# "identity location version" of each package Package.resolved pins.
resolved_packages() {
    awk -F'"' '/"identity"/ {id=$4} /"location"/ {loc=$4} /"version" *: *"/ {print id, loc, $4}' "$1"
}

# The newest glibc symbol version any bundled file needs: the oldest glibc
# the bundle runs on.
lowest_glibc() {
    "$HERE/glibc-needed.sh" "$stage/bin/imgsite" "$stage/lib"/*.so* "$stage/lib"/vips-modules-*/*.so
}

describe() {
    local libvips; libvips=$(pkg-config --modversion vips)
    {
        echo "name=$name"
        echo "version=$build_version"
        echo "commit=$commit"
        echo "arch=$arch"
        echo "libvips=$libvips"
        echo "glibc=$(lowest_glibc)"
        echo "built=$(. /etc/os-release && echo "$PRETTY_NAME")"
    } > "$stage/BUNDLE"
    cat > "$stage/README.md" <<EOF
# imgsite $build_version for Linux ($arch)

Put \`bin/\` on your PATH, or call \`bin/imgsite\` where it is; keep bin/ and lib/ together.

    bin/imgsite build ./photos

It needs glibc $(lowest_glibc) or newer and the C++ runtime (libstdc++6), nothing else: libvips $libvips and
its libraries are in lib/. LICENSES/ holds each one's licence and SOURCES.md where its source is.
Documentation: docs/ in imgsite's repository at the tag v$version.
EOF
}

pack() {
    mkdir -p "$OUT"
    say "packing $OUT/$name.tar.gz"
    # Reproducible: sorted names, no owners, the release's commit time.
    local when; when=$(cd "$ROOT" && git log -1 --format=%ct 2>/dev/null || date +%s)
    tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$when" -C "$WORK" -cf - "$name" |
        gzip -9n > "$OUT/$name.tar.gz"
    (cd "$OUT" && sha256sum "$name.tar.gz" > "$name.tar.gz.sha256")
    echo "$OUT/$name.tar.gz ($(du -h "$OUT/$name.tar.gz" | cut -f1))"
}

# One make dist at a time builds in the cache (another clone waits).
mkdir -p "$CACHE"
exec 9> "$CACHE/lock"
flock 9
build_dependencies
fetch_sources
build_tiff
build_libheif
build_libultrahdr
build_vips
build_ffmpeg
# `make-dist.sh libraries` stops here: the rebuilt libraries, alone.
[ "${1:-}" = libraries ] && exit 0
build_imgsite
assemble
licences
swift_notices
describe
"$HERE/check-bundle.sh" "$stage"
pack
