package org.orbscope.bench.agent;

import java.nio.file.Paths;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.orbscope.trace.Dictionary;
import org.orbscope.trace.EventType;
import org.orbscope.trace.TraceReader;

/**
 * Mean thread CPU time per request stage in a server trace, from the stage roles the trace carries (the
 * profile's): receiver (arrival to enqueued), receiver with its second phase (to receive.end), controller,
 * dispatcher first phase (dispatch.begin enter to exit), servant, reply, and dispatcher with its second phase
 * (to dispatch.end). A stage counts only when both of its boundaries carry CPU time, so with CPU sampling the
 * means are over the sampled fragments. Prints one JSON line: stage -> [count, mean microseconds, median
 * microseconds].
 *
 * <p>With SUBSAMPLE N, each fragment (a receiver's arrival to its receive.end, a controller's hand-over, a
 * dispatcher's run) is also drawn with probability 1/N, as the agent's {@code cpu.sample=N} does, and the means
 * of the drawn fragments are printed beside (as "stage/N"): on a trace with every fragment's CPU times this
 * shows the sampling error alone, without the difference between two runs. Each stage's median is printed as
 * a third element: a mean moves with rare long intervals (a thread preempted inside a stage), a median with what
 * every request pays.
 * Usage: StageCpu TRACE [FROM_EPOCH_NS [SUBSAMPLE]]   (stages that begin before FROM are left out: warm-up)
 */
public final class StageCpu {
    private StageCpu() {
    }

    private static final class Sum {
        int n;
        double total;
        long[] values = new long[1024];

        void add(long nanos) {
            if (n == values.length) {
                values = java.util.Arrays.copyOf(values, 2 * n);
            }
            values[n++] = nanos;
            total += nanos;
        }

        double median() {
            long[] sorted = java.util.Arrays.copyOf(values, n);
            java.util.Arrays.sort(sorted);
            return sorted[n / 2];
        }
    }

    private static final class ThreadCpu {
        /** Whether the thread's current fragment is drawn for the subsample. */
        boolean drawn;
        long arrival = -1;
        long arrivalNanos;
        long begin = -1;
        long beginNanos;
    }

    public static void main(String[] args) throws Exception {
        long from = args.length > 1 ? Long.parseLong(args[1]) : Long.MIN_VALUE;
        int subsample = args.length > 2 ? Integer.parseInt(args[2]) : 0;
        java.util.Random random = new java.util.Random(1);
        Map<String, Sum> stages = new LinkedHashMap<>();
        for (String s : new String[] {"receiver", "receiver.all", "controller", "dispatcher", "servant", "reply", "dispatcher.all"}) {
            stages.put(s, new Sum());
            if (subsample > 0) {
                stages.put(s + "/" + subsample, new Sum());
            }
        }
        Map<Integer, ThreadCpu> threads = new HashMap<>();
        try (TraceReader r = TraceReader.open(Paths.get(args[0]))) {
            Dictionary d = r.dictionary();
            r.read(e -> {
                if (e.type() != EventType.METHOD_ENTER && e.type() != EventType.METHOD_EXIT) {
                    return;
                }
                String role = d.methodRole(e.methodId());
                if (role == null) {
                    return;
                }
                ThreadCpu t = threads.computeIfAbsent(e.threadId(), k -> new ThreadCpu());
                boolean enter = e.type() == EventType.METHOD_ENTER;
                if (enter && subsample > 0 && (role.equals("receive.arrival") || role.equals("dispatch.controller")
                        || role.equals("dispatch.begin"))) {
                    t.drawn = random.nextInt(subsample) == 0;
                }
                String drawn = t.drawn ? "/" + subsample : null;
                boolean counted = r.toEpochNanos(enter ? e.nanos() : e.enterNanos()) >= from;
                switch (role) {
                    case "receive.arrival":
                        if (enter) {
                            t.arrival = e.cpuNanos();
                            t.arrivalNanos = e.nanos();
                        }
                        break;
                    case "receive.enqueue":
                        if (!enter) {
                            between(stages, "receiver", drawn, t.arrival, e.cpuNanos(), r.toEpochNanos(t.arrivalNanos) >= from);
                        }
                        break;
                    case "receive.end":
                        if (!enter) {
                            between(stages, "receiver.all", drawn, t.arrival, e.cpuNanos(), r.toEpochNanos(t.arrivalNanos) >= from);
                            t.arrival = -1;
                        }
                        break;
                    case "dispatch.controller":
                    case "dispatch.servant":
                    case "dispatch.reply":
                        if (!enter) {
                            String stage = role.equals("dispatch.controller") ? "controller" : role.substring("dispatch.".length());
                            between(stages, stage, drawn, e.enterCpuNanos(), e.cpuNanos(), counted);
                        }
                        break;
                    case "dispatch.begin":
                        if (enter) {
                            t.begin = e.cpuNanos();
                            t.beginNanos = e.nanos();
                        } else {
                            between(stages, "dispatcher", drawn, e.enterCpuNanos(), e.cpuNanos(), counted);
                        }
                        break;
                    case "dispatch.end":
                        if (!enter) {
                            between(stages, "dispatcher.all", drawn, t.begin, e.cpuNanos(), r.toEpochNanos(t.beginNanos) >= from);
                            t.begin = -1;
                        }
                        break;
                    default:
                        break;
                }
            });
        }
        StringBuilder out = new StringBuilder("{");
        for (Map.Entry<String, Sum> s : stages.entrySet()) {
            Sum v = s.getValue();
            out.append(out.length() > 1 ? ", " : "").append('"').append(s.getKey()).append("\": [").append(v.n).append(", ")
                    .append(v.n == 0 ? "null, null" : String.format(java.util.Locale.ROOT, "%.3f, %.3f", v.total / v.n / 1e3,
                            v.median() / 1e3)).append(']');
        }
        System.out.println(out.append('}'));
    }

    /** Adds a stage's CPU time when both boundaries carry one; also to the subsample when the fragment is drawn. */
    private static void between(Map<String, Sum> stages, String stage, String drawn, long fromCpu, long toCpu, boolean counted) {
        if (counted && fromCpu >= 0 && toCpu >= 0 && toCpu >= fromCpu) {
            stages.get(stage).add(toCpu - fromCpu);
            if (drawn != null) {
                stages.get(stage + drawn).add(toCpu - fromCpu);
            }
        }
    }
}
