package example.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * The MooBench-style workload (outside org.orbscope, which the agent never instruments): a method recursing
 * to depth 10, and the same recursion doing by hand what the agent's hot path must at least do.
 */
public final class Recursion {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static long sink;

    private Recursion() {
    }

    /** Monitored in the agent runs: depth + 1 calls. */
    public static final int DEPTH = 10;

    public static int call(int depth) {
        return depth == 0 ? 0 : 1 + call(depth - 1);
    }

    /** Floor of wall-only mode: two nanoTime() per call. */
    public static int floorWall(int depth) {
        long t = System.nanoTime();
        int r = depth == 0 ? 0 : 1 + floorWall(depth - 1);
        sink += System.nanoTime() - t;
        return r;
    }

    /** Per-thread byte buffer of the minimal recorder below. */
    private static final ThreadLocal<Buffer> BUFFER = ThreadLocal.withInitial(Buffer::new);

    private static final class Buffer {
        final byte[] data = new byte[1 << 16];
        int pos;
    }

    private static final Buffer[] BY_ID = new Buffer[1 << 12];

    /**
     * The least any per-thread recorder does on top of the wall floor: find this thread's buffer (by thread id,
     * as the agent does) and append an enter (tag + 2-byte time delta + method id) and an exit (tag + 2-byte
     * delta), no varints, no guards. A lower bound for the agent's wall-only mode.
     */
    public static int minimalRecorder(int depth) {
        long t = System.nanoTime();
        Buffer buf = byId();
        byte[] b = buf.data;
        int p = buf.pos & 0x7FF0;
        b[p] = 1;
        b[p + 1] = (byte) t;
        b[p + 2] = (byte) (t >>> 8);
        b[p + 3] = 7;
        buf.pos = p + 4;
        int r = depth == 0 ? 0 : 1 + minimalRecorder(depth - 1);
        long u = System.nanoTime();
        p = buf.pos & 0x7FF0;
        b[p] = 2;
        b[p + 1] = (byte) (u - t);
        b[p + 2] = (byte) ((u - t) >>> 8);
        buf.pos = p + 3;
        return r;
    }

    private static Buffer byId() {
        long id = Thread.currentThread().getId();
        if (id < BY_ID.length) {
            Buffer b = BY_ID[(int) id];
            if (b != null) return b;
            return BY_ID[(int) id] = new Buffer();
        }
        return BUFFER.get();
    }

    /** Floor of CPU mode: two nanoTime() and two thread CPU clock reads per call. */
    public static int floorCpu(int depth) {
        long t = System.nanoTime();
        long c = THREADS.getCurrentThreadCpuTime();
        int r = depth == 0 ? 0 : 1 + floorCpu(depth - 1);
        sink += THREADS.getCurrentThreadCpuTime() - c + System.nanoTime() - t;
        return r;
    }
}
