package org.orbscope.trace.internal;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What a recording has written, dropped and caught so far, and what the file being written holds of it: a footer
 * counts what came since its file began ({@link #markFile}), so a ring's segments each count their own part.
 */
final class Tally {
    /** Events written: writer thread only. */
    long events;
    /** Chunks written: writer thread only. */
    long chunks;
    /** Events dropped: by recording threads (no buffer free) and the writer (skipped or unwritable buffers). */
    final AtomicLong dropped = new AtomicLong();
    /** Errors caught inside the agent, and malformed buffers the writer skipped. */
    final AtomicLong errors = new AtomicLong();
    private long fileEvents;
    private long fileDropped;
    private long fileErrors;
    private long fileChunks;

    /** A new file begins: its footer counts from here. */
    void markFile() {
        fileEvents = events;
        fileDropped = dropped.get();
        fileErrors = errors.get();
        fileChunks = chunks;
    }

    /** What the current file holds so far: events, dropped, errors, chunks. */
    long[] sinceMark() {
        return new long[] {events - fileEvents, dropped.get() - fileDropped, errors.get() - fileErrors, chunks - fileChunks};
    }

    /** Writes the current file's footer, ending at {@code endNanos}; returns what it counts ({@link #sinceMark}). */
    long[] footer(RecordWriter out, long endNanos) throws IOException {
        long[] c = sinceMark();
        out.footer(c[0], c[1], c[2], endNanos, System.currentTimeMillis(), c[3]);
        return c;
    }
}
