#!/usr/bin/env bash
# bench/scale.sh measures the whole experiment on the corpus replicated N
# times: wall time, user+sys CPU and peak resident memory (GNU time -v) of
# `bookalign run` with every method and 10 folds on prism, as ./run.sh runs
# it, after one untimed build.
#
#   bench/scale.sh N [extra flags for bookalign run]
#
# The replicated corpus is made of symlinks in a temporary directory
# (replicate in bench/lib.sh): every model is trained on its 1× set weighed
# N times. With N = 1 the output equals ./run.sh's. The report is skipped
# (--report=false): it is built after the pipeline, in the launching process (docs/running.md).
#
# Corpus:     $BOOKALIGN_CORPUS, else ../shared/corpus
# ROUGE data: $BOOKALIGN_ROUGE_DATA, else ../shared/rouge
# Thesaurus:  $BOOKALIGN_THESAURUS, else ../shared/thesaurus
# Subset:     $BOOKALIGN_SUBSET, else every pair: replicate only the first K
#             pairs of pairs.tsv (a quick scaling check on a busy machine)
# Output:     $BOOKALIGN_OUT, else a temporary directory removed at the end
set -euo pipefail
cd "$(dirname "$0")/.."

n=${1:?usage: bench/scale.sh N [flags for bookalign run]}
shift
if ! [[ "$n" =~ ^[1-9][0-9]*$ ]]; then
  echo "scale.sh: N must be a positive integer, not $n" >&2
  exit 1
fi
corpus=$(cd "${BOOKALIGN_CORPUS:-../shared/corpus}" && pwd)
rouge_data=${BOOKALIGN_ROUGE_DATA:-../shared/rouge}
thesaurus=${BOOKALIGN_THESAURUS:-../shared/thesaurus}
subset=${BOOKALIGN_SUBSET:-}

mkdir -p bin
go build -o bin/bookalign ./cmd/bookalign

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. bench/lib.sh # replicate
sub="$tmp/corpus"
replicate "$corpus" "$n" "$sub" "$subset"
out=${BOOKALIGN_OUT:-$tmp/out}
echo "scale.sh: ${n}× corpus, $(($(wc -l <"$sub/pairs.tsv") - 1)) pairs → $out" >&2

/usr/bin/time -v -o "$tmp/time.txt" bin/bookalign run --corpus "$sub" --out "$out" \
  --rouge-data "$rouge_data" --thesaurus "$thesaurus" --report=false --set allow_outside_symlinks=true "$@"
awk -F': ' '
  /User time/ {u = $2} /System time/ {s = $2} /Elapsed/ {w = $2} /Maximum resident/ {m = $2}
  END { printf "scale.sh: %s× corpus: wall %s, user %.1f s + sys %.1f s = %.1f CPU-s, peak RSS %.2f GB\n", n, w, u, s, u + s, m / 1048576 }
' n="$n" "$tmp/time.txt"
