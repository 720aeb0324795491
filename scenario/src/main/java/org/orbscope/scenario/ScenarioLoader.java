package org.orbscope.scenario;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Locale;

/**
 * Reads and validates scenario files. Binding errors and semantic errors both come back as
 * {@link ScenarioException} naming file, line, column and field path.
 */
public final class ScenarioLoader {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory()
            .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
            .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES))
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY)
            // "requests: 1.5" is an error, not 1 request.
            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT);
    /** Larger files are refused at once: a scenario is a page of YAML, and parsing megabytes takes minutes. */
    static final long MAX_FILE_BYTES = 1 << 20;

    private ScenarioLoader() {
    }

    public static ObjectMapper yamlMapper() {
        return YAML.copy();
    }

    /** Loads and validates a scenario file (every sweep point included). */
    public static Scenario load(Path file) throws ScenarioException {
        ScenarioDocument doc = loadDocument(file, List.of());
        doc.points();
        return doc.scenario();
    }

    /**
     * Loads a scenario file, applies {@code --set path=value} overrides (value read as a YAML scalar or flow
     * node), and validates the result. Sweep points are validated by {@link ScenarioDocument#points()}.
     */
    public static ScenarioDocument loadDocument(Path file, List<String> overrides) throws ScenarioException {
        String name = file.toString();
        String text;
        try {
            long size = Files.size(file);
            if (size > MAX_FILE_BYTES) {
                throw new ScenarioException(name, 0, 0, null, "the file has " + size + " bytes; a scenario has at "
                        + "most " + MAX_FILE_BYTES + " (is this the right file?)");
            }
            text = Files.readString(file);
        } catch (NoSuchFileException e) {
            throw new ScenarioException(name, 0, 0, null, "no such file");
        } catch (java.nio.charset.MalformedInputException e) {
            throw new ScenarioException(name, 0, 0, null, "not a text file (not UTF-8)");
        } catch (IOException e) {
            throw new ScenarioException(name, 0, 0, null, "cannot read: " + e.getMessage());
        }
        return parseDocument(name, text, overrides);
    }

    /** Parses and validates scenario text; {@code name} is used in messages. */
    public static Scenario parse(String name, String text) throws ScenarioException {
        ScenarioDocument doc = parseDocument(name, text, List.of());
        doc.points();
        return doc.scenario();
    }

    public static ScenarioDocument parseDocument(String name, String text, List<String> overrides) throws ScenarioException {
        JsonNode tree;
        LocationIndex index;
        Aliases.refuse(name, text);
        try {
            tree = YAML.readTree(text);
            index = LocationIndex.of(YAML, text);
        } catch (JsonProcessingException e) {
            throw YamlSyntax.problem(name, text, e);
        } catch (IOException e) {
            throw new ScenarioException(name, 0, 0, null, e.getMessage());
        }
        if (!(tree instanceof ObjectNode)) {
            throw new ScenarioException(name, 1, 1, null, "a scenario is a YAML mapping (name:, server:, client:, ...)");
        }
        Map<String, String> set = new LinkedHashMap<>();
        for (String o : overrides) {
            int eq = o.indexOf('=');
            if (eq <= 0) {
                throw new ScenarioException("--set", 0, 0, null, "'" + o + "' is not path=value");
            }
            String path = o.substring(0, eq).trim();
            try {
                if (path.startsWith(SWEEP_PREFIX) && path.length() > SWEEP_PREFIX.length()) {
                    sweepAxis((ObjectNode) tree, path.substring(SWEEP_PREFIX.length()), scalar(o.substring(eq + 1)));
                } else {
                    TreePaths.set(tree, path, scalar(o.substring(eq + 1)));
                }
            } catch (IllegalArgumentException e) {
                throw new ScenarioException("--set " + o, 0, 0, path, e.getMessage());
            }
            set.put(path, o);
        }
        Scenario scenario;
        try {
            scenario = bind(name, tree, index);
        } catch (ScenarioException e) {
            throw blameOverride(e, set);
        }
        return new ScenarioDocument(name, tree, index, scenario, set);
    }

    private static final String SWEEP_PREFIX = "sweep.";

    /**
     * {@code --set sweep.<path>=[values]} sets one sweep axis: a sweep's keys are paths themselves, so everything
     * after {@code sweep.} is the key ({@code sweep.zip} is the zip flag).
     */
    private static void sweepAxis(ObjectNode tree, String key, JsonNode value) {
        JsonNode sweep = tree.get("sweep");
        if (sweep == null || sweep.isNull()) {
            sweep = tree.putObject("sweep");
        } else if (!(sweep instanceof ObjectNode)) {
            throw new IllegalArgumentException("'sweep' is not a mapping, so it has no axis " + key);
        }
        ((ObjectNode) sweep).set(key, value);
    }

    /** A problem inside a value that {@code --set} replaced is the --set argument's, not the file's line. */
    static ScenarioException blameOverride(ScenarioException e, Map<String, String> set) {
        if (e.field() != null) {
            for (Map.Entry<String, String> s : set.entrySet()) {
                String path = s.getKey();
                boolean inside = e.field().equals(path) || e.field().startsWith(path + ".") || e.field().startsWith(path + "[");
                // A field the --set path created on its way (foo of --set foo.bar=1) is unknown because of it.
                boolean created = path.startsWith(e.field() + ".") && e.problem().startsWith("unknown field");
                if (inside || created) {
                    return new ScenarioException("--set " + s.getValue(), 0, 0, e.field(), e.problem());
                }
            }
        }
        return e;
    }

    /** A --set or sweep value as YAML reads it: 4 is a number, 20/s a string, [0, 1] a list. */
    static JsonNode scalar(String text) {
        try {
            JsonNode n = YAML.readTree(text);
            return n == null || n.isMissingNode() ? YAML.getNodeFactory().textNode(text) : n;
        } catch (IOException e) {
            return YAML.getNodeFactory().textNode(text);
        }
    }

    static Scenario bind(String name, JsonNode tree, LocationIndex index) throws ScenarioException {
        if (tree.has("server") && tree.has("servers")) {
            int[] lc = index.find("servers");
            throw new ScenarioException(name, lc[0], lc[1], "servers", "give 'server' (one server) or 'servers' (a "
                    + "list of named servers), not both");
        }
        resolveFiles(name, tree);
        Scenario s;
        try {
            s = YAML.treeToValue(tree, Scenario.class);
        } catch (JsonMappingException e) {
            String path = path(e);
            int[] lc = index.find(path);
            throw new ScenarioException(name, lc[0], lc[1], path, message(e));
        } catch (IOException e) {
            throw new ScenarioException(name, 0, 0, null, e.getMessage());
        }
        try {
            s = Volumes.resolve(s);
            ScenarioValidator.validate(s);
        } catch (ScenarioValidator.Problem p) {
            int[] lc = index.find(p.path);
            throw new ScenarioException(name, lc[0], lc[1], p.path, p.getMessage());
        }
        return Copies.expand(s);
    }

    /**
     * Files a scenario names (replayed arrivals, the agents' configs) are relative to the scenario file; they are
     * made absolute in the tree, so that a point.yaml written into a run directory still finds them.
     */
    private static void resolveFiles(String scenarioFile, JsonNode tree) {
        Path file = Path.of(scenarioFile);
        Path dir = Files.isRegularFile(file) ? file.toAbsolutePath().getParent() : Path.of("").toAbsolutePath();
        for (JsonNode process : tree.path("client").path("processes")) {
            JsonNode arrival = process.path("arrival");
            JsonNode f = arrival.path("file");
            if (f.isTextual() && !Path.of(f.asText()).isAbsolute()) {
                ((ObjectNode) arrival).put("file", dir.resolve(f.asText()).normalize().toString());
            }
        }
        resolveConfig(tree, dir);
        for (JsonNode server : tree.path("servers")) {
            resolveConfig(server, dir);
        }
    }

    /** The agent's config file of {@code node}'s {@code monitoring}, made absolute against {@code dir}. */
    private static void resolveConfig(JsonNode node, Path dir) {
        JsonNode config = node.path("monitoring").path("config");
        if (config.isTextual() && !Path.of(config.asText()).isAbsolute()) {
            ((ObjectNode) node.path("monitoring")).put("config", dir.resolve(config.asText()).normalize().toString());
        }
    }

    private static String message(JsonMappingException e) {
        if (e instanceof UnrecognizedPropertyException) {
            UnrecognizedPropertyException u = (UnrecognizedPropertyException) e;
            List<String> known = new ArrayList<>();
            if (u.getKnownPropertyIds() != null) {
                u.getKnownPropertyIds().forEach(k -> known.add(String.valueOf(k)));
            }
            known.sort(null);
            return "unknown field '" + u.getPropertyName() + "'" + Names.suggestion(u.getPropertyName(), known)
                    + " (valid here: " + String.join(", ", known) + ")";
        }
        Throwable cause = e.getCause();
        if (e instanceof ValueInstantiationException && cause != null) {
            while (cause.getCause() != null && cause.getMessage() == null) {
                cause = cause.getCause();
            }
            return cause.getMessage();
        }
        if (cause instanceof IllegalArgumentException && cause.getMessage() != null) {
            return cause.getMessage();
        }
        if (e instanceof InvalidFormatException) {
            InvalidFormatException f = (InvalidFormatException) e;
            return "'" + f.getValue() + "' is not " + describe(f.getTargetType());
        }
        if (e instanceof MismatchedInputException && ((MismatchedInputException) e).getTargetType() != null) {
            String original = e.getOriginalMessage();
            if (original != null && original.startsWith("Missing required")) {
                return "missing required field";
            }
            return "wrong type: expected " + describe(((MismatchedInputException) e).getTargetType());
        }
        return e.getOriginalMessage();
    }

    private static String describe(Class<?> type) {
        if (type == null) {
            return "a valid value";
        }
        if (type.isEnum()) {
            List<String> names = new ArrayList<>();
            for (Object c : type.getEnumConstants()) {
                names.add(((Enum<?>) c).name().toLowerCase(Locale.ROOT));
            }
            return "one of " + String.join(", ", names);
        }
        if (type == Integer.class || type == int.class || type == Long.class || type == long.class) {
            return "an integer";
        }
        if (type == Double.class || type == double.class) {
            return "a number";
        }
        if (type == Boolean.class || type == boolean.class) {
            return "true or false";
        }
        if (type == String.class) {
            return "a string";
        }
        if (List.class.isAssignableFrom(type)) {
            return "a list";
        }
        if (java.util.Map.class.isAssignableFrom(type)) {
            return "a mapping";
        }
        if (type == Distribution.class) {
            // A bare number lands here: say which units make it a duration.
            return "a duration with its unit (ns, us, ms or s, e.g. 100us) or a distribution such as "
                    + "{dist: exponential, mean: 1ms}";
        }
        if (type.isRecord()) {
            return "a mapping (" + type.getSimpleName().replace("Spec", "") + ")";
        }
        return "a " + type.getSimpleName();
    }

    static String path(JsonMappingException e) {
        StringBuilder b = new StringBuilder();
        for (JsonMappingException.Reference r : e.getPath()) {
            if (r.getIndex() >= 0) {
                b.append('[').append(r.getIndex()).append(']');
            } else if (r.getFieldName() != null) {
                if (b.length() > 0) {
                    b.append('.');
                }
                b.append(r.getFieldName());
            }
        }
        return b.toString();
    }

    /** YAML text of a tree (point.yaml). */
    public static String toYaml(JsonNode tree) {
        try {
            return YAML.writeValueAsString(tree);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
