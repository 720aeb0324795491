package org.orbscope.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A trace header key is spelled once, in {@link TraceHeader}: every other Java source of the reactor, main code and
 * tests, names it by its constant. The scan looks for string literals equal to a key. A key with a dot counts
 * anywhere but as the name of a system property ({@code System.getProperty("java.version")} reads the JVM, not a
 * header); the plain words among the keys ({@code host}, {@code pid}, {@code processors}) count where a map is read
 * or written with them, as they are also column names and words of other files.
 */
class TraceHeaderKeysTest {
    /** TraceHeader itself, and this test, whose own check spells keys on purpose. */
    private static final List<String> OWN = Arrays.asList("TraceHeader.java", "TraceHeaderKeysTest.java");
    private static final Pattern LITERAL = Pattern.compile("\"((?:[^\"\\\\]|\\\\.)*)\"");
    private static final Pattern PROPERTY = Pattern.compile("getProperty\\(\\s*$");
    private static final Pattern MAP_ACCESS = Pattern.compile(
            "(\\.(get|put|getOrDefault|putIfAbsent|containsKey)|Map\\.of)\\(\\s*$");

    @Test
    void noSourceSpellsAHeaderKey() throws IOException {
        List<String> keys = keys();
        Path root = reactorRoot();
        List<String> found = new ArrayList<>();
        int files = 0;
        try (Stream<Path> walk = Files.walk(root)) {
            List<Path> sources = walk.filter(p -> p.toString().endsWith(".java"))
                    .filter(p -> p.toString().contains("/src/") && !p.toString().contains("/target/"))
                    .filter(p -> !OWN.contains(p.getFileName().toString()))
                    .sorted().collect(Collectors.toList());
            for (Path f : sources) {
                files++;
                List<String> lines = Files.readAllLines(f, StandardCharsets.UTF_8);
                for (int i = 0; i < lines.size(); i++) {
                    for (String key : spelled(lines.get(i), keys)) {
                        found.add(root.relativize(f) + ":" + (i + 1) + ": \"" + key + "\"");
                    }
                }
            }
        }
        assertTrue(files > 300, "the scan read " + files + " Java files under " + root);
        assertEquals(Collections.emptyList(), found, "header keys spelled outside TraceHeader: use its constants");
    }

    @Test
    void theScanTellsAHeaderKeyFromTheSameWordElsewhere() {
        List<String> keys = Arrays.asList("agent.options", "java.version", "host");
        assertEquals(Collections.singletonList("agent.options"),
                spelled("info.put(\"agent.options\", args);", keys));
        assertEquals(Collections.singletonList("host"), spelled("String h = header.get(\"host\");", keys));
        assertEquals(Collections.singletonList("host"), spelled("Map.of(\"host\", \"x\")", keys));
        assertEquals(Collections.emptyList(), spelled("m.put(\"jdk\", System.getProperty(\"java.version\"));", keys));
        assertEquals(Collections.emptyList(), spelled("String[] HEADER = {\"host\", \"role\"};", keys));
        assertEquals(Collections.emptyList(), spelled("file(\"a.profile\", \"agent.options = x\")", keys));
    }

    /** The header keys a line spells as literals. */
    private static List<String> spelled(String line, List<String> keys) {
        List<String> found = new ArrayList<>();
        Matcher m = LITERAL.matcher(line);
        while (m.find()) {
            String text = m.group(1);
            if (!keys.contains(text)) {
                continue;
            }
            String before = line.substring(0, m.start());
            boolean dotted = text.contains(".");
            if (dotted ? !PROPERTY.matcher(before).find() : MAP_ACCESS.matcher(before).find()) {
                found.add(text);
            }
        }
        return found;
    }

    /** The values of TraceHeader's key constants. */
    private static List<String> keys() {
        List<String> keys = new ArrayList<>();
        for (Field f : TraceHeader.class.getFields()) {
            if (Modifier.isStatic(f.getModifiers()) && f.getType() == String.class) {
                try {
                    keys.add((String) f.get(null));
                } catch (IllegalAccessException e) {
                    throw new AssertionError(e);
                }
            }
        }
        assertTrue(keys.size() > 20, "TraceHeader's keys: " + keys);
        return keys;
    }

    /** The reactor's root: the tests run in the trace module's directory, one below it. */
    private static Path reactorRoot() throws IOException {
        Path root = Paths.get("").toAbsolutePath().getParent();
        String pom = new String(Files.readAllBytes(root.resolve("pom.xml")), StandardCharsets.UTF_8);
        assertTrue(pom.contains("<module>trace</module>"), root + " is the reactor's root");
        return root;
    }
}
