package org.orbscope.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;

/**
 * One point of a sweep: its directory-safe name ({@code rate=20_s}, or {@code single}), the values it sets
 * (path -> value as written), the resolved and validated scenario, and its tree (for point.yaml).
 */
public record SweepPoint(String name, Map<String, String> params, Scenario scenario, JsonNode tree) {
}
