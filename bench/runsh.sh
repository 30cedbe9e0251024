#!/usr/bin/env bash
# bench/runsh.sh measures ./run.sh on the default corpus: wall time and peak
# resident memory of the whole job (GNU time), after one untimed build.
#
#   bench/runsh.sh [extra flags for bookalign run]
set -euo pipefail
cd "$(dirname "$0")/.."
go build -o bin/bookalign ./cmd/bookalign
out=$(mktemp -d)
if [ -x /usr/bin/time ]; then
  BOOKALIGN_OUT="$out" /usr/bin/time -f 'wall %e s, peak RSS %M KB' ./run.sh "$@" 2>&1 | tail -n 25
else
  start=$(date +%s.%N)
  BOOKALIGN_OUT="$out" ./run.sh "$@"
  echo "wall $(echo "$(date +%s.%N) - $start" | bc) s (install GNU time for peak memory)"
fi
rm -rf "$out"
