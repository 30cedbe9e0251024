#!/usr/bin/env bash
# bench/seeds.sh runs the whole experiment (./run.sh's job: every method, 10
# folds, prism) once per seed and prints each method's mean, spread and
# range over the seeds, and each trained summarizer's lead over Jing, Names
# and First 1000 seed by seed (go run ./bench/seeds). The seed draws the
# fold assignment, the inner splits that choose lambda, the Passage HMM's
# boundary sampler and the bootstrap: the spread is the noise a difference
# between methods must exceed.
#
#   bench/seeds.sh OUTDIR [SEEDS] [-- extra flags for bookalign run]
#
# SEEDS is a comma-separated list (default 1,2,3,4,5). Each run writes
# OUTDIR/seed-K (report skipped); a run whose OUTDIR/seed-K holds a
# finished run of the same settings is cleared and rerun by bookalign
# itself. The summary goes to stdout and to OUTDIR/seeds.md.
#
# Corpus:     $BOOKALIGN_CORPUS, else ../shared/corpus
# ROUGE data: $BOOKALIGN_ROUGE_DATA, else ../shared/rouge
# Thesaurus:  $BOOKALIGN_THESAURUS, else ../shared/thesaurus
set -euo pipefail
cd "$(dirname "$0")/.."

out=${1:?usage: bench/seeds.sh OUTDIR [SEEDS] [-- flags for bookalign run]}
shift
seeds=1,2,3,4,5
if [ $# -gt 0 ] && [ "$1" != "--" ]; then
  seeds=$1
  shift
fi
if [ $# -gt 0 ] && [ "$1" == "--" ]; then
  shift
fi
if ! [[ "$seeds" =~ ^[0-9]+(,[0-9]+)+$ ]]; then
  echo "seeds.sh: SEEDS must be two or more comma-separated integers, not $seeds" >&2
  exit 1
fi
corpus=${BOOKALIGN_CORPUS:-../shared/corpus}
rouge_data=${BOOKALIGN_ROUGE_DATA:-../shared/rouge}
thesaurus=${BOOKALIGN_THESAURUS:-../shared/thesaurus}

mkdir -p bin "$out"
go build -o bin/bookalign ./cmd/bookalign
results=()
for seed in ${seeds//,/ }; do
  dir=$out/seed-$seed
  echo "seeds.sh: seed $seed → $dir" >&2
  start=$(date +%s)
  bin/bookalign run --corpus "$corpus" --out "$dir" --rouge-data "$rouge_data" --thesaurus "$thesaurus" \
    --seed "$seed" --report=false --quiet "$@"
  echo "seeds.sh: seed $seed done in $(( $(date +%s) - start )) s" >&2
  results+=("$dir/results.json")
done
go run ./bench/seeds "${results[@]}" | tee "$out/seeds.md"
