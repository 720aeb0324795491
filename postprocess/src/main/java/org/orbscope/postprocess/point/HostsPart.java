package org.orbscope.postprocess.point;

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
 */
public final class HostsPart {
    private HostsPart() {
    }

    /** Fills {@code p.hosts} and the spreads when the point ran on hosts (it has a hosts.json). */
    public static void fill(PointSummary p, PointDirectory point, long warmup) {
        HostsFile file;
        try {
            file = HostsFile.read(point.hostsJson());
        } catch (NoSuchFileException e) {
            return;
        } catch (IOException e) {
            p.notes.add(point.hostsJson() + ": unreadable: " + e.getMessage());
            return;
        }
        p.hosts = new ArrayList<>();
        Map<String, List<ClientDirectory>> clients = point.clientsByHost();
        Long start = file.startEpochNs();
        Long released = file.barrier() == null ? null : file.barrier().releasedEpochNs();
        long minStart = Long.MAX_VALUE;
        long maxStart = Long.MIN_VALUE;
        long minFirst = Long.MAX_VALUE;
        long maxFirst = Long.MIN_VALUE;
        for (HostsFile.Host h : file.hosts()) {
            PointSummary.Host out = new PointSummary.Host();
            out.name = h.name();
            out.role = h.role();
            out.status = h.status();
            out.error = h.error();
            out.address = h.address();
            out.instances = h.instances();
            out.clockOffsetMs = ms(h.clockOffsetNs());
            out.roundTripMs = ms(h.roundTripNs());
            if (start != null && h.gateOpenedEpochNs() != null) {
                out.gateLeadMs = (start - h.gateOpenedEpochNs()) / 1e6;
            }
            List<ClientDirectory> dirs = clients.getOrDefault(h.name(), List.of());
            if (h.role().equals(HostsFile.Host.CLIENTS) && !dirs.isEmpty()) {
                ClientResults r = ClientResults.read(dirs, warmup);
                out.records = r.rows;
                out.ok = r.count(RequestRecord.OK);
                out.notSent = r.count(RequestRecord.NOT_SENT);
                out.failed = r.rows - out.ok - out.notSent;
                out.response = Summary.of(r.response);
                out.missing = missing(point, h.name(), r.rows);
                Long hostStart = earliestStart(dirs);
                if (hostStart != null) {
                    minStart = Math.min(minStart, hostStart);
                    maxStart = Math.max(maxStart, hostStart);
                    out.startMs = start == null ? null : (hostStart - start) / 1e6;
                }
                if (!r.sent.isEmpty()) {
                    long first = r.sent.get(0).sentNs();
                    minFirst = Math.min(minFirst, first);
                    maxFirst = Math.max(maxFirst, first);
                    out.barrierToFirstRequestMs = released == null ? null : (first - released) / 1e6;
                }
            }
            if (!h.ok()) {
                p.notes.add("host " + h.name() + " (" + h.role() + ") " + h.status() + (h.error() == null ? ""
                        : ": " + h.error()) + (out.records == null ? "" : "; " + out.records + " records of it kept")
                        + (out.missing == null || out.missing == 0 ? "" : ", " + out.missing + " requests of its "
                        + "schedule without a record"));
            }
            p.hosts.add(out);
        }
        if (maxStart >= minStart) {
            p.startSpreadMs = (maxStart - minStart) / 1e6;
        }
        if (maxFirst >= minFirst) {
            p.firstRequestSpreadMs = (maxFirst - minFirst) / 1e6;
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
