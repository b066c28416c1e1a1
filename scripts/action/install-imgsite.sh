#!/usr/bin/env bash
# The action's second step: imgsite's release bundle for this runner,
# downloaded from this repository's release and checked against its SHA-256,
# when the step is pinned to a release tag (uses: …@v0.4.0) or names a
# `version`. Sets the output `binary` to the bundle's imgsite, or leaves it
# empty when there is no release to download (a commit, a branch, a release
# without this runner's bundle): the steps after it then build from source.
# A bundle that does not match its checksum stops the job, and so does a
# `version` naming no release (it says which there are).
#
# Needs GITHUB_OUTPUT, RUNNER_OS, RUNNER_ARCH, RUNNER_TEMP; ACTION_REF and
# ACTION_REPOSITORY (github.action_ref and github.action_repository);
# INPUT_VERSION. IMGSITE_RELEASES replaces https://github.com/OWNER/REPO/releases/download
# (a mirror, or a folder as file:///…, where each release is a sub-folder vVERSION).
set -euo pipefail
version=${INPUT_VERSION:-}
version=${version#v}
if [ -z "$version" ] && [[ "${ACTION_REF:-}" =~ ^v?[0-9]+\.[0-9]+\.[0-9]+$ ]]; then version=${ACTION_REF#v}; fi
if [ -z "$version" ]; then
  echo "imgsite: ${ACTION_REF:-this ref} is not a release tag: building imgsite from source"
  echo "binary=" >> "$GITHUB_OUTPUT"
  exit 0
fi
[ "${RUNNER_OS:-Linux}" = Linux ] || { echo "::error title=imgsite::release bundles are for Linux; this runner is $RUNNER_OS"; exit 1; }
case "${RUNNER_ARCH:-X64}" in
  X64) arch=x86_64 ;;
  ARM64) arch=aarch64 ;;
  *) echo "::error title=imgsite::no release bundle for $RUNNER_ARCH runners (x86-64 and arm64 only)"; exit 1 ;;
esac
name="imgsite-$version-linux-$arch"
# The versions released: the folder's vX.Y.Z sub-folders (IMGSITE_RELEASES as
# file://), else the repository's releases from GitHub's API; newest first.
release_versions() {
  if [[ "$releases" == file://* ]]; then
    ls "${releases#file://}" 2>/dev/null | sed -n 's/^v\([0-9][0-9.]*\)$/\1/p'
  else
    curl -fsSL --retry 3 "${GITHUB_API_URL:-https://api.github.com}/repos/${ACTION_REPOSITORY:?}/releases?per_page=30" 2>/dev/null |
      sed -n 's/.*"tag_name": *"v\([0-9][0-9.]*\)".*/\1/p'
  fi | sort -rV
}
releases=${IMGSITE_RELEASES:-https://github.com/${ACTION_REPOSITORY:?}/releases/download}
folder="$RUNNER_TEMP/imgsite-bundle"
rm -rf "$folder" && mkdir -p "$folder"
if ! curl -fsSL --retry 3 -o "$folder/$name.tar.gz" "$releases/v$version/$name.tar.gz" ||
   ! curl -fsSL --retry 3 -o "$folder/$name.tar.gz.sha256" "$releases/v$version/$name.tar.gz.sha256"; then
  # A version asked for by name that is no release is a mistake, not a reason to build another revision.
  if [ -n "${INPUT_VERSION:-}" ]; then
    known=$(release_versions)
    if ! grep -qx "$version" <<<"$known"; then
      echo "::error title=imgsite::version $version is no release of imgsite; releases: $(paste -sd, <<<"$known" | sed 's/,/, /g')"
      exit 1
    fi
  fi
  echo "::notice title=imgsite::no release bundle $name at $releases/v$version: building imgsite from source"
  echo "binary=" >> "$GITHUB_OUTPUT"
  exit 0
fi
if ! (cd "$folder" && sha256sum --quiet -c "$name.tar.gz.sha256"); then
  echo "::error title=imgsite::$name.tar.gz does not match its published SHA-256: not used"
  exit 1
fi
tar -xzf "$folder/$name.tar.gz" -C "$folder"
binary="$folder/$name/bin/imgsite"
"$binary" --version
echo "binary=$binary" >> "$GITHUB_OUTPUT"
# Later steps of the job can run `imgsite` too (imgsite cache info, a merge).
[ -z "${GITHUB_PATH:-}" ] || dirname "$binary" >> "$GITHUB_PATH"
