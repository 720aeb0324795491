#!/usr/bin/env python3
"""CPU time of a JVM's threads over an interval, by thread name with digits folded (RequestProcessor-#),
from /proc/PID/task/*/stat: the JVM's own threads (JIT compilers, GC workers, the VM thread, monitor deflation)
included, which no Java API lists. Threads that start and end inside the interval are counted by /proc's
per-process totals only (the 'ended threads' line).
Usage: thread-cpu.py PID SECONDS
"""
import os
import re
import sys
import time

TICK = os.sysconf("SC_CLK_TCK")


def snapshot(pid):
    threads = {}
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            stat = open(f"/proc/{pid}/task/{tid}/stat").read()
        except OSError:
            continue
        name = stat[stat.index("(") + 1:stat.rindex(")")]
        fields = stat[stat.rindex(")") + 2:].split()
        threads[tid] = (name, int(fields[11]) + int(fields[12]))
    fields = open(f"/proc/{pid}/stat").read()
    fields = fields[fields.rindex(")") + 2:].split()
    return threads, int(fields[11]) + int(fields[12])


def main(pid, seconds):
    before, total0 = snapshot(pid)
    time.sleep(seconds)
    after, total1 = snapshot(pid)
    groups = {}
    for tid, (name, ticks) in after.items():
        key = re.sub(r"\d+", "#", name)
        groups[key] = groups.get(key, 0) + ticks - before.get(tid, (name, 0))[1]
    total = total1 - total0
    seen = sum(groups.values())
    print(f"process CPU {total / TICK:.2f} s over {seconds} s")
    for key, ticks in sorted(groups.items(), key=lambda kv: -kv[1]):
        if ticks:
            print(f"  {100 * ticks / total:5.1f}%  {ticks / TICK:6.2f} s  {key}")
    print(f"  {100 * (total - seen) / total:5.1f}%  {(total - seen) / TICK:6.2f} s  ended threads")


if __name__ == "__main__":
    main(int(sys.argv[1]), float(sys.argv[2]))
