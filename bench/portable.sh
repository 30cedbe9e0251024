#!/usr/bin/env bash
# bench/portable.sh exercises the distributed path on this machine. It starts
# a prism job server on a free localhost port (the local stand-in for Flink's
# job server), then
#
#   1. runs `bookalign run` on a subset of the shared corpus (20 books by
#      default) in process and through the job server with
#      --runner=universal --endpoint=localhost:PORT --environment_type=LOOPBACK,
#      and checks that results.json (and every other output file) is identical;
#   2. does the same for `bookalign wiki-extract` on the bz2 Wikipedia fixture.
#
# It stops the job server and removes its temporary files on exit, and exits
# non-zero on any difference or failure.
#
#   bench/portable.sh [extra flags for bookalign run, e.g. --methods first1000]
#
# Corpus:     $BOOKALIGN_CORPUS, else ../shared/corpus (the subset is made of
#             symlinks in a temporary directory; nothing is copied here, and
#             the runs pass --set allow_outside_symlinks=true to follow them)
# ROUGE data: $BOOKALIGN_ROUGE_DATA, else ../shared/rouge
# Dump:       $BOOKALIGN_WIKIDUMP, else the fixture in ../shared/wikidump
# Books:      $BOOKALIGN_SUBSET, else 20
set -euo pipefail
cd "$(dirname "$0")/.."

corpus=${BOOKALIGN_CORPUS:-../shared/corpus}
rouge_data=${BOOKALIGN_ROUGE_DATA:-../shared/rouge}
dump=${BOOKALIGN_WIKIDUMP:-../shared/wikidump/enwiki-latest-pages-articles1.xml-p000000010p000030302-shortened.bz2}
books=${BOOKALIGN_SUBSET:-20}
for f in "$corpus/pairs.tsv" "$dump"; do
  if [ ! -e "$f" ]; then
    echo "portable.sh: $f not found" >&2
    exit 1
  fi
done
rouge_flag=()
if [ -d "$rouge_data" ]; then
  rouge_flag=(--rouge-data "$(cd "$rouge_data" && pwd)")
fi

mkdir -p bin
go build -o bin/bookalign ./cmd/bookalign
go build -o bin/prism github.com/apache/beam/sdks/v2/go/cmd/prism

tmp=$(mktemp -d)
prism_pid=""
cleanup() {
  if [ -n "$prism_pid" ]; then
    kill "$prism_pid" 2>/dev/null || true
    wait "$prism_pid" 2>/dev/null || true
  fi
  rm -rf "$tmp"
}
trap cleanup EXIT

# A free port: ask the kernel for one, then give it to prism.
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()' 2>/dev/null ||
  echo $((20000 + RANDOM % 20000)))
bin/prism -job_port="$port" -serve_http=false -log_level=warn >"$tmp/prism.log" 2>&1 &
prism_pid=$!
for _ in $(seq 1 100); do
  if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
    break
  fi
  if ! kill -0 "$prism_pid" 2>/dev/null; then
    echo "portable.sh: prism job server did not start:" >&2
    cat "$tmp/prism.log" >&2
    exit 1
  fi
  sleep 0.1
done
echo "portable.sh: prism job server on localhost:$port (pid $prism_pid)"
portable=(--runner=universal --endpoint="localhost:$port" --environment_type=LOOPBACK)

# The subset: the header and the first $books rows of pairs.tsv, with their
# files linked, not copied.
sub="$tmp/corpus"
mkdir -p "$sub/books" "$sub/summaries"
src=$(cd "$corpus" && pwd)
head -n $((books + 1)) "$src/pairs.tsv" >"$sub/pairs.tsv"
tail -n +2 "$sub/pairs.tsv" | cut -f1 | while read -r id; do
  ln -s "$src/books/$id.txt" "$sub/books/$id.txt"
  ln -s "$src/summaries/$id.txt" "$sub/summaries/$id.txt"
done

status=0
. bench/lib.sh # compare, timed

timed "run in process" bin/bookalign run --corpus "$sub" --out "$tmp/run-local" "${rouge_flag[@]}" --set allow_outside_symlinks=true --quiet "$@"
# Not --quiet: the run prints the Beam counters the job server reports.
run_portable() {
  bin/bookalign run --corpus "$sub" --out "$tmp/run-portable" "${rouge_flag[@]}" --set allow_outside_symlinks=true --verbose "${portable[@]}" "$@" >/dev/null 2>"$tmp/run-portable.log"
}
timed "run on the job server" run_portable "$@"
cmp "$tmp/run-local/results.json" "$tmp/run-portable/results.json" || status=1
# run.json records when each run started: every other file must be equal.
compare "bookalign run on $books books, in process vs job server" "$tmp/run-local" "$tmp/run-portable" -x run.json

# Keyed training: on a runner that is not in process, as here, transforms.Train
# gets one element per (method, training set) (pipelines.Config.TrainByMethod;
# in process it gets one per training set, whose models fit side by side). It
# counts one train_keys per element and one models_trained per model, and one
# books_summarized per book and method, as the job server reports them. Each
# element must train exactly one model (elements == models), and there must be
# more than one (a single global key would make one). The outputs compared
# above show that the two keyings give the same models.
counter() { awk -v n="$1" '$1 == n { print $2 }' "$tmp/run-portable.log"; }
keys=$(counter train_keys) models=$(counter models_trained) summarized=$(counter books_summarized)
models_json=$({ find "$tmp/run-portable/models" -name '*.json' 2>/dev/null || true; } | wc -l)
echo "portable.sh: job server counters: train_keys ${keys:-none}, models_trained ${models:-none}, books_summarized ${summarized:-none}"
if [ "$models_json" -eq 0 ] && [ -z "$keys" ]; then
  echo "portable.sh: no summarizer trained (no trained method among the run's flags): training's keying not checked"
elif [ -z "$keys" ] || [ "$keys" -le 1 ] || [ -z "$models" ] || [ "$models" -ne "$keys" ]; then
  echo "portable.sh: training was not keyed: want one train_keys element per (method, training set), each training one model, and more than one" >&2
  status=1
else
  echo "portable.sh: training ran as $keys keyed (method, training set) elements, one model each, for $models_json methods"
fi

timed "wiki-extract in process" bin/bookalign wiki-extract --dump "$dump" --out "$tmp/wiki-local" --quiet
timed "wiki-extract on the job server" bin/bookalign wiki-extract --dump "$dump" --out "$tmp/wiki-portable" --quiet "${portable[@]}"
compare "bookalign wiki-extract, in process vs job server" "$tmp/wiki-local" "$tmp/wiki-portable"
if [ "$(wc -l <"$tmp/wiki-local/summaries.tsv")" -eq 0 ]; then
  echo "portable.sh: wiki-extract found no summary in $dump" >&2
  status=1
fi

# The split read (the splittable DoFn) on the job server: the dump rewritten
# as a multistream dump of 20 pages a stream with its index (needs python3's
# bz2 module), which must give the same files as the sequential read.
if python3 - "$dump" "$tmp/ms.xml.bz2" "$tmp/ms-index.txt.bz2" <<'PY'
import bz2, re, sys
xml = bz2.decompress(open(sys.argv[1], "rb").read()).decode()
start = xml.rindex("\n", 0, xml.index("<page>")) + 1
out, index = bytearray(bz2.compress(xml[:start].encode())), []
pages = re.findall(r"[ \t]*<page>.*?</page>\n", xml[start:], re.S)
for i in range(0, len(pages), 20):
    for p in pages[i:i + 20]:
        index.append("%d:%s:%s\n" % (len(out), re.search(r"<id>(\d+)</id>", p).group(1), re.search(r"<title>(.*?)</title>", p).group(1)))
    out += bz2.compress("".join(pages[i:i + 20]).encode())
out += bz2.compress(b"</mediawiki>\n")
open(sys.argv[2], "wb").write(out)
open(sys.argv[3], "wb").write(bz2.compress("".join(index).encode()))
PY
then
  timed "wiki-extract --index on the job server" bin/bookalign wiki-extract --dump "$tmp/ms.xml.bz2" --index "$tmp/ms-index.txt.bz2" \
    --chunk-mb 1 --out "$tmp/wiki-split" --quiet "${portable[@]}"
  compare "bookalign wiki-extract, sequential in process vs split on the job server" "$tmp/wiki-local" "$tmp/wiki-split"
else
  echo "portable.sh: could not rewrite the dump as a multistream dump (python3 with bz2, a .bz2 dump): skipping the split read"
fi

if [ "$status" -ne 0 ]; then
  echo "portable.sh: FAILED" >&2
else
  echo "portable.sh: OK"
fi
exit "$status"
