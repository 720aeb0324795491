package org.orbscope.agent;

import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;
import org.orbscope.trace.profile.ProfileMethod;

/** Decides, from the config, whether and how a method is instrumented. */
final class MethodSelection {
    enum Kind { NONE, WALL, CPU, KEYED }

    /**
     * Packages the agent never instruments by include globs: the agent itself uses them, so advice there
     * could recurse (profile entries and Thread.start are chosen individually and stay allowed).
     */
    private static final String[] PROTECTED = {"java.", "javax.", "jdk.", "sun.", "com.sun.", "org.orbscope.", "net.bytebuddy."};

    private final AgentConfig config;

    MethodSelection(AgentConfig config) {
        this.config = config;
    }

    boolean anySelected(String className) {
        return typeSelected(className) || monitorsSelected(className) || allocSelected(className);
    }

    /** Whether constructing an instance of this class is an allocation event. */
    boolean allocSelected(String className) {
        if (!config.events.contains("alloc") || isProtected(className)) {
            return false;
        }
        boolean in = false;
        for (Glob g : config.allocIncludes) {
            in |= g.matches(className);
        }
        for (Glob g : config.allocExcludes) {
            in &= !g.matches(className);
        }
        return in;
    }

    /** A synchronized method of a class whose monitors are recorded (its monitor events come from advice). */
    boolean syncMethod(TypeDescription type, MethodDescription m) {
        return m.isSynchronized() && m.isMethod() && !m.isAbstract() && !m.isNative() && monitorsSelected(type.getName());
    }

    boolean typeSelected(String className) {
        for (ProfileMethod m : config.methods) {
            if (m.className().equals(className)) {
                return true;
            }
        }
        if (isProtected(className) || !config.events.contains("methods")) {
            return false;
        }
        for (AgentConfig.MethodRule r : config.includes) {
            if (r.matchesType(className)) {
                return true;
            }
        }
        return false;
    }

    /** Whether synchronized blocks and wait/notify call sites of this class are recorded. */
    boolean monitorsSelected(String className) {
        if (!config.events.contains("monitors") || isProtected(className)) {
            return false;
        }
        for (Glob g : config.monitorExcludes) {
            if (g.matches(className)) {
                return false;
            }
        }
        for (Glob g : config.monitorIncludes) {
            if (g.matches(className)) {
                return true;
            }
        }
        return typeSelected(className);
    }

    private static boolean isProtected(String className) {
        for (String p : PROTECTED) {
            if (className.startsWith(p)) {
                return true;
            }
        }
        return false;
    }

    ProfileMethod profileEntry(TypeDescription type, MethodDescription m) {
        for (ProfileMethod p : config.methods) {
            if (p.names(type.getName(), m.getInternalName(), m.getDescriptor())) {
                return p;
            }
        }
        return null;
    }

    Kind kind(TypeDescription type, MethodDescription m) {
        if (!m.isMethod() || m.isAbstract() || m.isNative() || m.isBridge() || m.isSynthetic()) {
            return Kind.NONE;
        }
        ProfileMethod p = profileEntry(type, m);
        if (p != null) {
            if (p.keySource() != ProfileMethod.KEY_NONE) {
                return Kind.KEYED;
            }
            return p.cpu() ? Kind.CPU : Kind.WALL;
        }
        String cls = type.getName();
        if (isProtected(cls) || !config.events.contains("methods")) {
            return Kind.NONE;
        }
        boolean in = false;
        for (AgentConfig.MethodRule r : config.includes) {
            in |= r.matches(cls, m.getInternalName());
        }
        if (!in) {
            return Kind.NONE;
        }
        for (AgentConfig.MethodRule r : config.excludes) {
            if (r.matches(cls, m.getInternalName())) {
                return Kind.NONE;
            }
        }
        return config.cpu ? Kind.CPU : Kind.WALL;
    }
}
