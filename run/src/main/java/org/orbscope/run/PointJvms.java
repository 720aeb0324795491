package org.orbscope.run;

import java.io.IOException;
import java.time.Duration;
import org.orbscope.scenario.Scenario;
import org.orbscope.scenario.ServerSpec;

/**
 * Where the JVMs of a point run. {@link PointRunner} keeps their order (the servers in start order, each after its
 * callees' ready files, the clients, the servers' stop from the front) and the record of how the point went; a {@code PointJvms} starts them: on this machine
 * ({@link LocalJvms}), or on hosts registered with a coordinator.
 */
public interface PointJvms {
    /** Why a JVM of the point could not be started, in a user's words. */
    final class CannotStart extends Exception {
        public CannotStart(String message) {
            super(message, null, false, false);
        }
    }

    /**
     * How the point's clients ended.
     *
     * @param exit 0, the first non-zero exit code, or null when a client had to be killed
     * @param error why the clients did not end well, naming what to look at; null when they did
     */
    record ClientsEnd(Integer exit, String error) {
    }

    /**
     * Starts {@code server}, one of the point's servers, which writes into its directory of
     * {@link PointDirectory#servers(Scenario)} and its {@code ready} file there last; the servers it calls are
     * ready. The process ends when the server does; closing its input asks it to stop.
     */
    Process startServer(Scenario s, ServerSpec server, PointDirectory dir) throws IOException, CannotStart;

    /** Runs the point's clients against the ready servers, to their end. */
    ClientsEnd runClients(Scenario s, PointDirectory dir, Duration readyTimeout) throws IOException,
            InterruptedException;

    /** Asks the clients in progress to stop: they stop sending and write what they measured. Any thread. */
    void interruptClients();

    /** The point is over (its server stopped, or it never started): what remains to record of it. */
    default void pointOver(PointDirectory dir) throws IOException, InterruptedException {
    }
}
