package org.orbscope.postprocess.point;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.orbscope.run.BaselineRunner;
import org.orbscope.run.PointDirectory;
import org.orbscope.run.RunDirectory;
import org.orbscope.run.SocketFigures;
import org.orbscope.scenario.ProcessSpec;
import org.orbscope.scenario.Scenario;
import org.orbscope.scenario.TargetSpec;

/**
 * A point's user-level throughput in bytes, as Balay et al. give it ("the number of bytes of data a user
 * application can transmit or receive in unit time"): the payload octets of the ok requests, out and back, at the
 * point's achieved rate; and, when {@code orbscope baseline} has measured raw sockets for the run, the share of
 * the socket's throughput for the same octets that the ORB achieved (their TTCP yardstick).
 *
 * @param bytesOut payload octets the ok requests carried out
 * @param bytesBack payload octets their replies carried back
 * @param bytesPerRequest (out + back) per ok request
 * @param bytesPerSec the achieved rate (requests answered ok per second) times {@code bytesPerRequest}
 * @param megabitsPerSec {@code bytesPerSec} in Mb/s (10^6 bits)
 * @param socketCase the socket figure set beside it: {@code stream} (a oneway call: TTCP's one-way stream of
 *     writes of its octets) or {@code round trip} (one request at a time, its octets out and back); null without
 *     a baseline, or when the point's targets carry different payloads
 * @param socketBytesPerSec the socket's throughput of the same payload octets
 * @param socketShare {@code bytesPerSec} over {@code socketBytesPerSec}
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ByteThroughput(long bytesOut, long bytesBack, double bytesPerRequest, double bytesPerSec,
                             double megabitsPerSec, String socketCase, Double socketBytesPerSec, Double socketShare) {
    /** The socket case of a oneway call. */
    public static final String STREAM = "stream";
    /** The socket case of a two-way call. */
    public static final String ROUND_TRIP = "round trip";

    /**
     * The figures of a point whose client achieved {@code ratePerSec}, from its requests by process (every client
     * record is in one); null when the rate or a target's payload is unknown, or nothing was answered.
     */
    static ByteThroughput of(Scenario s, Double ratePerSec, List<Breakdown.GroupFigures> processes,
                             SocketFigures socket) {
        if (ratePerSec == null || processes == null || processes.isEmpty()) {
            return null;
        }
        long out = 0;
        long back = 0;
        long ok = 0;
        for (Breakdown.GroupFigures g : processes) {
            if (g.bytesOut() == null) {
                return null;
            }
            out += g.bytesOut();
            back += g.bytesBack();
            ok += g.ok();
        }
        if (ok == 0) {
            return null;
        }
        double perRequest = (double) (out + back) / ok;
        double bytesPerSec = ratePerSec * perRequest;
        String kind = null;
        Double socketRate = null;
        BaselineRunner.Exchange e = s == null || socket == null ? null : soleExchange(s);
        if (e != null) {
            boolean oneway = oneway(s);
            kind = oneway ? STREAM : ROUND_TRIP;
            socketRate = socketBytesPerSec(socket, e, oneway);
        }
        return new ByteThroughput(out, back, perRequest, bytesPerSec, bytesPerSec * 8 / 1e6,
                socketRate == null ? null : kind, socketRate,
                socketRate == null || socketRate <= 0 ? null : bytesPerSec / socketRate);
    }

    /**
     * The raw socket's user-level throughput for {@code e}'s octets: a stream's MB/s (10^6 bytes), or a round
     * trip's octets out and back over its mean time; null when the baseline did not measure that case.
     */
    static Double socketBytesPerSec(SocketFigures socket, BaselineRunner.Exchange e, boolean oneway) {
        BaselineRunner.Exchange wire = e.onSocket();
        if (oneway) {
            return socket.streams().stream().filter(st -> st.writeOctets() == wire.request()).findFirst()
                    .map(st -> st.mbPerSec() * 1e6).orElse(null);
        }
        return socket.roundTrips().stream()
                .filter(rt -> rt.requestOctets() == wire.request() && rt.replyOctets() == wire.reply()
                        && rt.meanUs() > 0)
                .findFirst().map(rt -> (e.request() + e.reply()) / (rt.meanUs() / 1e6)).orElse(null);
    }

    /** The payload octets every target of {@code s} carries, when they all carry the same; else null. */
    private static BaselineRunner.Exchange soleExchange(Scenario s) {
        Set<BaselineRunner.Exchange> all = new HashSet<>();
        Set<Boolean> oneway = new HashSet<>();
        for (ProcessSpec p : s.client().processes()) {
            for (TargetSpec t : p.targets()) {
                all.add(BaselineRunner.exchange(s, t));
                oneway.add(BaselineRunner.oneway(s, t));
            }
        }
        return all.size() == 1 && oneway.size() == 1 ? all.iterator().next() : null;
    }

    private static boolean oneway(Scenario s) {
        TargetSpec t = s.client().processes().get(0).targets().get(0);
        return BaselineRunner.oneway(s, t);
    }

    /**
     * What {@code orbscope baseline --run} measured for the run {@code point} belongs to
     * ({@code RUN_DIR/baseline/client/socket.json}); null when it has not run, or its file does not read.
     */
    static SocketFigures baselineOf(PointDirectory point) {
        Path run = point == null || point.dir().getParent() == null ? null : point.dir().getParent().getParent();
        if (run == null || !RunDirectory.isRunDirectory(run)) {
            return null;
        }
        Path file = RunDirectory.open(run).baseline().socketJson();
        try {
            return Files.isRegularFile(file) ? SocketFigures.read(file) : null;
        } catch (IOException e) {
            return null;
        }
    }
}
