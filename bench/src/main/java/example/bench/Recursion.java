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

    /** Floor of CPU mode: two nanoTime() and two thread CPU clock reads per call. */
    public static int floorCpu(int depth) {
        long t = System.nanoTime();
        long c = THREADS.getCurrentThreadCpuTime();
        int r = depth == 0 ? 0 : 1 + floorCpu(depth - 1);
        sink += THREADS.getCurrentThreadCpuTime() - c + System.nanoTime() - t;
        return r;
    }
}
