#!/usr/bin/env bash
# A long recording analysed in bounded memory: writes a synthetic JacORB trace of EVENTS events (default 1e9)
# with the real trace writer, then reads it with the raw trace reader (the yardstick) and with the streaming
# stage analysis, both on one core and with -Xmx512m, in the same run.
# Usage: bench/scripts/long-trace.sh [EVENTS] [TRACE-PATH]   (the trace is deleted afterwards)
set -euo pipefail
cd "$(dirname "$0")/../.."
EVENTS=${1:-1e9}
TRACE=${2:-/tmp/orbscope-long.trace}
JAR=bench/target/benchmarks.jar
[ -f "$JAR" ] || mvn -B -o -q package -DskipTests -pl bench -am
echo "date: $(date -u +%Y-%m-%dT%H:%MZ)  commit: $(git rev-parse --short HEAD)  machine: $(nproc) cpus, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
echo "jdk: $(java -version 2>&1 | head -1)  disk free at $(dirname "$TRACE"): $(df -h --output=avail "$(dirname "$TRACE")" | tail -1 | xargs)"
exec taskset -c "${CPU:-0}" java -Xmx512m -XX:ActiveProcessorCount=1 -cp "$JAR" \
    org.orbscope.bench.postprocess.LongTraceSpeed "$EVENTS" "$TRACE"
