#!/usr/bin/env bash
# run.sh runs bookalign's main job on the default corpus and prints the
# results table.
#
#   ./run.sh [extra flags for `bookalign run`, e.g. --runner=direct]
#
# Corpus:     $BOOKALIGN_CORPUS, else ../shared/corpus
# ROUGE data: $BOOKALIGN_ROUGE_DATA, else ../shared/rouge (ROUGE-1.5.5's
#             stopword and WordNet exception lists; without them -m stems
#             with an empty exception table)
# Thesaurus:  $BOOKALIGN_THESAURUS, else ../shared/thesaurus (Roget's, for
#             the Token HMM's synonyms; without it identity emissions only)
# Output:     $BOOKALIGN_OUT, else out/. A rerun with the same flags clears
#             and rewrites it; after a run with other flags, or one that did
#             not finish, add --overwrite (docs/running.md, "The output
#             directory").
set -euo pipefail
cd "$(dirname "$0")"

corpus=${BOOKALIGN_CORPUS:-../shared/corpus}
out=${BOOKALIGN_OUT:-out}
rouge_data=${BOOKALIGN_ROUGE_DATA:-../shared/rouge}
thesaurus=${BOOKALIGN_THESAURUS:-../shared/thesaurus}
if [ ! -e "$corpus/pairs.tsv" ] && [[ "$corpus" != gs://* ]]; then
  echo "run.sh: no corpus at $corpus (set BOOKALIGN_CORPUS to a directory holding pairs.tsv)" >&2
  exit 1
fi
if [ ! -d "$rouge_data" ] && [[ "$rouge_data" != gs://* ]]; then
  echo "run.sh: no ROUGE data at $rouge_data: stemming without the WordNet exception table" >&2
  rouge_data=""
fi

if [ ! -d "$thesaurus" ] && [[ "$thesaurus" != gs://* ]]; then
  echo "run.sh: no thesaurus at $thesaurus: the Token HMM uses identity emissions only" >&2
  thesaurus=""
fi

mkdir -p bin
go build -o bin/bookalign ./cmd/bookalign
exec bin/bookalign run --corpus "$corpus" --out "$out" --rouge-data "$rouge_data" --thesaurus "$thesaurus" "$@"
