package org.orbscope.testkit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.orbscope.trace.internal.ThreadBuffer;
import org.orbscope.trace.internal.TraceRing;
import org.orbscope.trace.internal.TraceWriter;
import org.orbscope.trace.profile.OrbProfile;
import org.orbscope.trace.profile.ProfileException;
import org.orbscope.trace.profile.ProfileMethod;

/**
 * Writes real trace files (the trace module's writer) with the events the JacORB profile produces for each
 * request, at known times: request i arrives at {@code base + i * gap}; its stages take the durations below.
 * CPU time advances by half the wall time on every thread.
 */
public final class JacorbTraceBuilder implements AutoCloseable {
    public static final long RECEIVER_NS = 40_000;
    public static final long QUEUE_NS = 60_000;
    public static final long SERVANT_NS = 8_000_000;
    public static final long DISPATCHER_NS = 8_100_000;
    public static final long COMPLETION_NS = RECEIVER_NS + QUEUE_NS + DISPATCHER_NS;
    /** Receiver 25 us (arrival..end) + controller 10 us + dispatcher begin..end 4065 us. */
    public static final long CPU_NS = 25_000 + 10_000 + 4_065_000;

    private static final OrbProfile PROFILE = jacorb();
    private final TraceWriter w;
    private final Path file;
    private static final long AGE_NS = 1_000_000_000L;
    /** By thread id (the writer numbers threads from 1): arrays, as a billion-event trace calls this per event. */
    private ThreadBuffer[] buffers = new ThreadBuffer[16];
    private long[] since = new long[16];
    private final int receiver;
    private final int gcThread;
    private final int controller;
    private final int[] dispatchers;
    private final int magic;
    private final int poaInvoke;
    private final int add;
    private final int loop;
    private final int process;
    private final int init;
    private final int begin;
    private final int invoke;
    private final int reply;
    private final int result;
    private final int finish;
    private final int release;
    private final int other;
    private final int monitor;
    private final int gcName;
    /** The wall clock at the writer's calibration instant, within the microseconds between two clock reads. */
    private final long startEpochMillis;
    /** Whether requests carry identity events, as {@code identities=true} writes them for a broad trace. */
    private boolean identities;

    public JacorbTraceBuilder(Path file) throws IOException {
        this(file, TraceWriter.open(file, PROFILE.headerInfo(), 64, 1 << 16));
    }

    /** A builder whose recording is kept as a ring of segments in {@code dir}, as the agent keeps one with maxsize. */
    public static JacorbTraceBuilder ring(Path dir, TraceRing ring) throws IOException {
        return new JacorbTraceBuilder(dir, TraceWriter.openRing(dir, ring, PROFILE.headerInfo(), 64, 1 << 16));
    }

    private JacorbTraceBuilder(Path file, TraceWriter writer) throws IOException {
        this.file = file;
        w = writer;
        startEpochMillis = System.currentTimeMillis() - (System.nanoTime() - w.startNanos()) / 1_000_000;
        receiver = w.defineThread("ServerMessageReceptor0", 20);
        controller = w.defineThread("RequestController-1", 21);
        gcThread = w.defineThread("orbscope-gc-listener", 30);
        dispatchers = new int[] {w.defineThread("RequestProcessor-1", 22), w.defineThread("RequestProcessor-2", 23)};
        String sr = "Lorg/jacorb/orb/dsi/ServerRequest;";
        magic = method("org.jacorb.orb.giop.Messages", "matchGIOPMagic", "([B)Z");
        poaInvoke = method("org.jacorb.poa.POA", "_invoke", "(" + sr + ")V");
        add = method("org.jacorb.poa.RequestQueue", "add", "(" + sr + ")V");
        loop = method("org.jacorb.orb.giop.GIOPConnection", "receiveMessagesLoop", "()V");
        process = method("org.jacorb.poa.RequestController", "processRequest", "(" + sr + ")V");
        init = method("org.jacorb.poa.RequestProcessor", "init", "(Lorg/jacorb/poa/RequestController;" + sr
                + "Lorg/omg/PortableServer/Servant;Lorg/omg/PortableServer/ServantManager;)V");
        begin = method("org.jacorb.poa.RequestProcessor", "process", "()V");
        invoke = method("org.jacorb.poa.RequestProcessor", "invokeOperation", "()V");
        reply = method("org.jacorb.orb.dsi.ServerRequest", "reply", "()V");
        result = method("org.jacorb.poa.RequestController", "returnResult", "(" + sr + ")V");
        finish = method("org.jacorb.poa.RequestController", "finish", "(" + sr + ")V");
        release = method("org.jacorb.poa.RPPoolManager", "releaseProcessor", "(Lorg/jacorb/poa/RequestProcessor;)V");
        other = method("org.jacorb.orb.giop.GIOPConnection", "getMessage", "()[B");
        monitor = w.defineMonitor("org.jacorb.poa.RPPoolManager", 77);
        gcName = w.defineString("G1 Young Generation");
    }

    /** A method with the role the shipped JacORB profile gives it, as the agent writes it. */
    private int method(String className, String name, String descriptor) {
        ProfileMethod m = PROFILE.method(className, name, descriptor);
        return w.defineMethod(className, name, descriptor, m == null ? null : m.role());
    }

    /** The agent hands a thread's buffer over once it is full or older than a second: so does the builder. */
    private ThreadBuffer buf(int thread, long nanos) {
        if (thread >= buffers.length) {
            buffers = Arrays.copyOf(buffers, thread * 2);
            since = Arrays.copyOf(since, thread * 2);
        }
        ThreadBuffer b = buffers[thread];
        if (b != null && (!b.hasRoom() || nanos - since[thread] > AGE_NS)) {
            w.submit(b);
            b = null;
        }
        if (b == null) {
            while ((b = w.acquire(thread, nanos)) == null) {
                Thread.onSpinWait();
            }
            buffers[thread] = b;
            since[thread] = nanos;
        }
        return b;
    }

    private void enter(int thread, long t, int m, long key) {
        ThreadBuffer b = buf(thread, t);
        if (key != 0) {
            b.methodEnterKeyed(t, m, t / 2, key);
        } else {
            b.methodEnter(t, m, t / 2);
        }
    }

    private void exit(int thread, long t, boolean exceptional) {
        buf(thread, t).methodExit(t, exceptional, t / 2);
    }

    /**
     * From now on each request writes what its methods hold, as the agent's {@code identities=true} does: the queue's
     * {@code add} its queue ({@code this}, one object) and the request ({@code arg0}, the request's key), the
     * processor's {@code process} its processor ({@code this}, one per dispatcher thread), its controller
     * ({@code this.controller}, one object) and the request ({@code this.request}).
     */
    public JacorbTraceBuilder withIdentities() {
        identities = true;
        return this;
    }

    private void held(int thread, long t, String path, String className, long hash) {
        if (identities) {
            buf(thread, t).identity(t, w.defineString(path + " " + className), hash);
        }
    }

    /** One request arriving at nanoTime {@code t}; {@code complete} = false stops after the controller. */
    public void request(long t, long key, int dispatcher, boolean complete) {
        int d = dispatchers[dispatcher % dispatchers.length];
        enter(receiver, t - 10_000, loop, 0);
        enter(receiver, t - 9_000, other, 0);   // not a boundary: getMessage, entered before the blocking read
        enter(receiver, t, magic, 0);
        exit(receiver, t + 1_000, false);
        exit(receiver, t + 2_000, false);
        enter(receiver, t + 20_000, poaInvoke, key);
        enter(receiver, t + 30_000, add, key);
        held(receiver, t + 30_000, "this", "org.jacorb.poa.RequestQueue", 0x51);
        held(receiver, t + 30_000, "arg0", "org.jacorb.orb.dsi.ServerRequest", key);
        exit(receiver, t + RECEIVER_NS, false);
        exit(receiver, t + 45_000, false);
        exit(receiver, t + 50_000, false);
        enter(controller, t + 60_000, process, key);
        buf(controller, t + 65_000).waitBegin(t + 65_000, monitor, 0);
        buf(controller, t + 69_000).waitEnd(t + 69_000, monitor, false);
        enter(controller, t + 70_000, init, key);
        exit(controller, t + 71_000, false);
        exit(controller, t + 80_000, false);
        if (!complete) {
            return;
        }
        long s = t + RECEIVER_NS + QUEUE_NS;
        enter(d, s, begin, 0);
        held(d, s, "this", "org.jacorb.poa.RequestProcessor", 0x60 + d);
        held(d, s, "this.controller", "org.jacorb.poa.RequestController", 0x52);
        held(d, s, "this.request", "org.jacorb.orb.dsi.ServerRequest", key);
        enter(d, s + 20_000, invoke, 0);
        buf(d, s + 30_000).monitorContended(s + 30_000, monitor);
        buf(d, s + 31_000).monitorEntered(s + 31_000, monitor);
        exit(d, s + 20_000 + SERVANT_NS, false);
        exit(d, s + 8_030_000, false);
        enter(d, s + 8_035_000, result, key);
        enter(d, s + 8_040_000, reply, key);
        exit(d, s + 8_090_000, false);
        exit(d, s + DISPATCHER_NS, false);
        enter(d, s + 8_105_000, finish, key);
        exit(d, s + 8_110_000, false);
        enter(d, s + 8_120_000, release, 0);
        exit(d, s + 8_130_000, false);
    }

    private static OrbProfile jacorb() {
        try {
            return OrbProfile.load("jacorb");
        } catch (ProfileException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Hands every thread's buffer to the writer and waits until it wrote them: what was built so far becomes
     * whole chunks of the file, as the agent's buffers do when they fill or age.
     */
    public void handOver() throws IOException {
        long before = Files.size(file);
        submitAll();
        w.writeSoon();
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (Files.size(file) == before && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
    }

    public void gc(long start, long duration) {
        // On a thread of its own: a thread's events must be written in time order.
        buf(gcThread, start).gc(start, gcName, gcName, duration);
    }

    /**
     * The agent's process sample at {@code t}: the process has used {@code processCpuNs} of CPU. Its wall clock is
     * the trace's at {@code t}, from the writer's calibration instant (its nanoTime, and the epoch it had then).
     */
    public void processSample(long t, long processCpuNs) {
        buf(gcThread, t).processSample(t, processCpuNs, startEpochMillis + (t - w.startNanos()) / 1_000_000);
    }

    /**
     * Writes {@code file}: {@code n} complete requests {@code gapNs} apart (to five object keys in turn, dispatcher
     * threads in turn), and the agent's process samples every 100 ms from half a second before the first request
     * to a second after the last, the process using {@code processCpus} CPUs throughout.
     */
    public static Path withSamples(Path file, int n, long gapNs, double processCpus) throws IOException {
        try (JacorbTraceBuilder b = new JacorbTraceBuilder(file)) {
            for (int i = 0; i < n; i++) {
                b.request(1_000_000_000L + i * gapNs, 0x40 + i % 5, i, true);
            }
            for (long t = 0; t <= n * gapNs + 1_000_000_000L; t += 100_000_000L) {
                b.processSample(500_000_000L + t, (long) (t * processCpus));
            }
        }
        return file;
    }

    public void dropped(int dispatcher, long at, long count) {
        buf(dispatchers[dispatcher % dispatchers.length], at).dropped(at, count);
    }

    /** Hands every thread's buffer to the writer now. */
    public void submitAll() {
        for (int i = 0; i < buffers.length; i++) {
            if (buffers[i] != null) {
                w.submit(buffers[i]);
                buffers[i] = null;
            }
        }
    }

    /** The writer underneath (a ring's {@link TraceWriter#dump}). */
    public TraceWriter writer() {
        return w;
    }

    @Override
    public void close() throws IOException {
        submitAll();
        w.close();
    }
}
