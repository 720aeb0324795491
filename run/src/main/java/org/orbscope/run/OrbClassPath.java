package org.orbscope.run;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.orbscope.scenario.OrbProduct;

/**
 * The class path of a workload server JVM of an ORB product: JacORB's is this JVM's own; another product's is its
 * jars ({@code server-orbs/target/orbs/PRODUCT/}, which the build fills) followed by this JVM's class path without
 * JacORB's jars. Every ORB defines {@code org.omg.*}: one ORB's jars in a JVM, and the workload server's classes and
 * the IDL-generated ones, which use only the standard {@code org.omg} API, run on it.
 */
public final class OrbClassPath {
    /** Where the product directories are, below an installation's root. */
    static final Path ORBS = Path.of("server-orbs", "target", "orbs");

    private OrbClassPath() {
    }

    /**
     * The class path for {@code product}'s server; null for JacORB (the launcher's default, this JVM's).
     *
     * @throws IOException naming the directory when the product's jars are not there
     */
    public static String of(OrbProduct product) throws IOException {
        if (product == OrbProduct.JACORB) {
            return null;
        }
        Path dir = orbsDirectory().resolve(product.yamlName());
        List<String> entries = new ArrayList<>();
        if (Files.isDirectory(dir)) {
            try (Stream<Path> jars = Files.list(dir)) {
                jars.filter(j -> j.getFileName().toString().endsWith(".jar")).sorted()
                        .forEach(j -> entries.add(j.toAbsolutePath().toString()));
            }
        }
        if (entries.isEmpty()) {
            throw new IOException("no jars of ORB " + product.yamlName() + " in " + dir.toAbsolutePath()
                    + ": build orbscope (mvn -DskipTests package) to fetch them");
        }
        for (String e : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (!e.isEmpty() && !Path.of(e).getFileName().toString().startsWith("jacorb")) {
                entries.add(e);
            }
        }
        return String.join(File.pathSeparator, entries);
    }

    /**
     * {@code $ORBSCOPE_HOME/server-orbs/target/orbs}, else the one in the checkout this class was loaded from
     * ({@code run/target/classes} or {@code cli/target/lib/*.jar}, a few directories below the root).
     */
    static Path orbsDirectory() {
        String home = System.getenv("ORBSCOPE_HOME");
        if (home != null) {
            return Path.of(home).resolve(ORBS);
        }
        try {
            Path p = Path.of(OrbClassPath.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            for (int up = 0; up < 5 && p != null; up++, p = p.getParent()) {
                if (Files.isDirectory(p.resolve(ORBS))) {
                    return p.resolve(ORBS);
                }
            }
        } catch (Exception e) {
            // fall through to the working directory's
        }
        return ORBS;
    }
}
