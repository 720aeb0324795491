#!/usr/bin/env bash
# What the agent with the JacORB profile costs the measured system: one sweep point run with monitoring off
# and on, alternately (off, on, off, on, ...), same seed, server pinned to core 0 and client to core 1, and the
# mean client response time of each run beside the mean of the other kind. Goal: < 5% apart.
# Usage: bench/scripts/monitoring-overhead.sh [repetitions] [rate] [requests]
set -euo pipefail
home="$(cd "$(dirname "$0")/../.." && pwd)"
reps="${1:-2}"
rate="${2:-0.05/ms}"
requests="${3:-1500}"
out="$(mktemp -d -t orbscope-overhead.XXXXXX)"
scenario="$out/point.yaml"
# Harkema et al.'s scenario A at one rate: drop the sweep, keep everything else.
sed -e '/^sweep:/,$d' "$home/scenarios/paper-scenario-a.yaml" > "$scenario"
mean_of() { # mean response (ms) of the run under $1
  python3 -c "import json,glob,sys; s=json.load(open(glob.glob(sys.argv[1]+'/*/points/*/client/summary.json')[0])); print(s['response']['meanMs'])" "$1"
}
declare -a off on
for i in $(seq 1 "$reps"); do
  for mode in false true; do
    dir="$out/$mode-$i"
    "$home/bin/orbscope" run "$scenario" --no-report --out "$dir" \
      --set "client.processes[0].arrival.rate=$rate" --set "client.processes[0].requests=$requests" \
      --set "monitoring.enabled=$mode" > "$dir.log" 2>&1
    m="$(mean_of "$dir")"
    if [ "$mode" = false ]; then off+=("$m"); else on+=("$m"); fi
    printf 'run %d monitoring=%-5s mean client response %s ms\n' "$i" "$mode" "$m"
  done
done
python3 - "${off[*]}" "${on[*]}" <<'PY'
import sys
off = [float(x) for x in sys.argv[1].split()]
on = [float(x) for x in sys.argv[2].split()]
a, b = sum(off) / len(off), sum(on) / len(on)
print(f"unmonitored mean {a:.3f} ms, monitored mean {b:.3f} ms: monitored/unmonitored = {b / a:.3f} "
      f"({100 * (b / a - 1):+.1f}%, goal within 5%)")
PY
echo "runs in $out"
