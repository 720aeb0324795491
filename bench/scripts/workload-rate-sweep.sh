#!/usr/bin/env bash
# Sweeps a null operation's offered rate on loopback (server JVM pinned to core 0, client on core 1) and
# prints achieved rate, p50/p99 response, p99 send lateness, beside a bare JacORB synchronous loop measured
# in the same run. Usage: bench/scripts/workload-rate-sweep.sh [seconds per rate] [rates/s ...]
set -euo pipefail
home="$(cd "$(dirname "$0")/../.." && pwd)"
jar="$home/bench/target/benchmarks.jar"
[ -f "$jar" ] || (cd "$home" && mvn -B -q -DskipTests package)
pin=""
command -v taskset >/dev/null && pin="taskset -c 1"
exec $pin java -Dorg.slf4j.simpleLogger.defaultLogLevel=error -cp "$jar" org.orbscope.bench.workload.WorkloadRateSweep "$@"
