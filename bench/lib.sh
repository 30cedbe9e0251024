# bench/lib.sh: what the bench scripts that compare two runs share. Source
# it from the repository's root after setting tmp (a scratch directory) and
# status=0; each line it prints begins with the script's name.
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
