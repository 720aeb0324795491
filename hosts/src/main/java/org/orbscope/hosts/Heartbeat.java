package org.orbscope.hosts;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.omg.CORBA.SystemException;
import org.orbscope.coordination.Refused;

/**
 * While a host's part of a point runs: every half second, ship what its JVMs wrote since, and ask whether the
 * coordinator wants the part stopped (which also tells it the host is alive).
 */
final class Heartbeat implements AutoCloseable {
    static final long PERIOD_MS = 500;

    private final Thread thread;
    private final AtomicBoolean stop;

    /**
     * @param server the server the part runs (empty: the clients, or the one server)
     * @param stop set when the coordinator asks to stop the part
     * @param onStop what stopping the part takes (signalling its JVMs)
     */
    Heartbeat(Session session, String point, String server, Shipper shipper, AtomicBoolean stop, Runnable onStop, HostLog log) {
        this.stop = stop;
        this.thread = new Thread(() -> {
            boolean told = false;
            while (!Thread.currentThread().isInterrupted()) {
                try {
                    shipper.ship(false);
                    if (session.stopAsked(point, server) && !stop.getAndSet(true)) {
                        log.line("the coordinator asks to stop point " + point
                                + (server.isEmpty() ? "" : "'s server " + server));
                        onStop.run();
                    }
                } catch (IOException | Refused | SystemException e) {
                    if (!told) {
                        log.line("shipping results failed (retried until the part ends): " + e);
                        told = true;
                    }
                }
                try {
                    Thread.sleep(PERIOD_MS);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "orbscope-host-heartbeat");
        thread.setDaemon(true);
        thread.start();
    }

    boolean stopped() {
        return stop.get();
    }

    @Override
    public void close() throws InterruptedException {
        thread.interrupt();
        thread.join(10_000);
    }
}
