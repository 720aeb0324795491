package org.orbscope.trace;

import java.util.ArrayList;
import java.util.List;

/** The names the trace defines: strings, methods, classes, monitors, threads (ids start at 1). */
public final class Dictionary {
    final List<String> strings = new ArrayList<>();
    final List<long[]> methods = new ArrayList<>();   // class, name, descriptor string ids
    final List<Integer> classes = new ArrayList<>();  // name string id
    final List<long[]> monitors = new ArrayList<>();  // class string id, identity hash
    final List<long[]> threads = new ArrayList<>();   // name string id, java thread id
    final List<Integer> roles = new ArrayList<>();    // by method id: role string id (DEF_ROLE), or null

    Dictionary() {
        strings.add(null);
        methods.add(null);
        classes.add(null);
        monitors.add(null);
        threads.add(null);
    }

    private static <T> T at(List<T> l, long id) {
        return id > 0 && id < l.size() ? l.get((int) id) : null;
    }

    public String string(long id) {
        return at(strings, id);
    }

    public String methodClass(int id) {
        long[] m = at(methods, id);
        return m == null ? null : string(m[0]);
    }

    public String methodName(int id) {
        long[] m = at(methods, id);
        return m == null ? null : string(m[1]);
    }

    public String methodDescriptor(int id) {
        long[] m = at(methods, id);
        return m == null ? null : string(m[2]);
    }

    /** {@code pkg.Class#name(desc)}, or {@code method#id} when undefined. */
    public String method(int id) {
        long[] m = at(methods, id);
        return m == null ? "method#" + id : string(m[0]) + '#' + string(m[1]) + string(m[2]);
    }

    /** {@code Class.name} without the descriptor, for compact output. */
    public String methodShort(int id) {
        long[] m = at(methods, id);
        if (m == null) {
            return "method#" + id;
        }
        String c = string(m[0]);
        return c.substring(c.lastIndexOf('.') + 1) + '.' + string(m[1]);
    }

    /**
     * The stage role the recording profile gives the method ({@code receive.arrival}), or null: the method has
     * none, or the trace carries no roles (then the profile named by the header's {@code profile.name} may).
     */
    public String methodRole(int id) {
        Integer r = at(roles, id);
        return r == null ? null : string(r);
    }

    public int methodCount() {
        return methods.size() - 1;
    }

    public String className(long id) {
        Integer s = at(classes, id);
        return s == null ? "class#" + id : string(s);
    }

    public String monitor(long id) {
        long[] m = at(monitors, id);
        return m == null ? "monitor#" + id : string(m[0]) + '@' + Long.toHexString(m[1]);
    }

    public String threadName(int id) {
        long[] t = at(threads, id);
        return t == null ? "thread#" + id : string(t[0]);
    }

    public long javaThreadId(int id) {
        long[] t = at(threads, id);
        return t == null ? -1 : t[1];
    }

    public int threadCount() {
        return threads.size() - 1;
    }

    static <T> void put(List<T> l, long id, T v) {
        while (l.size() <= id) {
            l.add(null);
        }
        l.set((int) id, v);
    }
}
