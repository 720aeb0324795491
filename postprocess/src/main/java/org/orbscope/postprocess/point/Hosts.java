package org.orbscope.postprocess.point;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.orbscope.model.ScenarioMapping;
import org.orbscope.postprocess.stats.Summary;
import org.orbscope.run.ClientDirectory;
import org.orbscope.run.ClientSummary;
import org.orbscope.run.HostsFile;
import org.orbscope.run.PointDirectory;
import org.orbscope.run.RequestRecord;
import org.orbscope.scenario.ScenarioException;
import org.orbscope.scenario.ScenarioLoader;

/**
 * The hosts of a point, each on its own: how its part went (hosts.json), and for a client host what its client
 * JVMs recorded, when they started on the common time axis and how long after the barrier's release its first
 * request went out. What a host that failed leaves missing is said in a note.
 *
 * @param hosts every host of hosts.json; null when the point ran on this machine (it has no hosts.json)
 * @param startSpreadMs the spread (max - min) of the client hosts' schedule starts on the common time axis
 * @param firstRequestSpreadMs the spread (max - min) of the client hosts' first requests on the common time axis
 * @param notes hosts that did not end ok, or a hosts.json that does not read
 */
public record Hosts(List<Host> hosts, Double startSpreadMs, Double firstRequestSpreadMs, List<String> notes) {
    /** A point that ran on this machine. */
    public static final Hosts NONE = new Hosts(null, null, null, List.of());

    public Hosts {
        hosts = Frozen.list(hosts);
        notes = List.copyOf(notes);
    }

    /**
     * One host of the point: how its part went, and for a client host what its JVMs recorded. Times in ms.
     *
     * @param role {@code clients}, {@code server}, or {@code server NAME} for a server of {@code servers:}
     * @param status ok | failed | missing | dead | missed-start | late | interrupted (hosts.json)
     * @param clockOffsetMs the coordinator's clock minus the host's
     * @param roundTripMs the round trip of the ping the offset comes from
     * @param missing requests its part's scenario schedules that it holds no record of (a host that died); null
     *     if unknown
     * @param startMs its client JVMs' earliest schedule start, after the point's start instant
     * @param barrierToFirstRequestMs from the barrier's release to the host's first request: the coordination's
     *     overhead
     * @param gateLeadMs how long before the start instant the host opened its JVMs' start gate
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Host(String name, String role, String status, String error, String address, Integer instances,
                       Double clockOffsetMs, Double roundTripMs, Long records, Long ok, Long failed, Long notSent,
                       Long missing, Summary response, Double startMs, Double barrierToFirstRequestMs,
                       Double gateLeadMs) {
    }

    /** The hosts of a point, or {@link #NONE} when it has no hosts.json. */
    public static Hosts read(PointDirectory point, long warmup) {
        HostsFile file;
        try {
            file = HostsFile.read(point.hostsJson());
        } catch (NoSuchFileException e) {
            return NONE;
        } catch (IOException e) {
            return new Hosts(null, null, null, List.of(point.hostsJson() + ": unreadable: " + e.getMessage()));
        }
        List<Host> hosts = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        Spread starts = new Spread();
        Spread firsts = new Spread();
        Map<String, List<ClientDirectory>> clients = point.clientsByHost();
        for (HostsFile.Host h : file.hosts()) {
            Host out = host(point, file, h, clients.getOrDefault(h.name(), List.of()), warmup, starts, firsts);
            if (!h.ok()) {
                notes.add("host " + h.name() + " (" + role(h) + ") " + h.status() + (h.error() == null ? ""
                        : ": " + h.error()) + (out.records() == null ? "" : "; " + out.records() + " records of it "
                        + "kept") + (out.missing() == null || out.missing() == 0 ? "" : ", " + out.missing()
                        + " requests of its schedule without a record"));
            }
            hosts.add(out);
        }
        return new Hosts(hosts, starts.ms(), firsts.ms(), notes);
    }

    /** One host's figures; a client host's schedule start and first request widen {@code starts} and {@code firsts}. */
    private static Host host(PointDirectory point, HostsFile file, HostsFile.Host h, List<ClientDirectory> dirs,
                             long warmup, Spread starts, Spread firsts) {
        Long start = file.startEpochNs();
        Double gateLead = start != null && h.gateOpenedEpochNs() != null
                ? (start - h.gateOpenedEpochNs()) / 1e6 : null;
        if (!h.role().equals(HostsFile.Host.CLIENTS) || dirs.isEmpty()) {
            return new Host(h.name(), role(h), h.status(), h.error(), h.address(), h.instances(),
                    ms(h.clockOffsetNs()), ms(h.roundTripNs()), null, null, null, null, null, null, null, null,
                    gateLead);
        }
        ClientResults r = ClientResults.read(dirs, warmup);
        long ok = r.count(RequestRecord.OK);
        long notSent = r.count(RequestRecord.NOT_SENT);
        Long hostStart = earliestStart(dirs);
        Double startMs = null;
        if (hostStart != null) {
            starts.add(hostStart);
            startMs = start == null ? null : (hostStart - start) / 1e6;
        }
        Long released = file.barrier() == null ? null : file.barrier().releasedEpochNs();
        Double toFirst = null;
        if (!r.sent.isEmpty()) {
            long first = r.sent.get(0).sentNs();
            firsts.add(first);
            toFirst = released == null ? null : (first - released) / 1e6;
        }
        return new Host(h.name(), h.role(), h.status(), h.error(), h.address(), h.instances(), ms(h.clockOffsetNs()),
                ms(h.roundTripNs()), r.rows, ok, r.rows - ok - notSent, notSent, missing(point, h.name(), r.rows),
                Summary.of(r.response), startMs, toFirst, gateLead);
    }

    /** The host's role, with the server's name when it ran one of several ({@code server front}). */
    private static String role(HostsFile.Host h) {
        return h.server() == null ? h.role() : h.role() + " " + h.server();
    }

    /** The range of instants (epoch ns) the hosts reached a mark at. */
    private static final class Spread {
        private long min = Long.MAX_VALUE;
        private long max = Long.MIN_VALUE;

        void add(long epochNs) {
            min = Math.min(min, epochNs);
            max = Math.max(max, epochNs);
        }

        /** max - min in ms, or null when no host reached the mark. */
        Double ms() {
            return max >= min ? (max - min) / 1e6 : null;
        }
    }

    /** The earliest schedule start of the host's client JVMs (their summaries), or null when none says. */
    private static Long earliestStart(List<ClientDirectory> dirs) {
        Long earliest = null;
        for (ClientDirectory d : dirs) {
            try {
                Long s = ClientSummary.read(d.summary()).startEpochNs();
                if (s != null && (earliest == null || s < earliest)) {
                    earliest = s;
                }
            } catch (IOException e) {
                // a JVM that wrote no summary (killed): its start is unknown
            }
        }
        return earliest;
    }

    /**
     * Requests the host's part schedules (counted processes; null when a process runs for a time) minus the records
     * it shipped; null when unknown.
     */
    private static Long missing(PointDirectory point, String host, long records) {
        if (!Files.isRegularFile(point.hostPointYaml(host))) {
            return null;
        }
        try {
            var part = ScenarioLoader.load(point.hostPointYaml(host));
            boolean counted = part.client().processes().stream().allMatch(pr -> pr.requests() != null);
            return counted ? Math.max(0, ScenarioMapping.requests(part) - records) : null;
        } catch (ScenarioException e) {
            return null;
        }
    }

    private static Double ms(Long ns) {
        return ns == null ? null : ns / 1e6;
    }
}
