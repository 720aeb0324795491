package example.traced;

/**
 * A server's pattern of threads that live for one request, in phases: each phase starts args[0] threads one after
 * another, each making one monitored call, then waits args[1] ms and prints the heap still in use after a full
 * collection. A recording's memory that grows with every thread that came and went shows as a rising figure.
 *
 * <p>With args[2], bytes an ended thread may leave behind: after its wait a later phase goes on collecting, every
 * quarter second for up to {@link #SETTLE_MILLIS}, until the heap is within that much per thread of phase 1's. The
 * agent lets go of an ended thread once its writer has written what the thread submitted, which a busy CPU
 * delays; a heap that never gets there prints as it stands at the deadline.
 */
public final class ShortThreadsApp {
    private static final long SETTLE_MILLIS = 30_000;
    private static long sum;

    private ShortThreadsApp() {
    }

    static long handle(long request) {
        return request * 31 + 7;
    }

    public static void main(String[] args) throws Exception {
        int threads = Integer.parseInt(args[0]);
        long waitMillis = Long.parseLong(args[1]);
        long bytesPerThread = args.length > 2 ? Long.parseLong(args[2]) : Long.MAX_VALUE / (4L * threads);
        long phase1 = 0;
        for (int phase = 1; phase <= 3; phase++) {
            for (int i = 0; i < threads; i++) {
                long request = (long) phase * threads + i;
                Thread t = new Thread(() -> {
                    long r = handle(request);
                    synchronized (ShortThreadsApp.class) {
                        sum += r;
                    }
                }, "request-" + request);
                t.start();
                t.join();
            }
            Thread.sleep(waitMillis);
            long used = usedAfterCollection();
            if (phase == 1) {
                phase1 = used;
            } else {
                long allowed = phase1 + (phase - 1L) * threads * bytesPerThread;
                long deadline = System.nanoTime() + SETTLE_MILLIS * 1_000_000L;
                while (used >= allowed && System.nanoTime() < deadline) {
                    Thread.sleep(250);
                    used = usedAfterCollection();
                }
            }
            System.out.println("phase " + phase + " heap used " + used);
        }
        System.out.println("short threads app done " + sum);
    }

    private static long usedAfterCollection() {
        System.gc();
        System.gc();
        Runtime rt = Runtime.getRuntime();
        return rt.totalMemory() - rt.freeMemory();
    }
}
