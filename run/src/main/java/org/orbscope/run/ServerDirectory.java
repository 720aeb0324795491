package org.orbscope.run;

import java.nio.file.Path;

/**
 * What a workload server writes (a point's {@code server/}, or {@code orbscope server --out DIR}):
 *
 * <pre>
 *   ready            {@link ReadyFile}: written once the server serves
 *   ior/&lt;id&gt;.ior     one stringified IOR per object; ior/urls.txt: "&lt;id&gt; corbaloc:..." lines
 *   system.csv       {@link SystemCsv}: process samples every 100 ms
 *   received.csv     {@link ReceivedCsv}: what each object was sent, written when the server stops
 *   locks.csv        {@link LocksCsv}: the servant locks' waits and holds, written when the server stops
 *   server.trace     the agent's trace, when monitored
 *   server.log       the JVM's console output (when started by the runner)
 *   host.log         what the server's host said about its part (when the server runs on a host)
 * </pre>
 */
public record ServerDirectory(Path dir) {
    public Path ready() {
        return dir.resolve("ready");
    }

    public Path iorDir() {
        return dir.resolve("ior");
    }

    public Path ior(String objectId) {
        return iorDir().resolve(objectId + ".ior");
    }

    public Path urls() {
        return iorDir().resolve("urls.txt");
    }

    public Path systemCsv() {
        return dir.resolve("system.csv");
    }

    public Path received() {
        return dir.resolve("received.csv");
    }

    public Path locks() {
        return dir.resolve("locks.csv");
    }

    public Path trace() {
        return dir.resolve("server.trace");
    }

    public Path log() {
        return dir.resolve("server.log");
    }

    public Path hostLog() {
        return dir.resolve("host.log");
    }
}
