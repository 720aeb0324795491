package org.orbscope.postprocess.point;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.orbscope.postprocess.stages.StageResult;
import org.orbscope.run.HostsFile;
import org.orbscope.run.PointDirectory;
import org.orbscope.run.ReadyFile;
import org.orbscope.run.RequestStages;
import org.orbscope.run.StageColumn;
import org.orbscope.run.SystemSample;
import org.orbscope.run.SystemSamples;

/**
 * The clock of a server that ran on a host of its own ({@code server.host}, {@code servers[i].host}). It records on that host's clock, so
 * that its trace stays a record of its machine, and hosts.json holds the host's clock offset (the coordinator's
 * clock minus the host's, from a ping exchange), the coordinator's clock being the time axis of the clients'
 * records. Where the server's times meet the clients' (probes, pairing, the timeline, utilization over the
 * client's window), they are moved by that offset.
 */
final class ServerClock {
    /** The instant columns of the stage table: the marks of a request, before its durations. */
    private static final StageColumn LAST_INSTANT = StageColumn.DISPATCHER_END;

    private ServerClock() {
    }

    /**
     * The clock offset of the server host {@code host} (null: the point's one server host), from hosts.json; 0 when
     * the server ran beside the coordinator, or the offset is unknown (said in {@code notes}).
     */
    static long offsetNs(PointDirectory point, String host, List<String> notes) {
        if (!Files.isRegularFile(point.hostsJson())) {
            return 0;
        }
        try {
            for (HostsFile.Host h : HostsFile.read(point.hostsJson()).hosts()) {
                if (HostsFile.Host.SERVER.equals(h.role()) && (host == null || host.equals(h.name()))) {
                    if (h.clockOffsetNs() == null) {
                        notes.add("the server host " + h.name() + " recorded no clock offset: its times are taken "
                                + "as the coordinator's");
                        return 0;
                    }
                    return h.clockOffsetNs();
                }
            }
        } catch (IOException e) {
            notes.add(point.hostsJson() + ": unreadable (" + e.getMessage() + "): the server's times are taken as "
                    + "the coordinator's");
        }
        return 0;
    }

    /** The stage table, GC pauses and process samples with their instants moved by {@code offsetNs}. */
    static StageResult shift(StageResult r, long offsetNs) {
        if (offsetNs == 0) {
            return r;
        }
        for (RequestStages row : r.rows()) {
            for (int c = 0; c <= LAST_INSTANT.ordinal(); c++) {
                StageColumn col = StageColumn.at(c);
                if (row.has(col)) {
                    row.set(col, row.get(col) + offsetNs);
                }
            }
        }
        List<StageResult.GcPause> pauses = new ArrayList<>();
        r.gcPauses().forEach(p -> pauses.add(new StageResult.GcPause(p.startEpochNs() + offsetNs, p.durationNs())));
        List<SystemSample> samples = SystemSamples.of(r.processSamples()).shifted(offsetNs / 1_000_000).samples();
        return new StageResult(r.rows(), r.diagnostics(), samples, pauses);
    }

    static SystemSamples shift(SystemSamples s, long offsetNs) {
        return offsetNs == 0 ? s : s.shifted(offsetNs / 1_000_000);
    }

    static long shiftReady(long readyEpochNs, long offsetNs) {
        return readyEpochNs == ReadyFile.UNKNOWN ? readyEpochNs : readyEpochNs + offsetNs;
    }
}
