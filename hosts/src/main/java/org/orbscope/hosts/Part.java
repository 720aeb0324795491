package org.orbscope.hosts;

import java.nio.file.Path;
import org.orbscope.coordination.PartReport;
import org.orbscope.run.HostsFile;
import org.orbscope.scenario.HostsSpec;

/** One host's part of one point, as the coordinator records it from the host's calls. */
final class Part {
    final HostState host;
    /** {@link HostsFile.Host#CLIENTS} or {@link HostsFile.Host#SERVER}. */
    final String role;
    /** The server the part runs: its name in 'servers:', empty for the one server and for client hosts. */
    final String server;
    /** Where a server host's files go (the server's directory of the point); null for client hosts. */
    final Path serverDir;
    final int instances;
    final int firstInstance;
    volatile Long clockOffsetNs;
    volatile Long roundTripNs;
    volatile Integer clockSamples;
    volatile Long barrierArrivalEpochNs;
    volatile PartReport report;
    volatile Long reportedEpochNs;
    volatile long bytesReceived;
    /** The status the coordinator gave the part when it stopped counting on it ({@link HostsFile#LATE}, ...). */
    private volatile String verdict;
    private volatile String verdictReason;

    /** The point's limits: when the host is taken for dead, how long it may take to ship once asked to stop. */
    final HostsSpec limits;

    Part(HostState host, String role, String server, Path serverDir, int instances, int firstInstance,
         HostsSpec limits) {
        this.host = host;
        this.role = role;
        this.server = server;
        this.serverDir = serverDir;
        this.instances = instances;
        this.firstInstance = firstInstance;
        this.limits = limits;
    }

    /** The host has not called for the point's {@code client.hosts.deadAfter}, or was replaced. */
    boolean hostGone() {
        return host.gone(limits.deadAfterNanos());
    }

    /** The coordinator stops counting on the part, with a status of hosts.json and why. */
    void giveUp(String status, String reason) {
        if (verdict == null) {
            verdictReason = reason;
            verdict = status;
        }
    }

    boolean reported() {
        return report != null;
    }

    /** Over for the coordinator: reported, dead, or given up on. */
    boolean over() {
        return report != null || verdict != null || hostGone();
    }

    /** The part's line of hosts.json. */
    HostsFile.Host record() {
        PartReport r = report;
        Integer exit = r == null ? null : r.exit;
        String status;
        String error;
        if (verdict != null) {
            status = verdict;
            error = verdictReason;
            if (verdict.equals(HostsFile.LATE)) {
                error += r != null ? "; asked to stop, it shipped the rest of what its JVMs recorded within the "
                        + "grace period: all of it is kept"
                        : "; it had not shipped the rest of its results " + limits.stopGrace()
                        + " after it was asked to stop: what it shipped until then is kept, the rest is missing";
            }
        } else if (r != null) {
            error = r.error.isEmpty() ? null : r.error;
            status = r.exit == 0 && error == null ? HostsFile.OK : HostsFile.FAILED;
        } else if (hostGone()) {
            status = HostsFile.DEAD;
            error = "the host stopped calling the coordinator; what it shipped until then is kept";
        } else {
            status = HostsFile.LATE;
            error = "the host had not reported when the point ended; what it shipped until then is kept";
        }
        return new HostsFile.Host(host.name(), role, server.isEmpty() ? null : server, host.info.address, role.equals(HostsFile.Host.CLIENTS)
                ? instances : null, role.equals(HostsFile.Host.CLIENTS) ? firstInstance : null, clockOffsetNs,
                roundTripNs, clockSamples, barrierArrivalEpochNs,
                r != null && r.gateOpenedNs != 0 ? r.gateOpenedNs : null, status, exit, error, bytesReceived,
                host.lastContactEpochNs(), reportedEpochNs);
    }
}
