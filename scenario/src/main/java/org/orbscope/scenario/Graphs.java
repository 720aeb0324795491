package org.orbscope.scenario;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Cycles in the small directed graphs of a scenario (who calls whom). */
final class Graphs {
    private Graphs() {
    }

    /**
     * A cycle of {@code edges} (node -> nodes it points to; nodes without an entry have no edges) as the nodes
     * along it, first node repeated at the end; empty when there is none. Depth-first, in map order, so the cycle
     * found is the same every time.
     */
    static List<String> cycle(Map<String, List<String>> edges) {
        Map<String, Integer> state = new HashMap<>(); // absent: unseen, 1: on the path, 2: done
        for (String start : edges.keySet()) {
            List<String> path = new ArrayList<>();
            List<String> found = visit(start, edges, state, path);
            if (found != null) {
                return found;
            }
        }
        return List.of();
    }

    private static List<String> visit(String node, Map<String, List<String>> edges, Map<String, Integer> state,
                                      List<String> path) {
        Integer st = state.get(node);
        if (st != null && st == 2) {
            return null;
        }
        if (st != null) {
            List<String> cycle = new ArrayList<>(path.subList(path.indexOf(node), path.size()));
            cycle.add(node);
            return cycle;
        }
        state.put(node, 1);
        path.add(node);
        for (String next : edges.getOrDefault(node, List.of())) {
            List<String> found = visit(next, edges, state, path);
            if (found != null) {
                return found;
            }
        }
        path.remove(path.size() - 1);
        state.put(node, 2);
        return null;
    }
}
