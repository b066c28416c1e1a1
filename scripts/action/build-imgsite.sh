#!/usr/bin/env bash
# The action's second step: imgsite built from this repository (libvips
# installed through apt if missing), its .build restored by the step before,
# so an unchanged revision builds in seconds. Sets the output `binary`.
# Needs GITHUB_ACTION_PATH and GITHUB_OUTPUT; IMGSITE set: that binary instead.
set -euo pipefail
if [ -n "${IMGSITE:-}" ]; then
  binary=$IMGSITE
else
  sudo=$([ "$(id -u)" = 0 ] || echo sudo)
  if ! dpkg -s libvips-dev >/dev/null 2>&1; then
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq libvips-dev >/dev/null
  fi
  command -v swift >/dev/null || { echo "::error title=imgsite::the runner has no Swift toolchain (GitHub's ubuntu-24.04 images have one)"; exit 1; }
  swift build -c release --static-swift-stdlib --package-path "$GITHUB_ACTION_PATH" --product imgsite
  binary=$GITHUB_ACTION_PATH/.build/release/imgsite
fi
[ -x "$binary" ] || { echo "::error title=imgsite::$binary is not an executable"; exit 1; }
"$binary" --version
echo "binary=$binary" >> "$GITHUB_OUTPUT"
