package org.orbscope.postprocess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No method of postprocess's main code is longer than {@value #MAX_LINES} lines, from its signature to its closing
 * brace: a longer one does several things, and each wants a name. The scan matches braces in the source with
 * strings, characters and comments blanked out; a block is a method when its header ends in a parameter list
 * (and maybe a throws clause) and it sits directly in a type's body.
 */
class MethodLengthTest {
    static final int MAX_LINES = 80;
    private static final Path MAIN = Path.of("src/main/java");
    private static final Pattern TYPE = Pattern.compile("\\b(class|interface|enum|record)\\b|\\bnew\\s+[\\w.<>, ?]+"
            + "\\s*\\([^;]*\\)\\s*$");
    private static final Pattern METHOD = Pattern.compile("\\)\\s*(throws\\s+[\\w.,\\s]+)?$");
    private static final Pattern CONTROL = Pattern.compile("^(if|for|while|switch|catch|synchronized|try|else|do)\\b");
    private static final Pattern LEADING = Pattern.compile("^(?:\\s++|@[\\w.]+(?:\\([^)]*\\))?)*+");

    /** A method found by the scan: where its signature starts and how many lines it spans. */
    record Method(Path file, int line, String name, int lines) {
        @Override
        public String toString() {
            return file + ":" + line + " " + name + " (" + lines + " lines)";
        }
    }

    @Test
    void noMethodIsLongerThanTheLimit() throws IOException {
        List<Method> tooLong = new ArrayList<>();
        int methods = 0;
        try (Stream<Path> files = Files.walk(MAIN)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                for (Method m : methods(f, Files.readString(f))) {
                    methods++;
                    if (m.lines() > MAX_LINES) {
                        tooLong.add(m);
                    }
                }
            }
        }
        assertTrue(methods > 500, "the scan found " + methods + " methods in " + MAIN.toAbsolutePath());
        assertEquals(List.of(), tooLong, "methods over " + MAX_LINES + " lines: split them");
    }

    @Test
    void theScanFindsMethodsAndTheirLengths() {
        String source = """
                class A {
                    /** a "{" in a comment */
                    void one(String s) throws java.io.IOException {
                        if (s.equals("}")) {
                            Runnable r = () -> { };
                        }
                    }

                    static final Object O = new Object() {
                        @Override
                        public String toString() {
                            return "'}'";
                        }
                    };

                    record R(int x) {
                        int twice() {
                            return 2 * x;
                        }
                    }
                }
                """;
        List<Method> found = methods(Path.of("A.java"), source);
        assertEquals(List.of(new Method(Path.of("A.java"), 3, "one", 5), new Method(Path.of("A.java"), 11,
                "toString", 3), new Method(Path.of("A.java"), 17, "twice", 3)), found);
    }

    /** The methods of a source file, in order of their closing braces. */
    static List<Method> methods(Path file, String source) {
        String code = blank(source);
        List<Method> out = new ArrayList<>();
        Deque<Block> open = new ArrayDeque<>();
        int headerStart = 0;
        for (int i = 0; i < code.length(); i++) {
            char c = code.charAt(i);
            if (c == '{') {
                int start = signature(code, headerStart, i);
                String header = code.substring(start, i).strip();
                boolean inType = open.isEmpty() || open.peek().type;
                boolean type = TYPE.matcher(header).find();
                boolean method = inType && !type && METHOD.matcher(header).find() && !header.contains("->")
                        && !CONTROL.matcher(header).find();
                open.push(new Block(type, method, lineOf(code, start), name(header)));
                headerStart = i + 1;
            } else if (c == '}') {
                Block b = open.pop();
                if (b.method) {
                    out.add(new Method(file, b.line, b.name, lineOf(code, i) - b.line + 1));
                }
                headerStart = i + 1;
            } else if (c == ';') {
                headerStart = i + 1;
            }
        }
        return out;
    }

    private record Block(boolean type, boolean method, int line, String name) {
    }

    /** Where a block's header starts: its first character after blanks (comments too) and annotations. */
    private static int signature(String code, int from, int to) {
        Matcher m = LEADING.matcher(code.substring(from, to));
        return m.find() ? from + m.end() : from;
    }

    private static String name(String header) {
        Matcher m = Pattern.compile("(\\w+)\\s*\\(").matcher(header);
        return m.find() ? m.group(1) : "?";
    }

    private static int lineOf(String code, int index) {
        int line = 1;
        for (int i = 0; i < index; i++) {
            if (code.charAt(i) == '\n') {
                line++;
            }
        }
        return line;
    }

    /** The source with comments, strings (text blocks too) and characters blanked out; newlines kept. */
    static String blank(String s) {
        StringBuilder b = new StringBuilder(s.length());
        int i = 0;
        while (i < s.length()) {
            String end = s.startsWith("//", i) ? "\n" : s.startsWith("/*", i) ? "*/" : s.startsWith("\"\"\"", i)
                    ? "\"\"\"" : s.charAt(i) == '"' ? "\"" : s.charAt(i) == '\'' ? "'" : null;
            if (end == null) {
                b.append(s.charAt(i++));
                continue;
            }
            int j = i + (end.equals("\"\"\"") ? 3 : end.equals("*/") ? 2 : 1);
            while (j < s.length() && !s.startsWith(end, j)) {
                j += s.charAt(j) == '\\' && !end.equals("*/") && !end.equals("\n") ? 2 : 1;
            }
            j = Math.min(s.length(), j + (end.equals("\n") ? 0 : end.length()));
            for (int k = i; k < j; k++) {
                b.append(s.charAt(k) == '\n' ? '\n' : ' ');
            }
            i = j;
        }
        return b.toString();
    }
}
