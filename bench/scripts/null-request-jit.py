#!/usr/bin/env python3
"""What a server's JIT compiled, from its HotSpot compilation log (-XX:+LogCompilation), as one JSON object: the
compile tasks in a window (null-request-overhead.sh's measured window) and over the whole run, by where the
compiled method comes from (the ORB, the agent, the JDK, the rest) and tier (1-3 C1, 4 C2; "osr" for on-stack
replacement), each with its count, its tasks' time and the size of the code they made; the C2 code of the ORB's
methods, which inlined advice makes larger; the methods made not entrant (deoptimised) in the window.
A task's time is from its start to its end stamp: wall time on the compiler thread, which a server pinned to one
core shares with the application's threads, so it holds the time the thread waited for the core too.
Usage: null-request-jit.py LOGFILE WINDOW_START_EPOCH_NS WINDOW_END_EPOCH_NS
"""
import json
import re
import sys
from collections import defaultdict

TASK = re.compile(r"<task (?:[^>]*?)compile_id='(\d+)'[^>]*?method='([^']*)'[^>]*?stamp='([\d.]+)'[^>]*>"
                  r"((?:(?!<task ).)*?)<task_done ([^>]*)/>", re.S)


def origin(method):
    name = method.split(" ")[0]
    if name.startswith("org.orbscope"):
        return "agent" if name.startswith("org.orbscope.agent") else "orbscope"
    if name.startswith(("org.jacorb", "com.sun.corba", "org.apache.yoko", "com.sun.corba.se", "org.omg")):
        return "orb"
    if name.startswith(("java.", "jdk.", "sun.", "com.sun.")):
        return "jdk"
    return "other"


def tasks(text):
    """(start s, end s, origin, tier, nmethod bytes, method) of each finished compile task."""
    for t in TASK.finditer(text):
        _, method, start, _, done = t.groups()
        head = t.group(0)[:t.group(0).index(">")]  # the task's own tag: its body's elements have levels too
        level = re.search(r"level='(\d)'", head)
        tier = level.group(1) if level else "4"  # C2 tasks carry no level
        if "compile_kind='osr'" in head:
            tier += "osr"
        end = float(re.search(r"stamp='([\d.]+)'", done).group(1))
        size = re.search(r"nmsize='(\d+)'", done)
        yield float(start), end, origin(method), tier, int(size.group(1)) if size else 0, method


def summary(selected):
    by = defaultdict(lambda: {"tasks": 0, "ms": 0.0, "code_bytes": 0})
    for start, end, where, tier, size, _ in selected:
        cell = by[f"{where} {tier}"]
        cell["tasks"] += 1
        cell["ms"] = round(cell["ms"] + (end - start) * 1e3, 1)
        cell["code_bytes"] += size
    return {"tasks": sum(c["tasks"] for c in by.values()), "ms": round(sum(c["ms"] for c in by.values()), 1),
            "by": dict(sorted(by.items()))}


def main(path, window_start_ns, window_end_ns):
    text = open(path, errors="replace").read()
    started = re.search(r"<hotspot_log [^>]*time_ms='(\d+)'", text)
    vm_start = int(started.group(1)) / 1e3
    ws, we = int(window_start_ns) / 1e9 - vm_start, int(window_end_ns) / 1e9 - vm_start
    every = list(tasks(text))
    window = [t for t in every if ws <= t[0] <= we]
    orb_c2 = {}
    for start, end, where, tier, size, method in every:
        if where == "orb" and tier == "4":
            orb_c2[method] = size  # the last C2 compile of each method
    unentered = [float(s) for s in re.findall(r"<make_not_entrant [^>]*stamp='([\d.]+)'", text)]
    print(json.dumps({"window_s": [round(ws, 1), round(we, 1)], "window": summary(window), "run": summary(every),
                      "orb_c2_code_bytes": sum(orb_c2.values()), "orb_c2_methods": len(orb_c2),
                      "made_not_entrant_in_window": sum(1 for s in unentered if ws <= s <= we)}))


if __name__ == "__main__":
    main(*sys.argv[1:4])
