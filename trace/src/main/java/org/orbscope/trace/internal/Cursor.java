package org.orbscope.trace.internal;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.orbscope.trace.TraceFormatException;

/** Bounds-checked varint decoding over one byte range; damage becomes a TraceFormatException naming the offset. */
final class Cursor {
    final byte[] data;
    int pos;
    final int end;
    final Path path;
    final long fileOffset;

    Cursor(byte[] data, int pos, int end, Path path, long fileOffset) {
        this.data = data;
        this.pos = pos;
        this.end = end;
        this.path = path;
        this.fileOffset = fileOffset;
    }

    boolean more() {
        return pos < end;
    }

    int u8() throws TraceFormatException {
        if (pos >= end) {
            throw damaged("event cut short");
        }
        return data[pos++] & 0xFF;
    }

    long var() throws TraceFormatException {
        long v = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (pos >= end) {
                throw damaged("number cut short");
            }
            byte b = data[pos++];
            v |= (long) (b & 0x7F) << shift;
            if (b >= 0) {
                return v;
            }
        }
        throw damaged("number too long");
    }

    String utf8(int n) throws TraceFormatException {
        if (n < 0 || pos + n > end) {
            throw damaged("string cut short");
        }
        String s = new String(data, pos, n, StandardCharsets.UTF_8);
        pos += n;
        return s;
    }

    TraceFormatException damaged(String what) {
        return new TraceFormatException(path + ": damaged data near offset " + (fileOffset + pos) + ": " + what);
    }
}
