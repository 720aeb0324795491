package org.orbscope.postprocess.point;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Read-only copies for the parts' records that keep their order (summary.json and the report list maps in the
 * order they were filled, which {@link Map#copyOf} does not keep) and allow null for "unknown".
 */
final class Frozen {
    private Frozen() {
    }

    /** An unmodifiable copy of {@code m} in its iteration order, or null. */
    static <K, V> Map<K, V> map(Map<K, V> m) {
        return m == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(m));
    }

    /** An unmodifiable copy of {@code l}, or null. */
    static <T> List<T> list(List<T> l) {
        return l == null ? null : Collections.unmodifiableList(new java.util.ArrayList<>(l));
    }
}
