package org.orbscope.trace.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.CRC32;
import org.orbscope.trace.TraceFormatException;

/** The file header, written and read here alone: magic, version, the info's {@code key=value} lines and their CRC. */
final class HeaderFormat {
    private HeaderFormat() {
    }

    /** A header as read: its entries, and whether its checksum failed (the entries may then be wrong). */
    static final class Header {
        final Map<String, String> info;
        final boolean damaged;

        Header(Map<String, String> info, boolean damaged) {
            this.info = info;
            this.damaged = damaged;
        }
    }

    /** The header of {@code info}, ready to write; a key's newlines and '=' and a value's newlines become blanks. */
    static ByteBuffer encode(Map<String, String> info) {
        StringBuilder b = new StringBuilder();
        for (Map.Entry<String, String> e : info.entrySet()) {
            b.append(e.getKey().replace('\n', ' ').replace('=', '_')).append('=')
                    .append(String.valueOf(e.getValue()).replace('\n', ' ')).append('\n');
        }
        byte[] text = b.toString().getBytes(StandardCharsets.UTF_8);
        ByteBuffer h = ByteBuffer.allocate(TraceFormat.MAGIC.length + 2 + 4 + text.length + 4);
        h.put(TraceFormat.MAGIC).putShort((short) TraceFormat.VERSION).putInt(text.length).put(text);
        CRC32 crc = new CRC32();
        crc.update(text, 0, text.length);
        h.putInt((int) crc.getValue());
        h.flip();
        return h;
    }

    static Header read(Path path, FileChannel ch) throws IOException {
        ByteBuffer h = ByteBuffer.allocate(TraceFormat.MAGIC.length + 6);
        if (readFully(ch, h, 0) < h.capacity()) {
            throw new TraceFormatException(path + ": not an orbscope trace (file too short for a header)");
        }
        byte[] magic = new byte[TraceFormat.MAGIC.length];
        h.get(magic);
        if (!Arrays.equals(magic, TraceFormat.MAGIC)) {
            throw new TraceFormatException(path + ": not an orbscope trace (bad magic)");
        }
        int version = h.getShort() & 0xFFFF;
        if (version != TraceFormat.VERSION) {
            throw new TraceFormatException(path + ": trace format version " + version + ", this reader reads "
                    + TraceFormat.VERSION);
        }
        int len = h.getInt();
        if (len < 0 || len > 1 << 20) {
            throw new TraceFormatException(path + ": damaged header (info length " + len + ")");
        }
        ByteBuffer text = ByteBuffer.allocate(len + 4);
        if (readFully(ch, text, h.capacity()) < text.capacity()) {
            throw new TraceFormatException(path + ": damaged header (cut short)");
        }
        CRC32 crc = new CRC32();
        crc.update(text.array(), 0, len);
        boolean damaged = (int) crc.getValue() != text.getInt(len);
        Map<String, String> info = new LinkedHashMap<>();
        for (String line : new String(text.array(), 0, len, StandardCharsets.UTF_8).split("\n")) {
            int eq = line.indexOf('=');
            if (eq > 0) {
                info.put(line.substring(0, eq), line.substring(eq + 1));
            }
        }
        return new Header(info, damaged);
    }

    /** Where the records begin: after the header of the file {@code ch} reads. */
    static long end(FileChannel ch) throws IOException {
        ByteBuffer h = ByteBuffer.allocate(4);
        readFully(ch, h, TraceFormat.MAGIC.length + 2);
        return TraceFormat.MAGIC.length + 2 + 4 + h.getInt() + 4;
    }

    /** Reads from {@code pos} until {@code b} is full or the file ends; returns the bytes read, {@code b} flipped. */
    static int readFully(FileChannel ch, ByteBuffer b, long pos) throws IOException {
        int total = 0;
        while (b.hasRemaining()) {
            int n = ch.read(b, pos + total);
            if (n < 0) {
                break;
            }
            total += n;
        }
        b.flip();
        return total;
    }
}
