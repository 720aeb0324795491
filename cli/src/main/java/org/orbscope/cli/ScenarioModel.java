package org.orbscope.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.orbscope.model.ArrivalLaw;
import org.orbscope.model.Dist;
import org.orbscope.model.ModelParameters;
import org.orbscope.model.PoolScope;
import org.orbscope.model.ThreadingModel;

/**
 * Maps a scenario (the team contract's YAML schema) to seed 001's model parameters, one per sweep point.
 * It reads the YAML tree because only the fields the model needs matter here; names and defaults follow the
 * scenario contract (JacORB defaults where the scenario is silent: poolMax 20, one pool per POA).
 */
final class ScenarioModel {
    /** One sweep point ("single" without a sweep) and its model. */
    record Point(String name, ModelParameters parameters, long requests) { }

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private ScenarioModel() {
    }

    static List<Point> load(Path file, ScenarioModelOverrides o) throws IOException {
        JsonNode root = read(file);
        List<Point> points = new ArrayList<>();
        JsonNode sweep = root.path("sweep");
        if (!sweep.isObject() || sweep.isEmpty()) {
            points.add(point(file, "single", root, o));
            return points;
        }
        List<String> paths = new ArrayList<>();
        List<JsonNode> values = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = sweep.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!e.getValue().isArray() || e.getValue().isEmpty()) {
                throw new IllegalArgumentException(file + ": sweep." + e.getKey() + ": expected a list of values");
            }
            paths.add(e.getKey());
            values.add(e.getValue());
        }
        int[] idx = new int[paths.size()];
        while (true) {
            ObjectNode copy = root.deepCopy();
            copy.remove("sweep");
            StringBuilder name = new StringBuilder();
            for (int i = 0; i < idx.length; i++) {
                JsonNode v = values.get(i).get(idx[i]);
                set(file, copy, paths.get(i), v);
                name.append(i == 0 ? "" : ",").append(paths.get(i)).append('=').append(v.asText());
            }
            points.add(point(file, name.toString(), copy, o));
            int k = idx.length - 1;
            while (k >= 0 && ++idx[k] == values.get(k).size()) {
                idx[k--] = 0;
            }
            if (k < 0) {
                return points;
            }
        }
    }

    static JsonNode read(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException(file + ": no such scenario file");
        }
        try {
            JsonNode root = YAML.readTree(file.toFile());
            if (root == null || !root.isObject()) {
                throw new IllegalArgumentException(file + ": expected a YAML mapping at the top");
            }
            return root;
        } catch (com.fasterxml.jackson.core.JacksonException e) {
            throw new IllegalArgumentException(file + ": " + e.getOriginalMessage()
                    + (e.getLocation() != null ? " (line " + e.getLocation().getLineNr() + ")" : ""));
        }
    }

    /** Sets a dotted path such as {@code client.processes[0].arrival.rate}. */
    private static void set(Path file, ObjectNode root, String path, JsonNode value) {
        String[] parts = path.split("\\.");
        JsonNode node = root;
        for (int i = 0; i < parts.length; i++) {
            String part = parts[i];
            int bracket = part.indexOf('[');
            String field = bracket < 0 ? part : part.substring(0, bracket);
            boolean last = i == parts.length - 1;
            if (bracket < 0) {
                if (!(node instanceof ObjectNode)) {
                    throw new IllegalArgumentException(file + ": sweep path '" + path + "': '" + field
                            + "' is not inside a mapping");
                }
                if (last) {
                    ((ObjectNode) node).set(field, value);
                    return;
                }
                JsonNode next = node.get(field);
                if (next == null) {
                    next = ((ObjectNode) node).putObject(field);
                }
                node = next;
            } else {
                int index = Integer.parseInt(part.substring(bracket + 1, part.indexOf(']')));
                JsonNode arr = node.get(field);
                if (!(arr instanceof ArrayNode) || index >= arr.size()) {
                    throw new IllegalArgumentException(file + ": sweep path '" + path + "': no element " + index
                            + " in '" + field + "'");
                }
                if (last) {
                    ((ArrayNode) arr).set(index, value);
                    return;
                }
                node = arr.get(index);
            }
        }
    }

    static Point point(Path file, String name, JsonNode root, ScenarioModelOverrides o) {
        String where = file + (name.equals("single") ? "" : " [point " + name + "]") + ": ";
        JsonNode server = root.path("server");
        JsonNode orb = server.path("orb");
        JsonNode client = root.path("client");
        ModelParameters.Builder b = ModelParameters.builder();
        double cores = server.path("cpus").isArray() && server.path("cpus").size() > 0 ? server.path("cpus").size()
                : Runtime.getRuntime().availableProcessors();
        b.cores(o.cores() != null ? o.cores() : cores);
        b.dispatcherThreads(intField(where, orb, "server.orb.poolMax", 20));
        b.poolScope(orb.path("poolShared").asBoolean(false) ? PoolScope.SHARED : PoolScope.PER_POA);
        b.threadingModel(o.threading() != null ? o.threading() : ThreadingModel.THREAD_POOL);
        int connections = intField(where, client, "client.connections", 1);
        b.connections(connections);
        b.receiverCpu(Dist.deterministic(o.receiverCpuNanos())).poaCpu(Dist.deterministic(o.poaCpuNanos()));
        b.poa("RootPOA", 0);
        JsonNode poas = server.path("poas");
        for (int i = 0; i < poas.size(); i++) {
            JsonNode p = poas.get(i);
            String pn = text(where, p, "server.poas[" + i + "].name");
            boolean single = "SINGLE_THREAD_MODEL".equals(p.path("threadPolicy").asText(""));
            try {
                b.poa(pn, single ? 1 : 0);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(where + "server.poas[" + i + "]: " + e.getMessage());
            }
        }
        JsonNode objects = server.path("objects");
        if (!objects.isArray() || objects.isEmpty()) {
            throw new IllegalArgumentException(where + "server.objects: at least one object is needed");
        }
        for (int i = 0; i < objects.size(); i++) {
            JsonNode obj = objects.get(i);
            String f = "server.objects[" + i + "]";
            String id = text(where, obj, f + ".id");
            try {
                b.servant(id, obj.path("poa").asText("RootPOA"), intField(where, obj, f + ".concurrency", 0));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(where + f + ": " + e.getMessage());
            }
            JsonNode ops = obj.path("operations");
            if (!ops.isObject() || ops.isEmpty()) {
                throw new IllegalArgumentException(where + f + ".operations: at least one operation is needed");
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = ops.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                String of = f + ".operations." + e.getKey();
                JsonNode spec = e.getValue();
                b.operation(id, e.getKey(), ScenarioModelDist.parse(where, of + ".cpu", spec.get("cpu")),
                        ScenarioModelDist.parse(where, of + ".wait", spec.get("wait")),
                        Dist.deterministic(o.marshalCpuNanos()));
            }
        }
        long requests = 0;
        JsonNode processes = client.path("processes");
        if (!processes.isArray() || processes.isEmpty()) {
            throw new IllegalArgumentException(where + "client.processes: at least one process is needed");
        }
        for (int i = 0; i < processes.size(); i++) {
            JsonNode proc = processes.get(i);
            String f = "client.processes[" + i + "]";
            JsonNode arrival = proc.path("arrival");
            String law = arrival.path("law").asText("poisson");
            ArrivalLaw l;
            switch (law) {
                case "poisson": l = ArrivalLaw.POISSON; break;
                case "deterministic": l = ArrivalLaw.DETERMINISTIC; break;
                default: throw new IllegalArgumentException(where + f + ".arrival.law: expected poisson or "
                        + "deterministic, got '" + law + "'");
            }
            double rate = ScenarioModelDist.rate(where, f + ".arrival.rate", arrival.get("rate"));
            if (proc.has("requests")) {
                requests += intField(where, proc, f + ".requests", 0);
            } else if (proc.has("duration")) {
                requests += (long) (rate * ScenarioModelDist.nanos(where, f + ".duration", proc.get("duration")) / 1e9);
            }
            JsonNode targets = proc.path("targets");
            String[] names;
            double[] probs;
            if (targets.isMissingNode() || targets.isNull()) {
                // No targets: every operation of every object, equally likely.
                List<String> all = new ArrayList<>();
                for (JsonNode obj : objects) {
                    obj.path("operations").fieldNames().forEachRemaining(op -> all.add(obj.path("id").asText() + "." + op));
                }
                names = all.toArray(new String[0]);
                probs = new double[names.length];
                java.util.Arrays.fill(probs, 1);
            } else if (!targets.isArray() || targets.isEmpty()) {
                throw new IllegalArgumentException(where + f + ".targets: expected a non-empty list");
            } else {
                names = new String[targets.size()];
                probs = new double[targets.size()];
            }
            for (int t = 0; t < targets.size(); t++) {
                JsonNode tg = targets.get(t);
                String tf = f + ".targets[" + t + "]";
                String object = text(where, tg, tf + ".object");
                String operation = tg.path("operation").asText("");
                if (operation.isEmpty()) {
                    operation = onlyOperation(where, tf, objects, object);
                }
                names[t] = object + "." + operation;
                probs[t] = tg.has("probability") ? tg.get("probability").asDouble(-1) : 1;
            }
            try {
                b.stream(l, rate, connections == 1 ? 0 : -1, names, probs);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(where + f + ": " + e.getMessage());
            }
        }
        try {
            return new Point(name, b.build(), requests);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(where + e.getMessage());
        }
    }

    private static String onlyOperation(String where, String field, JsonNode objects, String object) {
        for (JsonNode obj : objects) {
            if (object.equals(obj.path("id").asText()) && obj.path("operations").size() == 1) {
                return obj.path("operations").fieldNames().next();
            }
        }
        throw new IllegalArgumentException(where + field + ".operation: missing (object '" + object
                + "' does not have exactly one operation)");
    }

    private static String text(String where, JsonNode node, String field) {
        JsonNode v = node.get(field.substring(field.lastIndexOf('.') + 1));
        if (v == null || !v.isValueNode() || v.asText().isEmpty()) {
            throw new IllegalArgumentException(where + field + ": missing");
        }
        return v.asText();
    }

    private static int intField(String where, JsonNode node, String field, int dflt) {
        JsonNode v = node.get(field.substring(field.lastIndexOf('.') + 1));
        if (v == null || v.isNull()) {
            return dflt;
        }
        if (!v.canConvertToInt() || v.asInt() < 0) {
            if (v.isTextual() && v.asText().matches("\\d+")) {
                return Integer.parseInt(v.asText());
            }
            throw new IllegalArgumentException(where + field + ": expected a non-negative integer, got '"
                    + v.asText() + "'");
        }
        return v.asInt();
    }
}
