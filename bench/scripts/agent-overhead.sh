#!/usr/bin/env bash
# Agent overhead (MooBench-style, JMH): ns per monitored call beside its clock floor, in one run.
# Usage: bench/scripts/agent-overhead.sh [rounds] [iterations]   (each round runs every workload once; ratios are medians of same-round ratios)
set -euo pipefail
home="$(cd "$(dirname "$0")/../.." && pwd)"
jar="$home/bench/target/benchmarks.jar"
agent="$home/agent/target/orbscope-agent.jar"
[ -f "$jar" ] && [ -f "$agent" ] || (cd "$home" && mvn -B -q -DskipTests package)
exec java -cp "$jar" org.orbscope.bench.agent.AgentOverhead "$agent" "${1:-5}" "${2:-5}"
