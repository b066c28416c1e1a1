#!/usr/bin/env bash
# The action's first step: the revision of imgsite the step names (the key
# of its cached build). Needs GITHUB_ACTION_PATH and GITHUB_OUTPUT.
set -euo pipefail
revision=$(git -C "$GITHUB_ACTION_PATH" rev-parse HEAD 2>/dev/null || true)
if [ -z "$revision" ]; then
  # A copy without git (an unpacked archive): its sources stand for it.
  revision=$(cd "$GITHUB_ACTION_PATH" && find Package.swift Sources -type f -print0 | sort -z | xargs -0 sha256sum | sha256sum | cut -c1-40)
fi
echo "revision=$revision" >> "$GITHUB_OUTPUT"
echo "imgsite: revision $revision"
