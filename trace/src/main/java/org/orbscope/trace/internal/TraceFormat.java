package org.orbscope.trace.internal;

import java.nio.charset.StandardCharsets;
import org.orbscope.trace.EventType;

/**
 * The file layout, which the writer's and the reader's classes share. Header: magic, version (u16), info length
 * (u32), info (UTF-8 {@code key=value} lines), CRC32 of the info (u32). Then records: kind (u8), payload length
 * (u32), CRC32 of the payload (u32), payload. A chunk payload is a run of segments (varint thread id, varlong base
 * nanoTime, varint event count, varint byte length, events). The footer payload holds the totals. Big-endian
 * throughout.
 *
 * <p>An event is one tag byte ({@link #MASK} bits: the {@link EventType}; high bits: flags), a varint nanoTime delta
 * from the previous event of the same segment, then the type's fields as varints. Definition records (the
 * dictionaries) live in segments of thread {@link #DEFINITIONS_THREAD}: a tag byte, the defined id, then the fields
 * listed beside each {@code DEF_} constant, with no time. A method's stage role ({@link #DEF_ROLE}) follows its
 * {@link #DEF_METHOD} when the profile that recorded the trace gives it one.
 */
public final class TraceFormat {
    private TraceFormat() {
    }

    static final byte[] MAGIC = "ORBSCOPE".getBytes(StandardCharsets.US_ASCII);
    static final int VERSION = 1;
    static final int RECORD_HEADER = 9;
    static final byte CHUNK = 'C';
    static final byte FOOTER = 'F';
    /** Largest record the reader accepts: guards against allocating garbage lengths. */
    static final int MAX_RECORD = 64 << 20;

    /** The tag bits of the event type. */
    public static final int MASK = 0x1F;
    /** Flag: thread CPU time (varint delta, zig-zag) follows the type's fields. */
    public static final int FLAG_CPU = 0x20;
    /** Flag: a correlation key (varlong) follows. */
    public static final int FLAG_KEY = 0x40;
    /** Flag: exceptional exit; wait ended by timeout; notifyAll. */
    public static final int FLAG_ALT = 0x80;

    // Definitions (thread 0 segments); no time delta. 30 is free for a future event type.
    public static final int DEF_STRING = 24;       // id, length, UTF-8 bytes
    public static final int DEF_METHOD = 25;       // id, classStringId, nameStringId, descriptorStringId
    public static final int DEF_THREAD = 26;       // id, nameStringId, javaThreadId
    public static final int DEF_MONITOR = 27;      // id, classStringId, identityHash
    public static final int DEF_CLASS = 28;        // id, nameStringId
    /** The stage role of a method, from the ORB profile: id = the method id, then the role label's string id. */
    public static final int DEF_ROLE = 22;         // methodId, roleStringId

    /** The thread id of the segments that hold definitions. */
    public static final int DEFINITIONS_THREAD = 0;
}
