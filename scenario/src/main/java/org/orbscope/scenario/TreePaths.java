package org.orbscope.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Dotted field paths with indices ({@code client.processes[0].arrival.rate}) over a Jackson tree. */
final class TreePaths {
    private static final Pattern SEGMENT = Pattern.compile("([A-Za-z_][A-Za-z0-9_]*)((?:\\[[0-9]+\\])*)");
    private static final Pattern INDEX = Pattern.compile("\\[([0-9]+)\\]");

    private TreePaths() {
    }

    /**
     * Replaces (or adds, in an existing object) the node at {@code path}.
     * @throws IllegalArgumentException naming what in the path does not exist
     */
    static void set(JsonNode root, String path, JsonNode value) {
        List<Object> steps = parse(path);
        JsonNode node = root;
        StringBuilder seen = new StringBuilder();
        for (int i = 0; i < steps.size(); i++) {
            Object step = steps.get(i);
            boolean last = i == steps.size() - 1;
            if (step instanceof String) {
                String field = (String) step;
                if (!(node instanceof ObjectNode)) {
                    throw new IllegalArgumentException("'" + seen + "' is not a mapping, so it has no field '" + field + "'");
                }
                ObjectNode obj = (ObjectNode) node;
                if (last) {
                    obj.set(field, value);
                    return;
                }
                JsonNode next = obj.get(field);
                if (next == null || next.isNull()) {
                    // A missing intermediate mapping is created; binding then rejects fields that do not exist.
                    if (steps.get(i + 1) instanceof Integer) {
                        throw new IllegalArgumentException("'" + append(seen, field) + "' does not exist, so it has no index");
                    }
                    next = obj.putObject(field);
                }
                append(seen, field);
                node = next;
            } else {
                int index = (Integer) step;
                if (!(node instanceof ArrayNode) || index >= node.size()) {
                    throw new IllegalArgumentException("'" + seen + "[" + index + "]' does not exist"
                            + (node instanceof ArrayNode ? " (the list has " + node.size() + " entries)" : ""));
                }
                if (last) {
                    ((ArrayNode) node).set(index, value);
                    return;
                }
                seen.append('[').append(index).append(']');
                node = node.get(index);
            }
        }
    }

    private static StringBuilder append(StringBuilder b, String field) {
        if (b.length() > 0) {
            b.append('.');
        }
        return b.append(field);
    }

    static List<Object> parse(String path) {
        List<Object> steps = new ArrayList<>();
        if (path == null || path.isEmpty()) {
            throw new IllegalArgumentException("empty path");
        }
        for (String part : path.split("\\.", -1)) {
            Matcher m = SEGMENT.matcher(part);
            if (!m.matches()) {
                throw new IllegalArgumentException("'" + path + "' is not a field path (write e.g. client.processes[0].arrival.rate)");
            }
            steps.add(m.group(1));
            Matcher idx = INDEX.matcher(m.group(2));
            while (idx.find()) {
                steps.add(Integer.parseInt(idx.group(1)));
            }
        }
        return steps;
    }

    /**
     * Every leaf of {@code root} by its path, in document order: a scalar as its text, a list of scalars as
     * {@code [a, b]}, an empty mapping as {@code {}}; the entries of a list of mappings each by their index.
     */
    static Map<String, String> leaves(JsonNode root) {
        Map<String, String> out = new LinkedHashMap<>();
        leaves(root, "", out);
        return out;
    }

    private static void leaves(JsonNode node, String path, Map<String, String> out) {
        if (node.isObject() && node.size() > 0) {
            node.fields().forEachRemaining(f -> leaves(f.getValue(), path.isEmpty() ? f.getKey()
                    : path + "." + f.getKey(), out));
        } else if (node.isArray() && node.size() > 0 && !allScalars(node)) {
            for (int i = 0; i < node.size(); i++) {
                leaves(node.get(i), path + "[" + i + "]", out);
            }
        } else if (node.isArray()) {
            List<String> items = new ArrayList<>();
            node.forEach(n -> items.add(n.asText()));
            out.put(path, "[" + String.join(", ", items) + "]");
        } else {
            out.put(path, node.isObject() ? "{}" : node.asText());
        }
    }

    private static boolean allScalars(JsonNode array) {
        for (JsonNode n : array) {
            if (n.isContainerNode()) {
                return false;
            }
        }
        return true;
    }

    /** The last field name of the path: the short name of a sweep parameter. */
    static String leaf(String path) {
        for (int i = parse(path).size() - 1; ; i--) {
            Object s = parse(path).get(i);
            if (s instanceof String) {
                return (String) s;
            }
        }
    }

    /** The path without index suffixes (to compare with binding error paths). */
    static String leafless(String path) {
        return path.replaceAll("\\[[0-9]+\\]", "");
    }
}
