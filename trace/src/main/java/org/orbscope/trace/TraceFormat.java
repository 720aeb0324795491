package org.orbscope.trace;

import java.nio.charset.StandardCharsets;

/**
 * File layout. Header: magic, version (u16), info length (u32), info (UTF-8 {@code key=value} lines),
 * CRC32 of the info (u32). Then records: kind (u8), payload length (u32), CRC32 of the payload (u32),
 * payload. A chunk payload is a run of segments (varint thread id, varlong base nanoTime, varint event
 * count, varint byte length, events). The footer payload holds the totals. Big-endian throughout.
 */
final class TraceFormat {
    private TraceFormat() {
    }

    static final byte[] MAGIC = "ORBSCOPE".getBytes(StandardCharsets.US_ASCII);
    static final int VERSION = 1;
    static final int RECORD_HEADER = 9;
    static final byte CHUNK = 'C';
    static final byte FOOTER = 'F';
    /** Largest record the reader accepts: guards against allocating garbage lengths. */
    static final int MAX_RECORD = 64 << 20;
}
