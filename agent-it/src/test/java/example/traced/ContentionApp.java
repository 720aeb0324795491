package example.traced;

import java.util.concurrent.CountDownLatch;

/**
 * Monitors entered with and without waiting, for {@code monitors.events=contended}: main enters a thin-locked
 * object, an inflated one (it was waited on) and a synchronized method many times with no other thread about,
 * then waits once for a {@code synchronized} block and once for a synchronized method that another thread holds
 * until main is seen blocked.
 */
public final class ContentionApp {
    public static final int UNCONTENDED = 10_000;

    private ContentionApp() {
    }

    /** A class with synchronized methods: its release times serve the contention test of its callers. */
    static final class Account {
        private long balance;

        synchronized void deposit(long amount) {
            balance += amount;
        }

        synchronized void holdUntilBlocked(Thread waiter, CountDownLatch held) throws InterruptedException {
            held.countDown();
            awaitBlocked(waiter);
        }
    }

    /** A plain lock class with no synchronized methods: its exits need no release time. */
    static final class Gate {
    }

    static long counter;

    static void run() throws Exception {
        Gate thin = new Gate();
        Object inflated = new Object();
        synchronized (inflated) {
            inflated.wait(1);
        }
        Account account = new Account();
        for (int i = 0; i < UNCONTENDED; i++) {
            synchronized (thin) {
                counter++;
            }
            synchronized (inflated) {
                counter++;
            }
            account.deposit(1);
        }
        Thread main = Thread.currentThread();
        Gate gate = new Gate();
        CountDownLatch held = new CountDownLatch(1);
        Thread blockHolder = new Thread(() -> {
            synchronized (gate) {
                held.countDown();
                awaitBlocked(main);
            }
        }, "block-holder");
        blockHolder.start();
        held.await();
        synchronized (gate) {
            counter++;
        }
        blockHolder.join();
        CountDownLatch methodHeld = new CountDownLatch(1);
        Thread methodHolder = new Thread(() -> {
            try {
                account.holdUntilBlocked(main, methodHeld);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "method-holder");
        methodHolder.start();
        methodHeld.await();
        account.deposit(1);
        methodHolder.join();
    }

    /** Returns 10 ms after the waiter is seen blocked on a monitor (so its wait is long enough to tell). */
    static void awaitBlocked(Thread waiter) {
        while (waiter.getState() != Thread.State.BLOCKED) {
            TracedApp.pause(1);
        }
        TracedApp.pause(10);
    }

    public static void main(String[] args) throws Exception {
        run();
        System.out.println("contention app done " + counter);
    }
}
