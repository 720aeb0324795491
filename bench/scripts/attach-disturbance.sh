#!/usr/bin/env bash
# What attaching to a serving server does to its clients: the quickstart scenario, unmonitored, made long
# (by default 12,000 + 3,000 requests at 200/s + 50/s, a minute), and halfway through the client's run one of these
# on the server JVM, alternating within each round (reversed every other round):
#   agent  `orbscope attach PID --profile jacorb`: the shipped profile's classes retransformed, recording on
#   jfr    `jcmd PID JFR.start`: a JFR recording at its defaults started in the running JVM, the yardstick
#          users accept
# and, for attribution, when named in MODES: agent-methods (the profile's method events only: no thread, park,
# monitor, GC or process events, so `Thread` and `LockSupport` stay as they are).
# From the client's requests.csv (response from the intended send time, requests grouped by when they were
# due): p50 and p99 over the 10 s before the command began, and over the 3 s from that instant (or as long as the
# command took, if longer), as the ratio after/before; the command's wall time. Prints per run, then the
# median and [range] over rounds per mode.
# Usage: bench/scripts/attach-disturbance.sh [rounds] [seconds]
#   seconds: the client's run (default 60); the command comes halfway through.
#   MODES="agent jfr" chooses modes; AGENT=path/to/orbscope-agent.jar measures another build of the agent.
set -euo pipefail
home="$(cd "$(dirname "$0")/../.." && pwd)"
rounds="${1:-5}"
seconds="${2:-60}"
cli="$home/cli/target/orbscope.jar"
agent="${AGENT:-$home/agent/target/orbscope-agent.jar}"
[ -f "$cli" ] && [ -f "$agent" ] || (cd "$home" && mvn -B -q -o -pl cli -am -DskipTests package)
modes="${MODES:-agent jfr}"
out="$(mktemp -d -t orbscope-attach-disturbance.XXXXXX)"
before_s=10
after_s=3
at_s=$((seconds / 2))

server_pid() { # server_pid RUNDIR: the server JVM of the run under RUNDIR, once it runs
  local dir="$1" pid
  for pid in $(pgrep -f org.orbscope.server.ServerMain || true); do
    if tr '\0' ' ' < "/proc/$pid/cmdline" 2>/dev/null | grep -q -- "$dir"; then echo "$pid"; return; fi
  done
}

one_run() { # one_run MODE ROUND: prints "mode round before_p50 before_p99 after_p50 after_p99 wall_ms"
  local mode="$1" round="$2" dir="$out/$1-$2" pid="" t0 t1 deadline
  mkdir -p "$dir"
  java -jar "$cli" run -q --no-report --out "$dir" \
    --set "client.processes[0].requests=$((seconds * 200))" --set "client.processes[1].requests=$((seconds * 50))" \
    --set 'monitoring.enabled=false' "$home/scenarios/quickstart.yaml" > "$dir/run.log" 2>&1 &
  local run=$!
  deadline=$((SECONDS + 120))
  while [ -z "$pid" ] && [ $SECONDS -lt $deadline ]; do sleep 0.2; pid="$(server_pid "$dir")"; done
  [ -n "$pid" ] || { echo "no server JVM for $dir" >&2; kill "$run"; return 1; }
  # The client's first request: its requests.csv appears with the first rows flushed.
  while [ -z "$(find "$dir" -name requests.csv -size +1k 2>/dev/null)" ] && [ $SECONDS -lt $deadline ]; do
    sleep 0.2
  done
  sleep "$at_s"
  t0=$(date +%s%N)
  case "$mode" in
    agent) "$home/bin/orbscope" attach "$pid" --agent "$agent" --profile jacorb --out "$dir/server.trace" \
             > "$dir/attach.log" 2>&1 ;;
    agent-methods) "$home/bin/orbscope" attach "$pid" --agent "$agent" --profile jacorb -o events=methods \
             --out "$dir/server.trace" > "$dir/attach.log" 2>&1 ;;
    jfr) jcmd "$pid" JFR.start filename="$dir/server.jfr" > "$dir/attach.log" 2>&1 ;;
    *) echo "unknown mode $mode" >&2; return 2 ;;
  esac
  t1=$(date +%s%N)
  wait "$run" || true
  python3 - "$(find "$dir" -name requests.csv | head -1)" "$t0" "$t1" "$mode" "$round" "$before_s" "$after_s" <<'EOF'
import csv, sys
path, t0, t1, mode, rnd, before_s, after_s = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), *sys.argv[4:6], \
    float(sys.argv[6]), float(sys.argv[7])
after_end = max(t0 + after_s * 1e9, t1)
before, after = [], []
with open(path) as f:
    for row in csv.DictReader(f):
        if row["outcome"] != "ok" or not row["response_ns"]:
            continue
        due, response = int(row["intended_ns"]), int(row["response_ns"]) / 1e6
        if t0 - before_s * 1e9 <= due < t0:
            before.append(response)
        elif t0 <= due < after_end:
            after.append(response)
def pct(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(p * len(values)))]
print(mode, rnd, "%.3f %.3f %.3f %.3f %d %d %d" % (pct(before, .5), pct(before, .99), pct(after, .5),
      pct(after, .99), (t1 - t0) / 1e6, len(before), len(after)))
EOF
}

echo "# rounds=$rounds modes=$modes out=$out"
echo "# mode round before_p50_ms before_p99_ms after_p50_ms after_p99_ms command_ms n_before n_after"
for round in $(seq 1 "$rounds"); do
  order="$modes"
  [ $((round % 2)) -eq 0 ] && order="$(echo "$modes" | tr ' ' '\n' | tac | tr '\n' ' ')"
  for mode in $order; do one_run "$mode" "$round" | tee -a "$out/results.txt"; done
done
python3 - "$out/results.txt" <<'EOF'
import statistics, sys
rows = {}
for line in open(sys.argv[1]):
    mode, rnd, b50, b99, a50, a99, ms, *_ = line.split()
    rows.setdefault(mode, []).append((float(a50) / float(b50), float(a99) / float(b99), float(ms)))
print("# mode: p50 after/before, p99 after/before, command ms: median [range] over rounds")
for mode, values in rows.items():
    cols = list(zip(*values))
    print(mode, " ".join("%.2f [%.2f-%.2f]" % (statistics.median(c), min(c), max(c)) for c in cols))
EOF
