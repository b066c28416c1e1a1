#!/usr/bin/env bash
# The test suites tagged with any of the given tags (Tests/ImgSiteCoreTests/Support/Tiers.swift),
# as one `swift test --filter`/`--skip` pattern: `scripts/test-suites.sh browser watch` → `AccessibilityTests|…`.
# The Makefile's tiers come from here, so a suite is put in a tier where it is declared
# (`@Suite(.tags(.browser))`), not in a list of names (Swift 6.3's `swift test` cannot select by tag).
# `--list`: one "Suite tag tag" line per tagged suite.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -gt 0 ] || { echo "usage: scripts/test-suites.sh --list | TAG [TAG...]" >&2; exit 2; }
# perl is in every Debian (perl-base is essential): @Suite(…) may hold nested parentheses.
tagged=$(find Tests -name '*.swift' -print0 | sort -z | xargs -0 perl -0777 -ne '
    while (/\@Suite\s*(\(((?:[^()]++|(?1))*)\))\s*(?:final\s+)?(?:struct|class|enum)\s+(\w+)/g) {
        my ($traits, $name) = ($2, $3);
        next unless $traits =~ /\.tags\(([^)]*)\)/;
        my @tags = map { s/^\s*\.//r =~ s/\s+$//r } split /,/, $1;
        print "$name @tags\n";
    }')
if [ "$1" = --list ]; then echo "$tagged"; exit 0; fi
suites=$(echo "$tagged" | awk -v want="$*" 'BEGIN { n = split(want, w, " ") }
    { for (i = 2; i <= NF; i++) for (j = 1; j <= n; j++) if ($i == w[j]) { print $1; next } }' | sort -u | paste -sd'|')
[ -n "$suites" ] || { echo "scripts/test-suites.sh: no suite is tagged $*" >&2; exit 1; }
echo "$suites"
