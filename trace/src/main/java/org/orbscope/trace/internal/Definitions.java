package org.orbscope.trace.internal;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The writer's dictionaries: the ids of strings, methods (with their stage roles), classes, monitors and threads,
 * and the definition records not yet written. Recording threads define (class loading, thread start: rarely, so one
 * plain lock serves); the writer thread takes what was defined before each chunk ({@link #take}), writes it, and
 * writes it again with the next chunk ({@link #recycle}), so that a definition is lost only with two chunks: one
 * damaged chunk of definitions would otherwise leave every later event of its methods, threads and roles without a
 * name, and every request of a report incomplete.
 *
 * <p>Thread definitions are kept apart from the others: a ring's new segment repeats every other definition from
 * its log, but only the threads not retired ({@link LiveThreads}).
 */
final class Definitions {
    private static final int DEFS_BYTES = 64 * 1024;

    private final Object lock = new Object();
    private final Map<String, Integer> stringIds = new HashMap<>();
    private int nextStringId = 1;
    private final Map<String, Integer> methodIds = new HashMap<>();
    private final Map<String, Integer> classIds = new HashMap<>();
    private final Map<String, Integer> monitorIds = new HashMap<>();
    /** Method id -> role string id, for the methods whose role is written. */
    private final Map<Integer, Integer> methodRoles = new HashMap<>();
    private int nextThreadId = 1;
    private ThreadBuffer defs = new ThreadBuffer(DEFS_BYTES);
    private final List<ThreadBuffer> defsFull = new ArrayList<>();
    /** Thread definitions, apart from the others: a ring's definitions log leaves them out. */
    private ThreadBuffer threadDefs = new ThreadBuffer(DEFS_BYTES);
    private final List<ThreadBuffer> threadDefsFull = new ArrayList<>();
    private final LiveThreads live = new LiveThreads();
    /**
     * Written definitions buffers kept for reuse (one for the threads' definitions, one for the others), so steady
     * recording allocates none (a thread or monitor a millisecond).
     */
    private final List<ThreadBuffer> spare = new ArrayList<>(2);
    /** Writer thread only: the definitions of the chunk being written, other than threads' first. */
    private final List<ThreadBuffer> writing = new ArrayList<>();
    /** Writer thread only: how many of {@link #writing}, from its start, are definitions other than threads'. */
    private int writingLogged;
    /** Writer thread only: the definitions of the last chunk, written again with the next one. */
    private final List<ThreadBuffer> repeat = new ArrayList<>();

    Definitions() {
        defs.reset(TraceFormat.DEFINITIONS_THREAD, 0);
        threadDefs.reset(TraceFormat.DEFINITIONS_THREAD, 0);
    }

    int defineString(String s) {
        synchronized (lock) {
            Integer id = stringIds.get(s);
            if (id != null) {
                return id;
            }
            int nid = nextStringId++;
            stringIds.put(s, nid);
            byte[] utf = s.getBytes(StandardCharsets.UTF_8);
            ensureRoom(utf.length + 16);
            defs.stringDefinition(nid, utf);
            return nid;
        }
    }

    /** A method, with its stage role ({@code role} may be null); a role is written once per method. */
    int defineMethod(String className, String name, String descriptor, String role) {
        synchronized (lock) {
            String k = className + '#' + name + descriptor;
            Integer id = methodIds.get(k);
            if (id == null) {
                int c = defineString(className);
                int n = defineString(name);
                int d = defineString(descriptor);
                id = methodIds.size() + 1;
                methodIds.put(k, id);
                def(TraceFormat.DEF_METHOD, id, c, n, d);
            }
            if (role != null && !methodRoles.containsKey(id)) {
                int r = defineString(role);
                methodRoles.put(id, r);
                def(TraceFormat.DEF_ROLE, id, r, -1, -1);
            }
            return id;
        }
    }

    int defineClass(String className) {
        synchronized (lock) {
            Integer id = classIds.get(className);
            if (id != null) {
                return id;
            }
            int c = defineString(className);
            int nid = classIds.size() + 1;
            classIds.put(className, nid);
            def(TraceFormat.DEF_CLASS, nid, c, 0, -1);
            return nid;
        }
    }

    int defineMonitor(String className, int identityHash) {
        synchronized (lock) {
            String k = className + '@' + identityHash;
            Integer id = monitorIds.get(k);
            if (id != null) {
                return id;
            }
            int c = defineString(className);
            int nid = monitorIds.size() + 1;
            monitorIds.put(k, nid);
            def(TraceFormat.DEF_MONITOR, nid, c, identityHash & 0xFFFFFFFFL, -1);
            return nid;
        }
    }

    /** A new thread id; its name is a string of its own (see {@link TraceWriter#defineThread}). */
    int defineThread(String name, long javaThreadId) {
        synchronized (lock) {
            LiveThreads.LiveThread t = new LiveThreads.LiveThread(nextThreadId++, nextStringId++, name, javaThreadId);
            t.define(threadDefsRoom(t.name.length));
            live.add(t);
            return t.id;
        }
    }

    /** The string id of a thread's name as defined or last renamed; 0 once retired. */
    int threadNameId(int traceThreadId) {
        synchronized (lock) {
            LiveThreads.LiveThread t = live.get(traceThreadId);
            return t == null ? 0 : t.nameId;
        }
    }

    /** The thread's new name (its name event's string), which a new segment repeats from now on. */
    int renameThread(int traceThreadId, String name) {
        synchronized (lock) {
            int nameId = nextStringId++;
            byte[] utf = name.getBytes(StandardCharsets.UTF_8);
            threadDefsRoom(utf.length).stringDefinition(nameId, utf);
            LiveThreads.LiveThread t = live.get(traceThreadId);
            if (t != null) {
                t.nameId = nameId;
                t.name = utf;
            }
            return nameId;
        }
    }

    /** The thread submits no more buffers after the {@code submitted}th ({@link LiveThreads#retire}). */
    void retireThread(int traceThreadId, long submitted) {
        synchronized (lock) {
            live.retire(traceThreadId, submitted);
        }
    }

    /** Writer thread: see {@link LiveThreads#completeRetirements}. */
    void completeRetirements(boolean all, BufferExchange exchange) {
        synchronized (lock) {
            live.completeRetirements(all, exchange);
        }
    }

    /** Writer thread: the definitions of the threads not retired, for a new segment's first chunks. */
    ThreadBuffer liveThreadDefinitions() {
        synchronized (lock) {
            return live.definitions();
        }
    }

    /** The threads' definitions buffer with room for a thread's name and definition. Holds the lock. */
    private ThreadBuffer threadDefsRoom(int nameBytes) {
        if (threadDefs.data.length - threadDefs.pos < nameBytes + 48) {
            threadDefsFull.add(threadDefs);
            threadDefs = fresh(nameBytes + 48);
        }
        return threadDefs;
    }

    /** A definition record: tag, id {@code a}, then {@code b}, and {@code c} and {@code d} unless negative. Holds the lock. */
    private void def(int tag, long a, long b, long c, long d) {
        ensureRoom(48);
        defs.definition(tag, a, b, c, d);
    }

    private void ensureRoom(int bytes) {
        if (defs.data.length - defs.pos < bytes) {
            defsFull.add(defs);
            defs = fresh(bytes * 2);
        }
    }

    /** An empty definitions buffer of at least {@code bytes}: the spare one when it is big enough. Holds the lock. */
    private ThreadBuffer fresh(int bytes) {
        ThreadBuffer b = null;
        for (int i = 0; i < spare.size() && b == null; i++) {
            if (spare.get(i).data.length >= bytes) {
                b = spare.remove(i);
            }
        }
        if (b == null) {
            b = new ThreadBuffer(Math.max(DEFS_BYTES, bytes));
        }
        b.reset(TraceFormat.DEFINITIONS_THREAD, 0);
        return b;
    }

    /**
     * Writer thread: takes the definitions made so far for the next chunk: {@link #writing}, its first
     * {@link #writingLogged} other than threads', then the threads'.
     */
    void take() {
        synchronized (lock) {
            writing.addAll(defsFull);
            defsFull.clear();
            if (!defs.isEmpty()) {
                writing.add(defs);
                defs = fresh(0);
            }
            writingLogged = writing.size();
            writing.addAll(threadDefsFull);
            threadDefsFull.clear();
            if (!threadDefs.isEmpty()) {
                writing.add(threadDefs);
                threadDefs = fresh(0);
            }
        }
    }

    /** Writer thread: the definitions taken for the chunk being written. */
    List<ThreadBuffer> writing() {
        return writing;
    }

    /** Writer thread: how many of {@link #writing}, from its start, are definitions other than threads'. */
    int writingLogged() {
        return writingLogged;
    }

    /** Writer thread: the last chunk's definitions, which this chunk writes again. */
    List<ThreadBuffer> repeat() {
        return repeat;
    }

    /**
     * Writer thread, once a chunk is written: its definitions are kept to be written again with the next chunk; those
     * written a second time are done with, and one of the usual size is kept as the spare.
     */
    void recycle() {
        synchronized (lock) {
            for (ThreadBuffer b : repeat) {
                if (spare.size() < 2 && b.data.length == DEFS_BYTES) {
                    spare.add(b);
                }
            }
        }
        repeat.clear();
        repeat.addAll(writing);
        writing.clear();
    }
}
