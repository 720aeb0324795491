package org.orbscope.testkit;

import com.fasterxml.jackson.databind.JsonNode;

/** Finds rows in the JSON files orbscope writes (arrays of objects), for tests that assert on them. */
public final class JsonRows {
    private JsonRows() {
    }

    /** The first object of {@code rows} whose {@code field} reads {@code value}; an AssertionError if none does. */
    public static JsonNode row(JsonNode rows, String field, String value) {
        for (JsonNode r : rows) {
            if (r.path(field).asText().equals(value)) {
                return r;
            }
        }
        throw new AssertionError("no row with " + field + " = " + value + " in " + rows);
    }
}
