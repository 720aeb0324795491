#!/usr/bin/env bash
# How often each point's verdict (docs/reports.md, "Can these figures be trusted?") is right: N undisturbed
# quickstarts (false alarms: any verdict but valid), and disturbed ones: beside one busy shell per CPU, two
# quickstarts at once, and a flooded server (bench/scripts/verdict-flood.yaml). Prints one line per run: the
# case, the exit code and the point's line of `orbscope run` (its verdict and reasons). Each run takes the shared
# build lock, as tests do.
# Usage: bench/scripts/verdict-rates.sh [alone] [hog] [pairs] [flood]   (default 10 4 3 3)
set -uo pipefail
home="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$home"
out="$(mktemp -d -t orbscope-verdicts.XXXXXX)"
lock=/tmp/orbscope-build.lock
verdict() { grep -h "^point 1/1 single:" "$1" | head -1; }
for i in $(seq 1 "${1:-10}"); do
  flock "$lock" bin/orbscope run scenarios/quickstart.yaml --no-report --out "$out/alone-$i" > "$out/alone-$i.log" 2>&1
  echo "alone $i exit $? $(verdict "$out/alone-$i.log")"
done
for i in $(seq 1 "${2:-4}"); do
  flock "$lock" bash -c '
    hogs=""; for c in $(seq 1 "$(nproc)"); do timeout 300 sh -c "while :; do :; done" & hogs="$hogs $!"; done
    bin/orbscope run scenarios/quickstart.yaml --no-report --out "$1" > "$1.log" 2>&1; rc=$?
    kill $hogs; exit $rc' hog "$out/hog-$i"
  echo "hog $i exit $? $(verdict "$out/hog-$i.log")"
done
for i in $(seq 1 "${3:-3}"); do
  flock "$lock" bash -c '
    bin/orbscope run scenarios/quickstart.yaml --no-report --out "$1-a" > "$1-a.log" 2>&1 &
    bin/orbscope run scenarios/quickstart.yaml --no-report --out "$1-b" > "$1-b.log" 2>&1; wait' pair "$out/pair-$i"
  echo "pair $i a $(verdict "$out/pair-$i-a.log")"
  echo "pair $i b $(verdict "$out/pair-$i-b.log")"
done
for i in $(seq 1 "${4:-3}"); do
  flock "$lock" bin/orbscope run bench/scripts/verdict-flood.yaml --no-report --out "$out/flood-$i" > "$out/flood-$i.log" 2>&1
  echo "flood $i exit $? $(verdict "$out/flood-$i.log")"
done
echo "runs: $out"
