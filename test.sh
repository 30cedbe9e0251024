#!/usr/bin/env bash
# test.sh runs bookalign's test suite, go test -timeout 30m ./... (or go
# test with the arguments given instead, e.g. ./test.sh ./rouge -run X),
# and then says on stderr which tests skipped because this machine lacks
# something they need, and what: ../shared (the shared corpus, ROUGE
# data, thesaurus and Wikipedia fixture; set BOOKALIGN_SHARED to where
# it is) or Chromium (apt-get install chromium). With CI=true those tests
# fail instead of skipping. Its standard output and exit code are go
# test's. .ci/run runs it, as README.md says.
#
# The skipped tests write a line each into a new temporary directory
# (BOOKALIGN_SKIP_LOG, internal/sharedtest): a package with such a test
# is run again each time rather than taken from go test's cache. Tests
# skipped for another reason (-short, BOOKALIGN_FULL unset) are not
# counted; go test -v shows every skip with its reason.
set -uo pipefail
cd "$(dirname "$0")"
if [ $# -eq 0 ]; then
  set -- -timeout 30m ./...
fi
log=$(mktemp -d "${TMPDIR:-/tmp}/bookalign-skips.XXXXXX") || exit 1
trap 'rm -rf "$log"' EXIT
BOOKALIGN_SKIP_LOG=$log go test "$@"
code=$?
# The lines are NEED \t PACKAGE \t TEST: one line per NEED with its
# packages, then the closing line of the counts.
sort -u "$log"/skips-*.tsv 2>/dev/null | cut -f1,2 | uniq -c | awk '
  {
    count = $1; sub(/^ *[0-9]+ /, ""); split($0, f, "\t")
    if (!(f[1] in n)) needs[++k] = f[1]
    n[f[1]] += count; pkgs[f[1]] = pkgs[f[1]] (pkgs[f[1]] == "" ? "" : ", ") f[2] " " count; total += count
  }
  END {
    if (total == 0) { print "test.sh: no test skipped for something this machine lacks"; exit }
    for (i = 1; i <= k; i++) {
      printf "test.sh:   %d %s: %s\n", n[needs[i]], needs[i], pkgs[needs[i]]
      line = line (i > 1 ? ", " : "") n[needs[i]] " " needs[i]
    }
    printf "test.sh: %d test%s skipped: %s\n", total, (total == 1 ? "" : "s"), line
  }' >&2
exit "$code"
