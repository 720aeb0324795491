package org.orbscope.trace.testing;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.orbscope.trace.Event;
import org.orbscope.trace.EventType;
import org.orbscope.trace.TraceReader;
import org.orbscope.trace.internal.ThreadBuffer;
import org.orbscope.trace.internal.TraceFormat;
import org.orbscope.trace.internal.TraceRing;
import org.orbscope.trace.internal.TraceWriter;

/**
 * Writes a hand-made trace through the real {@link TraceWriter}, for tests and benchmarks of everything that
 * reads traces (postprocess, the cli, users' scripts). Times are nanoseconds since the trace start (the
 * header's calibration instant), so {@code toEpochNanos} works on the result as on an agent's trace.
 *
 * <pre>{@code
 * try (SyntheticTrace t = SyntheticTrace.create(file)) {
 *     int buy = t.method("com.acme.Shop", "buy", "()V");
 *     t.thread("main").at(1_000).enter(buy).at(5_000).exit();
 * }
 * }</pre>
 *
 * Not thread-safe: build the trace from one thread. Each thread's events must not go back in time (an
 * {@link IllegalArgumentException} says so, rather than the writer silently clamping them).
 */
public final class SyntheticTrace implements AutoCloseable {
    /** Buffers are small and many so that a trace of a hundred threads still fits the pool. */
    private static final int BUFFERS = 192;
    private static final int BUFFER_BYTES = 16 * 1024;

    private final TraceWriter writer;
    private final long start;
    private final List<Script> threads = new ArrayList<>();
    private long nextJavaThreadId = 1;

    private SyntheticTrace(TraceWriter writer, long start) {
        this.writer = writer;
        this.start = start;
    }

    public static SyntheticTrace create(Path file) throws IOException {
        return create(file, Collections.<String, String>emptyMap());
    }

    /** {@code info} entries go into the header next to the writer's own. */
    public static SyntheticTrace create(Path file, Map<String, String> info) throws IOException {
        TraceWriter w = TraceWriter.open(file, info, BUFFERS, BUFFER_BYTES);
        return new SyntheticTrace(w, w.startNanos());
    }

    /** A synthetic recording kept as a ring of segments in {@code dir} ({@link TraceWriter#openRing}). */
    public static SyntheticTrace createRing(Path dir, TraceRing ring) throws IOException {
        TraceWriter w = TraceWriter.openRing(dir, ring, Collections.<String, String>emptyMap(), BUFFERS, BUFFER_BYTES);
        return new SyntheticTrace(w, w.startNanos());
    }

    /** The absolute nanoTime of time 0 (what {@link TraceReader#startNanos} returns for this trace). */
    public long startNanos() {
        return start;
    }

    /** The writer underneath, for ids and events this builder has no shortcut for. */
    public TraceWriter writer() {
        return writer;
    }

    public int method(String className, String name, String descriptor) {
        return writer.defineMethod(className, name, descriptor);
    }

    /** {@code "pkg.Class#name(desc)"}; a missing descriptor means {@code ()V}. */
    public int method(String qualified) {
        int hash = qualified.indexOf('#');
        if (hash <= 0) {
            throw new IllegalArgumentException("expected Class#method, got " + qualified);
        }
        int paren = qualified.indexOf('(', hash);
        String name = paren < 0 ? qualified.substring(hash + 1) : qualified.substring(hash + 1, paren);
        String desc = paren < 0 ? "()V" : qualified.substring(paren);
        return method(qualified.substring(0, hash), name, desc);
    }

    public int monitor(String className, int identityHash) {
        return writer.defineMonitor(className, identityHash);
    }

    public int classId(String className) {
        return writer.defineClass(className);
    }

    public int string(String s) {
        return writer.defineString(s);
    }

    /** A new thread (its Java thread id counts up from 1). */
    public Script thread(String name) {
        return thread(name, nextJavaThreadId++);
    }

    public Script thread(String name, long javaThreadId) {
        Script s = new Script(writer.defineThread(name, javaThreadId));
        threads.add(s);
        return s;
    }

    /** Flushes every thread and writes the footer. */
    @Override
    public void close() throws IOException {
        for (Script s : threads) {
            s.flush();
        }
        writer.close();
    }

    /**
     * One thread's events, appended in time order. {@link #at} and {@link #after} move this thread's clock;
     * every event is stamped with it.
     */
    public final class Script {
        private final int id;
        private ThreadBuffer buffer;
        private long now;
        private long last = Long.MIN_VALUE;

        Script(int id) {
            this.id = id;
        }

        /** The trace thread id ({@link Event#threadId}). */
        public int id() {
            return id;
        }

        /** Sets this thread's clock to {@code nanosSinceStart}. */
        public Script at(long nanosSinceStart) {
            now = start + nanosSinceStart;
            return this;
        }

        public Script after(long nanos) {
            now += nanos;
            return this;
        }

        public Script enter(int methodId) {
            return put(b -> b.methodEnter(now, methodId));
        }

        public Script enter(int methodId, long cpuNanos) {
            return put(b -> b.methodEnter(now, methodId, cpuNanos));
        }

        /** Enter with a correlation key; {@code cpuNanos} < 0 for none. */
        public Script enterKeyed(int methodId, long cpuNanos, long key) {
            return put(b -> b.methodEnterKeyed(now, methodId, cpuNanos, key));
        }

        public Script exit() {
            return put(b -> b.methodExit(now, false));
        }

        public Script exit(long cpuNanos) {
            return put(b -> b.methodExit(now, false, cpuNanos));
        }

        public Script exitExceptionally() {
            return put(b -> b.methodExit(now, true));
        }

        /** Thread start; {@code parent} may be null. */
        public Script start(Script parent, String name) {
            int n = writer.defineString(name);
            return put(b -> b.threadStart(now, parent == null ? 0 : parent.id, n));
        }

        public Script end() {
            return put(b -> b.threadEnd(now));
        }

        public Script rename(String name) {
            int n = writer.defineString(name);
            return put(b -> b.threadName(now, n));
        }

        public Script monitorContended(int monitorId) {
            return put(b -> b.monitorContended(now, monitorId));
        }

        public Script monitorEntered(int monitorId) {
            return put(b -> b.monitorEntered(now, monitorId));
        }

        public Script monitorExit(int monitorId) {
            return put(b -> b.monitorExit(now, monitorId));
        }

        public Script waitBegin(int monitorId, long timeoutMillis) {
            return put(b -> b.waitBegin(now, monitorId, timeoutMillis));
        }

        public Script waitEnd(int monitorId, boolean timedOut) {
            return put(b -> b.waitEnd(now, monitorId, timedOut));
        }

        public Script notify(int monitorId, boolean all) {
            return put(b -> b.notify(now, monitorId, all));
        }

        public Script parkBegin(int blockerClassId, long timeoutNanos) {
            return put(b -> b.parkBegin(now, blockerClassId, timeoutNanos));
        }

        public Script parkEnd() {
            return put(b -> b.parkEnd(now));
        }

        public Script allocation(int classId, long bytes) {
            return put(b -> b.allocation(now, classId, bytes));
        }

        /** A GC that started now. */
        public Script gc(String collector, String cause, long durationNanos) {
            int c = writer.defineString(collector);
            int k = writer.defineString(cause);
            return put(b -> b.gc(now, c, k, durationNanos));
        }

        public Script processSample(long processCpuNanos, long epochMillis) {
            return put(b -> b.processSample(now, processCpuNanos, epochMillis));
        }

        public Script dropped(long count) {
            return put(b -> b.dropped(now, count));
        }

        public Script agentErrors(long count) {
            return put(b -> b.agentErrors(now, count));
        }

        /**
         * A JFR span of {@code subject} that started at {@code startSinceStart}, recorded now on this thread
         * (the agent's JFR thread); it does not move this thread's clock.
         */
        public Script jfrSpan(int type, boolean alt, long startSinceStart, long durationNanos, Script subject,
                int classId, long address) {
            if (!EventType.isJfrSpan(type)) {
                throw new IllegalArgumentException("not a JFR span type: " + EventType.name(type));
            }
            return put(b -> b.jfrSpan(type, alt ? TraceFormat.FLAG_ALT : 0, start + startSinceStart, durationNanos,
                    subject == null ? 0 : subject.id, classId, address));
        }

        /** Hands this thread's buffer to the writer now: the next events start a new segment. */
        public Script flush() {
            if (buffer != null) {
                writer.submit(buffer);
                buffer = null;
            }
            return this;
        }

        private Script put(Put p) {
            if (now < last) {
                throw new IllegalArgumentException("thread " + id + ": time goes back from " + (last - start)
                        + " to " + (now - start) + " ns since start");
            }
            if (buffer == null) {
                buffer = take();
            }
            if (!p.put(buffer)) {
                flush();
                buffer = take();
                if (!p.put(buffer)) {
                    throw new IllegalStateException("event does not fit an empty buffer");
                }
            }
            last = now;
            return this;
        }

        private ThreadBuffer take() {
            long deadline = System.nanoTime() + 30_000_000_000L;
            while (true) {
                ThreadBuffer b = writer.acquire(id, now);
                if (b != null) {
                    return b;
                }
                // Every buffer may be held by some thread's script: hand the others' to the writer (they only
                // start a new segment earlier), so a trace with more threads than buffers still gets written.
                for (Script s : threads) {
                    if (s != this) {
                        s.flush();
                    }
                }
                if (System.nanoTime() > deadline || writer.failure() != null) {
                    throw new IllegalStateException("the trace writer took no buffer back in 30 s"
                            + (writer.failure() == null ? "" : ": " + writer.failure()));
                }
                try {
                    Thread.sleep(1);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted while waiting for a trace buffer");
                }
            }
        }
    }

    private interface Put {
        boolean put(ThreadBuffer b);
    }
}
