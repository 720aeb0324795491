package example.jvm;

import java.util.concurrent.CountDownLatch;

/**
 * A known contended lock and known allocations, run under the agent by TraceReportCommandTest: lock-holder keeps
 * the ledger's monitor for 50 ms while main blocks entering it; then main builds {@link #WIDGETS} widgets. Prints
 * the ledger's identity hash, which names its monitor in the trace.
 */
public final class ContendedApp {
    public static final int WIDGETS = 25;

    static final class Ledger {
        long entries;
    }

    static final class Widget {
        final int serial;

        Widget(int serial) {
            this.serial = serial;
        }
    }

    private static final Ledger LEDGER = new Ledger();

    private ContendedApp() {
    }

    static Widget build(int serial) {
        return new Widget(serial);
    }

    static void post() {
        synchronized (LEDGER) {
            LEDGER.entries++;
        }
    }

    public static void main(String[] args) throws Exception {
        CountDownLatch held = new CountDownLatch(1);
        Thread main = Thread.currentThread();
        Thread holder = new Thread(() -> {
            synchronized (LEDGER) {
                held.countDown();
                try {
                    // Blocks main for 50 ms however late a busy machine runs it: it holds the ledger until main
                    // waits for it (bounded), then 50 ms more.
                    long deadline = System.nanoTime() + 120_000_000_000L;
                    while (main.getState() != Thread.State.BLOCKED && System.nanoTime() < deadline) {
                        Thread.sleep(1);
                    }
                    Thread.sleep(50);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }, "lock-holder");
        holder.start();
        held.await();
        post();
        holder.join();
        long sum = 0;
        for (int i = 0; i < WIDGETS; i++) {
            sum += build(i).serial;
        }
        System.out.println("ledger " + Integer.toHexString(System.identityHashCode(LEDGER)) + " widgets " + sum);
    }
}
