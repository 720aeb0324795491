package org.orbscope.trace.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.zip.CRC32;

/** One file being written in the trace layout: its header, checksummed records and footer, and the bytes so far. */
final class RecordWriter implements AutoCloseable {
    private final FileChannel channel;
    private final CRC32 crc = new CRC32();
    private long written;

    private RecordWriter(FileChannel channel) {
        this.channel = channel;
    }

    /** Creates {@code file}, or empties it. */
    static RecordWriter create(Path file) throws IOException {
        return new RecordWriter(FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                StandardOpenOption.WRITE));
    }

    /** Bytes written to the file so far. */
    long written() {
        return written;
    }

    /** Writes the header of {@code info}; returns its length. */
    long header(Map<String, String> info) throws IOException {
        ByteBuffer h = HeaderFormat.encode(info);
        int length = h.remaining();
        writeFully(h);
        return length;
    }

    /**
     * Writes {@code out} as one record of {@code kind}: its payload lies from {@link TraceFormat#RECORD_HEADER} to its
     * position, and the record header is filled in here.
     */
    void record(ByteBuffer out, byte kind) throws IOException {
        int end = out.position();
        int len = end - TraceFormat.RECORD_HEADER;
        crc.reset();
        out.limit(end);
        out.position(TraceFormat.RECORD_HEADER);
        crc.update(out);
        out.put(0, kind).putInt(1, len).putInt(5, (int) crc.getValue());
        out.position(0);
        writeFully(out);
    }

    /** The footer: what the file holds, and when it ended. */
    void footer(long events, long dropped, long errors, long endNanos, long endMillis, long chunks) throws IOException {
        ByteBuffer out = ByteBuffer.allocate(TraceFormat.RECORD_HEADER + 80);
        out.position(TraceFormat.RECORD_HEADER);
        putVar(out, events);
        putVar(out, dropped);
        putVar(out, errors);
        putVar(out, endNanos);
        putVar(out, endMillis);
        putVar(out, chunks);
        record(out, TraceFormat.FOOTER);
    }

    /** Copies bytes {@code [from, to)} of another trace file here as they are (a dump's chunks). */
    void copy(Path file, long from, long to) throws IOException {
        try (FileChannel in = FileChannel.open(file, StandardOpenOption.READ)) {
            long pos = from;
            while (pos < to) {
                pos += in.transferTo(pos, to - pos, channel);
            }
        }
    }

    private void writeFully(ByteBuffer b) throws IOException {
        while (b.hasRemaining()) {
            written += channel.write(b);
        }
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }

    /** A segment of a chunk: thread id, base time, event count, byte length, then the events' bytes. */
    static void segment(ByteBuffer out, int threadId, long base, int events, byte[] data, int length) {
        putVar(out, threadId);
        putVar(out, base);
        putVar(out, events);
        putVar(out, length);
        out.put(data, 0, length);
    }

    static void putVar(ByteBuffer out, long v) {
        while ((v & ~0x7FL) != 0) {
            out.put((byte) ((v & 0x7F) | 0x80));
            v >>>= 7;
        }
        out.put((byte) v);
    }
}
