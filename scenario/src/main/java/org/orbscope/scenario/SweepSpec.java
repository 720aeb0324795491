package org.orbscope.scenario;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The parameters a scenario iterates: {@code sweep: {<dotted.path>: [values...]}}. Several paths give the
 * cartesian product (first path outermost) unless {@code zip: true}, which walks equally long lists together.
 */
public final class SweepSpec {
    public static final SweepSpec NONE = new SweepSpec(false, new LinkedHashMap<>());

    private final boolean zip;
    private final Map<String, List<JsonNode>> axes;

    private SweepSpec(boolean zip, Map<String, List<JsonNode>> axes) {
        this.zip = zip;
        this.axes = Collections.unmodifiableMap(axes);
    }

    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    static SweepSpec fromMap(Map<String, JsonNode> raw) {
        boolean zip = false;
        Map<String, List<JsonNode>> axes = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> e : raw.entrySet()) {
            if (e.getKey().equals("zip")) {
                if (!e.getValue().isBoolean()) {
                    throw new IllegalArgumentException("'zip' must be true or false");
                }
                zip = e.getValue().booleanValue();
                continue;
            }
            JsonNode v = e.getValue();
            if (!v.isArray() || v.isEmpty()) {
                throw new IllegalArgumentException("sweep '" + e.getKey() + "' must be a non-empty list of values");
            }
            List<JsonNode> values = new ArrayList<>();
            v.forEach(values::add);
            axes.put(e.getKey(), Collections.unmodifiableList(values));
        }
        return new SweepSpec(zip, axes);
    }

    @JsonValue
    Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        if (zip) {
            m.put("zip", true);
        }
        m.putAll(axes);
        return m;
    }

    public boolean zip() {
        return zip;
    }

    /** Path -> values, in file order. */
    public Map<String, List<JsonNode>> axes() {
        return axes;
    }

    public boolean isEmpty() {
        return axes.isEmpty();
    }
}
