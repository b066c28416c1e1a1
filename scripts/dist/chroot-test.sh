#!/usr/bin/env bash
# The release bundle on a bare machine: a root filesystem made of Debian 12's
# libc6, libgcc-s1 and libstdc++6 alone (apt-get download + dpkg -x; no
# shell, no Swift, no libvips), the bundle unpacked into it, and the test
# corpus (with its damaged files as an album of their own, and clips) built there by
# chroot. Writes RUN/site, RUN/report.json, RUN/output.txt and RUN/status
# for BundleTests, which compares them with the same build through the
# system's libvips; RUN/marked*, a photo built with a text watermark; and
# RUN/version-without-lib.txt, --version with lib/'s libvips gone.
#
#   chroot-test.sh TARBALL RUN
#
# Needs root (chroot), or unprivileged user namespaces (unshare -r).
set -euo pipefail
tarball=$(realpath "${1:?usage: chroot-test.sh TARBALL RUN}")
run=${2:?usage: chroot-test.sh TARBALL RUN}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
debs="$ROOT/.build/dist/base-debs"
fail() { echo "chroot-test: $*" >&2; exit 1; }

(cd "$(dirname "$tarball")" && sha256sum --quiet -c "$(basename "$tarball").sha256") ||
    fail "$tarball does not match its .sha256"

# The base packages, downloaded once (apt-get download writes to the
# current folder; _apt must be able to write there, or apt warns).
if ! ls "$debs"/libc6_*.deb "$debs"/libgcc-s1_*.deb "$debs"/libstdc++6_*.deb >/dev/null 2>&1; then
    mkdir -p "$debs"
    (cd "$debs" && apt-get download -qq libc6 libgcc-s1 libstdc++6 2>&1 | grep -v unsandboxed || true)
fi

rm -rf "$run"
mkdir -p "$run"
run=$(cd "$run" && pwd)
root="$run/root"
mkdir -p "$root/tmp" "$root/photos"
for deb in "$debs"/libc6_*.deb "$debs"/libgcc-s1_*.deb "$debs"/libstdc++6_*.deb; do dpkg -x "$deb" "$root"; done
# usrmerge, as Debian 12 installs it: /lib64/ld-linux-x86-64.so.2 is the
# loader every binary names.
for dir in lib lib64 bin sbin; do
    [ -d "$root/usr/$dir" ] && [ ! -e "$root/$dir" ] && ln -s "usr/$dir" "$root/$dir"
done
chmod 1777 "$root/tmp"
mkdir -p "$root/opt"
tar -xzf "$tarball" -C "$root/opt"
bundle=$(basename "$tarball" .tar.gz)
[ -x "$root/opt/$bundle/bin/imgsite" ] || fail "the tarball holds no $bundle/bin/imgsite"
cp -r "$ROOT/Tests/Corpus/photos/." "$root/photos/"
cp -r "$ROOT/Tests/Corpus/bad" "$root/photos/bad"
cp -r "$ROOT/Tests/Corpus/hdr" "$root/photos/hdr"
# Clips, through the bundle's own FFmpeg: an iPhone's HEVC HLG .mov, a phone's
# MP4 with sound and a location, a Theora .ogv and a damaged MP4 (one failed line).
mkdir -p "$root/photos/clips"
cp "$ROOT"/Tests/Corpus/video/{hdr-hlg.mov,upright-phone.mp4,theora.ogv,damaged.mp4} "$root/photos/clips/"
# A RAW file: the bare root has no libraw, so it is skipped with one line saying how to get it.
mkdir -p "$root/photos/raw" && cp "$ROOT/Tests/Corpus/raw/tidepool.dng" "$root/photos/raw/"

# A mount namespace of its own with /proc, as any machine has (glibc reads
# /proc/self/exe to resolve the run path $ORIGIN), gone when the run ends.
# Without root, a user namespace maps this user to root inside it.
chroot=$(command -v chroot || echo /usr/sbin/chroot)
enter=("$(command -v unshare)" --mount --pid --fork --mount-proc="$root/proc")
[ "$(id -u)" = 0 ] || enter+=(-r)
enter+=("$chroot" "$root")
mkdir -p "$root/proc"
# No environment from this machine: a bare machine has none of it.
in_root() { env -i PATH=/usr/bin:/bin HOME=/tmp "${enter[@]}" "$@"; }

in_root "/opt/$bundle/bin/imgsite" --version > "$run/version.txt" || fail "imgsite --version failed in the chroot: $(cat "$run/version.txt")"
status=0
in_root "/opt/$bundle/bin/imgsite" build /photos -o /site --report /report.json --jobs 3 > "$run/output.txt" 2>&1 || status=$?
echo "$status" > "$run/status"
# A text watermark, drawn by the bundle's own Pango and cairo in its own
# font (the bare root has no fonts): RUN/marked (the library), RUN/marked-site,
# RUN/marked-output.txt and RUN/marked-status.
mkdir -p "$root/marked/a" && cp "$ROOT/Tests/Corpus/photos/nature/Storm.jpg" "$root/marked/a/"
printf 'watermark: { text: "© 2026 Example Photography" }\n' > "$root/marked/imgsite.yml"
marked=0
in_root "/opt/$bundle/bin/imgsite" build /marked -o /marked-site > "$run/marked-output.txt" 2>&1 || marked=$?
echo "$marked" > "$run/marked-status"
mv "$root/marked-site" "$run/marked-site" 2>/dev/null || true
cp -r "$root/marked" "$run/marked"
# The bundle copied in part, its libvips left behind: the hint is about the
# bundle, not about installing libvips. (Without lib/ at all, the system's
# loader stops bin/imgsite before it runs, naming the library.)
mkdir -p "$root/away" && mv "$root/opt/$bundle/lib"/libvips.so* "$root/away/"
in_root "/opt/$bundle/bin/imgsite" --version > "$run/version-without-lib.txt" 2>&1 || true
mv "$root/away"/libvips.so* "$root/opt/$bundle/lib/"
mv "$root/site" "$run/site" 2>/dev/null || true
mv "$root/report.json" "$run/report.json" 2>/dev/null || true
cp -r "$root/photos" "$run/photos"
rm -rf "$root"
echo "chroot-test: built the corpus in a root of libc6, libgcc-s1 and libstdc++6 alone (exit status $status):"
tail -1 "$run/output.txt"
