#!/usr/bin/env bash
# Shows ImgSiteCore used from another package through a `url:` dependency
# with a version requirement, as a package that depends on a release would
# (SwiftPM refuses linker flags in such a dependency). A clone of this
# checkout's HEAD is tagged with a version of its own; a small package depends
# on it `from:` that version, builds, and prints what runs: the interposed
# paths must be off (the library carries no CVipsInterposers), the rest on.
# Run by `make check-package` (~4 min: every dependency is built again).
set -euo pipefail
cd "$(dirname "$0")/../.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
version="0.0.$(date +%s)"  # new each run: SwiftPM caches what a tag pointed at
git clone -q "$PWD" "$work/imgsite"
git -C "$work/imgsite" tag "$version"
mkdir -p "$work/consumer/Sources/Consumer"
cat > "$work/consumer/Package.swift" <<SWIFT
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "consumer",
    dependencies: [.package(url: "file://$work/imgsite", from: "$version")],
    targets: [.executableTarget(name: "Consumer", dependencies: [.product(name: "ImgSiteCore", package: "imgsite")])]
)
SWIFT
cat > "$work/consumer/Sources/Consumer/main.swift" <<'SWIFT'
import ImgSiteCore
import Vips

try Vips.start()
print("imgsite \(ImgSiteVersion.current), libvips \(Vips.version)")
for path in Native.paths { print("\(path.isOn ? "on " : "off") \(path.name): \(path.reason)") }
SWIFT
(cd "$work/consumer" && swift build -q) || { echo "check-dependency: FAILED: the package does not build" >&2; exit 1; }
output=$("$work/consumer/.build/debug/Consumer")
echo "$output"
grep -q "^off per-thread libvips messages" <<<"$output" || { echo "check-dependency: FAILED: messages should be off" >&2; exit 1; }
grep -q "^on  libjpeg-turbo JPEG decode and encode" <<<"$output" || { echo "check-dependency: FAILED: the JPEG path should be on" >&2; exit 1; }
echo "check-dependency: ImgSiteCore builds and runs as a versioned url: dependency"
