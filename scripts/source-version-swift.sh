#!/bin/sh
# Writes $2/SourceVersion.swift naming what a build of the source tree at $1 is (scripts/build-version.sh), for
# `imgsite --version` and the build report; run by the SourceVersion plugin before each build. The file is
# rewritten only when its text changes, so an unchanged tree recompiles nothing.
set -eu
version=$(bash "$1/scripts/build-version.sh" "$1" 2>/dev/null || echo unknown)
text="/// What this build of imgsite is (scripts/build-version.sh): written before each build.
let sourceBuildVersion = \"$version\""
mkdir -p "$2"
if [ ! -f "$2/SourceVersion.swift" ] || [ "$(cat "$2/SourceVersion.swift")" != "$text" ]; then
    printf '%s\n' "$text" > "$2/SourceVersion.swift.tmp" && mv "$2/SourceVersion.swift.tmp" "$2/SourceVersion.swift"
fi
