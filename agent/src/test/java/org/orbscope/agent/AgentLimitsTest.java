package org.orbscope.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The agent's size and state limits: no source file of the agent over {@link #MAX_LINES} lines, and no mutable
 * static state outside the thread-recorder registry ({@link ThreadRecorders}, whose tables the hot path reads as
 * constants) and the bootstrap bridge ({@code boot.Dispatch}, whose sink says which recording runs). Everything else
 * a recording changes hangs off its {@link Recording}, so an attach after a stop starts from fresh objects.
 */
class AgentLimitsTest {
    private static final int MAX_LINES = 400;
    private static final Set<String> MAY_HOLD_STATE = Set.of(ThreadRecorders.class.getName(),
            "org.orbscope.agent.boot.Dispatch");
    /** Compiled by the module's build from src/main, java14 included (the tests run from the module's directory). */
    private static final Path CLASSES = Paths.get("target", "classes");

    @Test
    void noAgentSourceFileIsLongerThanTheLimit() throws IOException {
        List<String> tooLong = new ArrayList<>();
        try (Stream<Path> files = Files.walk(Paths.get("src", "main"))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).collect(Collectors.toList())) {
                int lines = Files.readAllLines(f).size();
                if (lines > MAX_LINES) {
                    tooLong.add(f + ": " + lines + " lines");
                }
            }
        }
        assertEquals(List.of(), tooLong, "agent sources over " + MAX_LINES + " lines");
    }

    @Test
    void onlyTheRegistryAndTheBridgeHoldMutableStatics() throws Exception {
        List<String> classes = agentClasses();
        assertTrue(classes.size() > 20, "agent classes found under " + CLASSES.toAbsolutePath() + ": " + classes);
        List<String> found = new ArrayList<>();
        for (String name : classes) {
            Class<?> c = Class.forName(name, false, getClass().getClassLoader());
            if (MAY_HOLD_STATE.contains(c.getName())) {
                continue;
            }
            for (Field f : c.getDeclaredFields()) {
                int m = f.getModifiers();
                if (!Modifier.isStatic(m) || f.isSynthetic() || f.isEnumConstant()) {
                    continue;
                }
                if (!Modifier.isFinal(m)) {
                    found.add(name + "." + f.getName() + ": static, not final");
                } else if (mayChange(f)) {
                    found.add(name + "." + f.getName() + ": static final " + f.getType().getSimpleName() + " whose content can change");
                }
            }
        }
        assertEquals(List.of(), found, "mutable statics outside " + MAY_HOLD_STATE);
    }

    /** An array, an atomic, a thread-local or a collection that is not an unmodifiable view. */
    private static boolean mayChange(Field f) throws IllegalAccessException {
        Class<?> t = f.getType();
        if (t.isArray() || t.getName().startsWith("java.util.concurrent.atomic.") || ThreadLocal.class.isAssignableFrom(t)) {
            return true;
        }
        if (!Collection.class.isAssignableFrom(t) && !Map.class.isAssignableFrom(t)) {
            return false;
        }
        f.setAccessible(true);
        Object value = f.get(null);
        String kind = value == null ? "" : value.getClass().getName();
        return !(kind.startsWith("java.util.Collections$Unmodifiable") || kind.startsWith("java.util.Collections$Empty")
                || kind.startsWith("java.util.Collections$Singleton") || kind.startsWith("java.util.ImmutableCollections"));
    }

    private static List<String> agentClasses() throws IOException {
        try (Stream<Path> files = Files.walk(CLASSES.resolve("org/orbscope/agent"))) {
            return files.filter(p -> p.toString().endsWith(".class"))
                    .map(p -> CLASSES.relativize(p).toString().replace(p.getFileSystem().getSeparator(), "."))
                    .map(n -> n.substring(0, n.length() - ".class".length()))
                    .sorted()
                    .collect(Collectors.toList());
        }
    }
}
