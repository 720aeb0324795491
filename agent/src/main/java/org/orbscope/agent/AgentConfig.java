package org.orbscope.agent;

import java.io.BufferedReader;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.orbscope.trace.AgentOptions;
import org.orbscope.trace.TraceHeader;
import org.orbscope.trace.profile.OrbProfile;
import org.orbscope.trace.profile.ProfileException;
import org.orbscope.trace.profile.ProfileMethod;
import org.orbscope.units.Units;

/**
 * What to record. Options come inline ({@code -javaagent:orbscope-agent.jar=config=agent.yaml,out=x.trace})
 * and from a config file of {@code key = value} lines or a small YAML subset ({@link ConfigReader}). ORB
 * profiles ({@code profile=jacorb} or a file) and profile entries written among the options ({@code method=...},
 * {@code profile.*}) are parsed by the trace module's {@link OrbProfile}, the one parser of that grammar. Parsed by hand because the agent runs inside the application:
 * a YAML library would ride along in someone else's JVM (and could clash with the application's own copy).
 */
public final class AgentConfig {
    static final Set<String> EVENTS = Collections.unmodifiableSet(new HashSet<>(Arrays.asList("methods", "threads", "gc",
            "process", "monitors", "park", "alloc", "jfr")));
    /** Not on unless asked for: JFR streaming starts JFR in the application's JVM (memory, threads, ~1 s latency). */
    static final Set<String> OPT_IN_EVENTS = Collections.singleton("jfr");
    private static final Set<String> KEYS = Collections.unmodifiableSet(new HashSet<>(Arrays.asList("config", "out", "profile", "include",
            "exclude", "monitors.include", "monitors.exclude", "alloc.include", "alloc.exclude", "threads.include", "threads.exclude", "cpu", "identities", "method", "events", "sample.interval.ms",
            "buffers", "buffer.size", "jfr.threshold.us", "stop", "quiet", "monitors.events", "cpu.sample",
            "request.sample", "budget", "cpu.net",
            "maxsize", "maxage", "duration", "dump")));

    String out = "orbscope.trace";
    /** Profiles named by {@code profile=} options, shipped names or files. */
    final List<String> profileNames = new ArrayList<>();
    /** The named profiles, loaded, then the inline one ({@code method=} and {@code profile.*} options) if any. */
    final List<OrbProfile> profiles = new ArrayList<>();
    /** {@code profile=auto}: the shipped profile of the ORB the JVM loads is added once it is known. */
    boolean autoProfile;
    private final OrbProfile.Builder inline = new OrbProfile.Builder();
    final List<MethodRule> includes = new ArrayList<>();
    final List<MethodRule> excludes = new ArrayList<>();
    /** Classes whose synchronized blocks and wait/notify calls are recorded, besides the method selection's. */
    final List<Glob> monitorIncludes = new ArrayList<>();
    final List<Glob> monitorExcludes = new ArrayList<>();
    /** The profiles' {@code monitors.include} globs: when there are any, profile classes' other monitors are not recorded. */
    final List<Glob> profileMonitorIncludes = new ArrayList<>();
    /** Record only contended monitor enters and waits (the profile's or the option's {@code monitors.events=contended}). */
    boolean monitorsContendedOnly;
    private String monitorEvents;
    /**
     * CPU times for one request fragment in this many ({@code cpu.sample}; a profile may set it, the option wins);
     * 0 ({@code cpu.sample=off}): none.
     */
    int cpuSample = 1;
    private boolean cpuSampleSet;
    /**
     * Record one request in this many, whole ({@code request.sample}): drawn where a request's first fragment
     * begins and carried by its key to the fragments that continue it. 1: every request.
     */
    int requestSample = 1;
    /**
     * {@code budget=P%}: the agent's cost the request sample adapts to, in millionths of the process's CPU time; 0:
     * no budget, the sample stays {@link #requestSample}.
     */
    int budgetPpm;
    /**
     * Request fragments' CPU times are net of the agent's own work on the thread ({@code cpu.net}, default true);
     * false records the thread CPU clock as read.
     */
    boolean cpuNet = true;
    /** Classes whose instances are counted and sized as they are constructed. */
    final List<Glob> allocIncludes = new ArrayList<>();
    final List<Glob> allocExcludes = new ArrayList<>();
    final List<Glob> threadIncludes = new ArrayList<>();
    final List<Glob> threadExcludes = new ArrayList<>();
    /** The methods of all profiles, in order (a method named twice is instrumented as its first entry says). */
    final List<ProfileMethod> methods = new ArrayList<>();
    boolean cpu;
    /**
     * {@code include}d methods record the identities of their {@code this}, object arguments and those objects'
     * fields at each enter ({@code identities}, default false): a broad trace for {@code profile suggest}.
     */
    boolean identities;
    boolean stop;
    /** Ring bounds ({@code maxsize}, {@code maxage}); 0 when not given. Either one keeps the recording as a ring. */
    long maxBytes;
    long maxAgeNanos;
    /** {@code duration}: recording stops by itself this long after it started; 0 records until stopped. */
    long durationNanos;
    /** {@code dump=FILE}: a control request to the running recording, to write what its ring holds. */
    String dump;
    boolean quiet;
    Set<String> events = defaultEvents();
    long jfrThresholdMicros = 10;
    long sampleIntervalMillis = 100;
    int buffers = 512;
    int bufferSize = 64 * 1024;
    /** Whether {@code buffer.size} was given: then a small heap gets fewer buffers, never smaller ones. */
    boolean bufferSizeSet;

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

    static final class BadConfig extends Exception {
        /** The option name that is not one of the agent's, when that is the problem; else null. */
        final String unknownKey;

        BadConfig(String message) {
            this(message, null);
        }

        BadConfig(String message, String unknownKey) {
            super(message);
            this.unknownKey = unknownKey;
        }
    }

    /** Every option name the agent takes, besides the profile entries ({@link OrbProfile#isProfileKey}). */
    static Set<String> keys() {
        return KEYS;
    }

    static AgentConfig parse(String inline) throws BadConfig {
        AgentConfig c = new AgentConfig();
        AgentOptions options = AgentOptions.parse(inline);
        // The config file first, so inline options override it.
        for (String file : options.values(AgentOptions.CONFIG)) {
            try (InputStream in = new FileInputStream(file)) {
                c.read(in, file);
            } catch (IOException e) {
                throw new BadConfig("cannot read config file " + file + ": " + e.getMessage());
            }
        }
        for (Map.Entry<String, String> kv : options.entries()) {
            if (!kv.getKey().equals(AgentOptions.CONFIG)) {
                c.set(kv.getKey(), kv.getValue(), "option");
            }
        }
        for (String p : c.profileNames) {
            if (p.equals(AgentOptions.PROFILE_AUTO)) {
                c.autoProfile = true;
                continue;
            }
            try {
                c.use(OrbProfile.load(p));
            } catch (ProfileException e) {
                throw new BadConfig(e.getMessage());
            }
        }
        if (!c.inline.isEmpty()) {
            c.use(c.inline.build());
        }
        c.monitorsContendedOnly = "contended".equals(c.monitorEvents);
        return c;
    }

    /** Records with {@code p} too: its methods, monitor classes and, unless an option set them, its sampling. */
    void use(OrbProfile p) {
        profiles.add(p);
        methods.addAll(p.methods());
        for (String g : p.monitorIncludes()) {
            profileMonitorIncludes.add(new Glob(g));
        }
        if (monitorEvents == null) {
            monitorEvents = p.monitorEvents();
        }
        if (!cpuSampleSet && p.cpuSample() > 0) {
            cpuSample = p.cpuSample();
            cpuSampleSet = true;
        }
        monitorsContendedOnly = "contended".equals(monitorEvents);
    }

    /**
     * What the trace header says about the recording's profiles: their names ({@code profile.name}, joined by
     * commas when there are several) and the thread roles and ORB of each (the first profile that names one wins).
     */
    Map<String, String> profileInfo() {
        Map<String, String> info = new LinkedHashMap<>();
        List<String> names = new ArrayList<>();
        for (OrbProfile p : profiles) {
            names.add(p.name());
            for (Map.Entry<String, String> e : p.headerInfo().entrySet()) {
                info.putIfAbsent(e.getKey(), e.getValue());
            }
        }
        if (!names.isEmpty()) {
            info.put(TraceHeader.PROFILE_NAME, String.join(",", names));
        }
        return info;
    }

    void read(InputStream in, String source) throws IOException, BadConfig {
        new ConfigReader(this, source).read(new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)));
    }

    void set(String key, String value, String where) throws BadConfig {
        if (OrbProfile.isProfileKey(key)) {
            try {
                inline.set(key, value, where);
            } catch (ProfileException e) {
                throw new BadConfig(e.getMessage());
            }
            return;
        }
        if (!KEYS.contains(key)) {
            throw new BadConfig(where + ": unknown option '" + key + "' (known: " + new java.util.TreeSet<>(KEYS)
                    + " and the profile entries method, profile.name, profile.orb, profile.threads.ROLE)", key);
        }
        switch (key) {
            case "out": out = value; break;
            case "profile": profileNames.add(value); break;
            case "include": includes.add(new MethodRule(value)); break;
            case "exclude": excludes.add(new MethodRule(value)); break;
            case "monitors.include": monitorIncludes.add(new Glob(value)); break;
            case "monitors.exclude": monitorExcludes.add(new Glob(value)); break;
            case "alloc.include": allocIncludes.add(new Glob(value)); break;
            case "alloc.exclude": allocExcludes.add(new Glob(value)); break;
            case "threads.include": threadIncludes.add(new Glob(value, true)); break;
            case "threads.exclude": threadExcludes.add(new Glob(value, true)); break;
            case "cpu": cpu = bool(key, value, where); break;
            case "identities": identities = bool(key, value, where); break;
            case "maxsize": maxBytes = quantity(key, value, where, true); break;
            case "maxage": maxAgeNanos = quantity(key, value, where, false); break;
            case "duration": durationNanos = quantity(key, value, where, false); break;
            case "dump": dump = value; break;
            case "stop": stop = bool(key, value, where); break;
            case "quiet": quiet = bool(key, value, where); break;
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
            case "monitors.events": monitorEvents = profileValue(() -> OrbProfile.monitorEvents(value, where)); break;
            case "cpu.sample":
                // "off" turns the profile's CPU boundaries off (a scenario's monitoring.cpuTime: false): wall
                // times only, no clock reads.
                cpuSample = value.trim().equals("off") ? 0 : profileValue(() -> OrbProfile.cpuSample(value, where));
                cpuSampleSet = true;
                break;
            case "request.sample": requestSample = (int) bounded(key, value, 1, 1_000_000, where); break;
            case "budget": budgetPpm = percent(key, value, where); break;
            case "cpu.net": cpuNet = bool(key, value, where); break;
            case "buffers": buffers = (int) bounded(key, value, 1, BufferPool.MAX_COUNT, where); break;
            case "jfr.threshold.us": jfrThresholdMicros = value.trim().equals("0") ? 0 : number(value, where); break;
            case "buffer.size":
                bufferSize = (int) bounded(key, value, BufferPool.MIN_BYTES, BufferPool.MAX_BYTES, where);
                bufferSizeSet = true;
                break;
            default:
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

    private static boolean bool(String key, String v, String where) throws BadConfig {
        if (v.equalsIgnoreCase("true") || v.equalsIgnoreCase("on")) return true;
        if (v.equalsIgnoreCase("false") || v.equalsIgnoreCase("off")) return false;
        throw new BadConfig(where + ": " + key + " takes true or false, got '" + v + "'");
    }

    /** A share from {@code 0.01%} to {@code 50%}, in millionths. */
    private static int percent(String key, String v, String where) throws BadConfig {
        String t = v.trim();
        try {
            if (t.endsWith("%")) {
                double p = Double.parseDouble(t.substring(0, t.length() - 1).trim());
                if (p >= 0.01 && p <= 50) {
                    return (int) Math.round(p * 10_000);
                }
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        throw new BadConfig(where + ": " + key + " takes a share of the process's CPU from 0.01% to 50%, got '" + v + "'");
    }

    /** A positive size ({@code 256m}) or duration ({@code 10m}) in the project's one grammar of them. */
    private static long quantity(String key, String v, String where, boolean size) throws BadConfig {
        long n;
        try {
            n = size ? Units.sizeBytes(v) : Units.durationNanos(v);
        } catch (IllegalArgumentException e) {
            throw new BadConfig(where + ": " + key + "=" + v + ": " + e.getMessage());
        }
        if (n <= 0) {
            throw new BadConfig(where + ": " + key + " must be positive, got '" + v + "'");
        }
        return n;
    }

    /**
     * Whether request sampling can take effect: some profile method begins a request's first fragment
     * ({@code fragment=begin}), where the draw is made.
     */
    boolean requestSamplingPossible() {
        for (ProfileMethod m : methods) {
            if (m.fragmentBegin()) {
                return true;
            }
        }
        return false;
    }

    /** Whether the recording is kept as a ring of segments. */
    boolean ring() {
        return maxBytes > 0 || maxAgeNanos > 0;
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

    private static Set<String> defaultEvents() {
        Set<String> e = new HashSet<>(EVENTS);
        e.removeAll(OPT_IN_EVENTS);
        return e;
    }

    private interface ProfileValue<T> {
        T get() throws ProfileException;
    }

    /** A value checked by the profile grammar (the option and the profile entry take the same words). */
    private static <T> T profileValue(ProfileValue<T> value) throws BadConfig {
        try {
            return value.get();
        } catch (ProfileException e) {
            throw new BadConfig(e.getMessage());
        }
    }

    private static long bounded(String key, String v, long min, long max, String where) throws BadConfig {
        long n;
        try {
            n = Long.parseLong(v.trim());
        } catch (NumberFormatException e) {
            n = -1;
        }
        if (n < min || n > max) {
            throw new BadConfig(where + ": " + key + " takes a number from " + min + " to " + max + ", got '" + v + "'");
        }
        return n;
    }

}
