package org.orbscope.trace;

import org.orbscope.trace.internal.DictionaryTables;

/**
 * The names a trace defines, by id: strings, methods, classes, monitors and threads (ids start at 1). The ids are
 * what {@link Event}'s accessors return; a name the trace does not define reads as {@code kind#id} (or null where
 * the method says), as in a trace whose definitions were in a damaged stretch.
 */
public final class Dictionary {
    private final DictionaryTables tables;

    Dictionary(DictionaryTables tables) {
        this.tables = tables;
    }

    /** A string ({@link Event#nameStringId}, {@link Event#collectorStringId}, ...), or null. */
    public String string(long id) {
        return tables.string(id);
    }

    /** The class of a method, dotted ({@code com.acme.Shop}), or null. */
    public String methodClass(int id) {
        long[] m = tables.method(id);
        return m == null ? null : string(m[0]);
    }

    /** The name of a method ({@code buy}), or null. */
    public String methodName(int id) {
        long[] m = tables.method(id);
        return m == null ? null : string(m[1]);
    }

    /** The JVM descriptor of a method ({@code (I)V}), or null. */
    public String methodDescriptor(int id) {
        long[] m = tables.method(id);
        return m == null ? null : string(m[2]);
    }

    /** {@code pkg.Class#name(desc)}, or {@code method#id} when undefined. */
    public String method(int id) {
        long[] m = tables.method(id);
        return m == null ? "method#" + id : string(m[0]) + '#' + string(m[1]) + string(m[2]);
    }

    /** {@code Class.name} without the package and descriptor, for compact output; {@code method#id} when undefined. */
    public String methodShort(int id) {
        long[] m = tables.method(id);
        if (m == null) {
            return "method#" + id;
        }
        String c = string(m[0]);
        return c.substring(c.lastIndexOf('.') + 1) + '.' + string(m[1]);
    }

    /**
     * The stage role the recording profile gives the method ({@code receive.arrival}), or null: the method has
     * none, or the trace carries no roles (then the profile its header names may: {@link TraceHeader#profileName}).
     */
    public String methodRole(int id) {
        Integer r = tables.role(id);
        return r == null ? null : string(r);
    }

    /** How many methods the trace defines (ids 1 to this). */
    public int methodCount() {
        return tables.methodCount();
    }

    /** A class's name ({@link Event#classId}), or {@code class#id} when undefined. */
    public String className(long id) {
        Integer s = tables.className(id);
        return s == null ? "class#" + id : string(s);
    }

    /** A monitor as {@code Class@identityHash} in hex ({@link Event#monitorId}), or {@code monitor#id}. */
    public String monitor(long id) {
        long[] m = tables.monitor(id);
        return m == null ? "monitor#" + id : string(m[0]) + '@' + Long.toHexString(m[1]);
    }

    /** A thread's name as last defined or renamed so far in the reading, or {@code thread#id}. */
    public String threadName(int id) {
        long[] t = tables.thread(id);
        return t == null ? "thread#" + id : string(t[0]);
    }

    /** The Java thread id ({@code Thread.getId()}) of a trace thread, or -1 when undefined. */
    public long javaThreadId(int id) {
        long[] t = tables.thread(id);
        return t == null ? -1 : t[1];
    }

    /** How many threads the trace defines (ids 1 to this). */
    public int threadCount() {
        return tables.threadCount();
    }
}
