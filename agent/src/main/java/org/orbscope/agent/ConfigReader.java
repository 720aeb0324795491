package org.orbscope.agent;

import java.io.BufferedReader;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * Reads a config or profile file: {@code key = value} lines (properties style) or the YAML subset users write
 * by habit: {@code key: value}, nested maps by indentation (they become dotted keys: {@code threads:} /
 * {@code   exclude: x} is {@code threads.exclude = x}), lists as {@code [a, b]} or {@code - a} lines, quotes,
 * and {@code #} comments. Hand-written for the reason {@link AgentConfig} gives; anything beyond this subset
 * (anchors, multi-line strings, flow maps) is refused with the file and line.
 */
final class ConfigReader {
    private final AgentConfig config;
    private final String source;

    private static final class Parent {
        final int indent;
        final String key;
        boolean hadItem;

        Parent(int indent, String key) {
            this.indent = indent;
            this.key = key;
        }
    }

    ConfigReader(AgentConfig config, String source) {
        this.config = config;
        this.source = source;
    }

    void read(BufferedReader in) throws IOException, AgentConfig.BadConfig {
        Deque<Parent> parents = new ArrayDeque<>();
        String line;
        int n = 0;
        while ((line = in.readLine()) != null) {
            n++;
            String where = source + ":" + n;
            String text = stripComment(line, where);
            if (text.trim().isEmpty() || text.trim().equals("---")) {
                continue;
            }
            int indent = 0;
            while (indent < text.length() && text.charAt(indent) == ' ') {
                indent++;
            }
            if (indent < text.length() && text.charAt(indent) == '\t') {
                throw new AgentConfig.BadConfig(where + ": indent with spaces, not tabs");
            }
            String t = text.trim();
            boolean item = t.startsWith("- ") || t.equals("-");
            while (!parents.isEmpty()) {
                Parent p = parents.peek();
                // A "- item" may sit at its key's own indent (a common YAML style).
                if (p.indent < indent || (item && p.indent == indent)) {
                    break;
                }
                parents.pop();
            }
            if (item) {
                if (parents.isEmpty()) {
                    throw new AgentConfig.BadConfig(where + ": a list item ('- ...') needs a key above it");
                }
                Parent p = parents.peek();
                config.setItem(p.key, unquote(t.substring(1).trim(), where), where, !p.hadItem);
                p.hadItem = true;
                continue;
            }
            int sep = separator(t);
            if (sep <= 0) {
                throw new AgentConfig.BadConfig(where + ": expected 'key: value' or 'key = value', got '" + t + "'");
            }
            String key = t.substring(0, sep).trim();
            String value = t.substring(sep + 1).trim();
            String full = parents.isEmpty() ? key : parents.peek().key + "." + key;
            if (value.isEmpty()) {
                parents.push(new Parent(indent, full));
            } else if (value.startsWith("[")) {
                if (!value.endsWith("]")) {
                    throw new AgentConfig.BadConfig(where + ": a [list] must end on the same line");
                }
                boolean first = true;
                for (String element : splitFlow(value.substring(1, value.length() - 1), where)) {
                    config.setItem(full, element, where, first);
                    first = false;
                }
            } else if (value.startsWith("{") || value.startsWith("&") || value.startsWith("*") || value.equals("|") || value.equals(">")) {
                throw new AgentConfig.BadConfig(where + ": this YAML feature is not supported here (use key: value, nesting, lists)");
            } else {
                config.set(full, unquote(value, where), where);
            }
        }
    }

    /** The first '=' or ': ' (a colon followed by a blank or the line end), whichever comes first; -1 if none. */
    private static int separator(String t) {
        for (int i = 0; i < t.length(); i++) {
            char c = t.charAt(i);
            if (c == '=') {
                return i;
            }
            if (c == ':' && (i + 1 == t.length() || t.charAt(i + 1) == ' ')) {
                return i;
            }
            if (c == '"' || c == '\'') {
                return -1;
            }
        }
        return -1;
    }

    /** Drops a '#' comment: one at the start of the text or after a blank, outside quotes ('Class#method' stays). */
    private static String stripComment(String line, String where) {
        char quote = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quote != 0) {
                if (c == quote) quote = 0;
            } else if (c == '"' || c == '\'') {
                quote = c;
            } else if (c == '#' && (i == 0 || line.charAt(i - 1) == ' ' || line.charAt(i - 1) == '\t')) {
                return line.substring(0, i);
            }
        }
        return line;
    }

    private static List<String> splitFlow(String inner, String where) throws AgentConfig.BadConfig {
        List<String> items = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        char quote = 0;
        for (int i = 0; i < inner.length(); i++) {
            char c = inner.charAt(i);
            if (quote != 0) {
                if (c == quote) quote = 0;
                cur.append(c);
            } else if (c == '"' || c == '\'') {
                quote = c;
                cur.append(c);
            } else if (c == ',') {
                items.add(unquote(cur.toString().trim(), where));
                cur.setLength(0);
            } else {
                cur.append(c);
            }
        }
        if (quote != 0) {
            throw new AgentConfig.BadConfig(where + ": unclosed quote");
        }
        if (cur.toString().trim().length() > 0 || !items.isEmpty()) {
            items.add(unquote(cur.toString().trim(), where));
        }
        return items;
    }

    private static String unquote(String v, String where) throws AgentConfig.BadConfig {
        if (v.length() >= 1 && (v.charAt(0) == '"' || v.charAt(0) == '\'')) {
            if (v.length() < 2 || v.charAt(v.length() - 1) != v.charAt(0)) {
                throw new AgentConfig.BadConfig(where + ": unclosed quote in " + v);
            }
            return v.substring(1, v.length() - 1);
        }
        return v;
    }
}
