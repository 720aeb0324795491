#!/usr/bin/env bash
# What the watcher (docs/run-directory.md#watch) costs a run: the same scenario run with the watcher switched off
# and on, alternately in each round (off, on; on, off; ...), printing for each run its wall time and the CPU of the
# whole run (orbscope run, server and client JVMs: user + system of the process tree), and for the watched runs
# the watcher thread's own CPU per second of the point (watch.log) as a share of one core, beside the client JVM's
# share over the same point (processes.csv) and the whole run's. Goal (issue 34): the watcher under 1% of one core.
# The on-off difference of the whole run's CPU is the same cost seen from outside, within the run-to-run noise of
# three JVMs' start-up.
# Usage: bench/scripts/watch-cost.sh [rounds] [scenario] [run options, e.g. --set PATH=VALUE ...]
set -euo pipefail
home="$(cd "$(dirname "$0")/../.." && pwd)"
rounds="${1:-3}"
scenario="${2:-$home/scenarios/quickstart.yaml}"
shift $(( $# > 2 ? 2 : $# ))
extra=("$@")
out="$(mktemp -d -t orbscope-watch-cost.XXXXXX)"
run() { # run MODE DIR: one run, its "wall user system" seconds in DIR.time
  local opts=""
  [ "$1" = off ] && opts="-Dorbscope.watch=off"
  ORBSCOPE_JAVA_OPTS="$opts" /usr/bin/time -f '%e %U %S' -o "$2.time" \
    "$home/bin/orbscope" run "$scenario" --no-report --out "$2" "${extra[@]}" > "$2.log" 2>&1
}
for i in $(seq 1 "$rounds"); do
  order="off on"
  [ $((i % 2)) -eq 0 ] && order="on off"
  for mode in $order; do
    run "$mode" "$out/$mode-$i"
  done
done
python3 - "$out" "$rounds" <<'PY'
import csv, glob, os, re, statistics, sys
out, rounds = sys.argv[1], int(sys.argv[2])
def times(d):
    wall, user, system = (float(x) for x in open(d + ".time").read().split()[-3:])
    return wall, user + system
watcher, client, total, diff = [], [], [], []
for i in range(1, rounds + 1):
    (woff, coff), (won, con) = times(f"{out}/off-{i}"), times(f"{out}/on-{i}")
    wms = wsec = cms = csec = 0.0
    for log in glob.glob(f"{out}/on-{i}/*/points/*/watch/watch.log"):
        m = re.search(r"samples in ([0-9.]+) s; the watcher's thread took ([0-9.]+) ms", open(log).read())
        wsec += float(m.group(1)); wms += float(m.group(2))
        last = {}
        for r in csv.DictReader(open(os.path.join(os.path.dirname(log), "processes.csv"))):
            if r["role"] == "client":
                last[r["pid"]] = r
        for r in last.values():
            cms += int(r["user_ms"]) + int(r["system_ms"])
        csec += float(m.group(1))
    w, c = 100 * wms / 1000 / wsec, 100 * cms / 1000 / csec
    watcher.append(w); client.append(c); total.append(100 * con / won); diff.append(con - coff)
    print(f"round {i}: off: {woff:5.1f} s wall, run CPU {coff:5.2f} s | on: {won:5.1f} s wall, run CPU {con:5.2f} s; "
          f"watcher {wms:5.1f} ms CPU in {wsec:4.1f} s = {w:.2f}% of one core; client JVM {c:.0f}%, whole run "
          f"{100 * con / won:.0f}% of one core")
print(f"median over {rounds} rounds: the watcher takes {statistics.median(watcher):.2f}% of one core (goal < 1%), "
      f"beside the client JVM's {statistics.median(client):.0f}% and the whole run's {statistics.median(total):.0f}%; "
      f"run CPU on - off: {statistics.median(diff):+.2f} s (start-up noise of three JVMs included)")
PY
echo "runs in $out"
