package example.traced;

import java.lang.management.ManagementFactory;

/**
 * Makes args[0] monitored calls after a warm-up and prints how many bytes its own thread allocated meanwhile
 * (the JDK's per-thread allocation counter), so a test can check that recording allocates nothing.
 */
public final class HotApp {
    private HotApp() {
    }

    static int leaf(int x) {
        return x + 1;
    }

    public static void main(String[] args) {
        long calls = Long.parseLong(args[0]);
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long id = Thread.currentThread().getId();
        int s = 0;
        for (int i = 0; i < 200_000; i++) {
            s = leaf(s);
        }
        mx.getThreadAllocatedBytes(id);
        long before = mx.getThreadAllocatedBytes(id);
        for (long i = 0; i < calls; i++) {
            s = leaf(s);
        }
        long after = mx.getThreadAllocatedBytes(id);
        System.out.println("allocated " + (after - before) + " bytes in " + calls + " calls (" + s + ")");
    }
}
