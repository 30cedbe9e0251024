#!/usr/bin/env bash
# bench/flinkjob.sh measures the default job on the local Flink cluster
# against prism, back to back on this machine: the corpus in process
# (prism), then on the cluster (bench/flink.sh: two TaskManagers,
# parallelism 2, Go workers on the TaskManagers), each output file
# compared byte for byte. It prints both walls and, for the Flink run,
# the peak resident memory of every process (JobManager, TaskManagers,
# job server, each Go worker and its boot program, the launcher) and the
# peak of their sum,
# sampled once a second from /proc.
#
#   bench/flinkjob.sh [extra flags for bookalign run]
#
# Corpus:     $BOOKALIGN_CORPUS, else ../shared/corpus
# Scale:      $BOOKALIGN_SCALE=N runs the corpus replicated N times
#             (replicate in bench/lib.sh, as bench/scale.sh), default 1
# Prism:      $BOOKALIGN_PRISM=0 skips the prism run and the comparison, and
#             checks instead that every pair has a row for every method in
#             per_book.csv and none was rejected
# ROUGE data: $BOOKALIGN_ROUGE_DATA, else ../shared/rouge
# Ports:      as bench/flink.sh (BOOKALIGN_FLINK_REST_PORT, _RPC_PORT, _JOB_PORT)
# Keep:       BOOKALIGN_KEEP=DIR keeps both outputs in DIR, and the cluster's logs in DIR/flink-logs
set -euo pipefail
cd "$(dirname "$0")/.."

corpus=$(cd "${BOOKALIGN_CORPUS:-../shared/corpus}" && pwd)
rouge=$(cd "${BOOKALIGN_ROUGE_DATA:-../shared/rouge}" && pwd)
scale=${BOOKALIGN_SCALE:-1}
with_prism=${BOOKALIGN_PRISM:-1}
[[ $scale =~ ^[1-9][0-9]*$ ]] || { echo "flinkjob.sh: BOOKALIGN_SCALE=$scale: want a positive whole number" >&2; exit 1; }
[[ $with_prism =~ ^[01]$ ]] || { echo "flinkjob.sh: BOOKALIGN_PRISM=$with_prism: want 0 or 1" >&2; exit 1; }
tmp=$(mktemp -d)
out=${BOOKALIGN_KEEP:-$tmp}
mkdir -p "$out"
export BOOKALIGN_FLINK_DIR="$tmp/flink"
export BOOKALIGN_FLINK_BIN="$tmp/bookalign"
sampler=""
cleanup() {
  [ -n "$sampler" ] && kill "$sampler" 2>/dev/null || true
  bench/flink.sh stop >/dev/null 2>&1 || true
  # With BOOKALIGN_KEEP, the cluster's logs too (flink-logs/).
  [ -z "${BOOKALIGN_KEEP:-}" ] || cp -r "$BOOKALIGN_FLINK_DIR/log" "$out/flink-logs" 2>/dev/null || true
  rm -rf "$tmp"
}
trap cleanup EXIT

go build -o "$BOOKALIGN_FLINK_BIN" ./cmd/bookalign
extra=()
if [ "$scale" -gt 1 ]; then
  . bench/lib.sh # replicate
  replicate "$corpus" "$scale" "$tmp/corpus"
  corpus=$tmp/corpus
  extra=(--set allow_outside_symlinks=true)
fi
pairs=$(($(wc -l <"$corpus/pairs.tsv") - 1))
echo "flinkjob.sh: ${scale}× corpus, $pairs pairs"
bench/flink.sh start >/dev/null
read -r -a flink <<<"$(bench/flink.sh flags)"

# sample FILE: once a second, each process of the cluster, its Go workers
# and the launcher, by name, with its peak RSS (VmHWM, kB); and the largest
# sum of their current RSS (VmRSS) so far, as "TOTAL kB".
sample() {
  declare -A peak label
  local total_peak=0
  while true; do
    local total=0 pid args
    for pid in $(pgrep -f "$BOOKALIGN_FLINK_DIR|$BOOKALIGN_FLINK_BIN"); do
      [ -r "/proc/$pid/status" ] || continue
      args=$({ tr '\0' ' ' <"/proc/$pid/cmdline"; } 2>/dev/null) || continue
      case $args in
      *StandaloneSessionClusterEntrypoint*) label[$pid]=jobmanager ;;
      *TaskManagerRunner*) label[$pid]=taskmanager ;;
      *FlinkJobServerDriver* | *JobServer.java*) label[$pid]=jobserver ;;
      *--worker=true*) label[$pid]="go-worker $(grep -o -- '--id=[^ ]*' <<<"$args")" ;;
      *"$BOOKALIGN_FLINK_DIR/boot "*) label[$pid]="go-boot $(grep -o -- '--id=[^ ]*' <<<"$args")" ;;
      *" run "*) label[$pid]=launcher ;;
      *) continue ;;
      esac
      local hwm rss
      hwm=$(awk '/VmHWM/ {print $2}' "/proc/$pid/status" 2>/dev/null) || continue
      rss=$(awk '/VmRSS/ {print $2}' "/proc/$pid/status" 2>/dev/null) || continue
      [ -n "$hwm" ] && [ "${hwm}" -gt "${peak[$pid]:-0}" ] && peak[$pid]=$hwm
      total=$((total + ${rss:-0}))
    done
    [ "$total" -gt "$total_peak" ] && total_peak=$total
    {
      for pid in "${!peak[@]}"; do echo "${label[$pid]} (pid $pid) ${peak[$pid]}"; done | sort
      echo "TOTAL $total_peak"
    } >"$1.tmp"
    mv "$1.tmp" "$1"
    sleep 1
  done
}

prism=0
if [ "$with_prism" = 1 ]; then
  start=$SECONDS
  "$BOOKALIGN_FLINK_BIN" run --corpus "$corpus" --out "$out/prism" --rouge-data "$rouge" --quiet "${extra[@]}" "$@"
  prism=$((SECONDS - start))
  echo "flinkjob.sh: prism: ${prism}s"
fi

sample "$tmp/rss" &
sampler=$!
start=$SECONDS
"$BOOKALIGN_FLINK_BIN" run --corpus "$corpus" --out "$out/flink" --rouge-data "$rouge" --quiet "${extra[@]}" "${flink[@]}" "$@"
flinkwall=$((SECONDS - start))
sleep 1.5
kill "$sampler"
sampler=""
if [ "$with_prism" = 1 ]; then
  echo "flinkjob.sh: Flink: ${flinkwall}s ($(awk -v a="$flinkwall" -v b="$prism" 'BEGIN {printf "%.2f", a / b}')x prism)"
else
  echo "flinkjob.sh: Flink: ${flinkwall}s"
fi
echo "flinkjob.sh: peak RSS, MB:"
awk '$1 != "TOTAL" {kb = $NF; $NF = ""; printf "  %-40s %6.0f\n", $0, kb / 1024}' "$tmp/rss"
awk '$1 == "TOTAL" {printf "  %-40s %6.0f\n", "largest sum at one time", $2 / 1024}' "$tmp/rss"
if [ "$with_prism" = 0 ]; then
  # every pair scored: a row per method and pair, nothing rejected
  awk -F, -v want="$pairs" 'NR > 1 {n[$1]++} END {
      bad = 0; for (m in n) if (n[m] != want) { print "flinkjob.sh: " m ": " n[m] " of " want " pairs scored"; bad = 1 }
      if (length(n) == 0) { print "flinkjob.sh: per_book.csv has no rows"; bad = 1 }
      if (!bad) print "flinkjob.sh: every pair scored: " want " pairs x " length(n) " methods"
      exit bad }' "$out/flink/per_book.csv"
  if [ -s "$out/flink/rejects.jsonl" ]; then
    echo "flinkjob.sh: $(wc -l <"$out/flink/rejects.jsonl") pairs rejected" >&2
    exit 1
  fi
elif diff -r -x run.json "$out/prism" "$out/flink" >"$tmp/diff.txt"; then
  echo "flinkjob.sh: identical outputs ($(find "$out/flink" -type f | wc -l) files)"
else
  echo "flinkjob.sh: outputs DIFFER:" >&2
  head -n 40 "$tmp/diff.txt" >&2
  exit 1
fi
