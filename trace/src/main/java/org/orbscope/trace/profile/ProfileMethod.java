package org.orbscope.trace.profile;

import java.util.Arrays;
import java.util.Locale;
import org.orbscope.trace.EventType;

/**
 * One method a profile names: the exact method (class, name, JVM descriptor), the stage role it marks, the
 * correlation key recorded at its enter, which of its events carry the thread's CPU time, and whether its enter
 * begins a fragment of request work on its thread. Written as one line:
 * {@code pkg.Class#name(desc)R | role=x.y | key=none|this|argN[.field...] | cpu=true|false|enter|exit
 * | fragment=begin|continue | operation=this|argN[.field...] | object=this|argN[.field...]}.
 *
 * <p>{@code cpu=enter} or {@code cpu=exit} reads the thread CPU clock at one end only, where a stage boundary
 * needs it: the clock is a system call on many hosts. {@code fragment=begin} marks where one piece of a request's
 * work starts on its thread (a receiver's message): with CPU sampling the agent decides there whether the fragment's
 * CPU boundaries are recorded, and with request sampling whether the request is recorded at all.
 * {@code fragment=continue} marks where a request begun on another thread goes on (a controller's hand-over, a
 * dispatcher's run); its key names the request, so a sampled request is recorded on every thread it visits.
 * {@code operation=} and
 * {@code object=} name where the enter finds the request's operation name (a string) and target object key (octets,
 * written as {@link ObjectKeyText}, or a string): the ORB's copy of the GIOP request header.
 */
public final class ProfileMethod {
    /** {@link #keySource()}: no key (the method joins its request by the order of events on its thread). */
    public static final int KEY_NONE = -2;
    /** {@link #keySource()}: the identity of {@code this}. */
    public static final int KEY_THIS = -1;
    /** The attribute naming the request's operation, and the name of its {@link EventType request-name} events. */
    public static final String OPERATION = "operation";
    /** The attribute naming the request's target object (its object key), and the name of its events. */
    public static final String OBJECT = "object";

    private final String className;
    private final String methodName;
    private final String descriptor;
    private final String role;
    private final String key;
    private final int keySource;
    private final String[] keyFields;
    private final boolean cpuEnter;
    private final boolean cpuExit;
    private final boolean fragmentBegin;
    private final boolean fragmentContinue;
    private final Path operation;
    private final Path object;

    private ProfileMethod(String className, String methodName, String descriptor, String role, String key, int keySource,
            String[] keyFields, boolean cpuEnter, boolean cpuExit, boolean fragmentBegin, boolean fragmentContinue,
            Path operation, Path object) {
        this.className = className;
        this.methodName = methodName;
        this.descriptor = descriptor;
        this.role = role;
        this.key = key;
        this.keySource = keySource;
        this.keyFields = keyFields;
        this.cpuEnter = cpuEnter;
        this.cpuExit = cpuExit;
        this.fragmentBegin = fragmentBegin;
        this.fragmentContinue = fragmentContinue;
        this.operation = operation;
        this.object = object;
    }

    /**
     * Parses one method line (without the {@code method =} in front). {@code where} names the place for the
     * message of a {@link ProfileException}, e.g. {@code my.profile:12}.
     */
    public static ProfileMethod parse(String line, String where) throws ProfileException {
        String[] parts = line.split("\\|");
        String sig = parts[0].trim();
        int hash = sig.indexOf('#');
        int paren = sig.indexOf('(');
        int close = sig.indexOf(')');
        if (hash <= 0 || paren < hash + 2 || close < paren || close == sig.length() - 1) {
            throw new ProfileException(where + ": method must be Class#name(descriptor)ReturnType, got '" + sig + "'");
        }
        String role = null;
        String key = "none";
        int source = KEY_NONE;
        String[] fields = new String[0];
        boolean cpuEnter = false;
        boolean cpuExit = false;
        boolean fragmentBegin = false;
        boolean fragmentContinue = false;
        Path operation = Path.NONE;
        Path object = Path.NONE;
        for (int i = 1; i < parts.length; i++) {
            String p = parts[i].trim();
            int eq = p.indexOf('=');
            String k = eq < 0 ? p : p.substring(0, eq).trim();
            String v = eq < 0 ? "" : p.substring(eq + 1).trim();
            switch (k) {
                case "role":
                    if (v.isEmpty() || !v.matches("[A-Za-z0-9_.-]+")) {
                        throw new ProfileException(where + ": role must be a label such as receive.arrival, got '" + v + "'");
                    }
                    role = v.toLowerCase(Locale.ROOT);
                    break;
                case "cpu":
                    if (v.equalsIgnoreCase("enter") || v.equalsIgnoreCase("exit")) {
                        cpuEnter = v.equalsIgnoreCase("enter");
                        cpuExit = !cpuEnter;
                    } else {
                        cpuEnter = bool(v, where);
                        cpuExit = cpuEnter;
                    }
                    break;
                case "fragment":
                    if (!v.equals("begin") && !v.equals("continue")) {
                        throw new ProfileException(where + ": fragment must be begin or continue, got '" + v + "'");
                    }
                    fragmentBegin = v.equals("begin");
                    fragmentContinue = !fragmentBegin;
                    break;
                case "key": {
                    Path path = v.equals("none") ? Path.NONE : Path.parse(v, "key", where);
                    source = path.source;
                    fields = path.fields;
                    key = v;
                    break;
                }
                case OPERATION:
                    operation = Path.parse(v, OPERATION, where);
                    break;
                case OBJECT:
                    object = Path.parse(v, OBJECT, where);
                    break;
                default:
                    throw new ProfileException(where + ": unknown method attribute '" + k
                            + "' (role, key, cpu, fragment, operation, object)");
            }
        }
        if ((operation != Path.NONE || object != Path.NONE) && role == null) {
            throw new ProfileException(where + ": operation= and object= need a role= on the same method: the report"
                    + " gives the names to the request whose stage that method marks");
        }
        if (fragmentContinue && source == KEY_NONE) {
            throw new ProfileException(where + ": fragment=continue needs a key= naming the request it continues");
        }
        return new ProfileMethod(sig.substring(0, hash), sig.substring(hash + 1, paren), sig.substring(paren), role, key, source,
                fields, cpuEnter, cpuExit, fragmentBegin, fragmentContinue, operation, object);
    }

    private static boolean bool(String v, String where) throws ProfileException {
        if (v.equalsIgnoreCase("true") || v.equalsIgnoreCase("on")) {
            return true;
        }
        if (v.equalsIgnoreCase("false") || v.equalsIgnoreCase("off")) {
            return false;
        }
        throw new ProfileException(where + ": cpu must be true, false, enter or exit, got '" + v + "'");
    }

    /** The declaring class, dotted ({@code org.jacorb.poa.POA}). */
    public String className() {
        return className;
    }

    public String methodName() {
        return methodName;
    }

    /** The JVM descriptor, e.g. {@code (Lorg/jacorb/orb/dsi/ServerRequest;)V}. */
    public String descriptor() {
        return descriptor;
    }

    /** The stage role label (lower case), or null when the method is recorded without a role. */
    public String role() {
        return role;
    }

    /** The correlation key as written: {@code none}, {@code this}, {@code arg0}, {@code arg0.connection.id}. */
    public String key() {
        return key;
    }

    /** Where the key starts: {@link #KEY_NONE}, {@link #KEY_THIS}, or the argument index (0-based). */
    public int keySource() {
        return keySource;
    }

    /** The fields followed from the key's start (empty: the object itself). */
    public String[] keyFields() {
        return keyFields.clone();
    }

    /** Whether any of the method's events carries the thread's CPU time. */
    public boolean cpu() {
        return cpuEnter || cpuExit;
    }

    /** Whether the method's enter carries the thread's CPU time. */
    public boolean cpuAtEnter() {
        return cpuEnter;
    }

    /** Whether the method's exit carries the thread's CPU time. */
    public boolean cpuAtExit() {
        return cpuExit;
    }

    /**
     * Whether the method's enter begins a request's first fragment of work on its thread ({@code fragment=begin}):
     * where CPU sampling and request sampling draw.
     */
    public boolean fragmentBegin() {
        return fragmentBegin;
    }

    /**
     * Whether the method's enter begins a fragment that continues a request begun on another thread
     * ({@code fragment=continue}): CPU sampling draws there; the request is recorded when its first fragment was.
     */
    public boolean fragmentContinue() {
        return fragmentContinue;
    }

    /** Where the request's operation name is read at the enter ({@code operation=}); {@link Path#NONE} when not. */
    public Path operation() {
        return operation;
    }

    /** Where the request's object key is read at the enter ({@code object=}); {@link Path#NONE} when not. */
    public Path object() {
        return object;
    }

    /** Whether the method's enter reads names of its request ({@code operation=} or {@code object=}). */
    public boolean readsNames() {
        return operation != Path.NONE || object != Path.NONE;
    }

    /** Whether this entry names the method {@code className#methodName descriptor}. */
    public boolean names(String className, String methodName, String descriptor) {
        return this.className.equals(className) && this.methodName.equals(methodName) && this.descriptor.equals(descriptor);
    }

    /** The entry as a profile line. */
    @Override
    public String toString() {
        return className + '#' + methodName + descriptor + (role == null ? "" : " | role=" + role) + " | key=" + key + " | cpu="
                + (cpuEnter == cpuExit ? String.valueOf(cpuEnter) : cpuEnter ? "enter" : "exit") + (fragmentBegin ? " | fragment=begin" : "")
                + (fragmentContinue ? " | fragment=continue" : "")
                + (operation == Path.NONE ? "" : " | operation=" + operation) + (object == Path.NONE ? "" : " | object=" + object);
    }

    /**
     * Where a value is read when the method is entered: {@code this} or argument N, then fields followed by name
     * (any visibility, up the class hierarchy of the object found). The grammar of {@code key=}, {@code operation=}
     * and {@code object=}: {@code this|argN[.field...]}.
     */
    public static final class Path {
        /** No value is read. */
        public static final Path NONE = new Path(KEY_NONE, new String[0], "none");

        private final int source;
        private final String[] fields;
        private final String text;

        private Path(int source, String[] fields, String text) {
            this.source = source;
            this.fields = fields;
            this.text = text;
        }

        static Path parse(String v, String attribute, String where) throws ProfileException {
            String[] segments = v.split("\\.", -1);
            String base = segments[0];
            int source;
            if (base.equals("this")) {
                source = KEY_THIS;
            } else if (base.startsWith("arg") && base.length() > 3 && base.substring(3).matches("[0-9]{1,3}")) {
                source = Integer.parseInt(base.substring(3));
            } else {
                throw new ProfileException(where + ": " + attribute + " must be " + (attribute.equals("key") ? "none, " : "")
                        + "this, argN, or this/argN followed by .field names, got '" + v + "'");
            }
            String[] fields = Arrays.copyOfRange(segments, 1, segments.length);
            for (String f : fields) {
                if (!f.matches("[A-Za-z_$][A-Za-z0-9_$]*")) {
                    throw new ProfileException(where + ": " + attribute + " field path '" + v + "' has a bad field name '" + f + "'");
                }
            }
            return new Path(source, fields, v);
        }

        /** {@link #KEY_NONE}, {@link #KEY_THIS}, or the argument index (0-based). */
        public int source() {
            return source;
        }

        /** The fields followed from the source (empty: the object itself). */
        public String[] fields() {
            return fields.clone();
        }

        @Override
        public String toString() {
            return text;
        }
    }
}
