package org.orbscope.agent;

import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDefinition;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.pool.TypePool;

/**
 * Which calls name a synchronized method whose monitor events are recorded ({@link MonitorInstrumentation} notes
 * the time before those). A call names its owner class; the method it runs is the JVM's lookup from there (the
 * owner, then its superclasses), which takes the owner's class file and its superclasses'. Each owner is looked up
 * once per class loader and recording, not once per class that calls it: a library's classes call the same few
 * hundred owners, and reading their class files again for every caller costs far more than rewriting the caller.
 * A method's trace id is defined at the first call site that names it, as the call site's rewriting needs it.
 */
final class SynchronizedCallees {
    /** Which classes' monitors are recorded, and the trace id of a synchronized method. */
    interface Selection {
        /** The cheap test on the call's owner name: false for a class whose monitors are never recorded. */
        boolean candidate(String className);

        /** Whether the monitors of the class that declares a synchronized method are recorded. */
        boolean selected(TypeDescription type);

        int idOf(String className, String methodName, String descriptor);
    }

    private final Selection selection;
    /** By class loader (null: the bootstrap loader), then by owner class: its recorded synchronized methods by name and descriptor. */
    private final Map<ClassLoader, Map<String, Map<String, Callee>>> byLoader = Collections.synchronizedMap(new WeakHashMap<>());

    SynchronizedCallees(Selection selection) {
        this.selection = selection;
    }

    /** The look-up for one class of {@code loader} being rewritten, whose owners {@code pool} describes. */
    Lookup in(ClassLoader loader, TypePool pool) {
        return new Lookup(byLoader.computeIfAbsent(loader, l -> new ConcurrentHashMap<>()), pool);
    }

    /** Call sites of one class being rewritten. */
    final class Lookup {
        private final Map<String, Map<String, Callee>> owners;
        private final TypePool pool;

        private Lookup(Map<String, Map<String, Callee>> owners, TypePool pool) {
            this.owners = owners;
            this.pool = pool;
        }

        /** The trace id of the recorded synchronized method a call runs, or 0. {@code owner} is an internal name. */
        int idOf(String owner, String name, String descriptor) {
            String ownerName = owner.replace('/', '.');
            if (!selection.candidate(ownerName)) {
                return 0;
            }
            Map<String, Callee> callees = owners.get(ownerName);
            if (callees == null) {
                callees = resolve(ownerName);
                if (callees == null) {
                    return 0; // not cached: a class defined later (generated, with no class file) may resolve then
                }
                owners.putIfAbsent(ownerName, callees);
            }
            Callee c = callees.get(name + descriptor);
            return c == null ? 0 : c.id();
        }

        /**
         * The owner's recorded synchronized methods, each where the JVM's lookup from the owner finds it; null when
         * this class's type pool cannot describe the owner.
         */
        private Map<String, Callee> resolve(String ownerName) {
            TypePool.Resolution resolution = pool.describe(ownerName);
            if (!resolution.isResolved()) {
                return null;
            }
            Set<String> seen = new HashSet<>();
            Map<String, Callee> found = new HashMap<>();
            try {
                for (TypeDefinition t = resolution.resolve(); t != null; t = t.getSuperClass()) {
                    TypeDescription type = t.asErasure();
                    Boolean selected = null;
                    for (MethodDescription m : type.getDeclaredMethods()) {
                        String key = m.getInternalName() + m.getDescriptor();
                        // The first declaration up the hierarchy is the one a call runs, synchronized or not.
                        if (!m.isMethod() || !seen.add(key) || !MethodSelection.synchronizedCode(m)) {
                            continue;
                        }
                        if (selected == null) {
                            selected = selection.selected(type);
                        }
                        if (selected) {
                            found.put(key, new Callee(type.getName(), m.getInternalName(), m.getDescriptor()));
                        }
                    }
                }
            } catch (IllegalStateException unresolvable) {
                // A superclass whose class file is missing: such a class cannot be loaded, so its calls never run.
            }
            return found.isEmpty() ? Collections.emptyMap() : found;
        }
    }

    /** A recorded synchronized method; its trace id is defined when a call site first names it. */
    private final class Callee {
        private final String className;
        private final String name;
        private final String descriptor;
        private volatile int id;

        Callee(String className, String name, String descriptor) {
            this.className = className;
            this.name = name;
            this.descriptor = descriptor;
        }

        int id() {
            int i = id;
            if (i == 0) {
                i = selection.idOf(className, name, descriptor); // the writer gives a method the same id every time
                id = i;
            }
            return i;
        }
    }
}
