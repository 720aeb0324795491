package org.orbscope.agent;

/**
 * The keys of the requests that request sampling records, so a fragment that continues a request on another thread
 * ({@code fragment=continue}) is recorded exactly when the request's first fragment was. A direct-mapped table of
 * keys: a key is found while no later recorded request's key has taken its slot, which at 8,192 slots holds for
 * far more recorded requests than an ORB keeps in flight. A lost or a false match leaves one request incomplete in
 * the trace (the report counts those); it never costs more than one load and compare per continued fragment and
 * per keyed event on its thread. The table is small (64 KiB) so that it stays in the core's caches: every request
 * that is not recorded looks its key up at a random slot, and in a table of several hundred KiB such a look-up
 * often misses them.
 *
 * <p>Plain array stores and loads: an ORB hands a request to the next thread through a lock or queue, which orders
 * the store before the other thread's load. One table per recording.
 */
final class RecordedRequests {
    private static final int MASK = (1 << 13) - 1;

    private final long[] keys = new long[MASK + 1];

    /** A recorded request's key (0, a null key object, is never a request's). */
    void add(long key) {
        if (key != 0) {
            keys[slot(key)] = key;
        }
    }

    boolean contains(long key) {
        return key != 0 && keys[slot(key)] == key;
    }

    private static int slot(long key) {
        // Identity hashes fill the low 31 bits; field keys (connection ids, counters) may differ only high up.
        return (int) (key ^ (key >>> 32)) & MASK;
    }
}
