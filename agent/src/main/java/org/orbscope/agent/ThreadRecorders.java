package org.orbscope.agent;

import java.util.Arrays;
import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.orbscope.trace.internal.TraceWriter;

/**
 * The registry of thread recorders: which recorder belongs to which thread, the trace ids of the threads of the
 * running recording, who started a thread, and the threads that have ended until their ids retire. The recorder's
 * hot path finds a thread's recorder here in a few loads ({@link #forMethod}), so the tables are static final
 * arrays, whose addresses the JIT folds into the code: this and the bootstrap bridge's sink are the agent's only
 * mutable statics. A recorder is created by the thread it records and found here by that thread; the flusher and
 * {@code stop} walk {@link #ALL}.
 */
final class ThreadRecorders {
    /**
     * Recorders by Java thread id modulo the array size: an array load instead of a ThreadLocal lookup on every
     * monitored call. Ids only grow, so the live threads of a server that has made many threads over its life
     * still spread over the slots. A thread whose slot another live thread holds finds its recorder in
     * {@link #LOCAL}, which every recorder is put in (so two threads claiming one slot at once cannot lose a
     * recorder), and claims the slot on a later guarded-path event once the holder has ended.
     */
    private static final ThreadRecorder[] BY_ID = new ThreadRecorder[1 << 13];
    private static final int SLOT_MASK = BY_ID.length - 1;
    private static final ThreadLocal<ThreadRecorder> LOCAL = new ThreadLocal<>();
    /**
     * Per method id (modulo the size): the recorder of the first thread that recorded it, the method's owner.
     * The owner finds its recorder in two dependent loads (entry, its thread) instead of the five of the slot
     * lookup (current thread is two, id, slot, recorder), which the clock read waits for; any other thread pays one
     * load and compare more, then looks up its slot (docs/results/agent-overhead.md: wall-only against
     * shared). An entry is written only while empty, not by each caller in turn, so threads sharing a method
     * do not move its cache line between cores. Emptied at start and stop, and when its thread has ended.
     */
    private static final ThreadRecorder[] OWNERS = new ThreadRecorder[1 << 12];
    private static final int OWNER_MASK = OWNERS.length - 1;
    /** The recorders of the running recording's recorded threads, alive or ended but not yet finished. */
    private static final ConcurrentLinkedQueue<ThreadRecorder> ALL = new ConcurrentLinkedQueue<>();
    /** Drops counted by threads that have ended (their recorders are gone). */
    private static final AtomicLong DEAD_DROPPED = new AtomicLong();
    /** Bumped at every start, so thread recorders of an earlier recording (attach, stop, attach) are replaced. */
    private static int generation;
    /** Java thread id of a started thread -> {trace id of the thread that started it, nanoTime of start()}. */
    private static final Map<Long, long[]> PARENTS = new ConcurrentHashMap<>();
    /** Java thread id -> trace thread id, for this recording: threads alive, and those ended but not yet retired. */
    private static final Map<Long, Integer> TRACE_IDS = new ConcurrentHashMap<>();
    /**
     * Recorded threads that have ended, oldest first: {Java thread id, trace id, nanoTime of the end}. Their ids
     * are retired (forgotten here, and no longer repeated by the writer's later segments) once
     * {@link Settings#retireAfterNanos} have passed, so a server that starts and ends a thread per burst of requests
     * does not make the recording's memory grow for as long as it runs.
     */
    private static final ConcurrentLinkedQueue<long[]> ENDED = new ConcurrentLinkedQueue<>();

    private ThreadRecorders() {
    }

    /** A recording starts: each thread gets a new recorder as it next records, and every id is new. */
    static void begin() {
        // Again here, not only at end(): a thread that was creating its recorder while the last recording
        // stopped may have put it back since, and the hot path does not check generations.
        Arrays.fill(BY_ID, null);
        Arrays.fill(OWNERS, null);
        generation++;
        TRACE_IDS.clear();
        ENDED.clear();
        PARENTS.clear();
        DEAD_DROPPED.set(0);
    }

    /** The recording stops: the hot path finds no recorder any more. */
    static void end() {
        Arrays.fill(BY_ID, null); // the next recording makes new recorders anyway
        Arrays.fill(OWNERS, null);
    }

    /** The agent's own threads and JFR's: never recorded (their work is the agent's, not the application's). */
    static boolean isAgentThread(String name) {
        return name.startsWith("orbscope-") || name.startsWith("JFR ");
    }

    /**
     * This thread's recorder, or null: the hot path's lookup, first among the method's owner, then by id slot
     * (a thread that finds the method unowned takes it). Both hold only recorders of the running recording
     * ({@link #end} empties them, {@link #disown} mends a stale owner), so no generation or activity check is
     * needed here; a recorder that may not record (thread filtered out) holds no buffer and fails the hot path.
     */
    static ThreadRecorder forMethod(int methodId) {
        Thread t = Thread.currentThread();
        int i = methodId & OWNER_MASK;
        ThreadRecorder owner = OWNERS[i];
        if (owner != null && owner.thread == t) {
            return owner;
        }
        ThreadRecorder r = BY_ID[(int) t.getId() & SLOT_MASK];
        if (r == null || r.thread != t) {
            return null;
        }
        if (owner == null) {
            OWNERS[i] = r;
        }
        return r;
    }

    /**
     * Empties the method's owner entry if it holds this thread's recorder of an earlier recording: a thread that
     * read its slot as a recording stopped can put it there after the entries were emptied, and would then take
     * the guarded path for that method for good.
     */
    static void disown(int methodId, Thread t) {
        int i = methodId & OWNER_MASK;
        ThreadRecorder owner = OWNERS[i];
        if (owner != null && owner.thread == t && owner.generation != generation) {
            OWNERS[i] = null;
        }
    }

    /** Whether {@code r} belongs to the running recording (or to none, after it stopped, to the last one). */
    static boolean isCurrent(ThreadRecorder r) {
        return r.generation == generation;
    }

    /** This thread's recorder of the running recording, or null when it has none yet. */
    static ThreadRecorder ofRunningRecording(Thread t) {
        ThreadRecorder r = find(t);
        if (r == null || r.generation != generation) {
            return null;
        }
        claimSlot(t, r); // found in LOCAL: its slot may be free again by now
        return r;
    }

    /** This thread's recorder of any recording, or null. */
    static ThreadRecorder find(Thread t) {
        ThreadRecorder r = BY_ID[(int) t.getId() & SLOT_MASK];
        return r != null && r.thread == t ? r : LOCAL.get();
    }

    /** Registers the recorder its thread has just made for the running recording. */
    static void add(ThreadRecorder r) {
        if (r.selected) {
            ALL.add(r);
        }
        r.generation = generation;
        claimSlot(r.thread, r);
        LOCAL.set(r);
    }

    /** Puts {@code r} in its thread's slot unless another live thread holds it, so the hot path finds it. */
    private static void claimSlot(Thread t, ThreadRecorder r) {
        int slot = (int) t.getId() & SLOT_MASK;
        ThreadRecorder held = BY_ID[slot];
        if (held != r && (held == null || held.thread == t || !held.thread.isAlive())) {
            BY_ID[slot] = r;
        }
    }

    /** Notes that the thread of trace id {@code parent} (0: none) is starting {@code child} at {@code nanos}. */
    static void starting(Thread child, int parent, long nanos) {
        PARENTS.put(child.getId(), new long[] {parent, nanos});
    }

    /** Who started this thread and when ({trace id, nanoTime}), taken once; null when not seen starting. */
    static long[] takeParent(Thread t) {
        return PARENTS.remove(t.getId());
    }

    /** The trace id of a Java thread in this recording, defined on first use (by the thread itself or by JFR). */
    static int traceId(TraceWriter writer, long javaThreadId, String name) {
        Integer id = TRACE_IDS.get(javaThreadId);
        if (id == null) {
            synchronized (TRACE_IDS) {
                id = TRACE_IDS.get(javaThreadId);
                if (id == null) {
                    id = writer.defineThread(name, javaThreadId);
                    TRACE_IDS.put(javaThreadId, id);
                }
            }
        }
        return id;
    }

    /** A recorded thread has ended: its trace id retires in {@link Settings#retireAfterNanos}. */
    static void ended(long javaThreadId, int traceId, long now) {
        if (traceId != 0) {
            ENDED.add(new long[] {javaThreadId, traceId, now});
        }
    }

    /**
     * The flusher's round: finishes the recorders of threads that have ended (their last buffer goes to the
     * writer), frees their slots and method ownerships, and retires the trace ids of threads that ended long
     * enough ago. Returns the events dropped so far by this recording's threads.
     */
    static long flushEnded(TraceWriter writer, long now, long retireAfterNanos) {
        long dropped = DEAD_DROPPED.get();
        boolean someEnded = false;
        for (Iterator<ThreadRecorder> it = ALL.iterator(); it.hasNext(); ) {
            ThreadRecorder r = it.next();
            dropped += r.dropped;
            if (!r.thread.isAlive()) {
                r.finish(true);
                DEAD_DROPPED.addAndGet(r.dropped);
                it.remove();
                int slot = (int) r.thread.getId() & SLOT_MASK;
                if (BY_ID[slot] == r) {
                    BY_ID[slot] = null;
                }
                someEnded = true;
            }
        }
        // Method ownerships are walked only after a recorded thread ended: a walk reads 4,096 slots, which a server
        // whose threads all live would pay every round for nothing. A thread left out that ended keeps its slots
        // until then, which costs no one anything: a thread mapping to one claims it (claimSlot).
        if (someEnded) {
            release(OWNERS);
        }
        long[] e;
        while ((e = ENDED.peek()) != null && now - e[2] >= retireAfterNanos) {
            ENDED.poll();
            TRACE_IDS.remove(e[0], (int) e[1]);
            writer.retireThread((int) e[1]);
        }
        return dropped;
    }

    private static void release(ThreadRecorder[] recorders) {
        for (int i = 0; i < recorders.length; i++) {
            ThreadRecorder r = recorders[i];
            if (r != null && !r.thread.isAlive()) {
                recorders[i] = null;
            }
        }
    }

    /** Calls {@code action} with each recorder of the running recording that the flusher has not yet let go. */
    static void forEach(Consumer<ThreadRecorder> action) {
        for (ThreadRecorder r : ALL) {
            action.accept(r);
        }
    }

    /**
     * At stop, once threads no longer write: finishes every recorder (a live thread's buffer is handed over, an
     * ended one's end is written) and forgets them. Returns the events the recording's threads dropped.
     */
    static long finishAll(TraceWriter writer) {
        long dropped = DEAD_DROPPED.get();
        for (ThreadRecorder r : ALL) {
            r.finish(!r.thread.isAlive());
            dropped += r.dropped;
        }
        ALL.clear();
        return dropped;
    }
}
