#!/usr/bin/env bash
# bench/heldout.sh checks on unseen books that a gain measured by
# cross-validation carries over. It splits the corpus once into a
# development part and an unseen part (go run ./bench/heldout split: books
# sharing a text stay on one side; the rule is in bench/heldout/main.go),
# then, for each named set of settings,
#
#   1. cross-validates on the development books (WORK/dev-NAME), and
#   2. trains on all the development books and scores the unseen ones
#      (--test-corpus; WORK/unseen-NAME),
#
# and compares every later name with the first (the base): `bookalign
# compare` on the development runs and on the unseen runs (WORK/NAME.md),
# and the gains side by side with their ratio (go run ./bench/heldout carry).
# Make the choice among the settings on the development runs alone
# (HELDOUT_STAGE=dev runs only those, e.g. for `go run ./bench/plotexp nest`
# over WORK/dev-*/per_book.csv); then run the unseen stage.
#
#   bench/heldout.sh WORK BASE 'BASE FLAGS' NAME 'FLAGS' [NAME 'FLAGS' …]
#
# e.g. bench/heldout.sh /tmp/ho old '--set summarizer.coverage_plot=none' new ''
#
# A name whose run directory holds a finished run (results.json) is not run
# again, so later candidates reuse the base's runs. Runs are nice'd and one
# at a time, with --report=false --quiet, seed 1, 10 folds.
#
# Methods:    $HELDOUT_METHODS, else token (the carry table's method is the first)
# Stage:      $HELDOUT_STAGE: dev, unseen or all (default)
# Split:      $HELDOUT_UNSEEN books unseen (65), $HELDOUT_SALT (heldout-1)
# Corpus:     $BOOKALIGN_CORPUS, else ../shared/corpus
# ROUGE data: $BOOKALIGN_ROUGE_DATA, else ../shared/rouge
# Thesaurus:  $BOOKALIGN_THESAURUS, else ../shared/thesaurus
set -euo pipefail
cd "$(dirname "$0")/.."

work=${1:?usage: bench/heldout.sh WORK BASE 'FLAGS' NAME 'FLAGS' …}
shift
if [ $# -lt 2 ] || [ $(($# % 2)) -ne 0 ]; then
  echo "heldout.sh: want pairs of NAME 'FLAGS', the first the base" >&2
  exit 1
fi
methods=${HELDOUT_METHODS:-token}
stage=${HELDOUT_STAGE:-all}
case $stage in dev | unseen | all) ;; *)
  echo "heldout.sh: HELDOUT_STAGE must be dev, unseen or all, not $stage" >&2
  exit 1
  ;;
esac
# Every name is checked before anything is built or run.
names=() flagsets=()
while [ $# -gt 0 ]; do
  name=$1
  if ! [[ "$name" =~ ^[A-Za-z0-9][A-Za-z0-9._-]*$ ]]; then
    echo "heldout.sh: a name is letters, digits, '.', '_' and '-', starting with a letter or digit, not '$name'" >&2
    exit 1
  fi
  for n in "${names[@]}"; do
    if [ "$n" = "$name" ]; then
      echo "heldout.sh: $name is named twice" >&2
      exit 1
    fi
  done
  names+=("$name")
  flagsets+=("$2")
  shift 2
done
corpus=${BOOKALIGN_CORPUS:-../shared/corpus}
rouge_data=$(cd "${BOOKALIGN_ROUGE_DATA:-../shared/rouge}" && pwd)
thesaurus=$(cd "${BOOKALIGN_THESAURUS:-../shared/thesaurus}" && pwd)

mkdir -p "$work"
work=$(cd "$work" && pwd)
bin=$work/bookalign.$$
go build -o "$bin" ./cmd/bookalign
trap 'rm -f "$bin"' EXIT

if [ ! -f "$work/split/split.tsv" ]; then
  go run ./bench/heldout split -corpus "$corpus" -unseen "${HELDOUT_UNSEEN:-65}" -salt "${HELDOUT_SALT:-heldout-1}" "$work/split"
fi

# run DIR FLAGS...: one nice'd run unless DIR holds a finished one.
run() {
  local dir=$1
  shift
  if [ -f "$dir/results.json" ]; then
    echo "heldout.sh: $dir is done, kept" >&2
    return
  fi
  echo "heldout.sh: $(date -u +%T) → $dir" >&2
  local start
  start=$(date +%s)
  # shellcheck disable=SC2068 # the flags are meant to split
  nice "$bin" run --out "$dir" --rouge-data "$rouge_data" --thesaurus "$thesaurus" \
    --methods "$methods" --report=false --quiet --overwrite "$@"
  echo "heldout.sh: $dir done in $(($(date +%s) - start)) s" >&2
}

for i in "${!names[@]}"; do
  name=${names[$i]} flags=${flagsets[$i]}
  # shellcheck disable=SC2086 # the flags are meant to split
  {
    if [ "$stage" != unseen ]; then
      run "$work/dev-$name" --corpus "$work/split/dev" $flags
    fi
    if [ "$stage" != dev ]; then
      run "$work/unseen-$name" --corpus "$work/split/dev" --test-corpus "$work/split/unseen" $flags
    fi
  }
done

base=${names[0]}
for name in "${names[@]:1}"; do
  {
    for part in dev unseen; do
      if [ -f "$work/$part-$name/results.json" ] && [ -f "$work/$part-$base/results.json" ]; then
        echo "## $part: $name − $base"
        echo '```'
        "$bin" compare "$work/$part-$name" "$work/$part-$base"
        echo '```'
      fi
    done
    if [ "$stage" = all ]; then
      go run ./bench/heldout carry -method "${methods%%,*}" "$work/dev-$base" "$work/dev-$name" "$work/unseen-$base" "$work/unseen-$name"
    fi
  } | tee "$work/$name.md"
done
