package org.orbscope.postprocess.report;

import java.util.ArrayList;
import java.util.List;
import org.orbscope.postprocess.point.Hosts;
import org.orbscope.postprocess.point.PointAnalysis;

/** The table of a point's hosts, as the HTML and Markdown reports show it: a header and one row per host. */
final class HostsTable {
    static final String[] HEADER = {"host", "role", "status", "clock offset ms", "ping round trip ms", "records",
            "ok", "failed", "not sent", "missing", "mean ms", "p99 ms", "start ms", "barrier to first request ms"};

    private HostsTable() {
    }

    static List<String[]> rows(PointAnalysis p) {
        List<String[]> rows = new ArrayList<>();
        for (Hosts.Host h : p.hosts().hosts()) {
            rows.add(new String[] {h.name(), h.role(), h.status(), SweepTable.format(h.clockOffsetMs()),
                    SweepTable.format(h.roundTripMs()), SweepTable.format(h.records()), SweepTable.format(h.ok()),
                    SweepTable.format(h.failed()), SweepTable.format(h.notSent()), SweepTable.format(h.missing()),
                    SweepTable.format(h.response() == null ? null : h.response().meanMs()),
                    SweepTable.format(h.response() == null ? null : h.response().p99Ms()),
                    SweepTable.format(h.startMs()), SweepTable.format(h.barrierToFirstRequestMs())});
        }
        return rows;
    }

    /** The line under the table: how far apart the hosts started. */
    static String spread(PointAnalysis p) {
        Hosts h = p.hosts();
        return "Start instants of the client JVMs within " + SweepTable.format(h.startSpreadMs()) + " ms of each "
                + "other on the common time axis; first requests of the hosts within "
                + SweepTable.format(h.firstRequestSpreadMs()) + " ms. Clock offsets: the coordinator's clock minus "
                + "the host's, from the ping with the shortest round trip; start: the host's first schedule start "
                + "after the point's start instant.";
    }
}
