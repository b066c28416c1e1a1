#!/usr/bin/env bash
# What a build of the source tree at $1 (default: this one) is: the release itself only from its tag
# (v<version>) with nothing changed; else <version>+dev.<commit> (.modified when files differ from it),
# so a build holding unreleased work never passes for the release; the version alone outside git.
set -euo pipefail
root=${1:-"$(dirname "$0")/.."}
version=$(sed -n 's/.*static let current = "\(.*\)".*/\1/p' "$root/Sources/ImgSitePlanning/ImgSiteVersion.swift")
commit=$(git -C "$root" rev-parse HEAD 2>/dev/null || true)
if [ -z "$commit" ]; then echo "$version"; exit 0; fi
tagged=$(git -C "$root" tag --points-at HEAD 2>/dev/null | grep -Fx "v$version" || true)
changed=$(git -C "$root" status --porcelain 2>/dev/null || true)
if [ "$tagged" = "v$version" ] && [ -z "$changed" ]; then
    echo "$version"
elif [ -z "$changed" ]; then
    echo "$version+dev.${commit:0:7}"
else
    echo "$version+dev.${commit:0:7}.modified"
fi
