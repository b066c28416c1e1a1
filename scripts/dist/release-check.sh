#!/usr/bin/env bash
# A release's tag, the version `imgsite --version` prints and the CHANGELOG's
# newest release heading must agree: `release-check.sh v0.4.0` fails naming
# the one that differs. With --notes it then prints that release's CHANGELOG
# section (the release's notes).
set -euo pipefail
tag=${1:?usage: release-check.sh TAG [--notes]}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
version=$("$ROOT/scripts/dist/version.sh")
newest=$(sed -n 's/^## \([0-9][0-9.]*\)\( .*\)\{0,1\}$/\1/p' "$ROOT/CHANGELOG.md" | head -1)
if [ "$tag" != "v$version" ]; then
  echo "release-check: the tag $tag is not v$version, the version imgsite --version prints (Sources/ImgSiteCore/ImgSiteVersion.swift)" >&2
  exit 1
fi
if [ "$newest" != "$version" ]; then
  echo "release-check: the CHANGELOG's newest release is '$newest', not $version: rename its Unreleased heading to '## $version — DATE'" >&2
  exit 1
fi
if [ "${2:-}" = --notes ]; then
  awk -v v="$version" '/^## / { on = index($0, "## " v) == 1; next } on' "$ROOT/CHANGELOG.md"
fi
