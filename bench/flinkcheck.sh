#!/usr/bin/env bash
# bench/flinkcheck.sh checks that bookalign on a real Flink cluster writes
# what it writes in process. It starts the local session cluster
# (bench/flink.sh: a JobManager, two TaskManagers, Beam's Flink job
# server, Go workers as processes on the TaskManagers), then runs, once in
# process (prism) and once on the cluster, and compares every output file
# byte for byte:
#
#   1. bookalign run on the 12-book sample corpus (--folds 6), every method;
#   2. bookalign wiki-extract on the Wikipedia fixture;
#   3. bookalign reprocess on the fixture (docs/running.md, "An example on
#      the shipped fixture"), its three jobs on the cluster.
#
# It stops the cluster and removes its files on exit, and exits non-zero
# on any difference or failure, printing "flinkcheck.sh: OK" at the end
# otherwise. bench/flink/flink_test.go runs it in `go test ./...`.
#
#   bench/flinkcheck.sh
#
# Dump:   $BOOKALIGN_WIKIDUMP, else the fixture in ../shared/wikidump
# Ports:  as bench/flink.sh (BOOKALIGN_FLINK_REST_PORT, _RPC_PORT, _JOB_PORT)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

dump=${BOOKALIGN_WIKIDUMP:-../shared/wikidump/enwiki-latest-pages-articles1.xml-p000000010p000030302-shortened.bz2}
[ -f "$dump" ] || {
  echo "flinkcheck.sh: $dump not found" >&2
  exit 1
}
dump=$(cd "$(dirname "$dump")" && pwd)/$(basename "$dump")

tmp=$(mktemp -d)
export BOOKALIGN_FLINK_DIR="$tmp/flink"
export BOOKALIGN_FLINK_BIN="$tmp/bookalign"
cleanup() {
  bench/flink.sh stop >/dev/null 2>&1 || true
  rm -rf "$tmp"
}
trap cleanup EXIT

go build -o "$BOOKALIGN_FLINK_BIN" ./cmd/bookalign
bin=$BOOKALIGN_FLINK_BIN
bench/flink.sh start
read -r -a flink <<<"$(bench/flink.sh flags)"

status=0
. bench/lib.sh # compare, timed
on_flink() { # on_flink LOG CMD...: bookalign CMD... on the cluster, its log kept for a failure
  local log=$1
  shift
  if ! "$bin" "$@" "${flink[@]}" >"$tmp/$log.out" 2>"$tmp/$log.err"; then
    echo "flinkcheck.sh: on Flink: bookalign $* failed:" >&2
    tail -n 30 "$tmp/$log.err" >&2
    return 1
  fi
}

# 1. The experiment on the sample.
timed "run in process" "$bin" run --corpus "$root/sample" --out "$tmp/run-local" --folds 6 --quiet
timed "run on Flink" on_flink run run --corpus "$root/sample" --out "$tmp/run-flink" --folds 6
# run.json records when each run started and which runner ran it.
compare "bookalign run on the sample, in process vs Flink" "$tmp/run-local" "$tmp/run-flink" -x run.json

# 2. wiki-extract on the fixture.
timed "wiki-extract in process" "$bin" wiki-extract --dump "$dump" --out "$tmp/wiki-local" --quiet
timed "wiki-extract on Flink" on_flink wiki wiki-extract --dump "$dump" --out "$tmp/wiki-flink"
compare "bookalign wiki-extract, in process vs Flink" "$tmp/wiki-local" "$tmp/wiki-flink"

# 3. reprocess on the fixture: extract, match and run, each a Flink job.
# Both in one directory, one after the other: the results name their corpus's path.
ex="$tmp/reprocess"
reprocess=(reprocess --catalog "$root/reprocess/testdata/example/pg_catalog.csv" --methods first1000
  --dumps "$ex/dumps" --state "$ex/state" --out "$ex/out" --books "$ex/mirror")
fresh_example() {
  rm -rf "$ex"
  mkdir -p "$ex/dumps" "$ex/mirror"
  cp -p "$dump" "$ex/dumps/" # -p: the dump's key in progress.json holds its time
  cp sample/books/heart-of-darkness.txt "$ex/mirror/90001.txt"
}
fresh_example
timed "reprocess in process" "$bin" "${reprocess[@]}" --quiet
mv "$ex/out" "$tmp/reprocess-local"
fresh_example
timed "reprocess on Flink" on_flink reprocess "${reprocess[@]}"
# run.json records when the run started.
compare "bookalign reprocess, in process vs Flink" "$tmp/reprocess-local" "$ex/out" -x run.json

bench/flink.sh status
if [ "$status" -ne 0 ]; then
  echo "flinkcheck.sh: FAILED" >&2
else
  echo "flinkcheck.sh: OK"
fi
exit "$status"
