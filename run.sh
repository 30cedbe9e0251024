#!/usr/bin/env bash
# run.sh runs bookalign's main job on the default corpus and prints the
# results table. On a fresh clone, with no corpus, it first builds one from
# the public sources with `bookalign fetch`.
#
#   ./run.sh [extra flags for `bookalign run`, e.g. --runner=direct]
#
# Corpus:     $BOOKALIGN_CORPUS, else ../shared/corpus if it exists, else
#             data/corpus. data/corpus without pairs.tsv is built by
#             `bookalign fetch --out data/corpus $BOOKALIGN_FETCH_FLAGS`
#             (downloads; stop it at any time, run again to resume). A
#             $BOOKALIGN_CORPUS without pairs.tsv is an error, unless
#             BOOKALIGN_FETCH=1 asks to fetch into it.
# Fetch:      $BOOKALIGN_FETCH_FLAGS, extra flags for `bookalign fetch`, e.g.
#             "--mirror URL --contact you@example.org"
# ROUGE data: $BOOKALIGN_ROUGE_DATA, else ../shared/rouge (ROUGE-1.5.5's
#             stopword and WordNet exception lists; without them -m stems
#             with an empty exception table)
# Thesaurus:  $BOOKALIGN_THESAURUS, else ../shared/thesaurus, else the one a
#             fetch put in CORPUS/thesaurus (Roget's, for the Token HMM's
#             synonyms, read with --synonyms, --preset paper or --beside
#             paper; the default Token HMM emits identical words only)
# Output:     $BOOKALIGN_OUT, else out/. A rerun with the same flags clears
#             and rewrites it; after a run with other flags, or one that did
#             not finish, add --overwrite (docs/running.md, "The output
#             directory").
set -euo pipefail
cd "$(dirname "$0")"

if [ -n "${BOOKALIGN_CORPUS:-}" ]; then
  corpus=$BOOKALIGN_CORPUS
elif [ -e ../shared/corpus/pairs.tsv ]; then
  corpus=../shared/corpus
else
  corpus=data/corpus
fi
out=${BOOKALIGN_OUT:-out}
rouge_data=${BOOKALIGN_ROUGE_DATA:-../shared/rouge}
thesaurus=${BOOKALIGN_THESAURUS:-../shared/thesaurus}

mkdir -p bin
go build -o bin/bookalign ./cmd/bookalign

if [ ! -e "$corpus/pairs.tsv" ] && [[ "$corpus" != gs://* ]] && [ -n "${BOOKALIGN_CORPUS:-}" ] && [ "${BOOKALIGN_FETCH:-}" != 1 ]; then
  echo "run.sh: no corpus at $corpus (BOOKALIGN_CORPUS must name a directory holding pairs.tsv; to build one there from the public sources: BOOKALIGN_FETCH=1 ./run.sh, or bin/bookalign fetch --out $corpus)" >&2
  exit 1
fi
if [ ! -e "$corpus/pairs.tsv" ] && [[ "$corpus" != gs://* ]]; then
  cat >&2 <<MSG
run.sh: no corpus at $corpus: building one there from the public sources with
  bin/bookalign fetch --out $corpus ${BOOKALIGN_FETCH_FLAGS:-}
It downloads the CMU Book Summary Dataset, Project Gutenberg's catalog, Roget's
Thesaurus and the text of every matched book, one request at a time with a pause
between them (--delay, 2 s): once it has matched the summaries it prints how many
books it will fetch and how long that takes (books x delay: at least an hour per
1,800 books). Interrupt it at any time; run ./run.sh again to resume.
MSG
  # shellcheck disable=SC2086 # the extra flags are words
  bin/bookalign fetch --out "$corpus" ${BOOKALIGN_FETCH_FLAGS:-}
fi

if [ ! -d "$rouge_data" ] && [[ "$rouge_data" != gs://* ]]; then
  echo "run.sh: no ROUGE data at $rouge_data: stemming without the WordNet exception table" >&2
  rouge_data=""
fi

if [ ! -d "$thesaurus" ] && [[ "$thesaurus" != gs://* ]] && [ -z "${BOOKALIGN_THESAURUS:-}" ] && [ -d "$corpus/thesaurus" ]; then
  thesaurus=$corpus/thesaurus
fi
if [ ! -d "$thesaurus" ] && [[ "$thesaurus" != gs://* ]]; then
  echo "run.sh: no thesaurus at $thesaurus: the default aligners need none; --synonyms needs one, and the paper's aligners run without their synonyms" >&2
  thesaurus=""
fi

exec bin/bookalign run --corpus "$corpus" --out "$out" --rouge-data "$rouge_data" --thesaurus "$thesaurus" "$@"
