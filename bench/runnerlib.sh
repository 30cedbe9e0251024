# bench/runnerlib.sh: what the bench scripts that start a Beam job server
# here (bench/flink.sh, bench/spark.sh) share, sourced by them after they
# set root, here, dir, java, bin and worker_bin_given: messages, checks of
# settings and ports, the runner's jars from a pom, and the Go workers.
me=$(basename "$0")

die() {
  echo "$me: $*" >&2
  exit 1
}

check_number() { # check_number NAME VALUE MIN MAX
  [[ $2 =~ ^[0-9]+$ ]] && [ "$2" -ge "$3" ] && [ "$2" -le "$4" ] ||
    die "$1=$2: want a whole number from $3 to $4"
}

port_free() { # port_free PORT: true when nothing listens on 127.0.0.1:PORT
  ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

# cmd_run CMD ARGS…: bin/bookalign CMD ARGS… with the flags cmd_flags prints.
cmd_run() {
  [ $# -ge 1 ] || die "usage: bench/$me run CMD ARGS…"
  local flags
  flags=$(cmd_flags)
  # shellcheck disable=SC2086 # the flags are words
  exec "$bin" "$@" $flags
}

# fetch_jars POM WHAT: the runtime jars of POM into DIR/lib (through ~/.m2),
# unless they are there and newer than POM.
fetch_jars() {
  command -v mvn >/dev/null || die "mvn not found: install Maven 3.8 or later"
  command -v "$java" >/dev/null || die "$java not found: install Java 17"
  if [ -f "$dir/lib/.complete" ] && [ "$dir/lib/.complete" -nt "$1" ]; then
    return
  fi
  rm -rf "$dir/lib"
  mkdir -p "$dir/lib"
  echo "$me: fetching $2 into $dir/lib (cached in ~/.m2)"
  if ! mvn -q -B -f "$1" dependency:copy-dependencies \
    -DoutputDirectory="$dir/lib" -DincludeScope=runtime >"$dir/fetch.log" 2>&1; then
    tail -n 20 "$dir/fetch.log" >&2
    die "mvn could not fetch the jars (log: $dir/fetch.log)"
  fi
  touch "$dir/lib/.complete"
}

# The Go SDK workers.
# A runner's PROCESS environment starts the boot program and, when it is
# done, stops only that: Beam's process manager does not stop boot's child,
# the Go worker, nor remove the worker's copy of the binary boot makes in
# /tmp/binNNN (measured: 18 workers and 1.8 GB left by one sample job on
# Spark, as many on Flink). The wrapper below runs boot in a session of its
# own and cleans up after it; stop_workers cleans up after wrappers that
# were killed outright.
# write_worker builds Beam's Go boot program and the wrapper a runner's
# task process (a Flink TaskManager, a Spark executor) runs per worker: its own --semi_persist_dir, boot in a session of its
# own so that stopping the wrapper stops boot's child (the Go worker) too,
# and the worker's copy of the binary removed when it ends.
write_worker() { # needs root, dir, bin, worker_bin_given and die
  (cd "$root" && go build -o "$dir/boot" github.com/apache/beam/sdks/v2/go/container) ||
    die "could not build Beam's Go boot program"
  if [ -z "$worker_bin_given" ]; then
    mkdir -p "$root/bin"
    (cd "$root" && go build -o "$bin" ./cmd/bookalign) || die "could not build bin/bookalign"
  fi
  [ -x "$bin" ] || die "worker binary $bin is missing or not executable"
  cat >"$dir/worker.sh" <<EOF
#!/bin/sh
# One Go SDK worker, started by the runner with Beam's --id and
# endpoint flags; the last --semi_persist_dir wins.
work=\$(mktemp -d "$dir/workers/w.XXXXXX") || exit 1
# One line per start and end in log/workers.log: when each worker ran.
log() { echo "\$(date +%s.%N | cut -c1-14) \$1 \${work##*/}" >>"$dir/log/workers.log"; }
log start
setsid "$dir/boot" "\$@" --semi_persist_dir="\$work" &
sid=\$!
echo "\$sid" >"\$work/sid"
# copy: the directory of the worker binary boot runs, /tmp/binNNN.
copy() {
  for p in \$(ps -o pid= -s "\$sid" 2>/dev/null); do
    readlink "/proc/\$p/exe" 2>/dev/null
  done | sed -n 's#^\\(/tmp/bin[^/]*\\)/worker\$#\\1#p' | head -n 1
}
# finish stops boot's session; env: procps kill, which takes a group
# (the kill of dash does not).
finish() {
  [ -n "\$bin" ] || bin=\$(copy)
  env kill -TERM -- "-\$sid" 2>/dev/null
  sleep 0.2
  env kill -KILL -- "-\$sid" 2>/dev/null
  [ -n "\$bin" ] && rm -rf "\$bin"
  rm -rf "\$work"
  log end
}
bin=
trap 'finish; exit 143' TERM INT HUP
i=0
while [ -z "\$bin" ] && [ \$i -lt 600 ] && kill -0 "\$sid" 2>/dev/null; do
  bin=\$(copy)
  [ -n "\$bin" ] && echo "\$bin" >"\$work/bin" || sleep 0.1
  i=\$((i + 1))
done
rc=0
wait "\$sid" || rc=\$?
finish
exit \$rc
EOF
  chmod +x "$dir/worker.sh"
}

# stop_workers ends the sessions of workers whose wrapper did not finish
# and removes their binary copies and directories.
stop_workers() {
  local f
  for f in "$dir"/workers/*/sid; do
    [ -e "$f" ] || continue
    kill -KILL -- "-$(cat "$f")" 2>/dev/null || true
  done
  for f in "$dir"/workers/*/bin; do
    [ -e "$f" ] || continue
    case $(cat "$f") in /tmp/bin?*) rm -rf "$(cat "$f")" ;; esac
  done
  rm -rf "$dir/workers"
}

# worker_status prints each live worker's peak resident memory.
worker_status() {
  local f pid rss
  for f in "$dir"/workers/*/sid; do
    [ -e "$f" ] || continue
    for pid in $(ps -o pid= -s "$(cat "$f")" 2>/dev/null); do
      rss=$(awk '/VmHWM/ {print $2}' "/proc/$pid/status" 2>/dev/null) || continue
      echo "worker $(cat "/proc/$pid/comm" 2>/dev/null) pid $pid peak RSS $((rss / 1024)) MB"
    done
  done
}
