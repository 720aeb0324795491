package example.bench;

import java.util.concurrent.CountDownLatch;

/**
 * The sustained-rate workload: {@code threads} threads each run the depth-10 recursion until they have made
 * {@code calls} monitored calls, all starting together. Prints the wall time of the burst in nanoseconds.
 * With a third argument {@code high-ids}, the burst threads get ids above 8192 + 256 (a long-running server
 * that has made many threads over its life; the 256 keep them off the slots of the JVM's first threads, main
 * among them, as in such a server): unstarted threads are made first, since a thread's id is taken when it is
 * constructed.
 * Usage: Burst THREADS CALLS_PER_THREAD [high-ids]
 */
public final class Burst {
    /** Monitored calls made by main before the burst, to warm up (recorded too: counted in bytes per call). */
    public static final double WARMUP_CALLS = 20_000 * (Recursion.DEPTH + 1);

    private Burst() {
    }

    public static void main(String[] args) throws Exception {
        int threads = Integer.parseInt(args[0]);
        long calls = Long.parseLong(args[1]);
        long rounds = calls / (Recursion.DEPTH + 1);
        // Warm the recursion up first, so the burst measures compiled code.
        for (int i = 0; i < 20_000; i++) {
            Recursion.call(Recursion.DEPTH);
        }
        if (args.length > 2 && args[2].equals("high-ids")) {
            while (new Thread().getId() < 8192 + 256) {
                // use ids up
            }
        }
        CountDownLatch go = new CountDownLatch(1);
        Thread[] workers = new Thread[threads];
        long[] sink = new long[threads];
        for (int t = 0; t < threads; t++) {
            int me = t;
            workers[t] = new Thread(() -> {
                try {
                    go.await();
                } catch (InterruptedException e) {
                    return;
                }
                long s = 0;
                for (long i = 0; i < rounds; i++) {
                    s += Recursion.call(Recursion.DEPTH);
                }
                sink[me] = s;
            }, "burst-" + t);
            workers[t].start();
        }
        long start = System.nanoTime();
        go.countDown();
        for (Thread w : workers) {
            w.join();
        }
        long elapsed = System.nanoTime() - start;
        System.out.println("burst-elapsed-ns " + elapsed + " rounds " + rounds + " sum " + sink[0]);
    }
}
