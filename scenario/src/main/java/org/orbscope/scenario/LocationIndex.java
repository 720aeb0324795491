package org.orbscope.scenario;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;

/**
 * Line and column of every node of a YAML document, keyed by field path ({@code client.processes[0].arrival.rate}).
 * Jackson's tree model drops locations, so semantic checks made after binding look them up here.
 */
public final class LocationIndex {
    private final Map<String, int[]> locations = new HashMap<>();

    static LocationIndex of(ObjectMapper mapper, String text) throws IOException {
        LocationIndex index = new LocationIndex();
        try (JsonParser p = mapper.getFactory().createParser(text)) {
            for (JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
                JsonLocation loc = p.currentTokenLocation();
                int[] lc = {loc.getLineNr(), loc.getColumnNr()};
                if (t == JsonToken.FIELD_NAME) {
                    index.locations.put(pathOf(p.getParsingContext()), lc);
                } else if (t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY) {
                    index.locations.putIfAbsent(pathOf(p.getParsingContext().getParent()), lc);
                } else if (t.isScalarValue()) {
                    // Point at the value itself: "rate: -5/s" is wrong at the value, not at the key.
                    index.locations.put(pathOf(p.getParsingContext()), lc);
                }
            }
        }
        return index;
    }

    static String pathOf(JsonStreamContext ctx) {
        StringBuilder b = new StringBuilder();
        for (JsonStreamContext c = ctx; c != null && !c.inRoot(); c = c.getParent()) {
            if (c.inObject() && c.getCurrentName() != null) {
                b.insert(0, "." + c.getCurrentName());
            } else if (c.inArray()) {
                b.insert(0, "[" + Math.max(0, c.getCurrentIndex()) + "]");
            }
        }
        return b.length() > 0 && b.charAt(0) == '.' ? b.substring(1) : b.toString();
    }

    /** {line, column} of the path, or of its nearest enclosing node that has one; {0, 0} if none. */
    public int[] find(String path) {
        String p = path == null ? "" : path;
        while (true) {
            int[] lc = locations.get(p);
            if (lc != null) {
                return lc;
            }
            int cut = Math.max(p.lastIndexOf('.'), p.lastIndexOf('['));
            if (cut <= 0) {
                return p.isEmpty() ? new int[] {0, 0} : find("");
            }
            p = p.substring(0, cut);
        }
    }
}
