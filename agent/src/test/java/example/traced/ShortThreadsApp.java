package example.traced;

/**
 * A server's pattern of threads that live for one request, in phases: each phase starts args[0] threads one after
 * another, each making one monitored call, then waits args[1] ms and prints the heap still in use after a full
 * collection. A recording's memory that grows with every thread that came and went shows as a rising figure.
 */
public final class ShortThreadsApp {
    private static long sum;

    private ShortThreadsApp() {
    }

    static long handle(long request) {
        return request * 31 + 7;
    }

    public static void main(String[] args) throws Exception {
        int threads = Integer.parseInt(args[0]);
        long waitMillis = Long.parseLong(args[1]);
        Runtime rt = Runtime.getRuntime();
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
            System.gc();
            System.gc();
            System.out.println("phase " + phase + " heap used " + (rt.totalMemory() - rt.freeMemory()));
        }
        System.out.println("short threads app done " + sum);
    }
}
