#!/usr/bin/env python3
"""Summary of null-request-overhead.sh's results (one JSON line per run): per rate and mode, the median over
rounds of each figure and of its same-round ratio to the unmonitored server, monitored/unmonitored beside
JFR/unmonitored; the p50 and p99 of all rounds' measured requests pooled per mode (one run's p99 moves by up to
1.5x between rounds on a shared guest, in every mode); then each sampling agent mode's per-stage CPU means beside
the exact ones (every fragment).
Usage: null-request-report.py RESULTS.jsonl
"""
import importlib.util
import json
import os
import statistics
import sys
from collections import defaultdict

_spec = importlib.util.spec_from_file_location(
    "null_request_stats", os.path.join(os.path.dirname(os.path.abspath(__file__)), "null-request-stats.py"))
stats_module = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(stats_module)

FIGURES = [("cpu_us", "CPU/req us"), ("p50_ms", "p50 ms"), ("p99_ms", "p99 ms"), ("gc", "GCs"),
           ("gc_startup", "GCs at start-up"), ("gc_before", "GCs before window"),
           ("util", "core util"), ("jvm_share", "JVM-thread share"), ("jvm_us", "JVM-thread us/req"),
           ("threads_per_1k", "threads started/1k req")]


def main(path):
    runs = [json.loads(line) for line in open(path) if line.strip()]
    by = defaultdict(dict)  # (rate, round) -> mode -> stats
    for r in runs:
        if "error" not in r["stats"]:
            by[(r["rate"], r["round"])][r["mode"]] = r["stats"]
    rates = sorted({k[0] for k in by}, key=lambda x: float(x.rstrip("/s")))
    for rate in rates:
        rounds = sorted(k[1] for k in by if k[0] == rate)
        modes = []
        for k in rounds:
            for m in by[(rate, k)]:
                if m not in modes:
                    modes.append(m)
        print(f"\n== {rate}: {len(rounds)} rounds; each figure the median over rounds, "
              f"(x) the median of same-round ratios to off [their range]")
        print(f"{'mode':18s}" + "".join(f"{label:>28s}" for _, label in FIGURES))
        for mode in modes:
            cells = []
            for key, _ in FIGURES:
                values = [figure(by, rate, k, mode, key) for k in rounds]
                values = [v for v in values if v is not None]
                ratios = [figure(by, rate, k, mode, key) / figure(by, rate, k, "off", key) for k in rounds
                          if figure(by, rate, k, mode, key) is not None and figure(by, rate, k, "off", key)]
                cell = f"{statistics.median(values):.3g}" if values else "-"
                if ratios and mode != "off" and key not in ("gc", "gc_startup", "gc_before"):
                    cell += f" ({statistics.median(ratios):.3f} [{min(ratios):.2f}-{max(ratios):.2f}])"
                cells.append(cell)
            print(f"{mode:18s}" + "".join(f"{c:>28s}" for c in cells))
        pooled_percentiles(by, rate, rounds, modes)
        causes(by, rate, rounds, modes)
        compilations(by, rate, rounds, modes)
        exact = pooled(by, rate, rounds, "agent-exact")
        for mode in ("agent", "agent-sampled", "agent-sampled-raw"):
            sampled = pooled(by, rate, rounds, mode)
            if not sampled or not exact:
                continue
            print(f"per-stage CPU means, us (pooled over rounds): {mode} vs agent-exact (every fragment); "
                  f"beside, the median [range] of same-round ratios")
            for stage in exact:
                if "/" in stage:
                    continue
                (ns, ms), (ne, me) = sampled.get(stage, (0, None)), exact[stage]
                if ms is None or me is None:
                    continue
                ratios = stage_ratios(by, rate, rounds, mode, stage)
                beside = (f"   same-round {statistics.median(ratios):.3f} [{min(ratios):.2f}-{max(ratios):.2f}]"
                          if ratios else "")
                medians = stage_ratios(by, rate, rounds, mode, stage, 2)
                if medians:
                    beside += f"   medians: same-round {statistics.median(medians):.3f} [{min(medians):.2f}-{max(medians):.2f}]"
                print(f"  {stage:16s} {mode} {ms:8.2f} (n={ns:6d})   exact {me:8.2f} (n={ne:6d})   "
                      f"ratio {ms / me:.3f} ({100 * (ms / me - 1):+.1f}%){beside}")
        if exact:
            print("the same exact runs' fragments drawn 1 in 10 afterwards (sampling error alone, same run):")
            for stage in exact:
                sub = exact.get(stage + "/10")
                if "/" in stage or not sub or sub[1] is None or exact[stage][1] is None:
                    continue
                (nd, md), (ne, me) = sub, exact[stage]
                print(f"  {stage:16s} drawn {md:8.2f} (n={nd:6d})   all {me:8.2f} (n={ne:6d})   "
                      f"drawn/all {md / me:.3f} ({100 * (md / me - 1):+.1f}%)")


def figure(by, rate, k, mode, key):
    """One run's figure, or None when the run or the figure is missing (NaN: no collection in the window)."""
    value = by[(rate, k)].get(mode, {}).get(key)
    return None if value is None or value != value else value


def pooled_percentiles(by, rate, rounds, modes):
    """p50 and p99 of every round's measured requests together, per mode, and their ratio to off's."""
    pooled_ms = {}
    for mode in modes:
        values = []
        for k in rounds:
            st = by[(rate, k)].get(mode)
            if not st:
                continue
            if os.path.isdir(st["run_dir"]):
                values.extend(stats_module.measured_responses(st["run_dir"], st["head"]))
        if values:
            values.sort()
            pooled_ms[mode] = (len(values), stats_module.percentile(values, 50), stats_module.percentile(values, 99))
    if not pooled_ms:
        return
    print("client response of all rounds' measured requests pooled per mode (ratio to off's pooled figure)")
    off = pooled_ms.get("off")
    for mode, (n, p50, p99) in pooled_ms.items():
        ratio = (f"  ({p50 / off[1]:.3f})", f"  ({p99 / off[2]:.3f})") if off and mode != "off" else ("", "")
        print(f"  {mode:14s} n {n:8d}   p50 {p50:.3f} ms{ratio[0]:9s}   p99 {p99:.3f} ms{ratio[1]}")


def stage_ratios(by, rate, rounds, mode, stage, index=1):
    """Same-round ratios of a stage's CPU mean (index 1) or median (index 2) in mode to agent-exact's."""
    ratios = []
    for k in rounds:
        a, e = by[(rate, k)].get(mode, {}).get("stages", {}), by[(rate, k)].get("agent-exact", {}).get("stages", {})
        if stage in a and stage in e and len(a[stage]) > index and a[stage][index] and e[stage][index]:
            ratios.append(a[stage][index] / e[stage][index])
    return ratios


def causes(by, rate, rounds, modes):
    """Server CPU per request by cause (profiled runs): share of the run's samples x the run's CPU per request,
    median over rounds, and beside it the median same-round difference to `off`."""
    profiled = [m for m in modes if any("profile" in by[(rate, k)].get(m, {}) for k in rounds)]
    if not profiled:
        return
    names = [c for c in next(by[(rate, k)][m]["profile"] for k in rounds for m in profiled
                             if "profile" in by[(rate, k)].get(m, {})) if c not in ("samples", "seconds")]
    print("server CPU per request by cause, us (profile share x CPU/req; median over rounds; "
          "(+x) median same-round difference to off)")
    print(f"{'cause':14s}" + "".join(f"{m:>22s}" for m in profiled))

    def us(k, m, c):
        st = by[(rate, k)].get(m, {})
        return st["profile"][c] * st["cpu_us"] if "profile" in st else None

    for c in names + ["samples"]:
        cells = []
        for m in profiled:
            if c == "samples":
                v = [by[(rate, k)][m]["profile"]["samples"] for k in rounds if "profile" in by[(rate, k)].get(m, {})]
                cells.append(f"{statistics.median(v):.0f}" if v else "-")
                continue
            v = [x for x in (us(k, m, c) for k in rounds) if x is not None]
            d = [us(k, m, c) - us(k, "off", c) for k in rounds
                 if us(k, m, c) is not None and us(k, "off", c) is not None]
            cell = f"{statistics.median(v):.1f}" if v else "-"
            if d and m != "off":
                cell += f" ({statistics.median(d):+.1f})"
            cells.append(cell)
        print(f"{c:14s}" + "".join(f"{x:>22s}" for x in cells))


def compilations(by, rate, rounds, modes):
    """The JIT's work (JIT=1 runs), median over rounds: compile tasks and their time in the measured window and
    over the whole run, the C2 code of the ORB's methods, deoptimisations in the window."""
    logged = [m for m in modes if any("jit" in by[(rate, k)].get(m, {}) for k in rounds)]
    if not logged:
        return
    print("JIT (compile-task wall time; median over rounds): window tasks, window ms, run tasks, run ms, "
          "ORB C2 code KiB, made not entrant in the window; then the window's ms by origin and tier")
    for m in logged:
        runs = [by[(rate, k)][m]["jit"] for k in rounds if "jit" in by[(rate, k)].get(m, {})]

        def med(f):
            return statistics.median(f(j) for j in runs)
        origins = sorted({o for j in runs for o in j["window"]["by"]})
        parts = " ".join(f"{o}: {med(lambda j: j['window']['by'].get(o, {}).get('ms', 0)):.0f}" for o in origins)
        print(f"  {m:18s} {med(lambda j: j['window']['tasks']):6.0f} {med(lambda j: j['window']['ms']):8.0f} "
              f"{med(lambda j: j['run']['tasks']):6.0f} {med(lambda j: j['run']['ms']):8.0f} "
              f"{med(lambda j: j['orb_c2_code_bytes']) / 1024:7.0f} {med(lambda j: j['made_not_entrant_in_window']):4.0f}"
              f"   {parts}")


def pooled(by, rate, rounds, mode):
    """stage -> (count, mean) over all rounds of a mode."""
    total = defaultdict(lambda: [0, 0.0])
    for k in rounds:
        stats = by[(rate, k)].get(mode)
        if not stats or "stages" not in stats:
            continue
        for stage, v in stats["stages"].items():
            n, mean = v[0], v[1]
            if n and mean is not None:
                total[stage][0] += n
                total[stage][1] += n * mean
    return {s: (n, t / n if n else None) for s, (n, t) in total.items()}


if __name__ == "__main__":
    main(sys.argv[1])
