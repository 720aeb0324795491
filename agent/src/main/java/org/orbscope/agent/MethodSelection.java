package org.orbscope.agent;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;
import org.orbscope.agent.boot.Sink;
import org.orbscope.trace.profile.ProfileMethod;

/** Decides, from the config, whether and how a method is instrumented. */
final class MethodSelection {
    enum Kind { NONE, WALL, CPU, KEYED, NAMED, IDENTITIES }

    /**
     * Packages never instrumented through globs, even when a glob names them: the agent itself runs code there
     * (the JDK's core while it records, ByteBuddy and its own classes, relocated copies included), so advice in
     * them would call back into the recorder from inside it. Profile entries and {@code Thread.start} are chosen
     * one method at a time and stay allowed.
     */
    static final List<String> NEVER = Collections.unmodifiableList(Arrays.asList("java.", "jdk.", "sun.", "org.orbscope.",
            "net.bytebuddy."));
    /**
     * Packages left out of globs that only catch them by accident ({@code **}, {@code com.**}): JDK-adjacent code
     * a broad glob would flood the trace with. A glob whose fixed part names one ({@code com.sun.corba.**},
     * {@code javax.rmi.**}) gets its classes.
     */
    static final List<String> UNLESS_NAMED = Collections.unmodifiableList(Arrays.asList("javax.", "com.sun."));

    private final AgentConfig config;
    /** Globs that selected at least one class, and the excluded package each other glob ran into (for {@link #unmatched}). */
    private final Set<Glob> matched = ConcurrentHashMap.newKeySet();
    private final Map<Glob, String> excludedBy = new ConcurrentHashMap<>();

    MethodSelection(AgentConfig config) {
        this.config = config;
    }

    /** Whether constructing an instance of this class is an allocation event. */
    boolean allocSelected(String className) {
        if (!config.events.contains("alloc")) {
            return false;
        }
        boolean in = false;
        for (Glob g : config.allocIncludes) {
            in |= selects(g, className);
        }
        for (Glob g : config.allocExcludes) {
            in &= !g.matches(className);
        }
        return in;
    }

    /**
     * A synchronized method with code: in a class whose monitors are recorded, its monitor events come from advice.
     */
    static boolean synchronizedCode(MethodDescription m) {
        return m.isSynchronized() && m.isMethod() && !m.isAbstract() && !m.isNative();
    }

    /** Whether the name may select the class for method events: the cheap test before any method is looked at. */
    boolean typeSelected(String className) {
        return profileClass(className) || includeSelected(className);
    }

    /** Whether a method of the class gets method events ({@link MethodUnit}'s kinds): none, no work for the class. */
    boolean methodsSelected(TypeDescription type) {
        if (!typeSelected(type.getName())) {
            return false;
        }
        for (MethodDescription m : type.getDeclaredMethods()) {
            Kind k = kind(type, m);
            if (k != Kind.NONE && k != Kind.NAMED) {
                return true;
            }
        }
        return false;
    }

    /** Whether a profile method of this class reads its request's names ({@code operation=}, {@code object=}). */
    boolean namesRequests(String className) {
        for (ProfileMethod m : config.methods) {
            if (m.readsNames() && m.className().equals(className)) {
                return true;
            }
        }
        return false;
    }

    /** Whether any profile method reads request names. */
    boolean namesRequests() {
        for (ProfileMethod m : config.methods) {
            if (m.readsNames()) {
                return true;
            }
        }
        return false;
    }

    private boolean profileClass(String className) {
        for (ProfileMethod m : config.methods) {
            if (m.className().equals(className)) {
                return true;
            }
        }
        return false;
    }

    private boolean includeSelected(String className) {
        if (!config.events.contains("methods")) {
            return false;
        }
        for (AgentConfig.MethodRule r : config.includes) {
            if (selects(r.type, className)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether synchronized blocks and wait/notify call sites of this class are recorded: a class that
     * {@code monitors.include} or a profile names, or one of whose methods an include selects.
     */
    boolean monitorsSelected(TypeDescription type) {
        String className = type.getName();
        if (!monitorsOn(className)) {
            return false;
        }
        if (monitorsNamed(className)) {
            return true;
        }
        if (!includeSelected(className)) {
            return false;
        }
        for (MethodDescription m : type.getDeclaredMethods()) {
            if (instrumentable(m) && includeSelects(className, m)) {
                return true;
            }
        }
        return false;
    }

    /** Whether the name may select the class for monitor events ({@link #monitorsSelected}), before any method is looked at. */
    boolean monitorsCandidate(String className) {
        return monitorsOn(className) && (monitorsNamed(className) || includeSelected(className));
    }

    private boolean monitorsOn(String className) {
        if (!config.events.contains("monitors") || never(className) != null) {
            return false;
        }
        for (Glob g : config.monitorExcludes) {
            if (g.matches(className)) {
                return false;
            }
        }
        return true;
    }

    /** Whether {@code monitors.include} or a profile selects the class's monitors by its name alone. */
    private boolean monitorsNamed(String className) {
        for (Glob g : config.monitorIncludes) {
            if (selects(g, className)) {
                return true;
            }
        }
        for (Glob g : config.profileMonitorIncludes) {
            if (selects(g, className)) {
                return true;
            }
        }
        // A profile that names the classes whose monitors explain its stages keeps the others' out.
        return config.profileMonitorIncludes.isEmpty() && profileClass(className);
    }

    /** Whether {@code glob} matches the class and may instrument it; notes which globs matched or were refused. */
    private boolean selects(Glob glob, String className) {
        if (!glob.matches(className)) {
            return false;
        }
        String excluded = excluded(glob, className);
        if (excluded != null) {
            excludedBy.putIfAbsent(glob, excluded);
            return false;
        }
        matched.add(glob);
        return true;
    }

    /** The excluded package that keeps {@code glob} from instrumenting the class, or null when it may. */
    private static String excluded(Glob glob, String className) {
        String never = never(className);
        if (never != null) {
            return never;
        }
        for (String p : UNLESS_NAMED) {
            if (className.startsWith(p) && !glob.fixedPrefix().startsWith(p)) {
                return p;
            }
        }
        return null;
    }

    private static String never(String className) {
        for (String p : NEVER) {
            if (className.startsWith(p)) {
                return p;
            }
        }
        return null;
    }

    /**
     * One line per glob that names a package the agent never instruments ({@code java.util.**}), for the start-up
     * message: such a glob records nothing.
     */
    List<String> refusedGlobs() {
        List<String> out = new ArrayList<>();
        for (AgentConfig.MethodRule r : config.includes) {
            refused("include", r.type, out);
        }
        for (Glob g : config.monitorIncludes) {
            refused("monitors.include", g, out);
        }
        for (Glob g : config.allocIncludes) {
            refused("alloc.include", g, out);
        }
        return out;
    }

    private static void refused(String option, Glob g, List<String> out) {
        String p = never(g.fixedPrefix());
        if (p != null) {
            out.add(option + " '" + g + "' records nothing: " + p + "* is never instrumented (the agent itself runs code there,"
                    + " so advice would recurse)");
        }
    }

    /**
     * One line per glob that matched classes only in excluded packages, so recorded nothing: said once when
     * recording stops. Globs {@link #refusedGlobs} named at start are left out.
     */
    List<String> unmatched() {
        List<String> out = new ArrayList<>();
        for (Glob g : includeGlobs()) {
            String p = excludedBy.get(g);
            if (p != null && !matched.contains(g) && never(g.fixedPrefix()) == null) {
                out.add("'" + g + "' matched no class: " + p + "* is " + (NEVER.contains(p) ? "never instrumented"
                        : "instrumented only by a glob that names it, such as " + p + "example.**"));
            }
        }
        return out;
    }

    private List<Glob> includeGlobs() {
        List<Glob> all = new ArrayList<>();
        for (AgentConfig.MethodRule r : config.includes) {
            all.add(r.type);
        }
        all.addAll(config.monitorIncludes);
        all.addAll(config.allocIncludes);
        return all;
    }

    /**
     * The {@link Sink} flags of a method: its profile entry's (without the CPU ones under {@code cpu.sample=off}; with
     * {@link Sink#KEYED} when it records a key), or
     * CPU at both ends for {@code cpu=true} include globs.
     */
    int cpuFlags(TypeDescription type, MethodDescription m) {
        ProfileMethod p = profileEntry(type, m);
        if (p == null) {
            return config.cpu ? Sink.CPU_ENTER | Sink.CPU_EXIT : 0;
        }
        int cpu = config.cpuSample == 0 ? 0 : (p.cpuAtEnter() ? Sink.CPU_ENTER : 0) | (p.cpuAtExit() ? Sink.CPU_EXIT : 0);
        return cpu | (p.fragmentBegin() || p.fragmentContinue() ? Sink.FRAGMENT : 0)
                | (p.fragmentContinue() ? Sink.CONTINUED : 0) | (p.keySource() != ProfileMethod.KEY_NONE ? Sink.KEYED : 0);
    }

    ProfileMethod profileEntry(TypeDescription type, MethodDescription m) {
        return profileEntry(type.getName(), m.getInternalName(), m.getDescriptor());
    }

    ProfileMethod profileEntry(String className, String methodName, String descriptor) {
        for (ProfileMethod p : config.methods) {
            if (p.names(className, methodName, descriptor)) {
                return p;
            }
        }
        return null;
    }

    Kind kind(TypeDescription type, MethodDescription m) {
        if (!instrumentable(m)) {
            return Kind.NONE;
        }
        ProfileMethod p = profileEntry(type, m);
        if (p != null) {
            if (p.readsNames()) {
                return Kind.NAMED;
            }
            if (p.keySource() != ProfileMethod.KEY_NONE) {
                return Kind.KEYED;
            }
            return p.cpu() || p.fragmentBegin() || p.fragmentContinue() ? Kind.CPU : Kind.WALL;
        }
        if (!included(type.getName(), m)) {
            return Kind.NONE;
        }
        // A constructor's this cannot be read before its super call: its enter records wall time only.
        return config.identities && !m.isConstructor() ? Kind.IDENTITIES : config.cpu ? Kind.CPU : Kind.WALL;
    }

    /** Whether include'd methods record what they hold ({@code identities=true}). */
    boolean identities() {
        return config.identities;
    }

    /** Whether an include glob selects the method, excludes aside. */
    private boolean includeSelects(String cls, MethodDescription m) {
        if (!config.events.contains("methods")) {
            return false;
        }
        boolean in = false;
        for (AgentConfig.MethodRule r : config.includes) {
            in |= r.method.matches(m.getInternalName()) && selects(r.type, cls);
        }
        return in;
    }

    private static boolean instrumentable(MethodDescription m) {
        return m.isMethod() && !m.isAbstract() && !m.isNative() && !m.isBridge() && !m.isSynthetic();
    }

    /** Whether include globs select the method and no exclude takes it out (method events), whatever profile entries say. */
    private boolean included(String cls, MethodDescription m) {
        if (!includeSelects(cls, m)) {
            return false;
        }
        for (AgentConfig.MethodRule r : config.excludes) {
            if (r.matches(cls, m.getInternalName())) {
                return false;
            }
        }
        return true;
    }
}
