package org.orbscope.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * Starts several client JVMs of a point together. Each client, once it has reached every target, writes its
 * {@code checked} file and waits for the gate; the gate opens when all have checked, with a start time a little
 * ahead. So every client's reachability checks reach the server before any workload request (post-processing
 * tells the checks apart by time), and the clients' schedules begin at the same instant. On one machine the
 * runner opens the gate; a client host opens its own once the coordinator's barrier has given the start instant.
 *
 * <pre>
 * clients/start      start_epoch_ns=1763928306123000000
 * clients/N/checked  (empty)
 * </pre>
 */
public final class StartGate {
    /** How far ahead of the gate's opening the start time lies: room for every client to see it. */
    public static final Duration LEAD = Duration.ofMillis(200);
    private static final String KEY = "start_epoch_ns=";

    private StartGate() {
    }

    /** Client side: says this client has checked its targets. */
    public static void checked(ClientDirectory client) throws IOException {
        AtomicFiles.write(client.checked(), "");
    }

    /**
     * Client side: waits until the gate opens and returns its start time (epoch ns, on the clock the gate was
     * written with).
     *
     * @param stop true when the client is asked to stop while waiting
     * @throws IOException when the gate does not open within {@code limit}, or its file cannot be read
     */
    public static long await(Path gate, Duration limit, BooleanSupplier stop) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        while (true) {
            try {
                for (String line : Files.readAllLines(gate)) {
                    if (line.startsWith(KEY)) {
                        return Long.parseLong(line.substring(KEY.length()).trim());
                    }
                }
                throw new IOException(gate + ": no " + KEY.substring(0, KEY.length() - 1) + " line");
            } catch (NoSuchFileException e) {
                if (System.nanoTime() > deadline) {
                    throw new IOException("the start gate " + gate + " did not open within " + limit.toSeconds() + " s");
                }
                if (stop.getAsBoolean()) {
                    return EpochClock.now();
                }
                Thread.sleep(2);
            } catch (NumberFormatException e) {
                throw new IOException(gate + ": the start time is not a number: " + e.getMessage());
            }
        }
    }

    /**
     * Runner side: waits until every client has checked (or one has ended: it will not), then opens the gate
     * {@link #LEAD} ahead.
     *
     * @return null, or why not every client checked in time (the gate opens anyway, for the others)
     */
    public static String open(Path gate, List<ClientDirectory> clients, List<Process> processes, Duration limit)
            throws IOException, InterruptedException {
        String why = awaitChecked(clients, processes, limit, () -> false);
        open(gate, EpochClock.now() + LEAD.toNanos());
        return why;
    }

    /**
     * Waits until every client has checked its targets, one has ended (it will not check), the time is up, or
     * {@code stop} says so.
     *
     * @return null when all checked, else why not
     */
    public static String awaitChecked(List<ClientDirectory> clients, List<Process> processes, Duration limit,
                                      BooleanSupplier stop) throws InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        for (int i = 0; i < clients.size(); i++) {
            Path checked = clients.get(i).checked();
            while (!Files.exists(checked)) {
                String name = clients.get(i).dir().getFileName().toString();
                if (!processes.get(i).isAlive()) {
                    return "client " + name + " ended before it had checked its targets";
                }
                if (System.nanoTime() > deadline) {
                    return "client " + name + " did not check its targets within " + limit.toSeconds() + " s";
                }
                if (stop.getAsBoolean()) {
                    return "stopped while client " + name + " was checking its targets";
                }
                Thread.sleep(5);
            }
        }
        return null;
    }

    /** Opens the gate: the clients start their schedules at {@code startEpochNanos}. */
    public static void open(Path gate, long startEpochNanos) throws IOException {
        AtomicFiles.write(gate, KEY + startEpochNanos + "\n");
    }
}
