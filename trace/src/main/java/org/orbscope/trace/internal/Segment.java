package org.orbscope.trace.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import org.orbscope.trace.TraceFormatException;

/**
 * An entry of the index: where one stretch of one thread's events lies in which file, or, with thread id
 * {@link #LOST}, the place of a damaged stretch the index skipped.
 */
final class Segment {
    /** Thread id of the marker segment standing where a damaged chunk was skipped. */
    static final int LOST = -1;

    final FileChannel channel;
    final Path file;
    final int threadId;
    final long base;
    final int events;
    final long offset;
    final int length;
    /** Damaged stretches skipped before this segment in the recording. */
    final int lostBefore;

    Segment(FileChannel channel, Path file, int threadId, long base, int events, long offset, int length, int lostBefore) {
        this.channel = channel;
        this.file = file;
        this.threadId = threadId;
        this.base = base;
        this.events = events;
        this.offset = offset;
        this.length = length;
        this.lostBefore = lostBefore;
    }

    boolean isLost() {
        return threadId == LOST;
    }

    /** A cursor over the segment's events, read from its file. */
    Cursor open() throws IOException {
        ByteBuffer b = ByteBuffer.allocate(length);
        if (HeaderFormat.readFully(channel, b, offset) < length) {
            throw new TraceFormatException(file + ": file changed while reading (segment at " + offset + ")");
        }
        return new Cursor(b.array(), 0, length, file, offset);
    }
}
