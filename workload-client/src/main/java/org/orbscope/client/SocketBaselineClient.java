package org.orbscope.client;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.orbscope.run.BaselineRunner;
import org.orbscope.run.ExitCode;
import org.orbscope.run.SocketFigures;

/**
 * The client half of {@code orbscope baseline}: raw loopback TCP with the scenario's payload sizes, the yardstick
 * the ORB's figures are divided by. Round trips: one connection per size, one request at a time (write the
 * request, read the whole reply), as a synchronous call is; streams: one-way writes of one size as fast as the
 * socket takes them, TTCP's throughput figure. Every case is bounded by a request count (or byte count) and by
 * time.
 *
 * <pre>{@code
 * SocketBaselineClient --port P --out socket.json [--round-trip REQUEST:REPLY ...] [--stream OCTETS ...]
 *                      [--requests N] [--stream-bytes B] [--max-seconds S]
 * }</pre>
 *
 * <p>Plain blocking {@code java.net} sockets, as in {@code SocketEchoServer} (which says why: no library stands
 * between the JVM and the kernel's TCP here).
 */
public final class SocketBaselineClient {
    private SocketBaselineClient() {
    }

    public static void main(String[] args) {
        System.exit(run(args));
    }

    static int run(String[] args) {
        int port = 0;
        Path out = null;
        List<int[]> roundTrips = new ArrayList<>();
        List<Integer> streams = new ArrayList<>();
        long requests = 2000;
        long streamBytes = 64L << 20;
        double maxSeconds = 10;
        try {
            for (int i = 0; i + 1 < args.length; i += 2) {
                String v = args[i + 1];
                switch (args[i]) {
                    case "--port": port = Integer.parseInt(v); break;
                    case "--out": out = Paths.get(v); break;
                    case "--round-trip": {
                        String[] rr = v.split(":");
                        roundTrips.add(new int[] {Integer.parseInt(rr[0]), Integer.parseInt(rr[1])});
                        break;
                    }
                    case "--stream": streams.add(Integer.parseInt(v)); break;
                    case "--requests": requests = Long.parseLong(v); break;
                    case "--stream-bytes": streamBytes = Long.parseLong(v); break;
                    case "--max-seconds": maxSeconds = Double.parseDouble(v); break;
                    default: throw new IllegalArgumentException("unknown argument " + args[i]);
                }
            }
        } catch (RuntimeException e) {
            System.err.println("socket baseline client: " + e.getMessage());
            return ExitCode.BAD_INPUT;
        }
        if (port <= 0 || out == null) {
            System.err.println("usage: SocketBaselineClient --port P --out FILE [--round-trip REQ:REPLY ...] [--stream N ...]");
            return ExitCode.BAD_INPUT;
        }
        long maxNanos = (long) (maxSeconds * 1e9);
        try {
            List<SocketFigures.RoundTrip> rt = new ArrayList<>();
            for (int[] c : roundTrips) {
                rt.add(roundTrips(port, c[0], c[1], requests, maxNanos));
                System.err.printf("socket round trips %d:%d octets: mean %.1f us%n", c[0], c[1], rt.get(rt.size() - 1).meanUs());
            }
            List<SocketFigures.Stream> st = new ArrayList<>();
            for (int n : streams) {
                st.add(stream(port, n, streamBytes, maxNanos));
                System.err.printf("socket stream of %d-octet writes: %.1f MB/s%n", n, st.get(st.size() - 1).mbPerSec());
            }
            new SocketFigures(rt, st).write(out);
            return ExitCode.OK;
        } catch (IOException e) {
            System.err.println("socket baseline client: " + e);
            return ExitCode.RUN_FAILED;
        }
    }

    private static Socket connect(int port, byte mode, int request, int reply) throws IOException {
        Socket s = new Socket(InetAddress.getLoopbackAddress(), port);
        s.setTcpNoDelay(true); // as JacORB's connections: no Nagle delay on small requests
        DataOutputStream header = new DataOutputStream(s.getOutputStream());
        header.writeByte(mode);
        header.writeInt(request);
        header.writeInt(reply);
        header.flush();
        return s;
    }

    /**
     * {@code requests} measured round trips after a tenth as many (at least 100) unmeasured ones that let the JIT
     * and the connection settle; stops early at {@code maxNanos}.
     */
    static SocketFigures.RoundTrip roundTrips(int port, int request, int reply, long requests, long maxNanos)
            throws IOException {
        long warmup = Math.max(100, requests / 10);
        long[] samples = new long[(int) requests];
        int measured = 0;
        boolean cut = false;
        try (Socket s = connect(port, BaselineRunner.ROUND_TRIPS, request, reply)) {
            OutputStream out = s.getOutputStream();
            InputStream in = s.getInputStream();
            byte[] sent = new byte[request];
            byte[] received = new byte[reply];
            Arrays.fill(sent, (byte) 'x');
            long deadline = System.nanoTime() + maxNanos;
            for (long i = 0; i < warmup + requests; i++) {
                long t0 = System.nanoTime();
                out.write(sent);
                if (in.readNBytes(received, 0, reply) < reply) {
                    throw new IOException("the echo server closed the connection");
                }
                long t1 = System.nanoTime();
                if (i >= warmup) {
                    samples[measured++] = t1 - t0;
                }
                if (t1 > deadline) {
                    cut = i + 1 < warmup + requests;
                    break;
                }
            }
            s.shutdownOutput();
        }
        long[] m = Arrays.copyOf(samples, measured);
        Arrays.sort(m);
        return new SocketFigures.RoundTrip(request, reply, warmup, measured, mean(m) / 1e3, at(m, 0.05) / 1e3,
                at(m, 0.50) / 1e3, at(m, 0.95) / 1e3, at(m, 0.99) / 1e3, at(m, 1.0) / 1e3, cut);
    }

    /** Writes of {@code size} octets until {@code bytes} are sent or {@code maxNanos} passed, then the receiver's total. */
    static SocketFigures.Stream stream(int port, int size, long bytes, long maxNanos) throws IOException {
        try (Socket s = connect(port, BaselineRunner.STREAM, size, 0)) {
            OutputStream out = s.getOutputStream();
            byte[] data = new byte[size];
            Arrays.fill(data, (byte) 'x');
            long writes = 0;
            long t0 = System.nanoTime();
            long deadline = t0 + maxNanos;
            for (long sent = 0; sent < bytes && System.nanoTime() < deadline; sent += size) {
                out.write(data);
                writes++;
            }
            s.shutdownOutput();
            long received = new DataInputStream(s.getInputStream()).readLong();
            double seconds = (System.nanoTime() - t0) / 1e9;
            return new SocketFigures.Stream(size, writes, received, seconds, received / seconds / 1e6,
                    seconds * 1e6 / writes);
        }
    }

    private static double mean(long[] sorted) {
        return sorted.length == 0 ? Double.NaN : Arrays.stream(sorted).average().orElse(Double.NaN);
    }

    /** The nearest-rank quantile of sorted samples. */
    private static double at(long[] sorted, double q) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        return sorted[Math.min(sorted.length - 1, Math.max(0, (int) Math.ceil(q * sorted.length) - 1))];
    }
}
