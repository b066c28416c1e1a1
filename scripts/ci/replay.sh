#!/usr/bin/env bash
# Plays the CI examples of docs/ci/ in a temporary folder, with the
# commands they run (run by `make test`):
#
# 1. the cached job, twice: a cold build; the cache pruned to what it used
#    and saved (as actions/cache does, a tar); a fresh copy of the photos with new modification times (a
#    new checkout); the cache restored; a warm build that must encode
#    nothing. Both archives (--archive) must be byte-identical and list no
#    owner, and the warm report must say 0 encoded files.
# 2. the sharded job: 3 shards (--shard $((JOB_COMPLETION_INDEX + 1))/3, as
#    the Kubernetes Indexed Job runs them) and the merge, which must equal a
#    single build byte for byte and report the bad photo.
set -euo pipefail
cd "$(dirname "$0")/../.."
IMGSITE=${IMGSITE:-$PWD/.build/debug/imgsite}
CORPUS=$PWD/Tests/Corpus
[ -x "$IMGSITE" ] || swift build -Xcc -O2 --product imgsite >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "replay: FAILED: $*" >&2; exit 1; }

library() {  # a small library: an album, an animation, a bad photo
  mkdir -p "$1/nature" "$1/bad"
  cp "$CORPUS"/photos/nature/{Storm,LadyBird,Wood}.jpg "$CORPUS"/photos/animated/iss634.gif "$1/nature/"
  cp "$CORPUS"/bad/corrupted.jpg "$1/bad/"
}

echo "replay: cached job, cold then warm"
library "$work/run1/photos"
(cd "$work/run1" && IMGSITE_CACHE_DIR=$work/run1/cache "$IMGSITE" build photos -o _site --report build.json \
  --archive site.tar.gz --fail-on never --quiet >/dev/null)
IMGSITE_CACHE_DIR=$work/run1/cache "$IMGSITE" cache prune --keep-days 0 >/dev/null   # keep what it used
tar -C "$work/run1" -cf "$work/cache.tar" cache                      # save the cache
library "$work/run2/photos"                                          # a new checkout
find "$work/run2/photos" -type f -exec touch -d '2030-01-01 12:00' {} +
tar -C "$work/run2" -xf "$work/cache.tar"                            # restore the cache
(cd "$work/run2" && IMGSITE_CACHE_DIR=$work/run2/cache "$IMGSITE" build photos -o _site --report build.json \
  --archive site.tar.gz --fail-on never --quiet >/dev/null)
grep -Eq '"encodedFiles" *: *0,' "$work/run2/build.json" || fail "the warm build encoded files: $(grep encodedFiles "$work/run2/build.json")"
grep -Eq '"encodedFiles" *: *[1-9]' "$work/run1/build.json" || fail "the cold build encoded nothing"
cmp -s "$work/run1/site.tar.gz" "$work/run2/site.tar.gz" || fail "the two archives differ"
listing=$(tar -tzf "$work/run2/site.tar.gz")   # not piped into grep -q: under pipefail, tar's SIGPIPE would fail it
grep -qx 'nature/index.html' <<<"$listing" || fail "the archive has no nature/index.html"
owners=$(tar --numeric-owner -tvzf "$work/run2/site.tar.gz" | awk '{print $2}' | sort -u)
[ "$owners" = "0/0" ] || fail "archive entries carry owners: $owners"

echo "replay: sharded job, 3 shards and the merge"
for JOB_COMPLETION_INDEX in 0 1 2; do
  "$IMGSITE" build "$work/run1/photos" -o "$work/shards/$((JOB_COMPLETION_INDEX + 1))" \
    --shard $((JOB_COMPLETION_INDEX + 1))/3 --cache-dir "$work/shard-cache/$((JOB_COMPLETION_INDEX + 1))" --fail-on never --quiet >/dev/null
done
set +e
"$IMGSITE" build "$work/run1/photos" -o "$work/merged" --cache-dir "$work/merge-cache" \
  --merge "$work"/shards/* > "$work/merge.log" 2>&1
status=$?
set -e
[ "$status" = 1 ] || fail "the merge exited $status, not 1 for the bad photo: $(cat "$work/merge.log")"
grep -q '^failed bad/corrupted.jpg: .*(on shard [123]/3)$' "$work/merge.log" || fail "the merge did not report the bad photo: $(cat "$work/merge.log")"
grep -q '^built 0, ' "$work/merge.log" || fail "the merge encoded: $(tail -1 "$work/merge.log")"
diff -r "$work/merged" "$work/run1/_site" >/dev/null || fail "the merged site differs from the single build"
echo "replay: passed"
