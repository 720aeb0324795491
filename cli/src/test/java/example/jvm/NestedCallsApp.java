package example.jvm;

import java.util.ArrayList;
import java.util.List;

/**
 * Known nested calls on several threads, run under the agent by DamagedTraceSummaryTest: each of {@link #THREADS}
 * threads makes args[0] calls of {@code outer}, which calls {@code inner} twice inside the monitor of a shared
 * tally. Enough events for a trace of many chunks, whose boundaries fall inside open calls.
 */
public final class NestedCallsApp {
    public static final int THREADS = 3;

    static final class Tally {
        long sum;
    }

    private static final Tally TALLY = new Tally();

    private NestedCallsApp() {
    }

    static long inner(long x) {
        return x * 31 + 7;
    }

    static long outer(long x) {
        synchronized (TALLY) {
            long y = inner(inner(x));
            TALLY.sum += y & 1;
            return y;
        }
    }

    public static void main(String[] args) throws Exception {
        int calls = Integer.parseInt(args[0]);
        long[] results = new long[THREADS];
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            int me = t;
            Thread th = new Thread(() -> {
                long x = me;
                for (int i = 0; i < calls; i++) {
                    x = outer(x);
                }
                results[me] = x;
            }, "caller-" + t);
            threads.add(th);
            th.start();
        }
        for (Thread th : threads) {
            th.join();
        }
        System.out.println("nested calls done " + TALLY.sum);
    }
}
