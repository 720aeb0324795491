#!/usr/bin/env python3
"""Figures of one null-request run directory (bench/scripts/null-request-overhead.sh), as one JSON line.

Reads the run directory's own files, never its report: client/requests.csv (one row per request),
server/system.csv (process CPU, GC and thread CPU samples every 100 ms). The first HEAD of the requests (a
fraction, default 0.5) is left out: the JIT compiles the request path while it serves the first requests (the
server's warm-up calls, `_non_existent`, take another path through the POA and servant), and at 2,000/s its
compiler threads run until 3-8 s into a run; the measured window runs from the first kept request's send to the
last one's completion. Server CPU per request = process CPU over the window (interpolated between samples) / requests
completed in it.
The report pools the measured requests' response times over rounds (`measured_responses`, from the run
directory and HEAD printed here).
Usage: null-request-stats.py RUN_DIR [HEAD]
"""
import csv
import glob
import json
import os
import sys


def interpolate(samples, t):
    """Value of a cumulative counter at epoch ms t, linear between the samples around it."""
    for (t0, v0), (t1, v1) in zip(samples, samples[1:]):
        if t0 <= t <= t1:
            return v0 if t1 == t0 else v0 + (v1 - v0) * (t - t0) / (t1 - t0)
    return samples[0][1] if t < samples[0][0] else samples[-1][1]


def percentile(sorted_values, p):
    if not sorted_values:
        return float("nan")
    i = min(len(sorted_values) - 1, max(0, int(round(p / 100.0 * len(sorted_values) + 0.5)) - 1))
    return sorted_values[i]


def point_dir(run_dir):
    return glob.glob(os.path.join(run_dir, "*", "points", "*"))[0]


def kept_requests(run_dir, head):
    """The run's requests after the first HEAD of them."""
    rows = list(csv.DictReader(open(os.path.join(point_dir(run_dir), "client", "requests.csv"))))
    return rows[int(len(rows) * head):]


def responses(rows):
    """Sorted response times (ms) of the rows' completed requests."""
    return sorted(int(r["response_ns"]) / 1e6 for r in rows if r["outcome"] == "ok")


def measured_responses(run_dir, head):
    """Sorted response times (ms) of the kept requests that completed."""
    return responses(kept_requests(run_dir, head))


def main(run_dir, head=0.5):
    point = point_dir(run_dir)
    kept = kept_requests(run_dir, head)
    ok = [r for r in kept if r["outcome"] == "ok"]
    start_ns = min(int(r["sent_ns"]) for r in kept)
    end_ns = max(int(r["completed_ns"]) for r in ok)
    measured = responses(kept)

    system = list(csv.DictReader(open(os.path.join(point, "server", "system.csv"))))
    t0, t1 = start_ns / 1e6, end_ns / 1e6

    def delta(column):
        samples = [(int(s["epoch_ms"]), int(s[column])) for s in system]
        return interpolate(samples, t1) - interpolate(samples, t0)

    process = delta("process_cpu_ns")
    app = delta("app_threads_cpu_ns")
    tool = delta("tool_threads_cpu_ns")
    seconds = (end_ns - start_ns) / 1e9
    out = {
        "requests": len(ok),
        "failed": len(kept) - len(ok),
        "rate": len(ok) / seconds,
        "cpu_us": process / len(ok) / 1e3,
        "util": process / 1e9 / seconds,
        "jvm_share": max(0.0, process - app - tool) / process if process > 0 else float("nan"),
        "tool_share": tool / process if process > 0 else float("nan"),
        # the rest of the process per request: the JVM's own threads and threads that lived between two samples
        # (system.csv counts a thread from its first sample on; JacORB's short-lived dispatchers)
        "jvm_us": max(0.0, process - app - tool) / len(ok) / 1e3,
        "p50_ms": percentile(measured, 50),
        "p99_ms": percentile(measured, 99),
        "mean_ms": sum(measured) / len(measured),
        "gc": round(delta("gc_count")),
        # collections before the window: those of the JVM's start-up and the agent's instrumentation (before the
        # server's first sample) and those of the warm-up and the first HEAD of the requests; with a fixed young
        # generation (SERVER_JVM="-Xmn4m") each count times its eden is what the server allocated
        "gc_startup": int(system[0]["gc_count"]),
        "gc_before": round(interpolate([(int(s["epoch_ms"]), int(s["gc_count"])) for s in system], t0)),
        "threads_max": max(int(s["threads"]) for s in system),
        # threads the server started per 1,000 requests: JacORB's dispatcher threads created above its pool minimum
        "threads_per_1k": delta("threads_started") / len(ok) * 1e3 if "threads_started" in system[0] else None,
        "window_start_ns": start_ns,
        "window_end_ns": end_ns,
        "run_dir": os.path.abspath(run_dir),
        "head": head,
    }
    trace = os.path.join(point, "server", "server.trace")
    if os.path.exists(trace):
        out["trace"] = trace
    print(json.dumps(out))


if __name__ == "__main__":
    main(sys.argv[1], float(sys.argv[2]) if len(sys.argv) > 2 else 0.5)
