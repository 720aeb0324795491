package org.orbscope.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A loaded scenario file: its tree (as written, --set overrides applied), where each node sits in the file,
 * and the validated scenario. Expands the sweep into points, each validated on its own.
 */
public final class ScenarioDocument {
    private final String name;
    private final JsonNode tree;
    private final LocationIndex index;
    private final Scenario scenario;
    /** The --set arguments by the path they set: a problem there is theirs, not the file's. */
    private final Map<String, String> overrides;

    ScenarioDocument(String name, JsonNode tree, LocationIndex index, Scenario scenario, Map<String, String> overrides) {
        this.name = name;
        this.tree = tree;
        this.index = index;
        this.scenario = scenario;
        this.overrides = overrides;
    }

    public String fileName() {
        return name;
    }

    public Scenario scenario() {
        return scenario;
    }

    /** The tree as loaded (a copy). */
    public JsonNode tree() {
        return tree.deepCopy();
    }

    /**
     * Every setting the document makes, by its path as {@code --set} takes it ({@code server.orb.poolMax},
     * {@code client.processes[0].requests}; the sweep's lists under {@code sweep.}), in document order: what two
     * runs' scenarios are compared by. Defaults the document leaves out are not among them.
     */
    public Map<String, String> settings() {
        return TreePaths.leaves(tree);
    }

    public String toYaml() {
        return ScenarioLoader.toYaml(tree);
    }

    /**
     * The sweep points in run order: one named {@code single} without a sweep; otherwise the cartesian product
     * (or the zip) of the sweep lists, named {@code <leaf>=<value>[,<leaf>=<value>...]} (directory-safe).
     */
    public List<SweepPoint> points() throws ScenarioException {
        SweepSpec sweep = scenario.sweep();
        List<SweepPoint> points = new ArrayList<>();
        if (sweep.isEmpty()) {
            ObjectNode t = tree.deepCopy();
            t.remove("sweep");
            points.add(new SweepPoint("single", Map.of(), scenario, t));
            return points;
        }
        List<String> paths = new ArrayList<>(sweep.axes().keySet());
        Map<String, String> labels = labels(paths);
        for (String p : paths) {
            try {
                TreePaths.parse(p);
            } catch (IllegalArgumentException e) {
                throw at(p, e.getMessage());
            }
        }
        List<int[]> combos = new ArrayList<>();
        if (sweep.zip()) {
            int n = sweep.axes().get(paths.get(0)).size();
            for (String p : paths) {
                if (sweep.axes().get(p).size() != n) {
                    throw at(p, "zip: true needs equally long lists (" + paths.get(0) + " has " + n + " values, "
                            + p + " has " + sweep.axes().get(p).size() + ")");
                }
            }
            for (int i = 0; i < n; i++) {
                int[] c = new int[paths.size()];
                java.util.Arrays.fill(c, i);
                combos.add(c);
            }
        } else {
            product(sweep, paths, 0, new int[paths.size()], combos);
        }
        Set<String> names = new HashSet<>();
        for (int[] combo : combos) {
            ObjectNode t = tree.deepCopy();
            t.remove("sweep");
            Map<String, String> params = new LinkedHashMap<>();
            StringBuilder pointName = new StringBuilder();
            for (int k = 0; k < paths.size(); k++) {
                String path = paths.get(k);
                JsonNode value = sweep.axes().get(path).get(combo[k]);
                try {
                    TreePaths.set(t, path, value);
                } catch (IllegalArgumentException e) {
                    throw at(path, "bad sweep path: " + e.getMessage());
                }
                String text = value.isValueNode() ? value.asText() : value.toString();
                params.put(path, text);
                if (pointName.length() > 0) {
                    pointName.append(',');
                }
                pointName.append(labels.get(path)).append('=').append(safe(text));
            }
            Scenario s;
            try {
                s = ScenarioLoader.bind(name, t, index);
            } catch (ScenarioException e) {
                throw at(path(paths, e), "sweep point " + params + ": " + (e.field() == null ? "" : e.field() + ": ") + e.problem());
            }
            String n = pointName.toString();
            for (int dup = 2; !names.add(n); dup++) {
                n = pointName + "#" + dup;
            }
            points.add(new SweepPoint(n, params, s, t));
        }
        return points;
    }

    /**
     * Holds every point to what {@code machine} can run: a payload beyond the client's heap, a rate beyond what a
     * client JVM sends, a thread pool beyond the machine's threads ({@link MachineCheck}); the first problem is
     * thrown at its field, naming the limit.
     */
    public void checkMachine(MachineLimits machine) throws ScenarioException {
        for (SweepPoint p : points()) {
            try {
                MachineCheck.check(p.scenario(), machine);
            } catch (ScenarioValidator.Problem e) {
                for (String swept : p.params().keySet()) {
                    if (e.path.startsWith(swept)) {
                        throw at(swept, "sweep point " + p.params() + ": " + e.path + ": " + e.getMessage());
                    }
                }
                int[] lc = index.find(e.path);
                throw ScenarioLoader.blameOverride(new ScenarioException(name, lc[0], lc[1], e.path, e.getMessage()),
                        overrides);
            }
        }
    }

    private static String path(List<String> paths, ScenarioException e) {
        for (String p : paths) {
            if (e.field() != null && e.field().startsWith(p)) {
                return p;
            }
        }
        return paths.get(0);
    }

    private static void product(SweepSpec sweep, List<String> paths, int k, int[] cur, List<int[]> out) {
        if (k == paths.size()) {
            out.add(cur.clone());
            return;
        }
        for (int i = 0; i < sweep.axes().get(paths.get(k)).size(); i++) {
            cur[k] = i;
            product(sweep, paths, k + 1, cur, out);
        }
    }

    /**
     * The short name of each swept path, as point names use it (the leaf field, or the whole path where two
     * leaves clash), in sweep order.
     */
    public Map<String, String> axisLabels() {
        return labels(new ArrayList<>(scenario.sweep().axes().keySet()));
    }

    /** Short parameter names: the leaf field, or the whole path where two leaves clash. */
    private static Map<String, String> labels(List<String> paths) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (String p : paths) {
            counts.merge(leafOrPath(p), 1, Integer::sum);
        }
        Map<String, String> labels = new LinkedHashMap<>();
        for (String p : paths) {
            String leaf = leafOrPath(p);
            labels.put(p, counts.get(leaf) > 1 ? safe(p) : leaf);
        }
        return labels;
    }

    private static String leafOrPath(String p) {
        try {
            return TreePaths.leaf(p);
        } catch (IllegalArgumentException e) {
            return safe(p);
        }
    }

    /** A value as a directory name part: no separators, no spaces. */
    static String safe(String text) {
        String s = text.replaceAll("[^A-Za-z0-9._+\\-\\[\\]]", "_");
        return s.isEmpty() ? "_" : s;
    }

    private ScenarioException at(String sweepPath, String problem) {
        String field = "sweep." + sweepPath;
        int[] lc = index.find(field);
        if (lc[0] == 0) {
            lc = index.find("sweep");
        }
        return ScenarioLoader.blameOverride(new ScenarioException(name, lc[0], lc[1], field, problem), overrides);
    }
}
