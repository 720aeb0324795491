package org.orbscope.trace.profile;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.orbscope.trace.TraceHeader;

/**
 * An ORB profile: the methods that mark the stages of a request in one ORB ({@link ProfileMethod}), and the
 * thread roles (name globs of the receiver, controller and dispatcher threads). A profile file has one entry per
 * line, {@code key = value} (or {@code key: value}), and {@code #} comments:
 *
 * <pre>
 * profile.name = jacorb
 * profile.orb = JacORB 3.9
 * profile.threads.receiver = ServerMessageReceptor*
 * method = org.jacorb.poa.POA#_invoke(Lorg/jacorb/orb/dsi/ServerRequest;)V | role=receive.bind | key=arg0
 * </pre>
 *
 * Immutable. {@link #load} finds a shipped profile by name or reads a file; {@link #parse} reads any source.
 * Errors name the place as {@code source:line: problem}.
 */
public final class OrbProfile {
    /** Profiles shipped as resources of this package. */
    private static final String[] SHIPPED = {"jacorb", "glassfish", "yoko", "openjdk-orb"};

    private final String name;
    private final String orb;
    private final Map<String, String> threadRoles;
    private final List<ProfileMethod> methods;
    private final List<String> monitorIncludes;
    private final String monitorEvents;
    private final int cpuSample;

    private OrbProfile(Builder b) {
        this.name = b.name == null ? "inline" : b.name;
        this.orb = b.orb;
        this.threadRoles = Collections.unmodifiableMap(new LinkedHashMap<>(b.threadRoles));
        this.methods = Collections.unmodifiableList(new ArrayList<>(b.methods));
        this.monitorIncludes = Collections.unmodifiableList(new ArrayList<>(b.monitorIncludes));
        this.monitorEvents = b.monitorEvents;
        this.cpuSample = b.cpuSample;
    }

    /**
     * A shipped profile by name ({@code jacorb}), else the profile file at that path. The name is tried first, so
     * a file named like a shipped profile needs a path ({@code ./jacorb}).
     */
    public static OrbProfile load(String nameOrPath) throws ProfileException {
        if (nameOrPath.matches("[A-Za-z0-9_-]+")) {
            InputStream in = OrbProfile.class.getResourceAsStream(nameOrPath + ".profile");
            if (in != null) {
                try (Reader r = new InputStreamReader(in, StandardCharsets.UTF_8)) {
                    return parse(r, nameOrPath + ".profile");
                } catch (IOException e) {
                    throw new ProfileException("cannot read the shipped profile " + nameOrPath + ": " + e.getMessage());
                }
            }
        }
        Path file = Paths.get(nameOrPath);
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return parse(r, nameOrPath);
        } catch (NoSuchFileException e) {
            throw new ProfileException("unknown profile '" + nameOrPath + "' (shipped: " + String.join(", ", SHIPPED)
                    + "; and no such file)");
        } catch (IOException e) {
            throw new ProfileException("cannot read profile " + nameOrPath + ": " + e);
        }
    }

    /** The names of the profiles shipped with orbscope. */
    public static List<String> shipped() {
        List<String> names = new ArrayList<>();
        Collections.addAll(names, SHIPPED);
        return names;
    }

    /**
     * Reads a profile. {@code source} names it in messages ({@code source:line: problem}); a profile without
     * {@code profile.name} is named after it (the file name without its extension).
     */
    public static OrbProfile parse(Reader in, String source) throws IOException, ProfileException {
        Builder b = new Builder();
        BufferedReader lines = in instanceof BufferedReader ? (BufferedReader) in : new BufferedReader(in);
        String line;
        int n = 0;
        while ((line = lines.readLine()) != null) {
            n++;
            String where = source + ":" + n;
            String text = stripComment(line).trim();
            if (text.isEmpty()) {
                continue;
            }
            int sep = separator(text);
            if (sep <= 0) {
                throw new ProfileException(where + ": expected 'key = value', got '" + text + "'");
            }
            b.set(text.substring(0, sep).trim(), text.substring(sep + 1).trim(), where);
        }
        if (b.name == null) {
            String file = Paths.get(source).getFileName().toString();
            int dot = file.lastIndexOf('.');
            b.name = dot > 0 ? file.substring(0, dot) : file;
        }
        return b.build();
    }

    /** The first '=' or ': ' (a colon followed by a blank or the line end); -1 if none. */
    private static int separator(String t) {
        for (int i = 0; i < t.length(); i++) {
            char c = t.charAt(i);
            if (c == '=' || (c == ':' && (i + 1 == t.length() || t.charAt(i + 1) == ' '))) {
                return i;
            }
        }
        return -1;
    }

    /** Drops a '#' comment: one at the start of the line or after a blank ('Class#method' stays). */
    private static String stripComment(String line) {
        for (int i = 0; i < line.length(); i++) {
            if (line.charAt(i) == '#' && (i == 0 || Character.isWhitespace(line.charAt(i - 1)))) {
                return line.substring(0, i);
            }
        }
        return line;
    }

    /**
     * Whether {@code key} is a profile entry that an agent config may hold too ({@code profile.*} or {@code method}).
     * {@code monitors.*} and {@code cpu.sample} are agent options there, which override the profile's.
     */
    public static boolean isProfileKey(String key) {
        return key.equals("method") || key.equals(TraceHeader.PROFILE_NAME) || key.equals(TraceHeader.PROFILE_ORB)
                || (key.startsWith(TraceHeader.PROFILE_THREADS) && key.length() > TraceHeader.PROFILE_THREADS.length());
    }

    /** The profile's name ({@code jacorb}); never null. */
    public String name() {
        return name;
    }

    /** What ORB and version it describes ({@code JacORB 3.9}), or null. */
    public String orb() {
        return orb;
    }

    /**
     * Thread role -> thread name globs ({@code receiver -> ServerMessageReceptor*}), in file order: {@code *} matches
     * any characters, and {@code |} separates alternatives ({@code Pool-*:Worker-* | Receiver}).
     */
    public Map<String, String> threadRoles() {
        return threadRoles;
    }

    /** Whether a thread name matches a {@link #threadRoles() thread role's globs}. */
    public static boolean threadMatches(String globs, String threadName) {
        for (String glob : globs.split("\\|")) {
            List<String> parts = new ArrayList<>();
            for (String part : glob.trim().split("\\*", -1)) {
                parts.add(Pattern.quote(part));
            }
            if (threadName.matches(String.join(".*", parts))) {
                return true;
            }
        }
        return false;
    }

    /** The methods, in file order. */
    public List<ProfileMethod> methods() {
        return methods;
    }

    /**
     * Classes whose monitors explain the stages ({@code monitors.include} globs, {@code **} across packages): when
     * a profile names some, only their locks and waits are recorded, not those of every class its methods are in.
     * Empty: the classes of its methods.
     */
    public List<String> monitorIncludes() {
        return monitorIncludes;
    }

    /**
     * {@code contended}: record only monitors that a thread had to wait for (contended enter, then entered) and
     * waits, which is what the stage breakdown uses; {@code all}: every enter, exit and notify too. Null when the
     * profile does not say.
     */
    public String monitorEvents() {
        return monitorEvents;
    }

    /**
     * Record CPU times for one request fragment in this many, chosen at random per fragment ({@code cpu.sample});
     * 0 when the profile does not say (every fragment).
     */
    public int cpuSample() {
        return cpuSample;
    }

    /** The entry for this exact method, or null. */
    public ProfileMethod method(String className, String methodName, String descriptor) {
        for (ProfileMethod m : methods) {
            if (m.names(className, methodName, descriptor)) {
                return m;
            }
        }
        return null;
    }

    /**
     * What a trace header says about the profile that recorded it: {@code profile.name}, {@code profile.orb} and
     * one {@code profile.threads.ROLE} per thread role.
     */
    public Map<String, String> headerInfo() {
        Map<String, String> info = new LinkedHashMap<>();
        info.put(TraceHeader.PROFILE_NAME, name);
        if (orb != null) {
            info.put(TraceHeader.PROFILE_ORB, orb);
        }
        for (Map.Entry<String, String> e : threadRoles.entrySet()) {
            info.put(TraceHeader.PROFILE_THREADS + e.getKey(), e.getValue());
        }
        return info;
    }

    /** {@code all} or {@code contended}, checked; the agent's {@code monitors.events} option takes the same words. */
    public static String monitorEvents(String value, String where) throws ProfileException {
        if (!value.equals("all") && !value.equals("contended")) {
            throw new ProfileException(where + ": monitors.events must be all or contended, got '" + value + "'");
        }
        return value;
    }

    /** A positive whole number: 1 records every fragment's CPU times, N one fragment in N. */
    public static int cpuSample(String value, String where) throws ProfileException {
        try {
            int n = Integer.parseInt(value.trim());
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException e) {
            // the message below
        }
        throw new ProfileException(where + ": cpu.sample must be a whole number from 1 (every fragment), got '" + value + "'");
    }

    @Override
    public String toString() {
        return "profile " + name + " (" + methods.size() + " methods)";
    }

    /**
     * Collects profile entries one at a time: {@link #parse} uses it for files, and the agent for the same
     * entries written in its own config ({@code method=...} options). One grammar, one place.
     */
    public static final class Builder {
        private String name;
        private String orb;
        private final Map<String, String> threadRoles = new LinkedHashMap<>();
        private final List<ProfileMethod> methods = new ArrayList<>();
        private final List<String> monitorIncludes = new ArrayList<>();
        private String monitorEvents;
        private int cpuSample;

        public Builder() {
        }

        /** Takes one entry; {@code where} names its place for messages ({@code file:12}). */
        public Builder set(String key, String value, String where) throws ProfileException {
            if (key.equals("method")) {
                ProfileMethod m = ProfileMethod.parse(value, where);
                for (ProfileMethod other : methods) {
                    if (other.names(m.className(), m.methodName(), m.descriptor())) {
                        throw new ProfileException(where + ": " + m.className() + "#" + m.methodName() + m.descriptor()
                                + " is named twice");
                    }
                }
                methods.add(m);
            } else if (key.equals(TraceHeader.PROFILE_NAME)) {
                if (!value.matches("[A-Za-z0-9_.-]+")) {
                    throw new ProfileException(where + ": profile.name must be a word such as jacorb, got '" + value + "'");
                }
                name = value;
            } else if (key.equals(TraceHeader.PROFILE_ORB)) {
                orb = value;
            } else if (key.startsWith(TraceHeader.PROFILE_THREADS) && key.length() > TraceHeader.PROFILE_THREADS.length()) {
                threadRoles.put(key.substring(TraceHeader.PROFILE_THREADS.length()), value);
            } else if (key.equals("monitors.include")) {
                if (value.isEmpty()) {
                    throw new ProfileException(where + ": monitors.include needs a class glob");
                }
                monitorIncludes.add(value);
            } else if (key.equals("monitors.events")) {
                monitorEvents = monitorEvents(value, where);
            } else if (key.equals("cpu.sample")) {
                cpuSample = cpuSample(value, where);
            } else {
                throw new ProfileException(where + ": unknown profile key '" + key
                        + "' (known: profile.name, profile.orb, profile.threads.ROLE, method, monitors.include, monitors.events,"
                        + " cpu.sample)");
            }
            return this;
        }

        /** Whether nothing was set. */
        public boolean isEmpty() {
            return name == null && orb == null && threadRoles.isEmpty() && methods.isEmpty();
        }

        /** The profile; named {@code inline} when no {@code profile.name} was set. */
        public OrbProfile build() {
            return new OrbProfile(this);
        }
    }
}
