#!/usr/bin/env bash
# bench/flink.sh runs a real Flink session cluster on this machine for
# bookalign: a JobManager and N TaskManagers as separate JVM processes on
# loopback, Beam's Flink job server pointed at the JobManager with
# --flink-master, and the Go workers started by each TaskManager as
# processes (--environment_type=PROCESS) from Beam's Go boot program.
#
#   bench/flink.sh fetch          # the jars (bench/flink/pom.xml) into DIR/lib, via ~/.m2
#   bench/flink.sh start          # fetch if needed, then start the cluster and the job server
#   bench/flink.sh flags          # the flags that send a bookalign command to this cluster
#   bench/flink.sh status         # what runs, and each process's resident memory
#   bench/flink.sh cancel         # cancel the cluster's running jobs
#   bench/flink.sh stop           # stop everything started here
#   bench/flink.sh run CMD ARGS…  # bin/bookalign CMD ARGS… on the cluster (needs start)
#
# Settings (environment):
#   BOOKALIGN_FLINK_DIR           state, logs, jars and worker dirs (default ${TMPDIR:-/tmp}/bookalign-flink)
#   BOOKALIGN_FLINK_TASKMANAGERS  TaskManagers, one slot each (default 2: parallelism 2)
#   BOOKALIGN_FLINK_TM_MEMORY     each TaskManager's taskmanager.memory.process.size (default 1536m)
#   BOOKALIGN_FLINK_REST_PORT     the JobManager's REST port, the --flink-master (default 8081)
#   BOOKALIGN_FLINK_RPC_PORT      the JobManager's RPC port (default 6123)
#   BOOKALIGN_FLINK_JOB_PORT      the job server's Beam Job API port, bookalign's --endpoint (default 8099)
#   BOOKALIGN_FLINK_MASTER        HOST:PORT of a running Flink 1.19 cluster's REST API: start runs only the
#                                 job server (and its supervisor) against it, no JobManager or TaskManagers
#   BOOKALIGN_FLINK_ENV_CACHE_MS  how long a TaskManager keeps an idle Go worker for the next stage (default 60000)
#   BOOKALIGN_FLINK_BIN           the bookalign binary the workers run (default bin/bookalign, built here)
#   JAVA                          the java to run (default java on PATH; Java 17 is tested)
#
# Every process is started with its own log in DIR/log, and start waits
# until the JobManager reports every TaskManager and the job server
# listens; any failure prints the log's tail and exits non-zero, leaving
# nothing running. docs/running.md ("Flink") has the versions and how to
# point the same commands at a real cluster.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)

dir=${BOOKALIGN_FLINK_DIR:-${TMPDIR:-/tmp}/bookalign-flink}
tms=${BOOKALIGN_FLINK_TASKMANAGERS:-2}
tm_memory=${BOOKALIGN_FLINK_TM_MEMORY:-1536m}
rest_port=${BOOKALIGN_FLINK_REST_PORT:-8081}
rpc_port=${BOOKALIGN_FLINK_RPC_PORT:-6123}
job_port=${BOOKALIGN_FLINK_JOB_PORT:-8099}
env_cache_ms=${BOOKALIGN_FLINK_ENV_CACHE_MS:-60000}
master=${BOOKALIGN_FLINK_MASTER:-}
rest=${master:-localhost:$rest_port} # the JobManager's REST address
# The Flink line Beam's runner in flink/pom.xml is built for.
flink_line=1.19
# The job server only relays: the Go SDK stages one binary, and Flink runs
# the job. Serial GC keeps its footprint small.
jobserver_heap=256m
bin=$(realpath -m "${BOOKALIGN_FLINK_BIN:-$root/bin/bookalign}")
worker_bin_given=${BOOKALIGN_FLINK_BIN:-}
# shellcheck source=bench/runnerlib.sh
. "$here/runnerlib.sh"
java=${JAVA:-java}


# Java 17 closes the JDK's internals that Flink reflects into; these are
# the --add-exports/--add-opens of Flink 1.19's own env.java.opts.all.
java_opens=(
  --add-exports=java.base/sun.net.util=ALL-UNNAMED
  --add-exports=java.rmi/sun.rmi.registry=ALL-UNNAMED
  --add-exports=java.security.jgss/sun.security.krb5=ALL-UNNAMED
  --add-opens=java.base/java.lang=ALL-UNNAMED
  --add-opens=java.base/java.net=ALL-UNNAMED
  --add-opens=java.base/java.io=ALL-UNNAMED
  --add-opens=java.base/java.nio=ALL-UNNAMED
  --add-opens=java.base/sun.nio.ch=ALL-UNNAMED
  --add-opens=java.base/java.lang.reflect=ALL-UNNAMED
  --add-opens=java.base/java.text=ALL-UNNAMED
  --add-opens=java.base/java.time=ALL-UNNAMED
  --add-opens=java.base/java.util=ALL-UNNAMED
  --add-opens=java.base/java.util.concurrent=ALL-UNNAMED
  --add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED
  --add-opens=java.base/java.util.concurrent.locks=ALL-UNNAMED
)


classpath() {
  local jars
  jars=$(ls "$dir"/lib/*.jar 2>/dev/null | tr '\n' ':')
  [ -n "$jars" ] || die "no jars in $dir/lib: run bench/flink.sh fetch"
  echo "$jars"
}


cmd_fetch() { fetch_jars "$here/flink/pom.xml" "Beam's Flink runner and Flink 1.19"; }

# resource_params KIND: Flink's own memory arithmetic (what taskmanager.sh
# and jobmanager.sh run): the JVM flags on the first line, the -D dynamic
# settings on the second.
resource_params() {
  "$java" -cp "$(classpath)" org.apache.flink.runtime.util.bash.BashJavaUtils "$1" \
    --configDir "$dir/conf" 2>"$dir/log/bashjavautils.log" |
    sed -n 's/^BASH_JAVA_UTILS_EXEC_RESULT://p'
}

write_conf() {
  mkdir -p "$dir/conf" "$dir/log" "$dir/workers"
  cp "$here/flink/log4j.properties" "$dir/conf/log4j.properties"
  cat >"$dir/conf/flink-conf.yaml" <<EOF
# Written by bench/flink.sh: a session cluster on loopback.
jobmanager.rpc.address: localhost
jobmanager.bind-host: localhost
jobmanager.rpc.port: $rpc_port
rest.address: localhost
rest.bind-address: localhost
rest.port: $rest_port
taskmanager.host: localhost
taskmanager.bind-host: localhost
taskmanager.numberOfTaskSlots: 1
parallelism.default: $tms
jobmanager.memory.process.size: 768m
taskmanager.memory.process.size: $tm_memory
# The job server streams the worker binary (about 90 MB) to each Go worker
# through the TaskManager's direct memory: the default 128m fails with
# "Cannot reserve … bytes of direct buffer memory".
taskmanager.memory.framework.off-heap.size: 384m
# Managed memory serves Flink's batch sorts of the GroupByKeys, whose
# values are small here (claim checks, not books): 0.15 of Flink's memory,
# not the default 0.4, leaves the task heap its ~300 MB in 1536m.
taskmanager.memory.managed.fraction: 0.15
# The Beam and Flink classes are on every process's classpath; the job's
# staged jars are the same ones.
classloader.resolve-order: parent-first
# A TaskManager that dies is noticed in seconds, not the default minutes.
heartbeat.timeout: 20000
# A job that cannot get its slots (a TaskManager lost for good) fails in a
# minute, not the default five.
slot.request.timeout: 60000
# A failed task restarts the job's failed region: 6 times, 5 s apart, so
# that a TaskManager the supervisor starts again (seconds) is back before
# the attempts run out; the JobManager may first try the dead one (2
# attempts 2 s apart ran out so, killed during training).
restart-strategy.type: fixed-delay
restart-strategy.fixed-delay.attempts: 6
restart-strategy.fixed-delay.delay: 5 s
EOF
}

start_java() { # start_java NAME MAINCLASS JVMFLAGS DYNAMIC: in the background, pid in DIR/NAME.pid
  local name=$1 main=$2 jvmflags=$3 dynamic=$4
  local cp
  cp=$(classpath)
  # In DIR: the Go workers a TaskManager starts write files in its working
  # directory (pipeline_options.json).
  # shellcheck disable=SC2086 # the flags are words
  (cd "$dir" && exec nohup "$java" $jvmflags "${java_opens[@]}" \
    -Dlog.file="$dir/log/$name.log" -Dlog4j.configurationFile="file:$dir/conf/log4j.properties" \
    -cp "$cp" "$main" --configDir "$dir/conf" $dynamic \
    >"$dir/log/$name.out" 2>&1 </dev/null) &
  echo $! >"$dir/$name.pid"
}

fail_start() { # fail_start MESSAGE LOG: print the log's tail, stop what started, exit
  echo "flink.sh: $1" >&2
  [ -f "$2" ] && tail -n 25 "$2" >&2
  cmd_stop >/dev/null 2>&1 || true
  exit 1
}

alive() { [ -f "$dir/$1.pid" ] && kill -0 "$(cat "$dir/$1.pid")" 2>/dev/null; }

wait_for() { # wait_for NAME SECONDS TEST…: until TEST passes, while NAME lives
  local name=$1 secs=$2 i
  shift 2
  for ((i = 0; i < secs * 5; i++)); do
    "$@" && return 0
    alive "$name" || fail_start "$name exited while starting" "$dir/log/$name.log"
    sleep 0.2
  done
  fail_start "$name did not start in ${secs}s" "$dir/log/$name.log"
}

taskmanagers_registered() {
  local n
  n=$(curl -s --max-time 2 "http://$rest/overview" |
    sed -n 's/.*"taskmanagers":\([0-9]*\).*/\1/p')
  [ "${n:-0}" -ge "$tms" ]
}

listening() { ! port_free "$1"; }

# check_version: the cluster at $rest runs the Flink line of the runner's
# jars. A JobManager of another version cannot read the job graph the
# runner builds, so a mismatch is refused before any job is sent.
check_version() {
  local v
  v=$({ curl -s --max-time 5 "http://$rest/config" || true; } | sed -n 's/.*"flink-version":"\([^"]*\)".*/\1/p')
  [ -n "$v" ] || fail_start "no Flink REST API answers at http://$rest/config" "$dir/log/jobmanager.log"
  case $v in
  "$flink_line" | "$flink_line".*) ;;
  *) fail_start "the cluster at $rest runs Flink $v, but Beam's runner here (bench/flink/pom.xml) is built for Flink $flink_line: use a Flink $flink_line cluster, or change the pom to a runner built for $v (docs/running.md, Versions)" /dev/null ;;
  esac
}

cmd_start() {
  check_number BOOKALIGN_FLINK_TASKMANAGERS "$tms" 1 64
  check_number BOOKALIGN_FLINK_ENV_CACHE_MS "$env_cache_ms" 0 86400000
  local p
  for p in rest_port rpc_port job_port; do
    check_number "BOOKALIGN_FLINK_${p^^}" "${!p}" 1024 65535
  done
  [ "$rest_port" != "$rpc_port" ] && [ "$rest_port" != "$job_port" ] && [ "$rpc_port" != "$job_port" ] ||
    die "the REST, RPC and job ports must differ ($rest_port, $rpc_port, $job_port)"
  for name in jobmanager jobserver; do
    alive "$name" && die "a cluster already runs from $dir (bench/flink.sh stop first)"
  done
  local ports=("$rest_port" "$rpc_port" "$job_port")
  if [ -n "$master" ]; then
    [[ $master =~ ^[A-Za-z0-9.-]+:[0-9]+$ ]] || die "BOOKALIGN_FLINK_MASTER=$master: want HOST:PORT, the JobManager's REST address"
    ports=("$job_port")
  fi
  for p in "${ports[@]}"; do
    port_free "$p" || die "port $p is taken: stop what listens there, or set BOOKALIGN_FLINK_*_PORT"
  done
  command -v curl >/dev/null || die "curl not found"
  command -v setsid >/dev/null || die "setsid not found (util-linux)"
  cmd_fetch
  write_conf
  rm -rf "$dir/workers"/*
  write_worker

  if [ -z "$master" ]; then
    local jm
    jm=$(resource_params GET_JM_RESOURCE_PARAMS) || fail_start "Flink could not size the JobManager" "$dir/log/bashjavautils.log"
    start_java jobmanager org.apache.flink.runtime.entrypoint.StandaloneSessionClusterEntrypoint \
      "$(sed -n 1p <<<"$jm")" "$(sed -n 2p <<<"$jm")"
    wait_for jobmanager 60 listening "$rest_port"

    resource_params GET_TM_RESOURCE_PARAMS >"$dir/taskmanager.params" ||
      fail_start "Flink could not size the TaskManagers" "$dir/log/bashjavautils.log"
    for ((i = 1; i <= tms; i++)); do
      start_taskmanager "$i"
    done
    wait_for jobmanager 90 taskmanagers_registered
  fi
  check_version

  # The job server: Beam's Job API for bookalign's --endpoint, submitting
  # to the JobManager's REST port. The artifact and expansion services take
  # free ports. flink/JobServer.java is Beam's driver with nothing staged
  # per job and each TaskManager's Go worker kept between stages.
  local cp
  cp=$(classpath)
  (cd "$dir" && BOOKALIGN_FLINK_ENV_CACHE_MS=$env_cache_ms exec nohup "$java" -Xmx${jobserver_heap} -XX:+UseSerialGC "${java_opens[@]}" -Dlog.file="$dir/log/jobserver.log" \
    -Dlog4j.configurationFile="file:$dir/conf/log4j.properties" -cp "$cp" \
    "$here/flink/JobServer.java" \
    --flink-master="$rest" --flink-conf-dir="$dir/conf" \
    --job-host=localhost --job-port="$job_port" --artifact-port=0 --expansion-port=0 \
    --artifacts-dir="$dir/artifacts" \
    >"$dir/log/jobserver.out" 2>&1 </dev/null) &
  echo $! >"$dir/jobserver.pid"
  wait_for jobserver 90 listening "$job_port"
  (exec nohup setsid "$0" supervise >>"$dir/log/supervisor.log" 2>&1 </dev/null) &
  echo $! >"$dir/supervisor.pid"
  # The job's parallelism, sent with --parallelism: bookalign trains a
  # set's models together when there are no more workers than sets. A
  # running cluster's is its parallelism.default, when its REST API says.
  local parallelism=$tms
  if [ -n "$master" ]; then
    parallelism=$({ curl -s --max-time 5 "http://$rest/jobmanager/config" || true; } |
      sed -n 's/.*"key":"parallelism.default","value":"\([0-9]*\)".*/\1/p')
  fi
  cat >"$dir/cluster.env" <<EOF
rest=$rest
job_port=$job_port
taskmanagers=$tms
parallelism=$parallelism
worker=$dir/worker.sh
bin=$bin
EOF
  if [ -n "$master" ]; then
    echo "flink.sh: job server localhost:$job_port up, submitting to the Flink cluster at $rest"
  else
    echo "flink.sh: Flink $flink_line session cluster up: JobManager $rest, $tms TaskManagers, job server localhost:$job_port"
  fi
  echo "flink.sh: bookalign flags: $(cmd_flags)"
}

cmd_flags() {
  [ -f "$dir/cluster.env" ] || die "no cluster runs from $dir (bench/flink.sh start)"
  # shellcheck disable=SC1091
  . "$dir/cluster.env"
  printf -- '--runner=flink --endpoint=localhost:%s --environment_type=PROCESS --environment_config={"command":"%s"} --worker_binary=%s%s\n' \
    "$job_port" "$worker" "$bin" "${parallelism:+ --parallelism=$parallelism}"
}

cmd_status() {
  local name pid rss total=0
  for f in "$dir"/*.pid; do
    [ -e "$f" ] || continue
    name=$(basename "$f" .pid)
    pid=$(cat "$f")
    if kill -0 "$pid" 2>/dev/null; then
      rss=$(awk '/VmHWM/ {print $2}' "/proc/$pid/status")
      echo "$name pid $pid peak RSS $((rss / 1024)) MB"
      total=$((total + rss))
    else
      echo "$name pid $pid not running"
    fi
  done
  echo "total peak RSS of the cluster's JVMs: $((total / 1024)) MB"
  worker_status
}

start_taskmanager() { # start_taskmanager I: TaskManager I, sized as start sized it
  start_java "taskmanager-$1" org.apache.flink.runtime.taskexecutor.TaskManagerRunner \
    "$(sed -n 1p "$dir/taskmanager.params")" "$(sed -n 2p "$dir/taskmanager.params")"
}

running_jobs() { # the ids of the cluster's running jobs
  curl -s --max-time 5 "http://$rest/jobs" |
    grep -o '"id":"[0-9a-f]*","status":"RUNNING"' | sed 's/"id":"\([0-9a-f]*\)".*/\1/'
}

cmd_cancel() { # cancel every running job of the cluster
  local id n=0
  for id in $(running_jobs); do
    curl -s --max-time 5 -X PATCH "http://$rest/jobs/$id?mode=cancel" >/dev/null &&
      echo "flink.sh: cancelled job $id" && n=$((n + 1))
  done
  [ "$n" -gt 0 ] || echo "flink.sh: no running job"
}

# cmd_supervise runs beside the cluster, as start leaves it, once a second:
# a TaskManager that died is started again (as a cluster manager would), so
# that Flink's restart of the job finds its slots; and when the job server
# has died, the jobs it submitted are cancelled, since no one can see them
# finish (bookalign has failed with "connection refused").
cmd_supervise() {
  local i
  while [ -f "$dir/cluster.env" ]; do
    for ((i = 1; i <= tms; i++)); do
      [ -z "$master" ] || break # not ours to restart
      if ! alive "taskmanager-$i" && [ -f "$dir/cluster.env" ]; then
        echo "$(date -u +%FT%TZ) taskmanager-$i is gone: starting it again"
        start_taskmanager "$i"
      fi
    done
    if ! alive jobserver && [ -f "$dir/cluster.env" ]; then
      echo "$(date -u +%FT%TZ) the job server is gone: cancelling its jobs"
      cmd_cancel
      break
    fi
    sleep 1
  done
}

cmd_stop() {
  local f pid
  # The supervisor first: it would start again what stop stops.
  rm -f "$dir/cluster.env"
  for f in "$dir"/supervisor.pid "$dir"/jobserver.pid "$dir"/taskmanager-*.pid "$dir"/jobmanager.pid; do
    [ -e "$f" ] || continue
    pid=$(cat "$f")
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
    kill -9 "$pid" 2>/dev/null || true
    rm -f "$f"
  done
  stop_workers
  rm -rf "$dir/artifacts" "$dir/cluster.env"
  echo "flink.sh: stopped"
}

case ${1:-} in
fetch) cmd_fetch ;;
start) cmd_start ;;
stop) cmd_stop ;;
status) cmd_status ;;
flags) cmd_flags ;;
cancel)
  [ -f "$dir/cluster.env" ] || die "no cluster runs from $dir (bench/flink.sh start)"
  # shellcheck disable=SC1091
  . "$dir/cluster.env"
  cmd_cancel
  ;;
supervise) cmd_supervise ;;
run) shift; cmd_run "$@" ;;
*) die "usage: bench/flink.sh fetch|start|flags|status|cancel|stop|run CMD ARGS…" ;;
esac
