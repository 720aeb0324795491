package example.traced;

import java.nio.file.Files;
import java.nio.file.Paths;

/**
 * Two threads call work() in batches of 1,000 with a millisecond's pause between batches, for args[1] ms; writes
 * args[0] once running. A steady, bounded load that fills a trace quickly.
 */
public final class BusyApp {
    static volatile long sink;

    private BusyApp() {
    }

    static long work(long i) {
        return i * 31 + 7;
    }

    public static void main(String[] args) throws Exception {
        long end = System.currentTimeMillis() + Long.parseLong(args[1]);
        Runnable loop = () -> {
            long s = 0;
            try {
                while (System.currentTimeMillis() < end) {
                    for (int i = 0; i < 1_000; i++) {
                        s = work(s);
                    }
                    Thread.sleep(1);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            sink = s;
        };
        Thread a = new Thread(loop, "busy-1");
        Thread b = new Thread(loop, "busy-2");
        a.start();
        b.start();
        Files.write(Paths.get(args[0]), new byte[0]);
        a.join();
        b.join();
        System.out.println("busy done");
    }
}
