package org.orbscope.scenario;

import java.util.Collection;
import java.util.Locale;

/** "Did you mean" for misspelled names: scenario fields and values, and the command line's commands and options. */
public final class Names {
    private Names() {
    }

    /** The closest candidate within a small edit distance, or null. */
    public static String nearest(String word, Collection<String> candidates) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String c : candidates) {
            int d = distance(word.toLowerCase(Locale.ROOT), c.toLowerCase(Locale.ROOT));
            if (d < bestDistance) {
                bestDistance = d;
                best = c;
            }
        }
        return best != null && bestDistance <= Math.max(2, word.length() / 3) ? best : null;
    }

    /**
     * The enum constant a scenario names, case-insensitive; otherwise an IllegalArgumentException listing the
     * valid names (the loader shows its message at the field).
     */
    static <E extends Enum<E>> E enumValue(Class<E> type, String text) {
        String t = text == null ? "" : text.trim();
        java.util.List<String> names = new java.util.ArrayList<>();
        for (E e : type.getEnumConstants()) {
            if (e.name().equalsIgnoreCase(t)) {
                return e;
            }
            names.add(e.name().toLowerCase(Locale.ROOT));
        }
        throw new IllegalArgumentException("'" + t + "' is not one of " + String.join(", ", names)
                + suggestion(t, names));
    }

    /** "; did you mean 'x'?" for the nearest candidate, or "" when none is near. */
    public static String suggestion(String word, Collection<String> candidates) {
        String n = nearest(word, candidates);
        return n == null ? "" : "; did you mean '" + n + "'?";
    }

    private static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
