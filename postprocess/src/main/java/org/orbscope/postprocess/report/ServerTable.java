package org.orbscope.postprocess.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.orbscope.postprocess.point.PointAnalysis;
import org.orbscope.postprocess.point.ServerAnalysis;
import org.orbscope.run.ReceivedCsv;

/** The per-server table of a point with several servers: one row of each server's own figures. */
final class ServerTable {
    static final List<String> HEADERS = List.of("server", "trace", "measured", "rate (req/ms)", "completion mean (ms)",
            "servant mean (ms)", "CPU per request (ms)", "utilization measured (%)", "utilization calculated (%)",
            "received");

    private ServerTable() {
    }

    /** The rows of {@code p}'s servers, in the scenario's order; empty for a point of one server. */
    static List<List<String>> rows(PointAnalysis p) {
        List<List<String>> rows = new ArrayList<>();
        if (p.servers() == null) {
            return rows;
        }
        for (Map.Entry<String, ServerAnalysis> e : p.servers().entrySet()) {
            ServerAnalysis f = e.getValue();
            List<String> r = new ArrayList<>();
            r.add(e.getKey());
            r.add(String.valueOf(f.stages().trace()));
            r.add(Long.toString(f.stages().measured()));
            r.add(SweepTable.format(f.stages().serverRatePerMs()));
            r.add(SweepTable.format(f.stages().mean("completion")));
            r.add(SweepTable.format(f.stages().mean("servant")));
            r.add(SweepTable.format(f.stages().cpuPerRequestMs()));
            r.add(SweepTable.format(percent(f.utilization().measured())));
            r.add(SweepTable.format(percent(f.utilization().calculated())));
            r.add(f.stages().received() == null ? ""
                    : Long.toString(f.stages().received().stream().mapToLong(ReceivedCsv.Row::requests).sum()));
            rows.add(r);
        }
        return rows;
    }

    private static Double percent(Double fraction) {
        return fraction == null ? null : 100 * fraction;
    }
}
