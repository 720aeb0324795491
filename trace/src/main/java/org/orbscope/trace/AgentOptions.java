package org.orbscope.trace;

import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * The agent's option string: what follows {@code -javaagent:orbscope-agent.jar=}, what {@code orbscope attach} hands
 * a running JVM, and what a trace header keeps as {@link TraceHeader#AGENT_OPTIONS}. It is {@code key=value} pairs
 * separated by commas ({@code profile=jacorb,cpu=true,out=server.trace}); a key alone means {@code key=true}; blanks
 * around keys and values do not count; a key may come more than once ({@code include}, {@code profile}), and the
 * agent applies the pairs in order. A comma or a backslash inside a value is written after a backslash
 * ({@code out=runs/rate=100_s\,poolMax=2/server.trace}, as a sweep point's directory has it); any other backslash
 * stands for itself.
 *
 * <p>Immutable. {@link #parse} reads any option string; {@link #toArgument} writes one that parses back to equal
 * options. What each key means is the agent's business (docs/agent.md lists them).
 */
public final class AgentOptions {
    /** A config file of further options, read before the inline ones, which override it. */
    public static final String CONFIG = "config";
    /** The trace file to write. */
    public static final String OUT = "out";
    /** An ORB profile: a shipped name ({@code jacorb}) or a file. */
    public static final String PROFILE = "profile";
    /**
     * The {@link #PROFILE} that picks the shipped profile of the ORB whose classes the JVM loads (at an attach, those
     * already loaded; else the first ORB class that loads, when recording starts).
     */
    public static final String PROFILE_AUTO = "auto";
    /** Whether profiled methods record thread CPU times. */
    public static final String CPU = "cpu";
    /** One request fragment's CPU times in this many ({@code off}: none). */
    public static final String CPU_SAMPLE = "cpu.sample";
    /** Stop recording by itself this long after it started. */
    public static final String DURATION = "duration";
    /** A request to a running recording: stop. */
    public static final String STOP = "stop";
    /** A request to a running recording: write what its ring holds to this file. */
    public static final String DUMP = "dump";

    /** No options: the agent's defaults. */
    public static final AgentOptions NONE = new AgentOptions(Collections.<Map.Entry<String, String>>emptyList());

    private final List<Map.Entry<String, String>> entries;

    private AgentOptions(List<Map.Entry<String, String>> entries) {
        this.entries = entries;
    }

    /** The options of an option string as the agent reads it; null or blank: {@link #NONE}. */
    public static AgentOptions parse(String text) {
        if (text == null || text.trim().isEmpty()) {
            return NONE;
        }
        List<Map.Entry<String, String>> out = new ArrayList<>();
        for (String part : pairs(text)) {
            if (part.trim().isEmpty()) {
                continue;
            }
            int eq = part.indexOf('=');
            out.add(eq < 0 ? entry(part.trim(), "true") : entry(part.substring(0, eq).trim(), part.substring(eq + 1).trim()));
        }
        return new AgentOptions(Collections.unmodifiableList(out));
    }

    /** The pairs of an option string, split at its unescaped commas, with {@code \,} and {@code \\} unescaped. */
    private static List<String> pairs(String text) {
        List<String> parts = new ArrayList<>();
        StringBuilder part = new StringBuilder();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\\' && i + 1 < text.length() && (text.charAt(i + 1) == ',' || text.charAt(i + 1) == '\\')) {
                part.append(text.charAt(++i));
            } else if (c == ',') {
                parts.add(part.toString());
                part.setLength(0);
            } else {
                part.append(c);
            }
        }
        parts.add(part.toString());
        return parts;
    }

    /**
     * These options and then {@code key=value}.
     *
     * @throws IllegalArgumentException for an empty key, or a key holding {@code =}, {@code ,} or {@code \\}
     */
    public AgentOptions with(String key, String value) {
        String k = key == null ? "" : key.trim();
        if (k.isEmpty() || k.indexOf('=') >= 0 || k.indexOf(',') >= 0 || k.indexOf('\\') >= 0) {
            throw new IllegalArgumentException("an agent option needs a key without '=', ',' or '\\', got '" + key
                    + "'");
        }
        String v = value == null ? "" : value.trim();
        List<Map.Entry<String, String>> out = new ArrayList<>(entries);
        out.add(entry(k, v));
        return new AgentOptions(Collections.unmodifiableList(out));
    }

    /**
     * These options and then one more written as {@code key=value} (a key alone: {@code key=true}), as users give
     * them to {@code attach -o}. A comma is refused there: it is what a user writes between the items of a list
     * ({@code events=methods,threads}), which the agent's list options separate with blanks, {@code +} or {@code ;}.
     *
     * @throws IllegalArgumentException as {@link #with(String, String)}, and for a value holding {@code ,}
     */
    public AgentOptions with(String keyValue) {
        int eq = keyValue.indexOf('=');
        if (eq >= 0 && keyValue.indexOf(',', eq) >= 0) {
            throw new IllegalArgumentException("an agent option's value may not contain ',' (separate a list's items"
                    + " with '+'): " + keyValue);
        }
        return eq < 0 ? with(keyValue, "true") : with(keyValue.substring(0, eq), keyValue.substring(eq + 1));
    }

    /** Every pair, in order (a key may repeat). */
    public List<Map.Entry<String, String>> entries() {
        return entries;
    }

    /** The values given for {@code key}, in order; empty when none. */
    public List<String> values(String key) {
        List<String> out = new ArrayList<>();
        for (Map.Entry<String, String> e : entries) {
            if (e.getKey().equals(key)) {
                out.add(e.getValue());
            }
        }
        return out;
    }

    /** The first value given for {@code key}, or null. */
    public String first(String key) {
        for (Map.Entry<String, String> e : entries) {
            if (e.getKey().equals(key)) {
                return e.getValue();
            }
        }
        return null;
    }

    public boolean isEmpty() {
        return entries.isEmpty();
    }

    /** The option string ({@code key=value,key=value}), as {@code -javaagent:JAR=} and the attach API take it. */
    public String toArgument() {
        StringBuilder b = new StringBuilder();
        for (Map.Entry<String, String> e : entries) {
            if (b.length() > 0) {
                b.append(',');
            }
            b.append(e.getKey()).append('=').append(e.getValue().replace("\\", "\\\\").replace(",", "\\,"));
        }
        return b.toString();
    }

    /** The JVM option that starts the agent of {@code agentJar} with these options. */
    public String javaAgentOption(String agentJar) {
        return "-javaagent:" + agentJar + (isEmpty() ? "" : "=" + toArgument());
    }

    private static Map.Entry<String, String> entry(String key, String value) {
        return new AbstractMap.SimpleImmutableEntry<>(key, value);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof AgentOptions && ((AgentOptions) o).entries.equals(entries);
    }

    @Override
    public int hashCode() {
        return entries.hashCode();
    }

    @Override
    public String toString() {
        return toArgument();
    }
}
