package org.orbscope.agent;

import org.orbscope.agent.boot.Sink;
import org.orbscope.trace.internal.TraceWriter;

/**
 * The enters of profile methods that know their request: a correlation key read from {@code this}, an argument or
 * a field path of one, request sampling carried by that key from the thread a request begins on to the threads
 * that continue it, and the request's names (operation, object key). Runs on the thread it records, inside the
 * recorder's guard ({@link Recorder}), on that thread's recorder; one per recording. The enters of a broad trace's
 * methods that record what they hold come this way too.
 */
final class RequestEvents {
    private final Settings settings;
    private final RecordedRequests recorded = new RecordedRequests();
    private final RequestNames names;
    private final KeyPaths paths;
    private final HeldObjects held;

    RequestEvents(TraceWriter writer, Settings settings, AgentErrors errors) {
        this.settings = settings;
        this.names = new RequestNames(writer);
        this.held = new HeldObjects(writer);
        this.paths = new KeyPaths(errors);
    }

    /** The recording's field paths, which advice names by the ids it registers. */
    KeyPaths paths() {
        return paths;
    }

    /**
     * Records the enter of a keyed method ({@link Sink#KEYED} in {@code flags}) or one that
     * names its request, and after it one {@code request-name} event per name found (the operation from
     * {@code operationBase}, the object key from {@code objectBase}, each along its field path). Request sampling
     * decides first whether it is recorded: a request's first fragment draws, a fragment that continues a request
     * ({@link Sink#CONTINUED}) follows its key, and so does every keyed event on a thread
     * that continues requests. An {@code include}d method under {@code identities=true} ({@link Sink#HOLDS}) writes
     * instead, after its enter, what it holds: its {@code this} in {@code operationBase}, its arguments in
     * {@code objectBase} ({@link HeldObjects}). Returns the exit's token, or null when nothing was recorded.
     */
    Object enter(ThreadRecorder r, int methodId, Object keyObject, int keyPath, int flags, Object operationBase,
            Object objectBase, int namePaths) {
        boolean keyed = (flags & Sink.KEYED) != 0;
        boolean continued = (flags & Sink.CONTINUED) != 0;
        boolean ownDraw = keyed && (flags & Sink.FRAGMENT) == 0 && r.continued && settings.sampling;
        if (!continued && !ownDraw) {
            if ((flags & Sink.FRAGMENT) != 0) {
                r.beginFragment();
            }
            if (!r.recording) {
                return null;
            }
        }
        // The agent's work on a charged thread starts before the key's look-up, which falls inside the recorded
        // fragment's stage; for a fragment that continues a request, once its key has said whether it is charged.
        long start = continued ? 0 : r.startWork();
        long key = keyed ? key(r, keyObject, keyPath, ownDraw) : 0;
        Object identity = keyPath == 0 ? keyObject : null;
        if (continued) {
            if (!r.continueFragment(key, identity, recorded)) {
                return null;
            }
        } else if (ownDraw) {
            if (!r.keyRecorded(key, identity, recorded)) {
                return null;
            }
        } else if (keyed && settings.sampling) {
            recorded.add(key); // the threads the request goes on to record it too
        }
        if (start == 0) {
            start = r.startWork();
        }
        if (!r.enter(methodId, flags, keyed, key, start)) {
            return null;
        }
        if ((flags & Sink.HOLDS) != 0) {
            held.record(r, operationBase, (Object[]) objectBase);
            return r;
        }
        name(r, names.operation, operationBase, namePaths >>> 16);
        name(r, names.object, objectBase, namePaths & 0xFFFF);
        return r;
    }

    /** A keyed event's key: 0 without a key object, else the object's identity or the value its field path reaches. */
    private long key(ThreadRecorder r, Object keyObject, int keyPath, boolean ownDraw) {
        if (keyObject == null) {
            return 0;
        }
        if (keyPath != 0) {
            return paths.key(keyPath, keyObject);
        }
        // A thread that continues requests sees one request object in call after call: its hash is taken once.
        return ownDraw && keyObject == r.lastKeyObject ? r.lastKey : System.identityHashCode(keyObject) & 0xFFFFFFFFL;
    }

    /** A name of the thread's request, read along a field path from {@code base} ({@code path} 0: the base itself). */
    private void name(ThreadRecorder r, int attribute, Object base, int path) {
        if (base == null) {
            return;
        }
        int value = names.id(path == 0 ? base : paths.value(path, base));
        if (value != 0) {
            r.requestName(attribute, value);
        }
    }
}
