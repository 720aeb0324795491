package org.orbscope.run;

import java.io.IOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.orbscope.scenario.ProcessSpec;
import org.orbscope.scenario.Scenario;
import org.orbscope.scenario.ServerSpec;
import org.orbscope.scenario.TargetSpec;
import org.orbscope.scenario.UserOctets;

/**
 * Runs {@code orbscope baseline}'s socket measurement: the echo server JVM and the socket client JVM on loopback
 * (pinned like the scenario's server and client), the client measuring the cases the scenario's targets need,
 * then the server stopped. The protocol between the two is a header per connection: a mode byte
 * ({@link #ROUND_TRIPS} or {@link #STREAM}), the request octets and the reply octets (two ints).
 */
public final class BaselineRunner {
    public static final String SERVER_MAIN = "org.orbscope.server.SocketEchoServer";
    public static final String CLIENT_MAIN = "org.orbscope.client.SocketBaselineClient";
    /** Header mode: requests of the given octets, each answered by the reply octets. */
    public static final byte ROUND_TRIPS = 'R';
    /** Header mode: a one-way stream of writes; the receiver answers the total it read (8 octets) at its end. */
    public static final byte STREAM = 'S';

    /**
     * What to measure: round trips of (request, reply) octets, streams of writes of some octets, and the bounds
     * of every case.
     */
    public record Cases(TreeSet<Exchange> roundTrips, TreeSet<Integer> streams, long requests, long streamBytes,
                        double maxSeconds) {
    }

    /** The octets a call puts on the wire as payload, each way (0 for none). */
    public record Exchange(int request, int reply) implements Comparable<Exchange> {
        @Override
        public int compareTo(Exchange o) {
            return request != o.request ? Integer.compare(request, o.request) : Integer.compare(reply, o.reply);
        }

        /** On a socket: at least one octet each way, or there is nothing to time. */
        public Exchange onSocket() {
            return new Exchange(Math.max(1, request), Math.max(1, reply));
        }
    }

    private BaselineRunner() {
    }

    /** The payload octets of {@code target}'s call in {@code s}, each way ({@link UserOctets}). */
    public static Exchange exchange(Scenario s, TargetSpec target) {
        UserOctets o = UserOctets.of(s, target);
        return new Exchange(o.request(), o.reply());
    }

    /** Whether {@code target}'s calls get no reply (a oneway operation): their yardstick is a one-way stream. */
    public static boolean oneway(Scenario s, TargetSpec target) {
        return TargetSpec.isOneway(target.operation(s.client().invocation()));
    }

    /** Adds the cases the targets of {@code s} need: a stream for oneway calls, else a round trip. */
    public static void addCases(Scenario s, TreeSet<Exchange> roundTrips, TreeSet<Integer> streams) {
        for (ProcessSpec p : s.client().processes()) {
            for (TargetSpec t : p.targets()) {
                Exchange e = exchange(s, t).onSocket();
                if (oneway(s, t)) {
                    streams.add(e.request());
                } else {
                    roundTrips.add(e);
                }
            }
        }
    }

    /**
     * Measures {@code cases} with the server and client pinned and configured like {@code s}'s; the figures, or an
     * IOException saying in one line what went wrong (with the log to read).
     */
    public static SocketFigures run(Scenario s, Cases cases, BaselineDirectory dir, Duration readyTimeout)
            throws IOException, InterruptedException {
        Files.createDirectories(dir.serverReady().getParent());
        Files.createDirectories(dir.socketJson().getParent());
        Files.deleteIfExists(dir.serverReady());
        // Pinned like the scenario's server, or its first of several (each of the proxy pattern's takes as much).
        ServerSpec like = s.servers().get(0);
        Process server = JvmLauncher.main(SERVER_MAIN).cpus(like.cpus()).jvmArgs(like.jvmArgs())
                .log(dir.serverLog()).args("--out", dir.dir().toString()).start();
        try {
            String notReady = JvmLauncher.awaitFile(server, dir.serverReady(), readyTimeout);
            if (notReady != null) {
                throw new IOException("the socket echo server " + notReady + "; see " + dir.serverLog());
            }
            int port = ReadyFile.read(dir.serverReady()).port();
            List<String> args = new ArrayList<>(List.of("--port", String.valueOf(port), "--out",
                    dir.socketJson().toString(), "--requests", String.valueOf(cases.requests()), "--stream-bytes",
                    String.valueOf(cases.streamBytes()), "--max-seconds", String.format(Locale.ROOT, "%.3f",
                    cases.maxSeconds())));
            for (Exchange e : cases.roundTrips()) {
                args.add("--round-trip");
                args.add(e.request() + ":" + e.reply());
            }
            for (int n : cases.streams()) {
                args.add("--stream");
                args.add(String.valueOf(n));
            }
            Process client = JvmLauncher.main(CLIENT_MAIN).cpus(s.client().cpus()).jvmArgs(s.client().jvmArgs())
                    .log(dir.clientLog()).args(args).start();
            // Every case is bounded by maxSeconds; a minute on top covers the JVMs and connections.
            long count = cases.roundTrips().size() + cases.streams().size();
            long limit = (long) (count * cases.maxSeconds() * 1000) + 60_000;
            if (!client.waitFor(limit, TimeUnit.MILLISECONDS)) {
                JvmLauncher.stop(client, Duration.ofSeconds(5));
                throw new IOException("the socket client did not finish within " + limit / 1000 + " s; see "
                        + dir.clientLog());
            }
            if (client.exitValue() != 0) {
                throw new IOException("the socket client exited with code " + client.exitValue() + "; see "
                        + dir.clientLog());
            }
            return SocketFigures.read(dir.socketJson());
        } finally {
            JvmLauncher.stop(server, Duration.ofSeconds(5));
        }
    }
}
