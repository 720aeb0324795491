package org.orbscope.agent;

import java.lang.reflect.Field;
import java.util.Arrays;

/**
 * Correlation keys and request names taken from a field path of {@code this} or an argument
 * ({@code key=arg0.connection.id}, {@code operation=arg0.header.operation}).
 * Fields are looked up by name at run time, up the class hierarchy of the object actually found, because the
 * profile names fields of classes the agent cannot see when it instruments (and of any visibility, which
 * bytecode in the instrumented class could not read). Keyed and named methods run a few times per request, so
 * reflection is affordable here; each step caches its last class and field.
 */
final class KeyPaths {
    /** Index = path id; 0 is "no path". Replaced (copy on write) so readers need no lock. */
    private volatile KeyPath[] paths = new KeyPath[1];
    /** The recording's count of agent errors, which a path that cannot be followed adds to. */
    private final AgentErrors errors;

    /** The paths of one recording, registered as its advice is made. */
    KeyPaths(AgentErrors errors) {
        this.errors = errors;
    }

    /** The id inlined into advice for a path such as {@code connection.id}. */
    int register(String[] fields) {
        synchronized (this) {
            KeyPath[] p = paths;
            for (int i = 1; i < p.length; i++) {
                if (Arrays.equals(p[i].names, fields)) {
                    return i;
                }
            }
            KeyPath[] n = Arrays.copyOf(p, p.length + 1);
            n[p.length] = new KeyPath(fields);
            paths = n;
            return p.length;
        }
    }

    /** Never throws: a path that cannot be followed gives key 0, is counted as an agent error and named once on stderr. */
    long key(int id, Object base) {
        KeyPath p = paths[id];
        try {
            return p.key(base);
        } catch (Throwable t) {
            failed(p, "correlation key", t);
            return 0;
        }
    }

    /**
     * The object at the end of the path from {@code base} (a request's operation name or object key), or null when a
     * step is null. Never throws: a path that cannot be followed gives null, counted and named once as {@link #key} does.
     */
    Object value(int id, Object base) {
        KeyPath p = paths[id];
        try {
            return p.follow(base);
        } catch (Throwable t) {
            failed(p, "request name", t);
            return null;
        }
    }

    private void failed(KeyPath p, String what, Throwable t) {
        errors.add();
        if (!p.reported) {
            p.reported = true;
            System.err.println("orbscope agent: " + what + " path '" + String.join(".", p.names) + "': " + t);
        }
    }

    private static final class Step {
        final Class<?> type;
        final Field field;

        Step(Class<?> type, Field field) {
            this.type = type;
            this.field = field;
        }
    }

    private static final class KeyPath {
        final String[] names;
        final Step[] cache;
        volatile boolean reported;

        KeyPath(String[] names) {
            this.names = names;
            this.cache = new Step[names.length];
        }

        /** The object the path ends at (null when a step is null); a primitive last field is an error. */
        Object follow(Object o) throws ReflectiveOperationException {
            for (int i = 0; i < names.length && o != null; i++) {
                Field f = field(i, o.getClass());
                if (f.getType().isPrimitive()) {
                    throw new NoSuchFieldException(names[i] + " is a " + f.getType() + ", not a string or octets");
                }
                o = f.get(o);
            }
            return o;
        }

        long key(Object o) throws ReflectiveOperationException {
            for (int i = 0; i < names.length; i++) {
                if (o == null) {
                    return 0;
                }
                Field f = field(i, o.getClass());
                Class<?> t = f.getType();
                if (t.isPrimitive()) {
                    if (i != names.length - 1) {
                        throw new NoSuchFieldException(names[i] + " is a " + t + ", the path goes on");
                    }
                    if (t == boolean.class) return f.getBoolean(o) ? 1 : 0;
                    if (t == float.class || t == double.class) return Double.doubleToLongBits(f.getDouble(o));
                    return f.getLong(o);
                }
                o = f.get(o);
            }
            return o == null ? 0 : System.identityHashCode(o) & 0xFFFFFFFFL;
        }

        private Field field(int i, Class<?> c) throws NoSuchFieldException {
            Step s = cache[i];
            if (s != null && s.type == c) {
                return s.field;
            }
            for (Class<?> k = c; k != null; k = k.getSuperclass()) {
                try {
                    Field f = k.getDeclaredField(names[i]);
                    f.setAccessible(true);
                    cache[i] = new Step(c, f);
                    return f;
                } catch (NoSuchFieldException e) {
                    // look in the superclass
                }
            }
            throw new NoSuchFieldException("no field '" + names[i] + "' in " + c.getName() + " or its superclasses");
        }
    }
}
