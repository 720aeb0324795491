package example.traced;

import java.nio.file.Files;
import java.nio.file.Paths;

/** Calls tick() every 2 ms for args[1] ms, or until the file args[2] (optional) appears; writes args[0] once running. */
public final class LoopApp {
    static long counter;

    private LoopApp() {
    }

    static long tick(long i) {
        return i + 1;
    }

    public static void main(String[] args) throws Exception {
        long end = System.currentTimeMillis() + Long.parseLong(args[1]);
        java.nio.file.Path done = args.length > 2 ? Paths.get(args[2]) : null;
        Files.write(Paths.get(args[0]), new byte[0]);
        while (System.currentTimeMillis() < end && (done == null || !Files.exists(done))) {
            counter = tick(counter);
            Thread.sleep(2);
        }
        System.out.println("loop done " + counter);
    }
}
