package org.orbscope.trace.profile;

/**
 * An object key as text, the way a corbaloc URL of the OMG's Interoperable Naming Service writes it (escaped as
 * RFC 2396 escapes URLs): ASCII letters, digits and {@code ;/:?@&=+$,-_.!~*'()} stand for themselves, every other octet is {@code %hh}.
 * JacORB's keys then read as {@code serverid/POA/oid}, and a binary key stays one line of printable text that
 * maps back to its octets. The agent writes object keys into traces so, and tests compare keys from IORs so.
 */
public final class ObjectKeyText {
    private static final char[] HEX = "0123456789abcdef".toCharArray();
    /** Octets that stand for themselves. */
    private static final boolean[] PLAIN = new boolean[128];

    static {
        for (char c = '0'; c <= '9'; c++) {
            PLAIN[c] = true;
        }
        for (char c = 'a'; c <= 'z'; c++) {
            PLAIN[c] = true;
            PLAIN[c - 'a' + 'A'] = true;
        }
        for (char c : ";/:?@&=+$,-_.!~*'()".toCharArray()) {
            PLAIN[c] = true;
        }
    }

    private ObjectKeyText() {
    }

    /** The key's text. */
    public static String of(byte[] key) {
        StringBuilder b = new StringBuilder(key.length + 16);
        for (byte k : key) {
            int c = k & 0xFF;
            if (c < 128 && PLAIN[c]) {
                b.append((char) c);
            } else {
                b.append('%').append(HEX[c >>> 4]).append(HEX[c & 0xF]);
            }
        }
        return b.toString();
    }
}
