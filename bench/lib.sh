# bench/lib.sh: what the bench scripts that compare or scale runs share.
# Source it from the repository's root after setting tmp (a scratch
# directory) and status=0; each line it prints begins with the script's name.
me=$(basename "$0")

compare() { # compare NAME DIR1 DIR2 [diff flags]: every file equal, byte for byte; status=1 if not
  if diff -r "${@:4}" "$2" "$3" >"$tmp/diff.txt"; then
    echo "$me: $1: identical outputs ($(find "$2" -type f | wc -l) files)"
  else
    echo "$me: $1: outputs DIFFER:" >&2
    head -n 40 "$tmp/diff.txt" >&2
    status=1
  fi
}

timed() { # timed LABEL CMD...: run, print the wall time
  local start end
  start=$(date +%s.%N)
  "${@:2}"
  end=$(date +%s.%N)
  printf '%s: %s took %.1fs\n' "$me" "$1" "$(echo "$end - $start" | bc)"
}

# replicate CORPUS N DST [K]: in DST, CORPUS's pairs N times (only its first
# K pairs when K is given), as symlinks. Copy 0 keeps the ids of the
# corpus, copy k (1 ≤ k < N) suffixes every id with "-xK" (pairs.tsv rows,
# books/ and summaries/ links), so the N× corpus has N times the books, each
# aligned as a distinct pair; the copies of a book share its text, so
# cross-validation keeps them in its fold and on its side of the inner
# split (docs/running.md, "Books that share a text"). Runs over DST need
# --set allow_outside_symlinks=true.
replicate() {
  local corpus=$1 n=$2 dst=$3 subset=${4:-} k suffix
  rows() { # the data rows of pairs.tsv, or the first $subset of them (awk reads to the end: no SIGPIPE)
    awk -v k="$subset" 'NR > 1 && (k == "" || NR <= k + 1)' "$corpus/pairs.tsv"
  }
  mkdir -p "$dst/books" "$dst/summaries"
  head -n 1 "$corpus/pairs.tsv" >"$dst/pairs.tsv"
  for ((k = 0; k < n; k++)); do
    suffix=""
    if ((k > 0)); then suffix="-x$k"; fi
    rows | awk -F'\t' -v OFS='\t' -v s="$suffix" '$1 != "" { $1 = $1 s; print }' >>"$dst/pairs.tsv"
    rows | cut -f1 | while read -r id; do
      [ -n "$id" ] || continue
      ln -s "$corpus/books/$id.txt" "$dst/books/$id$suffix.txt"
      ln -s "$corpus/summaries/$id.txt" "$dst/summaries/$id$suffix.txt"
    done
  done
}
