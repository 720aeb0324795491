#!/usr/bin/env python3
"""CPU samples of a null-request server by cause, from an async-profiler collapsed profile taken with
`threads,ann` over the measured window (bench/scripts/null-request-overhead.sh with PROFILER set): shares of
all samples in one run, so outside load that slows the whole server changes them little.

Causes (a sample counts once, for the first that matches):
  agent.clock     the agent reading the thread CPU clock (ThreadImpl.getCurrentThreadCpuTime and below)
  agent.monitor   the agent's monitor, wait, notify and park advice
  agent.thread    the agent's per-thread set-up and end (recorder, thread start/end events, Thread.start advice,
                  the last buffer's hand-over)
  agent.method    the agent's method enter/exit advice and everything else it does on application threads
  agent.threads   the agent's own threads (trace writer, flusher)
  thread.churn    application threads being created or ended (Thread.start0 and the JVM and kernel work of a
                  thread's start and exit)
  gc              garbage collection (GC worker threads, the VM thread, GC in an allocating thread)
  jit             the JIT compiler threads
  jvm.other       the JVM's other threads (service, monitor deflation, periodic tasks, attach listener)
  app             everything else on the application's threads (JacORB, the servant, the kernel's loopback)
  harness         the workload server's own sampler and control threads
Usage: null-request-profile.py DIR FROM_NS TO_NS   (prints one JSON object: cause -> share, "samples", "seconds")
  DIR holds one collapsed profile per second, named by its start (async-profiler's loop=1s, file=DIR/%t.collapsed);
  the seconds wholly inside [FROM_NS, TO_NS] (epoch nanoseconds, the measured window) are counted.
"""
import calendar
import json
import os
import re
import sys
import time

CAUSES = ["agent.clock", "agent.monitor", "agent.thread", "agent.method", "agent.threads", "thread.churn", "gc",
          "jit", "jvm.other", "app", "harness"]

MONITOR = re.compile(r"org/orbscope/agent/(boot/Dispatch|Recorder)\.(monitorEnterBefore|monitorEnterAfter|"
                     r"monitorExitBefore|syncCallBefore|syncMethodEntered|waitOn|notifyOn|parkBegin|parkEnd)")
THREAD_SETUP = re.compile(r"org/orbscope/agent/((boot/Dispatch|Recorder)\.(threadStarting|threadExiting|create|"
                          r"traceThreadId)|ThreadRecorder\.(threadStart|finish))")
CLOCK = re.compile(r"getCurrentThreadCpuTime|getThreadTotalCpuTime|Recorder\.cpuNow")
# Blocking the agent only wraps: the wait or park itself is the application's.
BLOCKING = re.compile(r"java/lang/Object\.wait|java/lang/Object\.notify|jdk/internal/misc/Unsafe\.park")
THREAD_START = re.compile(r"java/lang/Thread\.start0|JVM_StartThread")
THREAD_EXIT = re.compile(r"JavaThread::exit|JavaThread::~JavaThread|Threads::remove|do_exit|JavaThread::pre_run|"
                         r"JavaThread::post_run|thread_native_entry;(?!.*JavaThread::thread_main_inner)")
GC = re.compile(r"CollectedHeap|Universe::heap|VM_GenCollect|VM_G1|G1CollectedHeap|GenCollectedHeap|"
                r"SerialHeap|PSScavenge|VM_CollectForAllocation")
APP_THREADS = re.compile(r"^(ServerMessageReceptor|RequestController|RequestProcessor|ClientMessageReceptor|"
                         r"ORB|POA|main|Thread-|pool-|RequestReceptor|GIOP)")


def thread_of(frames):
    m = re.match(r"\[(.*?)(?: tid=\d+)?\]$", frames[0])
    return m.group(1) if m else ""


def cause(stack):
    frames = stack.split(";")
    name = thread_of(frames)
    if name.startswith("orbscope-sampler"):
        return "harness"  # the workload server's system.csv sampler
    if name.startswith("orbscope-"):
        return "agent.threads"
    if name.startswith(("C1 CompilerThre", "C2 CompilerThre")):
        return "jit"
    if name.startswith(("GC Thread", "G1 ", "VM Thread")) or GC.search(stack):
        return "gc"
    if name.startswith(("Service Thread", "Monitor Deflati", "VM Periodic", "Attach Listener", "Signal Dispatch",
                        "Common-Cleaner", "Finalizer", "Reference Handl", "Notification Th", "Sweeper")):
        return "jvm.other"
    if not APP_THREADS.match(name) and not name.startswith("["):
        if not any("org/jacorb/" in f for f in frames):
            return "harness"
    agent = [i for i, f in enumerate(frames) if f.startswith("org/orbscope/agent/")]
    if agent and not BLOCKING.search(";".join(frames[agent[0]:])):
        inside = ";".join(frames[agent[0]:])
        if CLOCK.search(inside):
            return "agent.clock"
        if MONITOR.search(inside):
            return "agent.monitor"
        if THREAD_SETUP.search(inside):
            return "agent.thread"
        return "agent.method"
    if THREAD_START.search(stack) or THREAD_EXIT.search(stack):
        return "thread.churn"
    return "app"


def seconds_inside(directory, from_ns, to_ns):
    """The per-second profiles that start and end inside the window."""
    for name in sorted(os.listdir(directory)):
        start = calendar.timegm(time.strptime(name.split(".")[0], "%Y%m%d-%H%M%S"))
        if start * 1e9 >= from_ns and (start + 1) * 1e9 <= to_ns:
            yield os.path.join(directory, name)


def main(directory, from_ns, to_ns):
    counts = {c: 0 for c in CAUSES}
    files = list(seconds_inside(directory, from_ns, to_ns))
    for path in files:
        for line in open(path):
            line = line.rstrip("\n")
            if not line:
                continue
            stack, _, n = line.rpartition(" ")
            counts[cause(stack)] += int(n)
    total = sum(counts.values())
    out = {c: counts[c] / total if total else 0.0 for c in CAUSES}
    out["samples"] = total
    out["seconds"] = len(files)
    print(json.dumps(out))


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]))
