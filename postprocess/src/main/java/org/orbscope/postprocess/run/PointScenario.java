package org.orbscope.postprocess.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The facts of a point's resolved scenario (point.yaml) the report needs. Read as a YAML tree rather than
 * through the scenario classes so that a report of an older run still comes out when the schema moves on.
 */
public final class PointScenario {
    public final String text;
    public final JsonNode root;
    public final String problem;

    private PointScenario(String text, JsonNode root, String problem) {
        this.text = text;
        this.root = root;
        this.problem = problem;
    }

    public static PointScenario read(Path yaml) {
        if (!Files.isRegularFile(yaml)) {
            return new PointScenario("", MissingNode.getInstance(), yaml.getFileName() + " missing");
        }
        try {
            String text = Files.readString(yaml);
            JsonNode root = new ObjectMapper(new YAMLFactory()).readTree(text);
            return new PointScenario(text, root == null ? MissingNode.getInstance() : root, null);
        } catch (IOException | RuntimeException e) {
            return new PointScenario("", MissingNode.getInstance(), yaml + ": unreadable: " + e.getMessage());
        }
    }

    public String name() {
        return root.path("name").asText("");
    }

    public String description() {
        return root.path("description").asText("");
    }

    /** Processors the server was pinned to (0 = not pinned). */
    public int serverCpus() {
        JsonNode cpus = root.path("server").path("cpus");
        return cpus.isArray() ? cpus.size() : 0;
    }

    public int clientCpus() {
        JsonNode cpus = root.path("client").path("cpus");
        return cpus.isArray() ? cpus.size() : 0;
    }

    public boolean monitoring() {
        return root.path("monitoring").path("enabled").asBoolean(false);
    }

    /** Warm-up requests excluded from statistics when the scenario gives a count (durations: 0). */
    public long warmupRequests() {
        JsonNode w = root.path("client").path("warmup");
        if (w.isNumber()) {
            return w.asLong();
        }
        if (w.isTextual() && w.asText().matches("\\d+")) {
            return Long.parseLong(w.asText());
        }
        return 0;
    }

    /** Dispatcher threads (orb.poolMax), or 0 when not given. */
    public int poolMax() {
        return root.path("server").path("orb").path("poolMax").asInt(0);
    }

    public int connections() {
        return root.path("client").path("connections").asInt(1);
    }

    /** Sum of the processes' offered arrival rates in requests/s (NaN when none parse). */
    public double offeredRatePerSec() {
        double sum = 0;
        boolean any = false;
        for (JsonNode p : root.path("client").path("processes")) {
            double r = Rates.perSecond(p.path("arrival").path("rate").asText(""));
            if (!Double.isNaN(r)) {
                sum += r;
                any = true;
            }
        }
        return any ? sum : Double.NaN;
    }

    public String arrivalLaw() {
        for (JsonNode p : root.path("client").path("processes")) {
            return p.path("arrival").path("law").asText("");
        }
        return "";
    }

    /** One line per fact for the newcomer's "what ran" list. */
    public List<String> facts() {
        List<String> f = new ArrayList<>();
        JsonNode server = root.path("server");
        JsonNode orb = server.path("orb");
        f.add("Server: " + (serverCpus() > 0 ? "pinned to " + serverCpus() + " CPU(s) " + server.path("cpus")
                : "not pinned") + ", dispatcher pool " + orb.path("poolMin").asText("?") + ".."
                + orb.path("poolMax").asText("?") + (orb.path("poolShared").asBoolean(false) ? " (shared)" : "")
                + ", queue max " + orb.path("queueMax").asText("default"));
        for (JsonNode o : server.path("objects")) {
            StringBuilder b = new StringBuilder("Object ").append(o.path("id").asText("?")).append(" in POA ")
                    .append(o.path("poa").asText("RootPOA"));
            o.path("operations").fields().forEachRemaining(e -> b.append("; ").append(e.getKey()).append(": cpu ")
                    .append(compact(e.getValue().path("cpu"))).append(", wait ")
                    .append(compact(e.getValue().path("wait"))));
            f.add(b.toString());
        }
        JsonNode client = root.path("client");
        f.add("Client: " + (clientCpus() > 0 ? "pinned to " + client.path("cpus") : "not pinned") + ", "
                + connections() + " connection(s), " + client.path("invocation").asText("sync") + " invocations"
                + (warmupRequests() > 0 ? ", warm-up " + warmupRequests() + " requests excluded" : ""));
        for (JsonNode p : client.path("processes")) {
            f.add("Process " + p.path("name").asText("?") + ": " + p.path("arrival").path("law").asText("?")
                    + " arrivals at " + p.path("arrival").path("rate").asText("?") + ", "
                    + (p.has("requests") ? p.path("requests").asText() + " requests" : "for "
                    + p.path("duration").asText("?")));
        }
        f.add("Monitoring: " + (monitoring() ? "agent on (profile " + root.path("monitoring").path("profile")
                .asText("jacorb") + ")" : "off (no server trace, no stage data)"));
        return f;
    }

    private static String compact(JsonNode n) {
        if (n.isMissingNode() || n.isNull()) {
            return "none";
        }
        if (n.isValueNode()) {
            return n.asText();
        }
        StringBuilder b = new StringBuilder();
        n.fields().forEachRemaining(e -> b.append(b.length() == 0 ? "" : " ").append(e.getKey()).append('=')
                .append(e.getValue().isValueNode() ? e.getValue().asText() : e.getValue().toString()));
        return b.toString();
    }
}
