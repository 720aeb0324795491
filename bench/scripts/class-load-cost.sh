#!/usr/bin/env bash
# What instrumenting a library's classes costs as they load, and as an attach retransforms them: the orbscope
# command's own `simulate` of paper scenario A (about 20,000 simulated requests; it loads some 560 Jackson classes
# and a few hundred of orbscope's own) timed in these modes, alternating within each round (reversed every other
# round):
#   plain       no agent: the yardstick
#   jfr         JFR with its `profile` settings (-XX:StartFlightRecording=settings=profile)
#   agent       orbscope's agent with a broad include over the library (include=com.fasterxml.**): every
#               Jackson class matched and instrumented as it loads
#   agent-none  orbscope's agent with an include whose method glob selects nothing (com.fasterxml.**#zzzNone):
#               nothing is selected, so nothing should be done
#   otel        the OpenTelemetry Java agent (all its library instrumentations, exporters off, plus a methods
#               include of ObjectMapper.readValue/readTree), when its jar is in Maven's local repository
#               (OTEL_JAR=... names another; fetch with
#               `mvn dependency:get -Dartifact=io.opentelemetry.javaagent:opentelemetry-javaagent:2.10.0`)
# Prints each run's wall time and CPU (user + system of the JVM) as a ratio to the same round's plain run, then
# the medians and ranges over rounds.
# Then the attach: a JVM that has run the same command in itself (bench/scripts/SimulateThenWait.java) and waits,
# attached to in each of these modes (a fresh JVM per attach, in rounds as above):
#   agent       `orbscope attach PID -o include=com.fasterxml.**`: every loaded Jackson class retransformed
#   agent-none  the same with com.fasterxml.**#zzzNone
#   agent-wide  an include over several libraries (Jackson, javac, picocli, SnakeYAML, Commons Math): thousands of
#               loaded classes matched, of which those with a method of their own are retransformed
#   jfr         `jcmd PID JFR.start settings=profile`, the yardstick users accept
# Prints the command's wall time, the target JVM's CPU over the attach (from /proc, before the command and after
# it returns) and, for the agent, what `orbscope attach` states the retransformation cost.
# Usage: bench/scripts/class-load-cost.sh [rounds] [attach rounds]
#   AGENT=path/to/orbscope-agent.jar measures another build of the agent (default: this checkout's);
#   BASE_AGENT=path/to/orbscope-agent.jar adds modes base and base-none (both phases): that build, as agent and
#   agent-none, in the same rounds.
#   MODES="plain agent" and ATTACH_MODES="agent jfr" choose modes.
set -euo pipefail
home="$(cd "$(dirname "$0")/../.." && pwd)"
rounds="${1:-5}"
attach_rounds="${2:-3}"
cli="$home/cli/target/orbscope.jar"
agent="${AGENT:-$home/agent/target/orbscope-agent.jar}"
[ -f "$cli" ] && [ -f "$agent" ] || (cd "$home" && mvn -B -q -o -pl cli -am -DskipTests package)
scenario="$home/scenarios/paper-scenario-a.yaml"
otel="${OTEL_JAR:-$(ls ~/.m2/repository/io/opentelemetry/javaagent/opentelemetry-javaagent/*/opentelemetry-javaagent-*.jar 2>/dev/null | grep -v sources | sort -V | tail -1 || true)}"
set -f # the options below hold globs for the agents, never for the shell
base="${BASE_AGENT:-}"
modes="${MODES:-plain jfr agent agent-none${otel:+ otel}${base:+ base base-none}}"
attach_modes="${ATTACH_MODES:-agent agent-none agent-wide jfr${base:+ base base-none}}"
out="$(mktemp -d -t orbscope-class-load.XXXXXX)"
include='com.fasterxml.**'
none='com.fasterxml.**#zzzNone'
wide='com.fasterxml.** com.sun.tools.javac.** picocli.** org.yaml.** org.apache.commons.math3.**'

jar_of() { # jar_of MODE: the agent jar of an agent mode
  case "$1" in
    agent|agent-none|agent-wide) echo "$agent" ;;
    base|base-none) echo "$base" ;;
    *) echo "unknown mode $1" >&2; exit 2 ;;
  esac
}
include_of() { # include_of MODE: the include globs of an agent mode
  case "$1" in
    *-none) echo "$none" ;;
    *-wide) echo "$wide" ;;
    *) echo "$include" ;;
  esac
}
opts() { # opts MODE RUN: the JVM options of one mode
  case "$1" in
    plain) ;;
    jfr) echo "-XX:StartFlightRecording=settings=profile,filename=$2.jfr" ;;
    otel) echo "-javaagent:$otel -Dotel.traces.exporter=none -Dotel.metrics.exporter=none -Dotel.logs.exporter=none
      -Dotel.javaagent.logging=none -Dotel.instrumentation.methods.include=com.fasterxml.jackson.databind.ObjectMapper[readValue,readTree]" ;;
    *) echo "-javaagent:$(jar_of "$1")=quiet,include=$(include_of "$1"),out=$2.trace" ;;
  esac
}
run() { # run MODE RUN: one simulate, its "wall user system" seconds in RUN.time
  # shellcheck disable=SC2046
  /usr/bin/time -f '%e %U %S' -o "$2.time" java $(opts "$1" "$2") -jar "$cli" simulate "$scenario" > "$2.log" 2>&1
}
# The classes the command loads, once, untimed.
java -Xlog:class+load=info:file="$out/classes.log" -jar "$cli" simulate "$scenario" > /dev/null 2>&1
echo "the command loads $(grep -c . "$out/classes.log") classes, $(grep -c ' com\.fasterxml\.' "$out/classes.log") of them Jackson's"
[ -n "$otel" ] && echo "OpenTelemetry agent: $otel" || echo "no OpenTelemetry agent jar: mode otel left out"
order() { # order ROUND MODES...: the modes in their order in that round (reversed every other round)
  local i="$1"
  shift
  if [ $((i % 2)) -eq 0 ]; then printf '%s\n' "$@" | tac; else printf '%s\n' "$@"; fi
}
for i in $(seq 1 "$rounds"); do
  # shellcheck disable=SC2086
  for mode in $(order "$i" $modes); do
    run "$mode" "$out/$mode-$i"
  done
done

cpu_of() { # cpu_of PID: user + system ticks of a process
  awk '{ print $14 + $15 }' "/proc/$1/stat"
}
attach() { # attach MODE RUN: one attach to a fresh target; "wall cpu_ms" in RUN.attach, the command's output in RUN.log
  local fifo="$2.in" pid line start before wall after
  mkfifo "$fifo"
  java -cp "$cli" "$home/bench/scripts/SimulateThenWait.java" simulate "$scenario" < "$fifo" > "$2.target" 2>&1 &
  exec 3> "$fifo"
  for _ in $(seq 1 600); do
    line="$(grep -m1 '^ready ' "$2.target" || true)"
    [ -n "$line" ] && break
    sleep 0.2
  done
  [ -n "$line" ] || { echo "target did not get ready: $2.target" >&2; exit 1; }
  pid="$(echo "$line" | cut -d' ' -f2)"
  sleep 1 # let the JIT's compilations of the command settle
  before="$(cpu_of "$pid")"
  start="$(date +%s%N)"
  if [ "$1" = jfr ]; then
    jcmd "$pid" JFR.start settings=profile filename="$2.jfr" > "$2.log" 2>&1
  else
    local glob includes=()
    for glob in $(include_of "$1"); do includes+=(-o "include=$glob"); done
    "$home/bin/orbscope" attach "$pid" --agent "$(jar_of "$1")" --out "$2.trace" "${includes[@]}" > "$2.log" 2>&1
  fi
  wall=$(( ($(date +%s%N) - start) / 1000000 ))
  after="$(cpu_of "$pid")"
  echo "$wall $(( (after - before) * 1000 / $(getconf CLK_TCK) )) $(sed -n 's/^ready [0-9]* //p' "$2.target")" > "$2.attach"
  exec 3>&-
  wait
  rm -f "$fifo"
}
for i in $(seq 1 "$attach_rounds"); do
  # shellcheck disable=SC2086
  for mode in $(order "$i" $attach_modes); do
    attach "$mode" "$out/attach-$mode-$i"
  done
done

python3 - "$out" "$rounds" "$modes" "$attach_rounds" "$attach_modes" <<'PY'
import re, statistics, sys
out, rounds, modes, arounds, amodes = sys.argv[1], int(sys.argv[2]), sys.argv[3].split(), int(sys.argv[4]), sys.argv[5].split()
def times(run):
    wall, user, system = (float(x) for x in open(run + ".time").read().split()[-3:])
    return wall, user + system
def span(v):
    return f"{statistics.median(v):.2f} [{min(v):.2f}-{max(v):.2f}]"
ratios = {m: ([], []) for m in modes if m != "plain"}
for i in range(1, rounds + 1):
    pw, pc = times(f"{out}/plain-{i}")
    line = f"round {i}: plain {pw:5.2f} s wall, {pc:5.2f} s CPU"
    for m in ratios:
        w, c = times(f"{out}/{m}-{i}")
        ratios[m][0].append(w / pw); ratios[m][1].append(c / pc)
        line += f" | {m} {w / pw:5.2f}x wall, {c / pc:5.2f}x CPU"
    print(line)
print(f"class load, median [range] over {rounds} rounds of the ratio to the same round's plain run:")
for m, (w, c) in ratios.items():
    print(f"  {m:10s} wall {span(w)}  CPU {span(c)}")
if "agent" in ratios and "otel" in ratios:
    (aw, ac), (ow, oc) = ratios["agent"], ratios["otel"]
    print(f"  agent / otel, same round: wall {span([a / o for a, o in zip(aw, ow)])}  "
          f"CPU {span([a / o for a, o in zip(ac, oc)])}")
print(f"attach to a JVM that ran the command (median [range] over {arounds} rounds):")
for m in amodes:
    walls, cpus, stated = [], [], []
    for i in range(1, arounds + 1):
        run = f"{out}/attach-{m}-{i}"
        wall, cpu, classes = open(run + ".attach").read().split()
        walls.append(float(wall)); cpus.append(float(cpu))
        s = re.search(r"retransformed (\d+) loaded classes in ([0-9.]+) ms \(([0-9.]+) ms of CPU\)", open(run + ".log").read())
        if s:
            stated.append(f"{s.group(1)} classes, {s.group(2)} ms wall, {s.group(3)} ms CPU")
    line = f"  {m:10s} command {span(walls)} ms wall; target JVM CPU over it {span(cpus)} ms (of {classes} loaded classes)"
    print(line + (f"; stated: {'; '.join(stated)}" if stated else ""))
PY
echo "runs in $out"
