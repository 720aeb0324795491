package org.orbscope.trace;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The request sample of a trace: which requests the agent recorded, one in how many, and when. A fixed sample
 * ({@code request.sample=N}, the header's {@link TraceHeader#REQUEST_SAMPLE}), or under a budget
 * ({@link TraceHeader#REQUEST_BUDGET}) the sample it started with and, per control period, the sample in force
 * from the period's end on and the requests seen and recorded in it ({@link EventType#REQUEST_SAMPLE} events). A
 * recorded request stands for as many requests as the sample in force when it began: {@link #everyAt}.
 */
public final class RequestSampling {
    /**
     * One control period: its end (epoch ns), the sample in force from then on, the requests seen and recorded in it,
     * the agent's CPU in it as the agent estimated it, and the process's.
     */
    public static final class Period {
        public final long endEpochNs;
        public final int every;
        public final long seen;
        public final long recorded;
        public final long agentCpuNanos;
        public final long cpuNanos;

        public Period(long endEpochNs, int every, long seen, long recorded, long agentCpuNanos, long cpuNanos) {
            this.endEpochNs = endEpochNs;
            this.every = every;
            this.seen = seen;
            this.recorded = recorded;
            this.agentCpuNanos = agentCpuNanos;
            this.cpuNanos = cpuNanos;
        }
    }

    private final int first;
    private final String budget;
    private final List<Period> periods;

    private RequestSampling(int first, String budget, List<Period> periods) {
        this.first = first;
        this.budget = budget;
        this.periods = Collections.unmodifiableList(periods);
    }

    /** Every request recorded. */
    public static RequestSampling everyRequest() {
        return fixed(1);
    }

    /** One request in {@code n}, throughout. */
    public static RequestSampling fixed(int n) {
        return new RequestSampling(Math.max(1, n), null, new ArrayList<>());
    }

    /** The sample of the trace {@code r} reads: its header's, and under a budget its periods (read from the trace). */
    public static RequestSampling of(TraceReader r) throws IOException {
        int first = r.header().requestSample();
        String budget = r.header().get(TraceHeader.REQUEST_BUDGET);
        if (budget == null) {
            return fixed(first);
        }
        List<Period> periods = new ArrayList<>();
        for (int tid : r.threadIds()) {
            if ("orbscope-system".equals(r.dictionary().threadName(tid))) {
                r.readThread(tid, e -> {
                    if (e.type() == EventType.REQUEST_SAMPLE) {
                        periods.add(new Period(r.toEpochNanos(e.nanos()), (int) Math.max(1, e.requestEvery()),
                                e.requestsSeen(), e.requestsRecorded(), e.agentCpuNanos(), e.periodCpuNanos()));
                    }
                });
            }
        }
        periods.sort((a, b) -> Long.compare(a.endEpochNs, b.endEpochNs));
        return new RequestSampling(first, budget, periods);
    }

    /** Whether some requests were left out: a sample above one, or a budget (which may have moved it). */
    public boolean sampled() {
        return first > 1 || budget != null;
    }

    /** The sample at the start of the recording. */
    public int first() {
        return first;
    }

    /** The budget the sample adapted to ({@code 1.0%}), or null for a fixed sample. */
    public String budget() {
        return budget;
    }

    /** The budget's control periods, in time order; empty for a fixed sample. */
    public List<Period> periods() {
        return periods;
    }

    /** The sample in force at {@code epochNs}: the one the last period ending at or before it set, else the first. */
    public int everyAt(long epochNs) {
        int lo = 0;
        int hi = periods.size() - 1;
        int found = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (periods.get(mid).endEpochNs <= epochNs) {
                found = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return found < 0 ? first : periods.get(found).every;
    }

    /** The requests the periods saw, and those they recorded (0 and 0 for a fixed sample). */
    public long seen() {
        return periods.stream().mapToLong(p -> p.seen).sum();
    }

    public long recorded() {
        return periods.stream().mapToLong(p -> p.recorded).sum();
    }

    /** The agent's CPU over the process's in all the periods, as the agent estimated it; 0 without periods. */
    public double agentShare() {
        long agent = periods.stream().mapToLong(p -> p.agentCpuNanos).sum();
        long cpu = periods.stream().mapToLong(p -> p.cpuNanos).sum();
        return cpu == 0 ? 0 : agent / (double) cpu;
    }

    /** The least and the most sample in force over the recording. */
    public int least() {
        return periods.stream().mapToInt(p -> p.every).reduce(first, Math::min);
    }

    public int most() {
        return periods.stream().mapToInt(p -> p.every).reduce(first, Math::max);
    }
}
