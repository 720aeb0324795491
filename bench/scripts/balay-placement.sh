#!/usr/bin/env bash
# Balay et al.'s hot module on the busy machine and on the idle one: scenarios/balay-hotspot-hot-on-busy.yaml and
# balay-hotspot-hot-on-idle.yaml on two machines made of Linux network namespaces of this one (veth pairs on a
# bridge in a namespace of its own; nothing of the machine's network is touched): `orbscope run`, the busy
# machine's servers and the GUI clients in one, `orbscope host --name idle` in the other. The scenarios pin the
# busy machine to core 0 and the idle one to core 1, so the namespaces behave as two one-core machines.
# Prints per scenario and point: the mean (p50) response of all messages, of the hot module's and of the other
# modules' (breakdown.csv by target, weighted by their ok requests), and the run directory. The yardstick of the
# same run is the other placement's row. Needs root (ip netns).
# Usage: bench/scripts/balay-placement.sh [orbscope run options, e.g. --set ...]
set -euo pipefail
home="$(cd "$(dirname "$0")/../.." && pwd)"
jar="$home/cli/target/orbscope.jar"
[ -f "$jar" ] || { echo "balay-placement.sh: build first (cli/target/orbscope.jar)" >&2; exit 2; }
command -v ip >/dev/null || { echo "balay-placement.sh: needs ip (iproute2)" >&2; exit 2; }
[ "$(id -u)" = 0 ] || { echo "balay-placement.sh: network namespaces need root" >&2; exit 2; }

tag="orbscope-balay-$$"
work="$(mktemp -d)"
. "$home/bench/scripts/lan.sh"
trap 'lan_cleanup; rm -rf "$work"' EXIT

lan_init "$tag" 10.215.0
lan_node 1 busy
lan_node 2 idle

echo "balay-placement.sh: $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg), $(java -version 2>&1 | head -1)," \
  "commit $(git -C "$home" rev-parse --short HEAD)"
printf '%-28s %-12s %18s %18s %18s\n' scenario point "all mean (p50)" "hot mean (p50)" "others mean (p50)"
for placement in hot-on-busy hot-on-idle; do
  scenario="$home/scenarios/balay-hotspot-$placement.yaml"
  ip netns exec "$tag-idle" java -jar "$jar" host --naming corbaloc:iiop:1.2@10.215.0.1:2809/NameService \
    --name idle --work "$work/idle" --once --wait 5m > "$work/idle-$placement.log" 2>&1 &
  status=0
  ip netns exec "$tag-busy" java -jar "$jar" run "$scenario" --out "$home/runs" --address 10.215.0.1 \
    --ready-timeout 300 "$@" > "$work/run-$placement.log" 2>&1 || status=$?
  wait
  rundir="$(ls -d "$home"/runs/*-balay-hotspot-"$placement" | tail -1)"
  # 3: the run is whole but a point's verdict says its figures must not be used (its output says why)
  [ "$status" = 3 ] && echo "  (a point is invalid: $(grep -o 'invalid ([^;]*' "$work/run-$placement.log" | head -1))"
  if [ "$status" != 0 ] && [ "$status" != 3 ]; then
    echo "balay-placement.sh: $placement exited $status; its output:" >&2
    grep -v '^\[' "$work/run-$placement.log" | tail -30 >&2
    exit 1
  fi
  # breakdown.csv: point,dimension,key,requests,ok,failed,not_sent,throughput_per_s,mean_ms,p50_ms,...
  awk -F, -v s="$placement" '
    NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
    $col["dimension"] == "target" {
      p = $col["point"]; n = $col["ok"]; m = $col["mean_ms"]; q = $col["p50_ms"]
      points[p] = 1; all_n[p] += n; all_m[p] += n * m
      if ($col["key"] ~ /(^|\/)hot$/) { hot[p] = sprintf("%.1f (%.1f)", m, q) }
      else { oth_n[p] += n; oth_m[p] += n * m }
    }
    END {
      for (p in points) printf "%-28s %-12s %18.1f %18s %18.1f\n", "balay-hotspot-" s, p, all_m[p] / all_n[p], hot[p], oth_m[p] / oth_n[p]
    }' "$rundir/report/breakdown.csv" | sort -k2
  echo "  run directory: $rundir"
done
