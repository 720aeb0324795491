package org.orbscope.trace;

/**
 * A strict JSON syntax check (RFC 8259 grammar, no extensions), because this module's tests may not use a JSON
 * library either; it returns the number of values read so tests can also count objects.
 */
final class JsonCheck {
    private final String s;
    private int i;
    int objects;

    private JsonCheck(String s) {
        this.s = s;
    }

    /** Parses one JSON document; throws IllegalArgumentException with the offset on any syntax error. */
    static JsonCheck parse(String text) {
        JsonCheck c = new JsonCheck(text);
        c.ws();
        c.value();
        c.ws();
        if (c.i != text.length()) {
            throw c.error("trailing text");
        }
        return c;
    }

    private IllegalArgumentException error(String what) {
        int from = Math.max(0, i - 30);
        return new IllegalArgumentException(what + " at offset " + i + ": ..." + s.substring(from, Math.min(s.length(), i + 30)));
    }

    private void ws() {
        while (i < s.length() && " \t\r\n".indexOf(s.charAt(i)) >= 0) {
            i++;
        }
    }

    private char peek() {
        if (i >= s.length()) {
            throw error("unexpected end");
        }
        return s.charAt(i);
    }

    private void expect(char c) {
        if (peek() != c) {
            throw error("expected '" + c + "'");
        }
        i++;
    }

    private void value() {
        char c = peek();
        if (c == '{') {
            objects++;
            i++;
            ws();
            if (peek() == '}') {
                i++;
                return;
            }
            while (true) {
                ws();
                string();
                ws();
                expect(':');
                ws();
                value();
                ws();
                if (peek() == ',') {
                    i++;
                    continue;
                }
                expect('}');
                return;
            }
        } else if (c == '[') {
            i++;
            ws();
            if (peek() == ']') {
                i++;
                return;
            }
            while (true) {
                ws();
                value();
                ws();
                if (peek() == ',') {
                    i++;
                    continue;
                }
                expect(']');
                return;
            }
        } else if (c == '"') {
            string();
        } else if (s.startsWith("true", i)) {
            i += 4;
        } else if (s.startsWith("false", i)) {
            i += 5;
        } else if (s.startsWith("null", i)) {
            i += 4;
        } else {
            number();
        }
    }

    private void string() {
        expect('"');
        while (true) {
            char c = peek();
            i++;
            if (c == '"') {
                return;
            }
            if (c < 0x20) {
                throw error("control character in string");
            }
            if (c == '\\') {
                char e = peek();
                i++;
                if (e == 'u') {
                    for (int k = 0; k < 4; k++) {
                        if (Character.digit(peek(), 16) < 0) {
                            throw error("bad \\u escape");
                        }
                        i++;
                    }
                } else if ("\"\\/bfnrt".indexOf(e) < 0) {
                    throw error("bad escape");
                }
            }
        }
    }

    private void number() {
        int start = i;
        if (peek() == '-') {
            i++;
        }
        if (peek() == '0') {
            i++;
        } else {
            digits();
        }
        if (i < s.length() && s.charAt(i) == '.') {
            i++;
            digits();
        }
        if (i < s.length() && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
            i++;
            if (peek() == '+' || peek() == '-') {
                i++;
            }
            digits();
        }
        if (i == start) {
            throw error("expected a value");
        }
    }

    private void digits() {
        int start = i;
        while (i < s.length() && Character.isDigit(s.charAt(i))) {
            i++;
        }
        if (i == start) {
            throw error("expected digits");
        }
    }
}
