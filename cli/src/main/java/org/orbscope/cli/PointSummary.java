package org.orbscope.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** One summary.csv row: the client's summary.json figures plus server CPU utilisation from system.csv. */
record PointSummary(long sent, long completed, long failed, double achievedRate, double meanMs, double p50Ms,
                    double p90Ms, double p99Ms, double maxMs, double serverCpuUtil) {
    private static final ObjectMapper JSON = new ObjectMapper();

    static final PointSummary MISSING = new PointSummary(-1, -1, -1, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
            Double.NaN, Double.NaN, Double.NaN);

    static PointSummary read(Path pointDir, int serverCpus) {
        double util = serverCpuUtil(pointDir.resolve("server").resolve("system.csv"), serverCpus);
        Path json = pointDir.resolve("client").resolve("summary.json");
        if (!Files.isRegularFile(json)) {
            return new PointSummary(-1, -1, -1, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, util);
        }
        try {
            JsonNode n = JSON.readTree(json.toFile());
            JsonNode r = n.path("response");
            return new PointSummary(n.path("sent").asLong(-1), n.path("completed").asLong(-1), n.path("failed").asLong(-1),
                    num(n.path("achievedRatePerSec")), num(r.path("meanMs")), num(r.path("p50Ms")), num(r.path("p90Ms")),
                    num(r.path("p99Ms")), num(r.path("maxMs")), util);
        } catch (IOException e) {
            return MISSING;
        }
    }

    private static double num(JsonNode n) {
        return n.isNumber() ? n.asDouble() : Double.NaN;
    }

    /**
     * Busy fraction of the CPUs the server may use: process CPU time over wall time between the first and last
     * sample, divided by the number of those CPUs. NaN when system.csv lacks the columns.
     */
    static double serverCpuUtil(Path systemCsv, int cpus) {
        try {
            List<String> lines = Files.readAllLines(systemCsv);
            if (lines.size() < 3) {
                return Double.NaN;
            }
            List<String> header = List.of(lines.get(0).split(","));
            int t = header.indexOf("epoch_ms");
            int c = header.indexOf("process_cpu_ns");
            if (t < 0 || c < 0) {
                return Double.NaN;
            }
            String[] first = lines.get(1).split(",");
            String[] last = lines.get(lines.size() - 1).split(",");
            double wallNs = (Double.parseDouble(last[t]) - Double.parseDouble(first[t])) * 1e6;
            double cpuNs = Double.parseDouble(last[c]) - Double.parseDouble(first[c]);
            return wallNs > 0 ? cpuNs / wallNs / Math.max(1, cpus) : Double.NaN;
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
    }
}
