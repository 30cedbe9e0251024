#!/usr/bin/env bash
# bench/spark.sh runs Beam's Spark 3 job server on this machine for
# bookalign: SparkJobServerDriver with a local Spark master (local[N]: the
# driver and its executor threads in the job server's JVM), and the Go
# workers started by the executor as processes (--environment_type=PROCESS)
# from Beam's Go boot program.
#
#   bench/spark.sh fetch          # the jars (bench/spark/pom.xml) into DIR/lib, via ~/.m2
#   bench/spark.sh start          # fetch if needed, then start the job server
#   bench/spark.sh flags          # the flags that send a bookalign command to it
#   bench/spark.sh status         # what runs, and each process's peak resident memory
#   bench/spark.sh stop           # stop everything started here
#   bench/spark.sh run CMD ARGS…  # bin/bookalign CMD ARGS… on Spark (needs start)
#
# Settings (environment):
#   BOOKALIGN_SPARK_DIR       state, logs, jars and worker dirs (default ${TMPDIR:-/tmp}/bookalign-spark)
#   BOOKALIGN_SPARK_THREADS   executor threads of the local master, local[N] (default 2)
#   BOOKALIGN_SPARK_MEMORY    the job server's Java heap, -Xmx (default 1536m)
#   BOOKALIGN_SPARK_JOB_PORT  the job server's Beam Job API port, bookalign's --endpoint (default 8097)
#   BOOKALIGN_SPARK_BIN       the bookalign binary the workers run (default bin/bookalign, built here)
#   JAVA                      the java to run (default java on PATH; Java 17 is tested)
#
# The workers start in DIR, so give bookalign absolute paths (--corpus,
# --out): a relative one is read from DIR. Each Spark stage starts its own
# workers and stops them when the stage ends; the wrapper written here
# stops the whole worker (Beam's boot program leaves its child running)
# and removes its copy of the binary (boot copies it to /tmp/binNNN).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)

dir=${BOOKALIGN_SPARK_DIR:-${TMPDIR:-/tmp}/bookalign-spark}
threads=${BOOKALIGN_SPARK_THREADS:-2}
memory=${BOOKALIGN_SPARK_MEMORY:-1536m}
job_port=${BOOKALIGN_SPARK_JOB_PORT:-8097}
bin=$(realpath -m "${BOOKALIGN_SPARK_BIN:-$root/bin/bookalign}")
worker_bin_given=${BOOKALIGN_SPARK_BIN:-}
# shellcheck source=bench/runnerlib.sh
. "$here/runnerlib.sh"
java=${JAVA:-java}


# Java 17 closes the JDK's internals that Spark reflects into; these are
# the --add-opens of Spark 3.3's JavaModuleOptions (3.2 ships none).
java_opens=(
  --add-opens=java.base/java.lang=ALL-UNNAMED
  --add-opens=java.base/java.lang.invoke=ALL-UNNAMED
  --add-opens=java.base/java.lang.reflect=ALL-UNNAMED
  --add-opens=java.base/java.io=ALL-UNNAMED
  --add-opens=java.base/java.net=ALL-UNNAMED
  --add-opens=java.base/java.nio=ALL-UNNAMED
  --add-opens=java.base/java.util=ALL-UNNAMED
  --add-opens=java.base/java.util.concurrent=ALL-UNNAMED
  --add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED
  --add-opens=java.base/sun.nio.ch=ALL-UNNAMED
  --add-opens=java.base/sun.nio.cs=ALL-UNNAMED
  --add-opens=java.base/sun.security.action=ALL-UNNAMED
  --add-opens=java.base/sun.util.calendar=ALL-UNNAMED
)



alive() { [ -f "$dir/jobserver.pid" ] && kill -0 "$(cat "$dir/jobserver.pid")" 2>/dev/null; }

cmd_fetch() { fetch_jars "$here/spark/pom.xml" "Beam's Spark 3 runner and Spark 3.2"; }

# Spark 3.2 logs through log4j 1.2 (slf4j-log4j12); its INFO lines are
# many, so Spark's own loggers stay at WARN but for the stage lines.
write_conf() {
  mkdir -p "$dir/conf" "$dir/log" "$dir/workers"
  : >"$dir/log/jobserver.log"
  cat >"$dir/conf/log4j.properties" <<EOF
# Written by bench/spark.sh.
log4j.rootLogger=INFO, file
log4j.appender.file=org.apache.log4j.FileAppender
log4j.appender.file.File=$dir/log/jobserver.log
log4j.appender.file.layout=org.apache.log4j.PatternLayout
log4j.appender.file.layout.ConversionPattern=%d{HH:mm:ss.SSS} %p %c{1}: %m%n
log4j.logger.org.apache.spark=WARN
log4j.logger.org.sparkproject=WARN
log4j.logger.org.apache.hadoop=WARN
log4j.logger.org.apache.spark.scheduler.DAGScheduler=INFO
EOF
}


cmd_start() {
  check_number BOOKALIGN_SPARK_THREADS "$threads" 1 256
  check_number BOOKALIGN_SPARK_JOB_PORT "$job_port" 1024 65535
  [[ $memory =~ ^[1-9][0-9]*[mMgG]$ ]] || die "BOOKALIGN_SPARK_MEMORY=$memory: want a size such as 1536m or 2g"
  alive && die "a job server already runs from $dir (bench/spark.sh stop first)"
  port_free "$job_port" || die "port $job_port is taken: stop what listens there, or set BOOKALIGN_SPARK_JOB_PORT"
  command -v setsid >/dev/null || die "setsid not found (util-linux)"
  [ -z "${BOOKALIGN_SPARK_BIN:-}" ] || [ -x "$bin" ] || die "worker binary $bin is missing or not executable"
  cmd_fetch
  write_conf
  rm -rf "$dir/workers"/*
  write_worker

  local cp
  cp=$(ls "$dir"/lib/*.jar | tr '\n' ':')
  # Each job's staged worker binary goes to DIR/artifacts, not the shared
  # /tmp/beam-artifact-staging: Beam 2.62 fails to remove it after the
  # job ("Failed to remove job staging directory"), so stop does.
  # Spark's UI is off (its port 4040 would clash with a second server);
  # SPARK_LOCAL_IP keeps the driver on loopback.
  (cd "$dir" && SPARK_LOCAL_IP=127.0.0.1 exec nohup "$java" -Xmx"$memory" "${java_opens[@]}" \
    -Dlog4j.configuration="file:$dir/conf/log4j.properties" -Dspark.ui.enabled=false \
    -cp "$cp" org.apache.beam.runners.spark.SparkJobServerDriver \
    --spark-master-url="local[$threads]" \
    --job-host=localhost --job-port="$job_port" --artifact-port=0 --expansion-port=0 \
    --artifacts-dir="$dir/artifacts" \
    >"$dir/log/jobserver.out" 2>&1 </dev/null) &
  echo $! >"$dir/jobserver.pid"
  local i
  for ((i = 0; i < 450; i++)); do
    port_free "$job_port" || break
    if ! alive; then
      echo "spark.sh: the job server exited while starting" >&2
      tail -n 25 "$dir/log/jobserver.out" "$dir/log/jobserver.log" >&2 2>/dev/null || true
      cmd_stop >/dev/null 2>&1 || true
      exit 1
    fi
    sleep 0.2
  done
  if port_free "$job_port"; then
    echo "spark.sh: the job server did not listen on $job_port in 90s" >&2
    tail -n 25 "$dir/log/jobserver.log" >&2 2>/dev/null || true
    cmd_stop >/dev/null 2>&1 || true
    exit 1
  fi
  cat >"$dir/server.env" <<EOF
job_port=$job_port
worker=$dir/worker.sh
bin=$bin
EOF
  echo "spark.sh: Spark 3.2 job server up: local[$threads], localhost:$job_port"
  echo "spark.sh: bookalign flags: $(cmd_flags)"
}

cmd_flags() {
  [ -f "$dir/server.env" ] || die "no job server runs from $dir (bench/spark.sh start)"
  # shellcheck disable=SC1091
  . "$dir/server.env"
  printf -- '--runner=universal --endpoint=localhost:%s --environment_type=PROCESS --environment_config={"command":"%s"} --worker_binary=%s\n' \
    "$job_port" "$worker" "$bin"
}

cmd_status() {
  local pid rss f
  if alive; then
    pid=$(cat "$dir/jobserver.pid")
    rss=$(awk '/VmHWM/ {print $2}' "/proc/$pid/status")
    echo "jobserver pid $pid peak RSS $((rss / 1024)) MB"
  else
    echo "jobserver not running"
  fi
  worker_status
}

cmd_stop() {
  local pid f
  if [ -f "$dir/jobserver.pid" ]; then
    pid=$(cat "$dir/jobserver.pid")
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
    kill -9 "$pid" 2>/dev/null || true
    rm -f "$dir/jobserver.pid"
  fi
  stop_workers
  rm -rf "$dir/artifacts" "$dir/server.env"
  echo "spark.sh: stopped"
}

case ${1:-} in
fetch) cmd_fetch ;;
start) cmd_start ;;
stop) cmd_stop ;;
status) cmd_status ;;
flags) cmd_flags ;;
run) shift; cmd_run "$@" ;;
*) die "usage: bench/spark.sh fetch|start|flags|status|stop|run CMD ARGS…" ;;
esac
