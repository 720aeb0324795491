package example.traced;

import java.util.ArrayList;
import java.util.List;

/**
 * An application that needs most of a small heap, whatever its size: it keeps seven sixteenths of the heap's limit
 * live (7 MiB of 16, 14 of 32) while four threads make args[0] monitored calls each and churn garbage, then
 * replaces half of what it keeps (a moment with over half the heap live) and prints a checksum that does not
 * depend on timing.
 */
public final class SmallHeapApp {
    private static final int BLOCK = 64 * 1024;

    private SmallHeapApp() {
    }

    static long step(long x) {
        return x * 31 + 7;
    }

    public static void main(String[] args) throws Exception {
        int calls = Integer.parseInt(args[0]);
        List<byte[]> live = new ArrayList<>();
        long blocks = Runtime.getRuntime().maxMemory() * 7 / 16 / BLOCK;
        for (int i = 0; i < blocks; i++) {
            live.add(new byte[BLOCK]);
        }
        long[] sums = new long[4];
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < sums.length; t++) {
            int me = t;
            Thread th = new Thread(() -> {
                long x = me;
                long garbage = 0;
                for (int i = 0; i < calls; i++) {
                    x = step(x);
                    if (i % 64 == 0) {
                        garbage += new byte[4096].length;
                    }
                }
                sums[me] = x + garbage;
            }, "small-" + t);
            threads.add(th);
            th.start();
        }
        for (Thread th : threads) {
            th.join();
        }
        for (int i = 0; i < live.size(); i += 2) {
            live.set(i, new byte[BLOCK]); // the old half becomes garbage while the new half is live
        }
        long sum = 0;
        for (long s : sums) {
            sum += s;
        }
        System.out.println("small heap app done " + sum + " " + live.size());
    }
}
