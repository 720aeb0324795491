#!/usr/bin/env python3
"""CPU time of a JVM's threads over an interval, by thread name with digits folded (RequestProcessor-#),
from /proc/PID/task/*/schedstat (nanoseconds on the CPU; /proc's stat counts 10 ms ticks, too coarse for threads
that wake a few times a second): the JVM's own threads (JIT compilers, GC workers, the VM thread, monitor
deflation) included, which no Java API lists. Threads that start and end inside the interval are counted by the
process's total only (the 'ended threads' line), which comes from /proc/PID/stat and so is in ticks.
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
            ns = int(open(f"/proc/{pid}/task/{tid}/schedstat").read().split()[0])
        except (OSError, ValueError, IndexError):
            continue
        name = stat[stat.index("(") + 1:stat.rindex(")")]
        threads[tid] = (name, ns)
    fields = open(f"/proc/{pid}/stat").read()
    fields = fields[fields.rindex(")") + 2:].split()
    return threads, (int(fields[11]) + int(fields[12])) * 1e9 / TICK


def main(pid, seconds):
    before, total0 = snapshot(pid)
    time.sleep(seconds)
    after, total1 = snapshot(pid)
    groups = {}
    for tid, (name, ns) in after.items():
        key = re.sub(r"\d+", "#", name)
        groups[key] = groups.get(key, 0) + ns - before.get(tid, (name, 0))[1]
    total = total1 - total0
    seen = sum(groups.values())
    print(f"process CPU {total / 1e9:.2f} s over {seconds} s")
    for key, ns in sorted(groups.items(), key=lambda kv: -kv[1]):
        if ns:
            print(f"  {100 * ns / total:5.1f}%  {ns / 1e9:8.4f} s  {key}")
    print(f"  {100 * (total - seen) / total:5.1f}%  {(total - seen) / 1e9:8.4f} s  ended threads")


if __name__ == "__main__":
    main(int(sys.argv[1]), float(sys.argv[2]))
