#!/usr/bin/env bash
# run.sh runs bookalign's main job on the default corpus and prints the
# results table. On a fresh clone, with no corpus, it runs on the small
# sample corpus shipped in sample/ (12 books, under a minute); --fetch
# builds the full corpus from the public sources with `bookalign fetch`
# first and runs on that.
#
#   ./run.sh [--fetch] [extra flags for `bookalign run`, e.g. --runner=direct]
#
# Corpus:     $BOOKALIGN_CORPUS, else ../shared/corpus if it exists, else
#             data/corpus if it holds pairs.tsv, else sample/ (12 books and
#             their Wikipedia plot summaries, sample/README.md; run with
#             --folds 6, since 12 books fill 10 folds unevenly: a --folds of
#             yours comes later and wins; the same for
#             BOOKALIGN_CORPUS=sample). A $BOOKALIGN_CORPUS without
#             pairs.tsv is an error, unless BOOKALIGN_FETCH=1 asks to fetch
#             into it.
# --fetch:    (run.sh's own first argument, not passed on) fetch into
#             $BOOKALIGN_CORPUS if set, else data/corpus, with
#             `bookalign fetch --out DIR $BOOKALIGN_FETCH_FLAGS` (downloads
#             the sources; stop it at any time, run ./run.sh --fetch again
#             to resume; a finished fetch is refreshed, nothing intact is
#             downloaded again), then run on it.
# Fetch:      $BOOKALIGN_FETCH_FLAGS, extra flags for `bookalign fetch`, e.g.
#             "--mirror URL --contact you@example.org"
# ROUGE data: $BOOKALIGN_ROUGE_DATA, else ../shared/rouge if it exists,
#             else builtin: the copy of ROUGE-1.5.5's stopword and WordNet
#             exception lists built into bookalign (rouge/data/, the same
#             files). BOOKALIGN_ROUGE_DATA="" runs without them: -m stems
#             with an empty exception table and the content-word scores,
#             ROUGE -s, are left out
# Thesaurus:  $BOOKALIGN_THESAURUS, else ../shared/thesaurus, else the one a
#             fetch put in CORPUS/thesaurus (Roget's, for the Token HMM's
#             synonyms, read with --preset paper or --set
#             align.synonyms=true, which are refused without one; the
#             default Token HMM emits identical words only)
# Binary:     $BOOKALIGN_BIN, else bin/bookalign: where the build goes (a
#             relative path is from the checkout; its directory is made),
#             stamped with the checkout's commit for
#             `bookalign version` (-ldflags -X main.commit), whatever GOFLAGS
#             says of -buildvcs.
# Output:     $BOOKALIGN_OUT, else out/. A rerun with the same flags clears
#             and rewrites it; after a run with other flags, or one that did
#             not finish, add --overwrite (docs/running.md, "The output
#             directory"). A run on the sample there is replaced, with a
#             message, by the first run on another corpus.
# Binary:     $BOOKALIGN_BIN, else bin/bookalign: the file run.sh builds
#             bookalign into and runs (the tests give one in a temporary
#             directory, so that a bin/bookalign in use is left alone).
set -euo pipefail
cd "$(dirname "$0")"

fetch=""
if [ "${1:-}" = --fetch ]; then
  fetch=1
  shift
fi

on_sample=""
sample_args=()
if [ -n "${BOOKALIGN_CORPUS:-}" ]; then
  corpus=$BOOKALIGN_CORPUS
elif [ -n "$fetch" ]; then
  corpus=data/corpus
elif [ -e ../shared/corpus/pairs.tsv ]; then
  corpus=../shared/corpus
elif [ -e data/corpus/pairs.tsv ]; then
  corpus=data/corpus
else
  corpus=sample
  on_sample=1
fi
if [ "$corpus" = sample ]; then
  sample_args=(--folds 6) # also for BOOKALIGN_CORPUS=sample
fi
out=${BOOKALIGN_OUT:-out}
if [ -n "${BOOKALIGN_ROUGE_DATA+set}" ]; then
  rouge_data=$BOOKALIGN_ROUGE_DATA
elif [ -d ../shared/rouge ]; then
  rouge_data=../shared/rouge
else
  rouge_data=builtin
fi
thesaurus=${BOOKALIGN_THESAURUS:-../shared/thesaurus}

bin=${BOOKALIGN_BIN:-bin/bookalign}
# run that file, not a bookalign on $PATH
case $bin in */*) ;; *) bin=./$bin ;; esac
if [ -d "$bin" ]; then
  echo "run.sh: BOOKALIGN_BIN=$bin is a directory: name the binary's file, e.g. $bin/bookalign" >&2
  exit 1
fi
mkdir -p "$(dirname "$bin")"
# The commit for `bookalign version`, given to the linker rather than left
# to Go's -buildvcs, which GOFLAGS may turn off and which fails the build
# where git cannot read the checkout; here that only leaves the commit
# unknown, and `bookalign version` says so.
commit=$(git rev-parse HEAD 2>/dev/null || true)
modified=false
if [ -n "$commit" ] && [ -n "$(git status --porcelain 2>/dev/null)" ]; then
  modified=true
fi
echo "run.sh: building $bin (go build: the first build fetches and compiles Apache Beam, 2-3 minutes; later builds take seconds)" >&2
go build -buildvcs=false -ldflags "-X main.commit=$commit -X main.modified=$modified" -o "$bin" ./cmd/bookalign

if [ -n "$fetch" ] && [[ "$corpus" == gs://* ]]; then
  echo "run.sh: --fetch writes a local directory, not $corpus: fetch with $bin fetch --out DIR, copy DIR there, then run without --fetch" >&2
  exit 1
fi
if [ ! -e "$corpus/pairs.tsv" ] && [[ "$corpus" != gs://* ]] && [ -n "${BOOKALIGN_CORPUS:-}" ] && [ "${BOOKALIGN_FETCH:-}" != 1 ] && [ -z "$fetch" ]; then
  echo "run.sh: no corpus at $corpus (BOOKALIGN_CORPUS must name a directory holding pairs.tsv; to build one there from the public sources: ./run.sh --fetch, or $bin fetch --out $corpus)" >&2
  exit 1
fi
if [ -n "$fetch" ] && [ -e "$corpus/pairs.tsv" ]; then
  cat >&2 <<MSG
run.sh: --fetch: bringing the corpus at $corpus up to date with
  $bin fetch --out $corpus ${BOOKALIGN_FETCH_FLAGS:-}
(what is already there and intact is not downloaded again), then running on it.
MSG
  # shellcheck disable=SC2086 # the extra flags are words
  "$bin" fetch --out "$corpus" ${BOOKALIGN_FETCH_FLAGS:-}
elif [ ! -e "$corpus/pairs.tsv" ] && [[ "$corpus" != gs://* ]] && [ -z "$on_sample" ]; then
  offline_note=""
  if [ -z "${BOOKALIGN_CORPUS:-}" ]; then
    offline_note=" Without a network, ./run.sh alone runs on the sample corpus in sample/."
  fi
  cat >&2 <<MSG
run.sh: no corpus at $corpus: building one there from the public sources with
  $bin fetch --out $corpus ${BOOKALIGN_FETCH_FLAGS:-}
It downloads the CMU Book Summary Dataset, Project Gutenberg's catalog, Roget's
Thesaurus and the text of every matched book, one request at a time with a pause
between them (--delay, 2 s): once it has matched the summaries it prints how many
books it will fetch and how long that takes (books x delay: at least an hour per
1,800 books). Interrupt it at any time; run the same ./run.sh command again to
resume.$offline_note
MSG
  # shellcheck disable=SC2086 # the extra flags are words
  "$bin" fetch --out "$corpus" ${BOOKALIGN_FETCH_FLAGS:-}
fi

if [ ! -d "$thesaurus" ] && [[ "$thesaurus" != gs://* ]] && [ -z "${BOOKALIGN_THESAURUS:-}" ] && [ -d "$corpus/thesaurus" ]; then
  thesaurus=$corpus/thesaurus
fi
if [ ! -d "$thesaurus" ] && [[ "$thesaurus" != gs://* ]]; then
  thesaurus="" # the default aligners need none; bookalign refuses the settings that do
fi

overwrite=()
if [ -n "$on_sample" ]; then
  echo "run.sh: no corpus here (BOOKALIGN_CORPUS, ../shared/corpus, data/corpus): running on the 12-book sample shipped in sample/ (--folds 6) to show the job works; its numbers are not the paper's experiment. Full corpus: ./run.sh --fetch (bookalign fetch into data/corpus, then the run on it), or $bin fetch --out data/corpus" >&2
  # a fetch that got nothing leaves no manifest; one from an older
  # bookalign may have left its header alone
  fetched=0
  if [ -f data/corpus/manifest.tsv ]; then
    fetched=$(($(wc -l <data/corpus/manifest.tsv) - 1))
  fi
  if [ "$fetched" -gt 0 ]; then
    echo "run.sh: data/corpus holds a fetch that did not finish (data/corpus/manifest.tsv lists $fetched downloaded files, no pairs.tsv yet): ./run.sh --fetch resumes it" >&2
  fi
elif [ "$corpus" != sample ] && [[ "$out" != gs://* ]] && [ -f "$out/run.json" ] && grep -Eq '"[Cc]orpus": *"sample"' "$out/run.json"; then
  echo "run.sh: $out holds the run on the sample corpus: replacing it (--overwrite)" >&2
  overwrite=(--overwrite)
fi

# ${a[@]+"${a[@]}"}: an empty array under set -u in bash before 4.4
exec "$bin" run --corpus "$corpus" --out "$out" --rouge-data "$rouge_data" --thesaurus "$thesaurus" \
  ${sample_args[@]+"${sample_args[@]}"} ${overwrite[@]+"${overwrite[@]}"} "$@"
