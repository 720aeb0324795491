#!/usr/bin/env bash
# Coordination of many client hosts: a LAN of Linux network namespaces (veth pairs on a bridge that sits in a
# namespace of its own; nothing of the machine's network is touched), `orbscope run` with its name server,
# coordinator and workload server in one namespace, N `orbscope host` JVMs in N others (default 16), a closed-loop
# scenario in the manner of Beekhuis's experiment K swept over client threads per host (default 1 and 8).
# Prints per point: hosts that ran, the coordination overhead (from the barrier's release to each host's first
# request: min / median / max over the hosts; the barrier gives the start instant 500 ms after its release), the
# spread of the client JVMs' start instants and of the hosts' first requests on the common time axis, and as the
# yardstick of the same run the CORBA ping round trip between the namespaces (median over hosts, the ping each
# host's clock offset comes from). Needs root (ip netns).
# Usage: bench/scripts/hosts.sh [hosts] [threads per host ...]
set -euo pipefail
home="$(cd "$(dirname "$0")/../.." && pwd)"
hosts="${1:-16}"
shift || true
threads=("$@")
[ ${#threads[@]} -gt 0 ] || threads=(1 8)
jar="$home/cli/target/orbscope.jar"
[ -f "$jar" ] || (cd "$home" && mvn -B -o -q package -DskipTests)
command -v ip >/dev/null || { echo "hosts.sh: needs ip (iproute2)" >&2; exit 2; }
[ "$(id -u)" = 0 ] || { echo "hosts.sh: network namespaces need root" >&2; exit 2; }

tag="orbscope-bench-$$"
work="$(mktemp -d)"
java=(java -Xmx96m -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -jar "$jar")
. "$home/bench/scripts/lan.sh"
trap 'lan_cleanup; rm -rf "$work"' EXIT

lan_init "$tag" 10.214.0
lan_node 1 coordinator
for i in $(seq 1 "$hosts"); do lan_node $((10 + i)) "h$i"; done

sweep="$(IFS=,; echo "${threads[*]}")"
max=0; for t in "${threads[@]}"; do [ "$t" -gt "$max" ] && max="$t"; done
cat > "$work/hosts-bench.yaml" <<EOF
name: hosts-bench
server:
  orb: {poolMin: 20, poolMax: 20, queueMax: 100000}   # hosts x threads requests may wait at once
  objects:
    - id: target
      operations: {call: {cpu: 0ms, replySize: 0}}
client:
  instances: 1
  hosts: {count: $hosts, register: 5m, barrier: 120s, lateAfter: 120s}
  connections: $max
  jvmArgs: [-Xmx128m, -XX:+UseSerialGC]
  maxDuration: 5m
  processes:
    - name: threads
      requests: 400
      arrival: {law: closed, threads: 1, thinkTime: 0ms}
      targets: [{object: target, operation: call, payload: {size: 4}}]
monitoring: {enabled: false}
sweep:
  client.processes[0].arrival.threads: [$sweep]
EOF

for i in $(seq 1 "$hosts"); do
  ip netns exec "$tag-h$i" "${java[@]}" host --naming corbaloc:iiop:1.2@10.214.0.1:2809/NameService \
    --name "h$i" --work "$work/h$i" --once --wait 5m > "$work/h$i.log" 2>&1 &
done
status=0
load0="$(cut -d' ' -f1-3 /proc/loadavg)"
ip netns exec "$tag-coordinator" "${java[@]}" run "$work/hosts-bench.yaml" --out "$home/runs" --address 10.214.0.1 \
  --ready-timeout 300 > "$work/run.log" 2>&1 || status=$?
wait

rundir="$(ls -d "$home"/runs/*-hosts-bench | tail -1)"
echo "hosts.sh: $hosts client hosts in network namespaces, $(nproc) CPUs, load average $load0 before and" \
  "$(cut -d' ' -f1-3 /proc/loadavg) after, $(java -version 2>&1 | head -1); run directory $rundir"
printf '%-12s %6s %30s %14s %16s %14s\n' point "hosts" "barrier->1st request ms min/med/max" \
  "start spread ms" "1st req spread ms" "ping rtt ms"
for point in "$rundir"/points/*/; do
  jq -r --arg p "$(basename "$point")" '
    def median: sort | if length == 0 then null else .[(length - 1) / 2 | floor] end;
    def f: if . == null then "-" else (. * 1000 | round / 1000 | tostring) end;
    [.hosts[] | select(.role == "clients")] as $h
    | [$h[] | select(.status == "ok")] as $ok
    | [$ok[] | .barrierToFirstRequestMs | select(. != null)] as $o
    | [$ok[] | .roundTripMs | select(. != null)] as $r
    | "\($p)\t\($ok | length)/\($h | length)\t\($o | min | f) / \($o | median | f) / \($o | max | f)\t\(.startSpreadMs | f)\t\(.firstRequestSpreadMs | f)\t\($r | median | f)"
  ' "$point/report/point.json" 2>/dev/null | awk -F'\t' '{ printf "%-12s %6s %30s %14s %16s %14s\n", $1, $2, $3, $4, $5, $6 }'
done
if [ "$status" != 0 ]; then
  echo "hosts.sh: the run exited $status (a host or point failed); its output:" >&2
  grep -v '^\[' "$work/run.log" | tail -40 >&2
  exit 1
fi
