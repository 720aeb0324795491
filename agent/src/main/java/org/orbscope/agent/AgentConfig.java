package org.orbscope.agent;

import java.io.BufferedReader;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * What to record. Options come inline ({@code -javaagent:orbscope-agent.jar=config=agent.yaml,out=x.trace})
 * and from a config file of {@code key = value} lines or a small YAML subset ({@link ConfigReader});
 * ORB profiles add {@code method = ...} lines. Parsed by hand because the agent runs inside the application:
 * a YAML library would ride along in someone else's JVM (and could clash with the application's own copy).
 */
public final class AgentConfig {
    static final Set<String> EVENTS = new HashSet<>(Arrays.asList("methods", "threads", "gc", "process", "monitors", "park",
            "alloc", "jfr"));
    /** Not on unless asked for: JFR streaming starts JFR in the application's JVM (memory, threads, ~1 s latency). */
    static final Set<String> OPT_IN_EVENTS = new HashSet<>(Arrays.asList("jfr"));
    private static final Set<String> KEYS = new HashSet<>(Arrays.asList("config", "out", "profile", "include",
            "exclude", "monitors.include", "monitors.exclude", "alloc.include", "alloc.exclude", "threads.include", "threads.exclude", "cpu", "method", "events", "sample.interval.ms",
            "buffers", "buffer.size", "jfr.threshold.us", "stop", "quiet", "profile.name", "profile.orb", "profile.threads.receiver",
            "profile.threads.controller", "profile.threads.dispatcher"));

    String out = "orbscope.trace";
    final List<String> profiles = new ArrayList<>();
    final List<MethodRule> includes = new ArrayList<>();
    final List<MethodRule> excludes = new ArrayList<>();
    /** Classes whose synchronized blocks and wait/notify calls are recorded, besides the method selection's. */
    final List<Glob> monitorIncludes = new ArrayList<>();
    final List<Glob> monitorExcludes = new ArrayList<>();
    /** Classes whose instances are counted and sized as they are constructed. */
    final List<Glob> allocIncludes = new ArrayList<>();
    final List<Glob> allocExcludes = new ArrayList<>();
    final List<Glob> threadIncludes = new ArrayList<>();
    final List<Glob> threadExcludes = new ArrayList<>();
    final List<ProfileMethod> methods = new ArrayList<>();
    boolean cpu;
    boolean stop;
    boolean quiet;
    Set<String> events = defaultEvents();
    long jfrThresholdMicros = 10;
    long sampleIntervalMillis = 100;
    int buffers = 512;
    int bufferSize = 64 * 1024;

    /** A class glob plus an optional method glob ({@code com.example.**}, {@code com.example.Shop#buy*}). */
    static final class MethodRule {
        final Glob type;
        final Glob method;

        MethodRule(String spec) {
            int hash = spec.indexOf('#');
            type = new Glob(hash < 0 ? spec : spec.substring(0, hash));
            method = new Glob(hash < 0 ? "*" : spec.substring(hash + 1));
        }

        boolean matchesType(String className) {
            return type.matches(className);
        }

        boolean matches(String className, String methodName) {
            return type.matches(className) && method.matches(methodName);
        }
    }

    /** A profile entry: one exact method with its role, correlation key and CPU setting. */
    static final class ProfileMethod {
        final String type;
        final String name;
        final String descriptor;
        final String role;
        /** -2 none, -1 this, n >= 0 argument n. */
        final int key;
        /** Fields to follow from the key object (empty: the object itself). */
        final String[] keyPath;
        final boolean cpu;

        ProfileMethod(String type, String name, String descriptor, String role, int key, String[] keyPath, boolean cpu) {
            this.type = type;
            this.name = name;
            this.descriptor = descriptor;
            this.role = role;
            this.key = key;
            this.keyPath = keyPath;
            this.cpu = cpu;
        }
    }

    static final class BadConfig extends Exception {
        BadConfig(String message) {
            super(message);
        }
    }

    static AgentConfig parse(String inline) throws BadConfig {
        AgentConfig c = new AgentConfig();
        if (inline == null || inline.trim().isEmpty()) {
            return c;
        }
        List<String[]> pairs = new ArrayList<>();
        for (String part : inline.split(",")) {
            if (part.trim().isEmpty()) {
                continue;
            }
            int eq = part.indexOf('=');
            pairs.add(eq < 0 ? new String[] {part.trim(), "true"} : new String[] {part.substring(0, eq).trim(), part.substring(eq + 1).trim()});
        }
        // The config file first, so inline options override it.
        for (String[] kv : pairs) {
            if (kv[0].equals("config")) {
                try (InputStream in = new FileInputStream(kv[1])) {
                    c.read(in, kv[1]);
                } catch (IOException e) {
                    throw new BadConfig("cannot read config file " + kv[1] + ": " + e.getMessage());
                }
            }
        }
        for (String[] kv : pairs) {
            if (!kv[0].equals("config")) {
                c.set(kv[0], kv[1], "option");
            }
        }
        for (String p : new ArrayList<>(c.profiles)) {
            c.loadProfile(p);
        }
        return c;
    }

    private void loadProfile(String name) throws BadConfig {
        InputStream in = AgentConfig.class.getResourceAsStream("/profiles/" + name + ".profile");
        if (in == null) {
            try {
                in = new FileInputStream(name);
            } catch (IOException e) {
                throw new BadConfig("unknown profile '" + name + "' (not shipped, and no such file)");
            }
        }
        try (InputStream i = in) {
            read(i, "profile " + name);
        } catch (IOException e) {
            throw new BadConfig("cannot read profile " + name + ": " + e.getMessage());
        }
    }

    void read(InputStream in, String source) throws IOException, BadConfig {
        new ConfigReader(this, source).read(new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)));
    }

    void set(String key, String value, String where) throws BadConfig {
        if (!KEYS.contains(key)) {
            throw new BadConfig(where + ": unknown option '" + key + "' (known: " + new java.util.TreeSet<>(KEYS) + ")");
        }
        switch (key) {
            case "out": out = value; break;
            case "profile": profiles.add(value); break;
            case "include": includes.add(new MethodRule(value)); break;
            case "exclude": excludes.add(new MethodRule(value)); break;
            case "monitors.include": monitorIncludes.add(new Glob(value)); break;
            case "monitors.exclude": monitorExcludes.add(new Glob(value)); break;
            case "alloc.include": allocIncludes.add(new Glob(value)); break;
            case "alloc.exclude": allocExcludes.add(new Glob(value)); break;
            case "threads.include": threadIncludes.add(new Glob(value, true)); break;
            case "threads.exclude": threadExcludes.add(new Glob(value, true)); break;
            case "cpu": cpu = bool(value, where); break;
            case "stop": stop = bool(value, where); break;
            case "quiet": quiet = bool(value, where); break;
            case "method": methods.add(profileMethod(value, where)); break;
            case "events": {
                Set<String> e = new HashSet<>();
                for (String s : value.trim().split("[ +;]+")) {
                    if (!EVENTS.contains(s)) {
                        throw new BadConfig(where + ": unknown event type '" + s + "' (known: " + EVENTS + ")");
                    }
                    e.add(s);
                }
                events = e;
                break;
            }
            case "sample.interval.ms": sampleIntervalMillis = number(value, where); break;
            case "buffers": buffers = (int) number(value, where); break;
            case "jfr.threshold.us": jfrThresholdMicros = value.trim().equals("0") ? 0 : number(value, where); break;
            case "buffer.size": bufferSize = (int) number(value, where); break;
            default: // profile.* descriptions: informative only
        }
    }

    /** One element of a YAML list: lists repeat the key, except {@code events}, which the list replaces as a whole. */
    void setItem(String key, String item, String where, boolean first) throws BadConfig {
        if (key.equals("events") && !first) {
            Set<String> before = events;
            set(key, item, where);
            before.addAll(events);
            events = before;
        } else {
            set(key, item, where);
        }
    }

    private static boolean bool(String v, String where) throws BadConfig {
        if (v.equalsIgnoreCase("true") || v.equalsIgnoreCase("on")) return true;
        if (v.equalsIgnoreCase("false") || v.equalsIgnoreCase("off")) return false;
        throw new BadConfig(where + ": expected true or false, got '" + v + "'");
    }

    private static long number(String v, String where) throws BadConfig {
        try {
            long n = Long.parseLong(v.trim());
            if (n <= 0) throw new NumberFormatException();
            return n;
        } catch (NumberFormatException e) {
            throw new BadConfig(where + ": expected a positive number, got '" + v + "'");
        }
    }

    /** {@code pkg.Class#name(desc)V | role=x | key=none|this|argN | cpu=true}. */
    private static ProfileMethod profileMethod(String v, String where) throws BadConfig {
        String[] parts = v.split("\\|");
        String sig = parts[0].trim();
        int hash = sig.indexOf('#');
        int paren = sig.indexOf('(');
        if (hash < 0 || paren < hash) {
            throw new BadConfig(where + ": method must be Class#name(descriptor), got '" + sig + "'");
        }
        String role = null;
        int key = -2;
        String[] path = new String[0];
        boolean cpu = false;
        for (int i = 1; i < parts.length; i++) {
            String p = parts[i].trim();
            int eq = p.indexOf('=');
            String k = eq < 0 ? p : p.substring(0, eq).trim();
            String val = eq < 0 ? "" : p.substring(eq + 1).trim();
            if (k.equals("role")) {
                role = val.toLowerCase(Locale.ROOT);
            } else if (k.equals("cpu")) {
                cpu = bool(val, where);
            } else if (k.equals("key")) {
                String[] segments = val.split("\\.", -1);
                String base = segments[0];
                if (base.equals("none") && segments.length == 1) key = -2;
                else if (base.equals("this")) key = -1;
                else if (base.startsWith("arg") && base.length() > 3 && base.substring(3).matches("[0-9]+")) key = Integer.parseInt(base.substring(3));
                else throw new BadConfig(where + ": key must be none, this, argN, or this/argN followed by .field names, got '" + val + "'");
                path = Arrays.copyOfRange(segments, 1, segments.length);
                for (String f : path) {
                    if (!f.matches("[A-Za-z_$][A-Za-z0-9_$]*")) {
                        throw new BadConfig(where + ": key field path '" + val + "' has a bad field name '" + f + "'");
                    }
                }
            } else {
                throw new BadConfig(where + ": unknown method attribute '" + k + "' (role, key, cpu)");
            }
        }
        return new ProfileMethod(sig.substring(0, hash), sig.substring(hash + 1, paren), sig.substring(paren), role, key, path, cpu);
    }

    private static Set<String> defaultEvents() {
        Set<String> e = new HashSet<>(EVENTS);
        e.removeAll(OPT_IN_EVENTS);
        return e;
    }

    /** JFR blocking events shorter than this are not recorded (JFR's own threshold). */
    public long jfrThresholdNanos() {
        return jfrThresholdMicros * 1000L;
    }

    public boolean threadSelected(String name) {
        if (!threadIncludes.isEmpty()) {
            boolean in = false;
            for (Glob g : threadIncludes) in |= g.matches(name);
            if (!in) return false;
        }
        for (Glob g : threadExcludes) {
            if (g.matches(name)) return false;
        }
        return true;
    }
}
