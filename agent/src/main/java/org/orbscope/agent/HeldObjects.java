package org.orbscope.agent;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.orbscope.trace.internal.TraceWriter;

/**
 * The objects an {@code include}d call holds, under {@code identities=true}: its {@code this}, each object argument,
 * and the objects those hold in their fields (one level), each written after the call's enter as an
 * {@code identity} event (the string id of the path and the object's class, {@code "arg0 com.acme.Request"}, and
 * the object's identity hash). {@code profile suggest} judges a
 * correlation key on them: an object that differs from one request to the next and is the same on the receiver's
 * and the dispatcher's methods of one request, reached as {@code this}, {@code argN} or {@code argN.field}. Only
 * objects outside the JDK count (a string, a collection, a JDK thread's state is no ORB's request
 * object). The class tells the ORB's objects from the application's: the servant is the application's object the
 * ORB calls. Each class's fields are found once; they are read by reflection, which a broad trace can afford.
 */
final class HeldObjects {
    /** The most fields of one object recorded: a request object has a few dozen. */
    private static final int MAX_FIELDS = 64;

    private final TraceWriter writer;
    /** Per class, the string id of each path at which an object of it was held. */
    private final ClassValue<Map<String, Integer>> pathIds = new ClassValue<Map<String, Integer>>() {
        @Override
        protected Map<String, Integer> computeValue(Class<?> type) {
            return new ConcurrentHashMap<>();
        }
    };
    private final ClassValue<Field[]> fields = new ClassValue<Field[]>() {
        @Override
        protected Field[] computeValue(Class<?> type) {
            return objectFields(type);
        }
    };

    HeldObjects(TraceWriter writer) {
        this.writer = writer;
    }

    /** Writes the identities of {@code self} (null: a static method), of {@code args} and of their fields. */
    void record(ThreadRecorder r, Object self, Object[] args) {
        if (self != null) {
            held(r, "this", self);
        }
        for (int i = 0; args != null && i < args.length; i++) {
            if (args[i] != null) {
                held(r, "arg" + i, args[i]);
            }
        }
    }

    private void held(ThreadRecorder r, String path, Object o) {
        if (!applications(o.getClass())) {
            return;
        }
        r.identity(pathId(path, o.getClass()), identity(o));
        for (Field f : fields.get(o.getClass())) {
            Object v;
            try {
                v = f.get(o);
            } catch (IllegalAccessException | RuntimeException e) {
                continue;
            }
            if (v != null && applications(v.getClass())) {
                r.identity(pathId(path + '.' + f.getName(), v.getClass()), identity(v));
            }
        }
    }

    private static long identity(Object o) {
        return System.identityHashCode(o) & 0xFFFFFFFFL;
    }

    private int pathId(String path, Class<?> type) {
        Map<String, Integer> ids = pathIds.get(type);
        Integer id = ids.get(path);
        if (id == null) {
            id = writer.defineString(path + ' ' + type.getName());
            ids.put(path, id);
        }
        return id;
    }

    /** Whether objects of this class may be an ORB's request object: not an array, not the JDK's. */
    private static boolean applications(Class<?> c) {
        if (c.isArray() || c.isPrimitive()) {
            return false;
        }
        String n = c.getName();
        return !(n.startsWith("java.") || n.startsWith("javax.") || n.startsWith("jdk.") || n.startsWith("sun."));
    }

    /** The instance fields of object type of a class and its superclasses outside the JDK, readable ones only. */
    private static Field[] objectFields(Class<?> type) {
        List<Field> found = new ArrayList<>();
        for (Class<?> c = type; c != null && applications(c) && found.size() < MAX_FIELDS; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers()) || f.getType().isPrimitive() || found.size() == MAX_FIELDS) {
                    continue;
                }
                try {
                    f.setAccessible(true);
                    found.add(f);
                } catch (RuntimeException e) {
                    // A field of a module that does not open its package: not readable, not a key a profile can name.
                }
            }
        }
        return found.toArray(new Field[0]);
    }
}
