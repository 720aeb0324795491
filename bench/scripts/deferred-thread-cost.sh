#!/usr/bin/env bash
# What JacORB's deferred synchronous DII (a thread per request) costs the client: the same null request at the
# same rate with invocation sync (the yardstick), dii and deferred, each a client JVM (core 1) against a server
# JVM (core 0) on loopback; client CPU per request, threads started per request, response time, each against
# sync in the same round. Usage: bench/scripts/deferred-thread-cost.sh [rounds] [seconds per point] [rates/s ...]
set -euo pipefail
home="$(cd "$(dirname "$0")/../.." && pwd)"
jar="$home/bench/target/benchmarks.jar"
[ -f "$jar" ] || (cd "$home" && mvn -B -q -DskipTests package)
exec java -Dorg.slf4j.simpleLogger.defaultLogLevel=error -cp "$jar" org.orbscope.bench.workload.DeferredThreadCost "$@"
