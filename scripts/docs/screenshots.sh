#!/bin/bash
# The example site's screenshots in docs/screenshots/ (site-example/README.md):
# each page in the light and the dark scheme at 1280 × 760, and on a
# 390 × 844 phone at 2x, taken by headless Chromium from a fresh build of
# site-example and written as WebP; then those that need a visitor's clicks
# (the viewer, the private album, the slideshow, the zoom, a watermark:
# visitor-shots.py, through selenium from the test venv).
# Usage: scripts/docs/screenshots.sh [imgsite binary] [python with selenium]   (make screenshots)
set -euo pipefail
cd "$(dirname "$0")/../.."
imgsite=${1:-.build/release/imgsite}
python=${2:-.build/test-venv/bin/python}
out=docs/screenshots
site=$(mktemp -d)
trap 'rm -rf "$site"' EXIT
EXAMPLE_PASSWORD=screenshots "$imgsite" build site-example/photos --config site-example/imgsite.yml -o "$site/_site" \
    --cache-dir "$site/cache" >/dev/null
# The same site with a text watermark (not in the example's settings).
{ cat site-example/imgsite.yml; echo 'watermark: { text: "© 2026 Example Photography" }'; } > site-example/.imgsite-watermark.yml
trap 'rm -rf "$site" site-example/.imgsite-watermark.yml' EXIT
EXAMPLE_PASSWORD=screenshots "$imgsite" build site-example/photos --config site-example/.imgsite-watermark.yml -o "$site/_marked" \
    --cache-dir "$site/cache" >/dev/null
browser=$(command -v chromium || command -v chromium-browser)

# shot <page> <name> <width>x<height> <scale> <light|dark>
shot() {
    local scheme=()
    [ "$5" = dark ] && scheme=(--force-dark-mode --blink-settings=preferredColorScheme=0)
    "$browser" --headless=new --no-sandbox --hide-scrollbars --disable-gpu --force-device-scale-factor="$4" "${scheme[@]}" \
        --window-size="${3/x/,}" --virtual-time-budget=4000 --screenshot="$site/shot.png" "file://$site/_site/$1" >/dev/null 2>&1
    vips copy "$site/shot.png" "$out/$2-$5.webp[Q=82,strip]"
    echo "wrote $out/$2-$5.webp"
}

for scheme in light dark; do
    shot index.html index 1280x760 1 $scheme
    shot nature/index.html nature 1280x760 1 $scheme
    shot cameras/index.html cameras 1280x760 1 $scheme
    shot cameras/tidepool.html cameras-tidepool 1280x760 1 $scheme
    shot nature/storm.html photo 1280x760 1 $scheme
    shot index.html index-phone 390x844 2 $scheme
    shot nature/index.html nature-phone 390x844 2 $scheme
    shot nature/storm.html photo-phone 390x844 2 $scheme
done

"$python" scripts/docs/visitor-shots.py "$imgsite" "$site/_site" "$site/_marked" screenshots

# The README's picture: the front page (light), the viewer over an album
# (dark), an album on a phone with its story folded (light), the viewer on
# a phone (dark), each 388 px tall, 4 px apart.
strip=()
for name in index-light viewer-dark nature-phone-light viewer-phone-dark; do
    height=$(vipsheader -f height "$out/$name.webp")
    vips resize "$out/$name.webp" "$site/$name.v" "$(python3 -c "print(388 / $height)")"
    strip+=("$site/$name.v")
done
row=${strip[0]}
for next in "${strip[@]:1}"; do
    vips join "$row" "$next" "$site/row-$(basename "$next")" horizontal --shim 4 --background 220
    row="$site/row-$(basename "$next")"
done
vips embed "$row" docs/gallery.jpg[Q=85,strip] 4 4 "$(( $(vipsheader -f width "$row") + 8 ))" 396 --extend background --background 220
echo "wrote docs/gallery.jpg"
