#!/usr/bin/env bash
# bench/speed.sh times the default job (every method, 10 folds, prism, report
# off) for two commits back to back on the same machine: wall time, user+sys
# CPU and peak resident memory (GNU time -v), and whether their outputs are
# byte-identical (results.json, per_book.csv, table.md, summaries/,
# selections/, alignments/, features/).
#
#   bench/speed.sh BASE [HEAD] [-- extra flags for bookalign run]
#
# BASE and HEAD are git revisions (HEAD defaults to the working tree). Each
# is built into a temporary directory first, so building does not fall in
# the timing. Corpus, ROUGE data and thesaurus as for bench/seeds.sh; with
# $BOOKALIGN_KEEP set, the two output directories are moved there
# (base/ and head/) instead of removed.
set -euo pipefail
cd "$(dirname "$0")/.."

base=${1:?usage: bench/speed.sh BASE [HEAD] [-- flags for bookalign run]}
shift
head=""
if [ $# -gt 0 ] && [ "$1" != "--" ]; then
  head=$1
  shift
fi
if [ $# -gt 0 ] && [ "$1" == "--" ]; then
  shift
fi
corpus=${BOOKALIGN_CORPUS:-../shared/corpus}
rouge_data=${BOOKALIGN_ROUGE_DATA:-../shared/rouge}
thesaurus=${BOOKALIGN_THESAURUS:-../shared/thesaurus}
tmp=$(mktemp -d)
trap 'git worktree remove --force "$tmp/src-base" 2>/dev/null || true; [ -z "$head" ] || git worktree remove --force "$tmp/src-head" 2>/dev/null || true; rm -rf "$tmp"' EXIT

build() { # build REV DEST: the working tree when REV is empty
  if [ -z "$1" ]; then
    go build -o "$2" ./cmd/bookalign
  else
    git worktree add --detach "$tmp/src-$3" "$1" >/dev/null
    (cd "$tmp/src-$3" && go build -o "$2" ./cmd/bookalign)
  fi
}
build "$base" "$tmp/base" base
build "$head" "$tmp/head" head

for v in base head; do
  /usr/bin/time -v "$tmp/$v" run --corpus "$corpus" --out "$tmp/out-$v" --rouge-data "$rouge_data" \
    --thesaurus "$thesaurus" --report=false --quiet "$@" 2> "$tmp/time-$v"
  echo "$v: $(awk -F': ' '/Elapsed/ {w=$2} /User time/ {u=$2} /System time/ {s=$2} /Maximum resident/ {m=$2}
    END {printf "wall %s, CPU %.0f s (user %s + sys %s), peak RSS %.2f GB", w, u+s, u, s, m/1e6}' "$tmp/time-$v")"
done
same=identical
for f in results.json per_book.csv table.md summaries selections alignments features; do
  if ! diff -rq "$tmp/out-base/$f" "$tmp/out-head/$f" >/dev/null; then
    same="different ($f differs first)"
    break
  fi
done
echo "outputs: $same"
if [ -n "${BOOKALIGN_KEEP:-}" ]; then
  mkdir -p "$BOOKALIGN_KEEP"
  rm -rf "$BOOKALIGN_KEEP/base" "$BOOKALIGN_KEEP/head"
  mv "$tmp/out-base" "$BOOKALIGN_KEEP/base"
  mv "$tmp/out-head" "$BOOKALIGN_KEEP/head"
fi
