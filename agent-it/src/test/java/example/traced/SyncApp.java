package example.traced;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The second test application: synchronized methods (instance and static) under contention, a
 * java.util.concurrent lock and condition, allocations of selected classes, and methods whose correlation
 * keys are field paths of their argument.
 */
public final class SyncApp {
    private SyncApp() {
    }

    static final class Account {
        /**
         * Holds this account's monitor, tells {@code inside}, and keeps it {@code millis} longer once {@code waiter}
         * blocks on it: so the waiter blocks that long however late a busy machine runs it.
         */
        synchronized void hold(CountDownLatch inside, Thread waiter, long millis) {
            inside.countDown();
            TracedApp.awaitBlocked(waiter);
            TracedApp.pause(millis);
        }

        synchronized void deposit() {
            balance++;
        }

        long balance;

        static synchronized void audit() {
            TracedApp.pause(1);
        }
    }

    static class Order {
        final long id;

        Order(long id) {
            this.id = id;
        }
    }

    static final class BigOrder extends Order {
        final long[] lines = new long[4];

        BigOrder(long id) {
            super(id);
        }
    }

    static final class Connection {
        final String peer;

        Connection(String peer) {
            this.peer = peer;
        }
    }

    static final class Request {
        final long id;
        final Connection connection;

        Request(long id, Connection connection) {
            this.id = id;
            this.connection = connection;
        }
    }

    static void handle(Request r) {
        route(r);
    }

    static void route(Request r) {
        send(r.connection);
    }

    static void send(Connection c) {
        TracedApp.inner(c.peer.length());
    }

    static final ReentrantLock LOCK = new ReentrantLock();

    /**
     * lock-holder keeps LOCK for 50 ms once main waits in lock() (however late a busy machine runs main); then main
     * awaits a condition lock-holder signals.
     */
    static void lockAndCondition() throws InterruptedException {
        CountDownLatch held = new CountDownLatch(1);
        Condition ready = LOCK.newCondition();
        Thread main = Thread.currentThread();
        Thread holder = new Thread(() -> {
            LOCK.lock();
            try {
                held.countDown();
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
                while (!LOCK.hasQueuedThread(main) && System.nanoTime() < deadline) {
                    TracedApp.pause(1);
                }
                TracedApp.pause(50);
            } finally {
                LOCK.unlock();
            }
            TracedApp.pause(30);
            // Signals once main awaits the condition (a busy machine may run main late).
            while (true) {
                LOCK.lock();
                try {
                    if (LOCK.hasWaiters(ready)) {
                        ready.signalAll();
                        return;
                    }
                } finally {
                    LOCK.unlock();
                }
                TracedApp.pause(5);
            }
        }, "lock-holder");
        holder.start();
        held.await();
        LOCK.lock();
        try {
            ready.await(120, TimeUnit.SECONDS);
        } finally {
            LOCK.unlock();
        }
        holder.join();
    }

    public static void main(String[] args) throws Exception {
        Account account = new Account();
        CountDownLatch inside = new CountDownLatch(1);
        Thread main = Thread.currentThread();
        Thread holder = new Thread(() -> account.hold(inside, main, 50), "sync-holder");
        holder.start();
        inside.await();
        account.deposit();
        holder.join();
        Account.audit();

        lockAndCondition();

        long sum = 0;
        for (int i = 0; i < 100; i++) {
            sum += new Order(i).id;
        }
        for (int i = 0; i < 10; i++) {
            sum += new BigOrder(i).lines.length;
        }

        Connection c = new Connection("peer-1");
        handle(new Request(4242, c));
        handle(new Request(4243, c));
        // Give JFR one flush (it flushes about every second) before exiting: on JDK 20+ JFR's own shutdown hook
        // ends the stream, and events it had not flushed yet are lost (a limitation README states).
        TracedApp.pause(3000);
        System.out.println("sync app done " + sum + " " + account.balance);
    }
}
