package org.orbscope.agent;

import java.util.regex.Pattern;

/** Shell-style globs for class, method and thread names: {@code *} within a segment, {@code **} across dots. */
final class Glob {
    private final Pattern pattern;
    private final String text;

    Glob(String glob) {
        this(glob, false);
    }

    /** {@code anyChar}: every {@code *} crosses dots too (thread names have no structure). */
    Glob(String glob, boolean anyChar) {
        this.text = glob;
        StringBuilder re = new StringBuilder();
        for (int i = 0; i < glob.length(); i++) {
            char c = glob.charAt(i);
            if (c == '*') {
                if (i + 1 < glob.length() && glob.charAt(i + 1) == '*') {
                    re.append(".*");
                    i++;
                } else {
                    re.append(anyChar ? ".*" : "[^.#]*");
                }
            } else if (c == '?') {
                re.append('.');
            } else {
                re.append(Pattern.quote(String.valueOf(c)));
            }
        }
        this.pattern = Pattern.compile(re.toString());
    }

    /** The glob's fixed start, up to its first wildcard ({@code com.sun.corba.} of {@code com.sun.corba.**}). */
    String fixedPrefix() {
        int i = 0;
        while (i < text.length() && text.charAt(i) != '*' && text.charAt(i) != '?') {
            i++;
        }
        return text.substring(0, i);
    }

    boolean matches(String s) {
        return pattern.matcher(s).matches();
    }

    @Override
    public String toString() {
        return text;
    }
}
