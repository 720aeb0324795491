package org.orbscope.run.watch;

import java.nio.charset.StandardCharsets;

/**
 * A cursor over the bytes of a {@code /proc} file as read, for the files the watcher reads at every sample
 * ({@code /proc/stat}, {@code /proc/net/dev}, a process's {@code stat}): numbers are parsed where they lie, and no
 * text of the file is made. Hand-written rather than through the JDK's strings (a {@code String} of the file, then
 * {@code indexOf}, {@code substring} and {@code parseLong} over it): the watcher's per-sample code runs ten times a
 * second, too seldom for the JIT to compile it, and those generic paths cost it more CPU than the kernel took to make
 * the files (docs/results/machine-watch.md). These few small methods are called hundreds of times a second, so the
 * JIT compiles them within the first second of a point.
 */
final class ProcCursor {
    private byte[] bytes = new byte[0];
    private int at;
    private int end;

    /** Reads {@code bytes[0, length)} from its start. */
    ProcCursor reset(byte[] bytes, int length) {
        this.bytes = bytes;
        this.at = 0;
        this.end = length;
        return this;
    }

    /** Whether any byte is left. */
    boolean more() {
        return at < end;
    }

    /** Where the cursor is. */
    int at() {
        return at;
    }

    /** Moves the cursor to {@code i}. */
    void at(int i) {
        at = Math.min(i, end);
    }

    /** The byte at the cursor, or 0 at the end. */
    int peek() {
        return at < end ? bytes[at] : 0;
    }

    /** Whether the bytes at the cursor are {@code key}'s (ASCII). */
    boolean startsWith(String key) {
        int n = key.length();
        if (end - at < n) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            if (bytes[at + i] != key.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /** Moves past {@code n} bytes. */
    void skip(int n) {
        at(at + n);
    }

    /** Moves past {@code n} bytes and reads the {@link #number} after them. */
    long skipAnd(int n) {
        skip(n);
        return number();
    }

    /** Moves past spaces and tabs. */
    void blanks() {
        while (at < end && (bytes[at] == ' ' || bytes[at] == '\t')) {
            at++;
        }
    }

    /** Moves past the end of the current line. */
    void nextLine() {
        while (at < end && bytes[at++] != '\n') {
            // to the line end
        }
    }

    /**
     * The decimal number after the blanks at the cursor, with its sign; 0 when no digit is there. The cursor ends
     * after its last digit.
     */
    long number() {
        blanks();
        boolean negative = at < end && bytes[at] == '-';
        if (negative) {
            at++;
        }
        long v = 0;
        while (at < end) {
            int d = bytes[at] - '0';
            if (d < 0 || d > 9) {
                break;
            }
            v = v * 10 + d;
            at++;
        }
        return negative ? -v : v;
    }

    /** The index of the first {@code c} from the cursor on its line, or -1. */
    int find(char c) {
        for (int i = at; i < end && bytes[i] != '\n'; i++) {
            if (bytes[i] == c) {
                return i;
            }
        }
        return -1;
    }

    /** The index of the last {@code c} of the bytes, or -1. */
    int last(char c) {
        for (int i = end - 1; i >= at; i--) {
            if (bytes[i] == c) {
                return i;
            }
        }
        return -1;
    }

    /** The byte at {@code i}, or 0 beyond the end. */
    int byteAt(int i) {
        return i < end ? bytes[i] : 0;
    }

    /** The text of {@code [from, to)} (Latin-1: the kernel's names are bytes). */
    String text(int from, int to) {
        return new String(bytes, from, to - from, StandardCharsets.ISO_8859_1);
    }
}
