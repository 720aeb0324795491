package example.traced;

import java.nio.file.Files;
import java.nio.file.Paths;

/** Runs for args[1] ms calling tick() every 2 ms; writes args[0] once running. */
public final class LoopApp {
    static long counter;

    private LoopApp() {
    }

    static long tick(long i) {
        return i + 1;
    }

    public static void main(String[] args) throws Exception {
        long end = System.currentTimeMillis() + Long.parseLong(args[1]);
        Files.write(Paths.get(args[0]), new byte[0]);
        while (System.currentTimeMillis() < end) {
            counter = tick(counter);
            Thread.sleep(2);
        }
        System.out.println("loop done " + counter);
    }
}
