package org.orbscope.run.watch;

import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * What a {@code java} command line runs: its main class (or jar, or module's class) and the program's arguments,
 * the class path and JVM options left out.
 *
 * @param main the main class ({@code org.orbscope.server.ServerMain}), or the jar's file name ({@code orbscope.jar})
 * @param args the program's arguments
 */
record JavaCommand(String main, List<String> args) {
    /** The JVM's options whose value is the next word. */
    private static final Set<String> WITH_VALUE = Set.of("-cp", "-classpath", "--class-path", "-p", "--module-path",
            "--upgrade-module-path", "--add-modules", "--add-exports", "--add-opens", "--add-reads", "--patch-module",
            "--limit-modules", "--source");
    /** The longest short command line written. */
    static final int SHORT = 200;

    /** The Java command of a command line, or null when it is not one (its first word is no {@code java}). */
    static JavaCommand of(String[] argv) {
        if (argv.length == 0 || !(argv[0].equals("java") || argv[0].endsWith("/java"))) {
            return null;
        }
        for (int i = 1; i < argv.length; i++) {
            String w = argv[i];
            if (w.equals("-jar") && i + 1 < argv.length) {
                String jar = argv[i + 1];
                return new JavaCommand(jar.substring(jar.lastIndexOf('/') + 1), rest(argv, i + 2));
            }
            if ((w.equals("-m") || w.equals("--module")) && i + 1 < argv.length) {
                String m = argv[i + 1];
                return new JavaCommand(m.substring(m.indexOf('/') + 1), rest(argv, i + 2));
            }
            if (WITH_VALUE.contains(w)) {
                i++;
            } else if (!w.startsWith("-")) {
                return new JavaCommand(w, rest(argv, i + 1));
            }
        }
        return new JavaCommand("", List.of());
    }

    /** The value of a program option ({@code --name NAME}), or null. */
    String option(String name) {
        int i = args.indexOf(name);
        return i >= 0 && i + 1 < args.size() ? args.get(i + 1) : null;
    }

    /** The first program argument (a subcommand such as {@code run} or {@code host}), or "". */
    String subcommand() {
        return args.isEmpty() ? "" : args.get(0);
    }

    /** {@code java MAIN ARGS...}, at most {@link #SHORT} characters. */
    String shortForm() {
        String java = "java ".concat(main);
        return cut(args.isEmpty() ? java : java.concat(" ").concat(String.join(" ", args)));
    }

    /** A command line's words joined, at most {@link #SHORT} characters. */
    static String shortForm(String[] argv) {
        JavaCommand java = of(argv);
        return java != null ? java.shortForm() : cut(String.join(" ", argv));
    }

    private static String cut(String s) {
        return s.length() <= SHORT ? s : s.substring(0, SHORT - 3).concat("...");
    }

    private static List<String> rest(String[] argv, int from) {
        return List.copyOf(Arrays.asList(argv).subList(Math.min(from, argv.length), argv.length));
    }
}
