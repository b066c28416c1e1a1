#!/usr/bin/env bash
# The action's build step: `imgsite build` with the step's inputs (INPUT_*),
# the image cache in RUNNER_TEMP, a report beside it. imgsite writes the
# annotations and the job summary itself (GITHUB_ACTIONS, GITHUB_STEP_SUMMARY).
# After a build that ran to its end the cache is pruned to what it used, and
# `cache-saved=pruned` lets the next step save it. Sets the outputs `site`
# and `report`; exits with imgsite's status.
set -uo pipefail
: "${IMGSITE:?the imgsite binary}" "${INPUT_PHOTOS:=photos}" "${INPUT_OUTPUT:=_site}" "${INPUT_CACHE:=true}"
report=$RUNNER_TEMP/imgsite-report.json
# A build that stops before writing its report leaves no earlier run's behind.
rm -f "$report"
export IMGSITE_CACHE_DIR=$RUNNER_TEMP/imgsite-cache
options=(build "$INPUT_PHOTOS" -o "$INPUT_OUTPUT" --report "$report")
[ -n "${INPUT_CONFIG:-}" ] && options+=(--config "$INPUT_CONFIG")
# The extra options, split as a shell splits words (quotes respected) by
# xargs, never evaluated: an input holding $(…) stays text.
if [ -n "${INPUT_ARGS:-}" ]; then
  words=$(mktemp)
  printf '%s' "$INPUT_ARGS" | xargs -r printf '%s\0' > "$words" || {
    echo "::error title=imgsite::the args input cannot be split into options: $INPUT_ARGS"; exit 64; }
  while IFS= read -r -d '' word; do options+=("$word"); done < "$words"
  rm -f "$words"
fi
"$IMGSITE" "${options[@]}"
status=$?
{
  echo "site=$INPUT_OUTPUT"
  [ -f "$report" ] && echo "report=$report"
} >> "$GITHUB_OUTPUT"
# 0 and 1 ran to their end (1: some photos failed, the rest is built): the cache is good to keep.
if [ "$INPUT_CACHE" = true ] && [ "$status" -le 1 ] && "$IMGSITE" cache prune --keep-days 0 --cache-dir "$IMGSITE_CACHE_DIR"; then
  echo "cache-saved=pruned" >> "$GITHUB_OUTPUT"
fi
exit "$status"
