package example.traced;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/** (Outside org.orbscope: the agent never instruments its own packages.) The application the agent tests watch: known threads, nested calls, an exception, a CPU burn, a sleep. */
public final class TracedApp {
    private TracedApp() {
    }

    static int outer(int n) {
        return inner(n) + inner(n + 1);
    }

    static int inner(int n) {
        return n * 2;
    }

    static void fails() {
        throw new IllegalStateException("expected by the test");
    }

    /** Burns ~ms of this thread's CPU time. */
    static long burn(long millis) {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        long end = mx.getCurrentThreadCpuTime() + millis * 1_000_000L;
        long x = 0;
        while (mx.getCurrentThreadCpuTime() < end) {
            for (int i = 0; i < 10_000; i++) {
                x += i ^ x;
            }
        }
        return x;
    }

    static void sleepy(long millis) throws InterruptedException {
        Thread.sleep(millis);
    }

    static final Object LOCK = new Object();

    /** Guarded by LOCK: main is in LOCK.wait(), and worker-2 has notified it. */
    private static boolean waiting;
    private static boolean notified;

    /**
     * worker-2 holds LOCK for 50 ms once main blocks on it, then main waits until worker-2 notifies. worker-2
     * keeps LOCK until main blocks and notifies only once main waits (a busy machine may run main late), and main
     * waits until notified.
     */
    static void contendAndWait() throws InterruptedException {
        java.util.concurrent.CountDownLatch held = new java.util.concurrent.CountDownLatch(1);
        Thread main = Thread.currentThread();
        Thread holder = new Thread(() -> {
            synchronized (LOCK) {
                held.countDown();
                awaitBlocked(main);
                pause(50);
            }
            pause(30);
            while (true) {
                synchronized (LOCK) {
                    if (waiting) {
                        notified = true;
                        LOCK.notifyAll();
                        return;
                    }
                }
                pause(5);
            }
        }, "worker-2");
        holder.start();
        held.await();
        synchronized (LOCK) {
            waiting = true;
            while (!notified) {
                LOCK.wait(120_000);
            }
        }
        holder.join();
    }

    /** Returns once {@code t} blocks on a monitor, or after 120 s. */
    static void awaitBlocked(Thread t) {
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(120);
        while (t.getState() != Thread.State.BLOCKED && System.nanoTime() < deadline) {
            pause(1);
        }
    }

    static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    static void hidden() {
        inner(0);
    }

    public static void main(String[] args) throws Exception {
        Thread worker = new Thread(() -> {
            outer(1);
            outer(2);
        }, "worker-1");
        worker.start();
        worker.join();
        Thread noisy = new Thread(() -> outer(3), "noisy-1");
        noisy.start();
        noisy.join();
        try {
            fails();
        } catch (IllegalStateException expected) {
            // part of the scenario
        }
        burn(20);
        sleepy(50);
        hidden();
        contendAndWait();
        System.out.println("traced app done");
    }
}
