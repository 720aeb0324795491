#!/usr/bin/env bash
# What monitoring a busy server costs: null `ping` requests (bench/scripts/null-request.yaml: Poisson arrivals,
# one connection, server pinned to core 0, client to core 1) at each rate, in these modes, alternating within
# each round, same seed:
#   off          the unmonitored server
#   agent        the agent with the ORB's shipped profile as it stands (JacORB's: cpu.sample=10; a run with no agent
#                config records every fragment's CPU up to 20,000 requests)
#   jfr          JFR at its default settings (-XX:StartFlightRecording), the yardstick: what users accept today
#   agent-exact  the agent recording every fragment's CPU times (cpu.sample=1): per-stage CPU means to check the
#                sampled ones against
#   agent-all    the agent with every fragment's CPU times and every monitor event (monitors.events=all),
#                which is how it recorded before monitors and CPU were scoped (for attribution)
#   agent-run    the agent as `orbscope run` starts it with no agent config: the profile with one fragment's CPU
#                in ceil(requests / 20,000) (every fragment up to 20,000 requests)
#   agent-sampled  request sampling: one request in REQUEST_SAMPLE (default 10) recorded whole, every stage and
#                every fragment's CPU times of it (request.sample=N, cpu.sample=1); the rest record nothing
#   agent-sampled-raw  the same sample with its CPU times as the clock reads them (cpu.net=false): what taking
#                the agent's own work out of them costs
#   agent-unrecorded  request sampling that records (almost) no request (request.sample=1000000): what the
#                instrumentation costs every request, and the agent every thread, before anything is recorded;
#                agent-sampled less this is what recording the sample costs
#   agent-budget  the sample adapted to a CPU budget: budget=BUDGET (default 1%) of the process's CPU, from one
#                request in one, every fragment's CPU times of the recorded ones (cpu.sample=1)
# and, for attribution, when named in MODES: agent-nocpu (no CPU times), agent-nomon (no monitor and park
# events), agent-nothreads (no thread start/end events), agent-methods (method events only), agent-nonames (the
# ORB's profile without its operation= and object= request names).
# Prints per run and then per mode (medians over rounds of same-round ratios to `off`): server CPU per request
# (process CPU over the measured window / requests), client p50 and p99, GC count, and for the agent modes
# the per-stage CPU means from the trace. The first half of each run's requests is left out (HEAD=0.5; another
# fraction with HEAD=...): the JIT compiles the request path while it serves the first requests, which the
# server's warm-up calls do not take (`_non_existent`), and its compiler threads run until 3-8 s into a run at
# 2,000/s (async-profiler's samples per second).
# PROFILER=/path/to/libasyncProfiler.so (async-profiler, from Maven Central's tools.profiler:async-profiler jar)
# also profiles each run's server (a sample every 1 ms of a thread's CPU, dumped every second; a thread's
# last part-millisecond is not sampled, so short-lived threads are under-counted; PROFILER_EVENT=itimer samples
# the process's CPU instead, in steps of the kernel's tick, so with fewer samples) and prints the server's CPU per
# request by cause over the measured window (bench/scripts/null-request-profile.py): shares of one run's
# samples times that run's CPU per request, so that outside load moves them less than the totals. The
# profiler's own work is in every mode's CPU per request alike.
# Usage: bench/scripts/null-request-overhead.sh [rounds] [requests] [rate ...]
#   rate: e.g. 2000/s, or `max`: the highest of 3000/s, 4000/s, ... 40000/s the unmonitored server sustains,
#   found by a search that stops at the first rate it does not: achieved within 95-105% of offered, the core at
#   most 90% busy, and a median response under 1 ms (no backlog). Default: 2000/s max.
#   The achieved rate is completions over the window from the first measured request's send to the last one's
#   completion: on an idle machine it comes out 0.3-2.5% below the offered rate at 2000/s and 3000/s (the Poisson
#   schedule's own spread over 10,500 requests is about 1%), so the bound is 95%, not the 98% that a
#   backlog-free server misses already. A server past its limit builds a backlog that
#   drains after the last send (achieved above offered, medians of hundreds of ms at 20,000/s on an idle 2-core
#   guest): the upper bound and the median catch it.
#   Give a run enough requests that its second half is past the JIT's work (60,000 at 2000/s, 120,000 for `max`).
#   MODES="off agent jfr" to choose modes.
#   THREAD_CPU=1 also writes each run's server CPU by thread over the second part of the run to RUN.threads
#   (bench/scripts/thread-cpu.py: the JVM's own threads by name, and the threads that ended in it, which
#   server/system.csv leaves in its remainder).
#   JIT=1 also logs each run's server compilations (-XX:+LogCompilation, to RUN.jit.log) and prints the compile
#   tasks of the measured window and of the whole run by where the method comes from (the ORB, the agent, the
#   JDK) and tier, the C2 code of the ORB's methods (which inlined advice makes larger) and the deoptimisations
#   in the window (bench/scripts/null-request-jit.py). The log costs the compiler threads time in every mode.
#   SERVER_JVM="-Xmn64m" adds JVM options to the server in every mode (space-separated; none may hold a comma): a
#   fixed young generation makes the collection count follow what the server allocates, not the collector's own
#   sizing. With a small one (SERVER_JVM="-Xmn4m", an eden of 3,328 KiB) the GCs in the window, before it and at
#   start-up (before the server's first sample) are what the server allocates there, in edens.
#   BASE_AGENT=path/to/orbscope-agent.jar adds modes base (as agent) and base-sampled (as agent-sampled) with that
#   build of the agent, to set a change beside the agent it replaces in the same rounds.
#   SETS="server.orb.poolMin=8" adds scenario settings (`--set`, space-separated) to every mode: with poolMin equal
#   to poolMax JacORB keeps its dispatcher threads instead of creating and ending them under load.
#   ORB=glassfish runs the server on that ORB (server.orb.product: jacorb, the default, glassfish, yoko,
#   openjdk-orb) and monitors it with that ORB's shipped profile. The scenario's poolMin and poolMax are
#   JacORB's and Yoko's: glassfish-corba's and the WildFly ORB's default pool grows without bound and keeps its
#   idle threads.
#   LOCK=/tmp/orbscope-build.lock runs each run's server and client under that lock (flock), so that a machine
#   shared with other builds runs nothing heavy beside them, while the rounds as a whole do not hold it.
set -euo pipefail
home="$(cd "$(dirname "$0")/../.." && pwd)"
rounds="${1:-3}"
requests="${2:-14000}"
shift $(( $# > 2 ? 2 : $# ))
rates=("$@")
[ ${#rates[@]} -gt 0 ] || rates=(2000/s max)
modes=(${MODES:-off agent jfr agent-exact agent-all})
jar="$home/bench/target/benchmarks.jar"
[ -f "$jar" ] && [ -f "$home/cli/target/orbscope.jar" ] && [ -f "$home/agent/target/orbscope-agent.jar" ] \
  || (cd "$home" && mvn -B -q -o package -DskipTests)
out="$(mktemp -d -t orbscope-null.XXXXXX)"
scenario="$home/bench/scripts/null-request.yaml"
orb="${ORB:-jacorb}"
if [ "$orb" != jacorb ]; then # the scenario's pool sizes are JacORB's options, which another product refuses
  sed -e '/^    pool\(Min\|Max\):/d' -e "s/^  orb:\$/  orb:\n    product: $orb/" "$scenario" > "$out/null-request.yaml"
  scenario="$out/null-request.yaml"
fi
# The profile's own settings (cpu.sample=10): a run without a config records every fragment's CPU up to 20,000 requests.
echo "# the $orb profile's defaults" > "$out/profile.conf"
echo "cpu.sample = 1" > "$out/exact.conf"
printf 'cpu.sample = 1\nrequest.sample = %s\n' "${REQUEST_SAMPLE:-10}" > "$out/sampled.conf"
printf 'cpu.sample = 1\nrequest.sample = %s\ncpu.net = false\n' "${REQUEST_SAMPLE:-10}" > "$out/sampled-raw.conf"
printf 'cpu.sample = 1\nrequest.sample = 1000000\n' > "$out/unrecorded.conf"
printf 'cpu.sample = 1\nbudget = %s\n' "${BUDGET:-1%}" > "$out/budget.conf"
printf 'cpu.sample = 1\nmonitors.events = all\n' > "$out/all.conf"
echo "cpu.sample = 2000000000" > "$out/nocpu.conf"
echo "events = methods threads gc process" > "$out/nomon.conf"
echo "events = methods gc process monitors park" > "$out/nothreads.conf"
echo "events = methods" > "$out/methods.conf"
if [ -n "${BASE_AGENT:-}" ]; then # an installation whose agent jar is the base build, for the base modes
  mkdir -p "$out/base/agent/target" && cp "$BASE_AGENT" "$out/base/agent/target/orbscope-agent.jar"
fi
sed -e 's/ *| *operation=[^|]*//' -e 's/ *| *object=[^|]*//' \
  "$home/trace/src/main/resources/org/orbscope/trace/profile/$orb.profile" > "$out/nonames.profile"

run() { # mode rate requests dir
  local mode="$1" rate="$2" n="$3" dir="$4"
  local -a set=(--set "client.processes[0].arrival.rate=$rate" --set "client.processes[0].requests=$n"
    --set server.warmupCalls=20000 --set monitoring.enabled=false --set "monitoring.profile=$orb")
  [ "$orb" != jacorb ] || set+=(--set server.orb.queueMax=1000000)
  local setting
  for setting in ${SETS:-}; do set+=(--set "$setting"); done
  local -a jvm=(${SERVER_JVM:-})
  if [ -n "${PROFILER:-}" ]; then
    mkdir -p "$dir.profile"
    jvm+=("\"-agentpath:$PROFILER=start,event=${PROFILER_EVENT:-cpu},interval=1ms,threads,ann,loop=1s,collapsed,file=$dir.profile/%t.collapsed\"")
  fi
  [ -z "${JIT:-}" ] || jvm+=(-XX:+UnlockDiagnosticVMOptions -XX:+LogCompilation "-XX:LogFile=$dir.jit.log")
  local -a orbscope=("$home/bin/orbscope")
  case "$mode" in
    base|base-sampled) # the base build's agent: the cli finds it in ORBSCOPE_HOME, which bin/orbscope would set
      [ -n "${BASE_AGENT:-}" ] || { echo "mode $mode needs BASE_AGENT" >&2; exit 2; }
      orbscope=(env "ORBSCOPE_HOME=$out/base" java -jar "$home/cli/target/orbscope.jar") ;;
  esac
  case "$mode" in
    off) ;;
    agent|base) set+=(--set monitoring.enabled=true --set "monitoring.config=$out/profile.conf") ;;
    base-sampled) set+=(--set monitoring.enabled=true --set "monitoring.config=$out/sampled.conf") ;;
    jfr) jvm+=(-XX:StartFlightRecording) ;;
    agent-exact) set+=(--set monitoring.enabled=true --set "monitoring.config=$out/exact.conf") ;;
    agent-all) set+=(--set monitoring.enabled=true --set "monitoring.config=$out/all.conf") ;;
    agent-run) set+=(--set monitoring.enabled=true) ;;
    agent-nonames) set+=(--set monitoring.enabled=true --set "monitoring.profile=$out/nonames.profile") ;;
    agent-nocpu|agent-nomon|agent-nothreads|agent-methods|agent-sampled|agent-sampled-raw|agent-unrecorded|agent-budget)
      set+=(--set monitoring.enabled=true --set "monitoring.config=$out/${mode#agent-}.conf") ;;
    *) echo "unknown mode $mode" >&2; exit 2 ;;
  esac
  if [ ${#jvm[@]} -gt 0 ]; then
    set+=(--set "server.jvmArgs=[$(IFS=,; echo "${jvm[*]}")]")
  fi
  [ -z "${THREAD_CPU:-}" ] || threads_of_server "$dir" "$rate" "$n" &
  [ -z "${LOCK:-}" ] || orbscope=(flock "$LOCK" "${orbscope[@]}")
  "${orbscope[@]}" run "$scenario" --no-report --out "$dir" "${set[@]}" > "$dir.log" 2>&1 || true
  wait
  local stats
  stats="$(python3 "$home/bench/scripts/null-request-stats.py" "$dir" "${HEAD:-0.5}")" || { echo "{\"error\": \"$dir.log\"}"; return; }
  if [ -d "$dir.profile" ]; then
    local window
    window="$(python3 -c 'import json,sys; s=json.loads(sys.argv[1]); print(s["window_start_ns"], s["window_end_ns"])' "$stats")"
    stats="${stats%\}}, \"profile\": $(python3 "$home/bench/scripts/null-request-profile.py" "$dir.profile" $window)}"
  fi
  if [ -f "$dir.jit.log" ]; then
    stats="${stats%\}}, \"jit\": $(python3 "$home/bench/scripts/null-request-jit.py" "$dir.jit.log" $(python3 -c 'import json,sys; s=json.loads(sys.argv[1]); print(s["window_start_ns"], s["window_end_ns"])' "$stats"))}"
  fi
  local trace from
  trace="$(python3 -c 'import json,sys; print(json.loads(sys.argv[1]).get("trace", ""))' "$stats")"
  if [ -n "$trace" ]; then
    from="$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["window_start_ns"])' "$stats")"
    # The exact runs' traces also give the sampling error alone: the same fragments drawn 1 in 10 afterwards.
    stats="${stats%\}}, \"stages\": $(java -cp "$jar" org.orbscope.bench.agent.StageCpu "$trace" "$from" 10)}"
  fi
  echo "$stats"
}

threads_of_server() { # dir rate requests: the server's CPU by thread over the measured part of the run
  local dir="$1" rate="${2%/s}" n="$3" ready="" port pid
  for _ in $(seq 1 600); do
    ready="$(ls "$dir"/*/points/*/server/ready 2>/dev/null | head -1)" && [ -n "$ready" ] && break
    sleep 0.5
  done
  [ -n "$ready" ] || return 0
  port="$(sed -n 's/^port=//p' "$ready")"
  pid="$(ss -ltnpH "sport = :$port" | sed -n 's/.*pid=\([0-9]*\).*/\1/p' | head -1)"
  [ -n "$pid" ] || return 0
  # the client sends for about n/rate seconds after the server is ready: from past HEAD of them to 2 s before the end
  local seconds from
  seconds="$(python3 -c "print(max(1, int($n / $rate * (1 - ${HEAD:-0.5})) - 4))")"
  from="$(python3 -c "print(int($n / $rate * ${HEAD:-0.5}) + 2)")"
  sleep "$from"
  python3 "$home/bench/scripts/thread-cpu.py" "$pid" "$seconds" > "$dir.threads" 2>&1 || true
}

max_rate() { # the highest rate the unmonitored server sustains
  local best="" r
  for r in 3000 4000 5000 6000 8000 10000 12000 14000 16000 20000 24000 28000 32000 40000; do
    local s
    s="$(run off "$r/s" "$requests" "$out/search-$r")"
    echo "search: $r/s $s" >&2
    if python3 -c 'import json,sys; s=json.loads(sys.argv[1]); r=int(sys.argv[2]); sys.exit(0 if 0.95*r <= s["rate"] <= 1.05*r and s["util"] <= 0.9 and s["p50_ms"] < 1 else 1)' "$s" "$r"; then
      best="$r/s"
    else
      break
    fi
  done
  echo "${best:-3000/s}"
}

results="$out/results.jsonl"
for rate in "${rates[@]}"; do
  if [ "$rate" = max ]; then
    rate="$(max_rate)"
    echo "highest rate the unmonitored server sustains on one core: $rate"
  fi
  for round in $(seq 1 "$rounds"); do
    order=("${modes[@]}")
    if [ $((round % 2)) -eq 0 ]; then # reverse every other round, so no mode always runs first
      order=(); for ((i=${#modes[@]}-1; i>=0; i--)); do order+=("${modes[$i]}"); done
    fi
    for mode in "${order[@]}"; do
      s="$(run "$mode" "$rate" "$requests" "$out/$mode-${rate%/s}-$round")"
      echo "{\"rate\": \"$rate\", \"round\": $round, \"mode\": \"$mode\", \"stats\": $s}" | tee -a "$results"
    done
  done
done
python3 "$home/bench/scripts/null-request-report.py" "$results"
echo "runs in $out"
