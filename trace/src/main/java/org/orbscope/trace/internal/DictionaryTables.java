package org.orbscope.trace.internal;

import java.util.ArrayList;
import java.util.List;

/**
 * The definitions a trace makes, by id (ids start at 1), as the reader loads them: strings, methods, classes,
 * monitors, threads, and the methods' stage roles. {@link org.orbscope.trace.Dictionary} names them for users.
 */
public final class DictionaryTables {
    private final List<String> strings = new ArrayList<>();
    private final List<long[]> methods = new ArrayList<>();   // class, name, descriptor string ids
    private final List<Integer> classes = new ArrayList<>();  // name string id
    private final List<long[]> monitors = new ArrayList<>();  // class string id, identity hash
    private final List<long[]> threads = new ArrayList<>();   // name string id, java thread id
    private final List<Integer> roles = new ArrayList<>();    // by method id: role string id, or null

    DictionaryTables() {
        strings.add(null);
        methods.add(null);
        classes.add(null);
        monitors.add(null);
        threads.add(null);
    }

    private static <T> T at(List<T> l, long id) {
        return id > 0 && id < l.size() ? l.get((int) id) : null;
    }

    private static <T> void put(List<T> l, long id, T v) {
        while (l.size() <= id) {
            l.add(null);
        }
        l.set((int) id, v);
    }

    void putString(long id, String s) {
        put(strings, id, s);
    }

    void putMethod(long id, long classStringId, long nameStringId, long descriptorStringId) {
        put(methods, id, new long[] {classStringId, nameStringId, descriptorStringId});
    }

    void putClass(long id, long nameStringId) {
        put(classes, id, (int) nameStringId);
    }

    void putMonitor(long id, long classStringId, long identityHash) {
        put(monitors, id, new long[] {classStringId, identityHash});
    }

    void putThread(long id, long nameStringId, long javaThreadId) {
        put(threads, id, new long[] {nameStringId, javaThreadId});
    }

    void putRole(long methodId, long roleStringId) {
        put(roles, methodId, (int) roleStringId);
    }

    /** A thread's name changed ({@link org.orbscope.trace.EventType#THREAD_NAME}): its name is the new string. */
    void renameThread(int id, long nameStringId) {
        long[] t = at(threads, id);
        if (t != null) {
            t[0] = nameStringId;
        }
    }

    public String string(long id) {
        return at(strings, id);
    }

    /** Class, name and descriptor string ids of a method, or null when undefined. */
    public long[] method(long id) {
        return at(methods, id);
    }

    public int methodCount() {
        return methods.size() - 1;
    }

    /** The string id of a method's role, or null. */
    public Integer role(long methodId) {
        return at(roles, methodId);
    }

    /** The name string id of a class, or null when undefined. */
    public Integer className(long id) {
        return at(classes, id);
    }

    /** Class string id and identity hash of a monitor, or null when undefined. */
    public long[] monitor(long id) {
        return at(monitors, id);
    }

    /** Name string id and Java thread id of a thread, or null when undefined. */
    public long[] thread(long id) {
        return at(threads, id);
    }

    public int threadCount() {
        return threads.size() - 1;
    }
}
