#!/usr/bin/env bash
# A release's tag, the version `imgsite --version` prints and the CHANGELOG's
# newest release heading must agree, and no unreleased entry may be left
# above it: `release-check.sh v0.4.0` fails naming what differs. With --notes
# it then prints that release's CHANGELOG section (the release's notes).
# CHANGELOG names another file to check (the tests' own).
set -euo pipefail
tag=${1:?usage: release-check.sh TAG [--notes]}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
changelog=${CHANGELOG:-$ROOT/CHANGELOG.md}
version=$("$ROOT/scripts/dist/version.sh")
newest=$(sed -n 's/^## \([0-9][0-9.]*\)\( .*\)\{0,1\}$/\1/p' "$changelog" | head -1)
# Entries under a heading that is no release (## Unreleased), above the newest release.
unreleased=$(awk '/^## [0-9]/ { exit } /^## / { on = 1; next } on && /^(- |### )/ { n++ } END { print n + 0 }' "$changelog")
if [ "$tag" != "v$version" ]; then
  echo "release-check: the tag $tag is not v$version, the version imgsite --version prints (Sources/ImgSitePlanning/ImgSiteVersion.swift)" >&2
  exit 1
fi
if [ "$newest" != "$version" ]; then
  echo "release-check: the CHANGELOG's newest release is '$newest', not $version: rename its Unreleased heading to '## $version — DATE'" >&2
  exit 1
fi
if [ "$unreleased" -gt 0 ]; then
  echo "release-check: the CHANGELOG has unreleased entries above $version ($unreleased lines under '## Unreleased'):" \
       "a release of $version would not hold them; release them as the next version (its heading, ImgSiteVersion.swift)" >&2
  exit 1
fi
if [ "${2:-}" = --notes ]; then
  awk -v v="$version" '/^## / { on = index($0, "## " v) == 1; next } on' "$changelog"
fi
