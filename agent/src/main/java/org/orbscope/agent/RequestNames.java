package org.orbscope.agent;

import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import org.orbscope.trace.internal.TraceWriter;
import org.orbscope.trace.profile.ObjectKeyText;
import org.orbscope.trace.profile.ProfileMethod;

/**
 * The trace string ids of request names (operation names, object keys), for one recording. A server has a few of
 * each, seen once per request, so each is defined once and found again in a cache that takes no lock: operation
 * names by string (a new string per request, equal to one seen before), object keys by content (a new array per
 * request), neither copied nor rendered again. A recording keeps at most {@link #LIMIT} distinct values: a path that
 * names something else (a request id) would otherwise grow the trace's dictionary with every request.
 */
final class RequestNames {
    static final int LIMIT = 10_000;

    private final Map<String, Integer> strings = new ConcurrentHashMap<>();
    private final OctetIds keys = new OctetIds(this);
    private final AtomicBoolean fullReported = new AtomicBoolean();
    private final AtomicBoolean typeReported = new AtomicBoolean();
    private final TraceWriter writer;
    /** The string ids of the attribute names, in this recording. */
    final int operation;
    final int object;

    /** The names of a new recording, whose writer's dictionary starts empty. */
    RequestNames(TraceWriter writer) {
        this.writer = writer;
        operation = writer.defineString(ProfileMethod.OPERATION);
        object = writer.defineString(ProfileMethod.OBJECT);
    }

    /** The string id of a value read for a request: a string, or octets (an object key); 0 when it cannot be written. */
    int id(Object value) {
        if (value instanceof String) {
            String s = (String) value;
            Integer id = strings.get(s);
            if (id != null) {
                return id;
            }
            if (!room()) {
                return 0;
            }
            int nid = writer.defineString(s);
            strings.put(s, nid);
            return nid;
        }
        if (value instanceof byte[]) {
            return keys.id((byte[]) value);
        }
        if (value != null && typeReported.compareAndSet(false, true)) {
            System.err.println("orbscope agent: a request name path gives a " + value.getClass().getName()
                    + ", not a string or octets: not recorded");
        }
        return 0;
    }

    private boolean room() {
        if (strings.size() + keys.size < LIMIT) {
            return true;
        }
        if (fullReported.compareAndSet(false, true)) {
            System.err.println("orbscope agent: more than " + LIMIT + " distinct request names (operation=, object=):"
                    + " new ones are not recorded; does a path name something other than an operation or object key?");
        }
        return false;
    }

    /**
     * Octet strings to ids: an open-addressing table whose entries never change once written, so readers need no
     * lock (they see an entry whole or not at all, and then ask under the lock); it is replaced, twice as large,
     * when half full.
     */
    private static final class OctetIds {
        private static final class Entry {
            final byte[] key;
            final int hash;
            final int id;

            Entry(byte[] key, int hash, int id) {
                this.key = key;
                this.hash = hash;
                this.id = id;
            }
        }

        /** Whose dictionary the ids are of, and whose limit they count against. */
        private final RequestNames names;
        private volatile Entry[] table = new Entry[64];
        private volatile int size;

        OctetIds(RequestNames names) {
            this.names = names;
        }

        int id(byte[] key) {
            int h = Arrays.hashCode(key);
            Entry found = find(table, key, h);
            return found != null ? found.id : add(key, h);
        }

        private static Entry find(Entry[] t, byte[] key, int h) {
            int mask = t.length - 1;
            for (int i = spread(h) & mask; ; i = (i + 1) & mask) {
                Entry e = t[i];
                if (e == null) {
                    return null;
                }
                if (e.hash == h && Arrays.equals(e.key, key)) {
                    return e;
                }
            }
        }

        private synchronized int add(byte[] key, int h) {
            Entry found = find(table, key, h);
            if (found != null) {
                return found.id;
            }
            if (!names.room()) {
                return 0;
            }
            Entry e = new Entry(key.clone(), h, names.writer.defineString(ObjectKeyText.of(key)));
            Entry[] t = table;
            if (2 * (size + 1) > t.length) {
                Entry[] bigger = new Entry[t.length * 2];
                for (Entry old : t) {
                    if (old != null) {
                        put(bigger, old);
                    }
                }
                put(bigger, e);
                table = bigger;
            } else {
                put(t, e);
            }
            size++;
            return e.id;
        }

        private static void put(Entry[] t, Entry e) {
            int mask = t.length - 1;
            int i = spread(e.hash) & mask;
            while (t[i] != null) {
                i = (i + 1) & mask;
            }
            t[i] = e;
        }

        private static int spread(int h) {
            return h ^ (h >>> 16);
        }
    }
}
