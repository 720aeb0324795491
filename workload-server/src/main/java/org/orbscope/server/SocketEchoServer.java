package org.orbscope.server;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Paths;
import org.orbscope.run.BaselineDirectory;
import org.orbscope.run.BaselineRunner;
import org.orbscope.run.ExitCode;
import org.orbscope.run.ReadyFile;

/**
 * {@code SocketEchoServer --out DIR}: the server half of {@code orbscope baseline}, the raw-socket yardstick of
 * middleware overhead (Balay et al. use TTCP). It listens on a free loopback port (written to DIR/server/ready) and
 * serves each connection the exchange its client announces in a header ({@link BaselineRunner#ROUND_TRIPS}:
 * answer every request; {@link BaselineRunner#STREAM}: read all, answer the total) until the client shuts its
 * output; it stops when its standard input closes.
 *
 * <p>Plain blocking {@code java.net} sockets on purpose: the yardstick is the shortest path from a JVM to the
 * kernel's TCP, and a networking library (Netty, an NIO framework) would add its own event loop, buffer pools and
 * threads, the very kind of layer whose cost the baseline is there to expose. TTCP itself is a C program.
 */
public final class SocketEchoServer {
    private SocketEchoServer() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 2 || !args[0].equals("--out")) {
            System.err.println("usage: SocketEchoServer --out DIR");
            System.exit(ExitCode.BAD_INPUT);
        }
        BaselineDirectory out = new BaselineDirectory(Paths.get(args[1]));
        try (ServerSocket listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread acceptor = new Thread(() -> accept(listener), "baseline-accept");
            acceptor.setDaemon(true);
            acceptor.start();
            ReadyFile.now(listener.getLocalPort()).write(out.serverReady());
            try (InputStream in = System.in) {
                while (in.read() >= 0) {
                    // the launcher closes our stdin to stop us
                }
            }
        }
        System.exit(ExitCode.OK);
    }

    private static void accept(ServerSocket listener) {
        while (true) {
            Socket s;
            try {
                s = listener.accept();
            } catch (IOException e) {
                return; // closed: the server is stopping
            }
            Thread t = new Thread(() -> serve(s), "baseline-connection");
            t.setDaemon(true);
            t.start();
        }
    }

    /** One connection: its header, then echo or sink until the client shuts its output. */
    static void serve(Socket s) {
        try (s) {
            s.setTcpNoDelay(true);
            DataInputStream in = new DataInputStream(s.getInputStream());
            OutputStream out = s.getOutputStream();
            byte mode = in.readByte();
            int request = in.readInt();
            int reply = in.readInt();
            byte[] buffer = new byte[Math.max(Math.max(request, reply), 1)];
            if (mode == BaselineRunner.ROUND_TRIPS) {
                while (in.readNBytes(buffer, 0, request) == request) {
                    out.write(buffer, 0, reply);
                }
            } else if (mode == BaselineRunner.STREAM) {
                long total = 0;
                for (int n; (n = in.read(buffer)) > 0; ) {
                    total += n;
                }
                new DataOutputStream(out).writeLong(total);
            }
        } catch (IOException e) {
            System.err.println("baseline server: connection ended: " + e.getMessage());
        }
    }
}
