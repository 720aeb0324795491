package org.orbscope.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.stream.Stream;

/**
 * The directory of one {@code orbscope run}:
 *
 * <pre>
 * runs/&lt;yyyyMMdd-HHmmss&gt;-&lt;scenario&gt;/
 *   scenario.yaml        the scenario as given, --set overrides applied
 *   points/&lt;point&gt;/      one per sweep point (see {@link PointDirectory})
 *   report/              index.html, report.md, summary.csv, summary.json (written by the report)
 *   coordinator.ior      with hosts: the coordinator's reference (also bound in the naming service)
 *   naming.log           with hosts: the console of the naming service the run started
 * </pre>
 *
 * Every path of the layout is named here and in {@link PointDirectory}; no other class builds one.
 */
public final class RunDirectory {
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    private final Path dir;

    private RunDirectory(Path dir) {
        this.dir = dir;
    }

    /** A new run directory {@code parent/<timestamp>-<scenario name>} (suffixed -2, -3, ... if taken). */
    public static RunDirectory create(Path parent, String scenarioName) throws IOException {
        Path d = stamped(parent, scenarioName);
        Files.createDirectories(d.resolve("points"));
        return new RunDirectory(d);
    }

    /**
     * A path {@code parent/<timestamp>-<name>} that does not exist yet (suffixed -2, -3, ... if taken), as run
     * directories and comparisons are named; {@code name} made file-safe. Nothing is made.
     */
    public static Path stamped(Path parent, String name) {
        String base = STAMP.format(LocalDateTime.now()) + "-" + name.replaceAll("[^A-Za-z0-9._-]", "_");
        Path d = parent.resolve(base);
        for (int n = 2; Files.exists(d); n++) {
            d = parent.resolve(base + "-" + n);
        }
        return d;
    }

    /** The run directory {@code dir}, made if it does not exist (a host's copy of a coordinator's run). */
    public static RunDirectory at(Path dir) throws IOException {
        Files.createDirectories(dir.resolve("points"));
        return new RunDirectory(dir);
    }

    /**
     * An existing run directory.
     *
     * @throws IllegalArgumentException when {@code dir} is not one (no {@code points/} folder)
     */
    public static RunDirectory open(Path dir) {
        if (!isRunDirectory(dir)) {
            throw new IllegalArgumentException(dir + ": not a run directory (no points/ folder)");
        }
        return new RunDirectory(dir);
    }

    public static boolean isRunDirectory(Path dir) {
        return Files.isDirectory(dir.resolve("points"));
    }

    public Path dir() {
        return dir;
    }

    /** The directory's own name, e.g. {@code 20261123-120000-quickstart}. */
    public String name() {
        return dir.toAbsolutePath().normalize().getFileName().toString();
    }

    /**
     * The name of the directory the run was written under: {@code orbscope run --out}'s last part ({@code plain}
     * of {@code runs/plain/20261123-120000-quickstart}); null for a run at the file system's root.
     */
    public String outName() {
        Path parent = dir.toAbsolutePath().normalize().getParent();
        return parent == null || parent.getFileName() == null ? null : parent.getFileName().toString();
    }

    /** Where {@code orbscope baseline --run} writes by default: the socket yardstick of this run. */
    public BaselineDirectory baseline() {
        return new BaselineDirectory(dir.resolve("baseline"));
    }

    public Path scenarioFile() {
        return dir.resolve("scenario.yaml");
    }

    public Path coordinatorIor() {
        return dir.resolve("coordinator.ior");
    }

    public Path namingLog() {
        return dir.resolve("naming.log");
    }

    /** Where the naming service the run started writes its reference. */
    public Path namingIor() {
        return dir.resolve("naming.ior");
    }

    public Path reportDir() {
        return dir.resolve("report");
    }

    public Path summaryCsv() {
        return reportDir().resolve("summary.csv");
    }

    public Path summaryJson() {
        return reportDir().resolve("summary.json");
    }

    /** The point of this name (its directory need not exist yet). */
    public PointDirectory point(String name) {
        return new PointDirectory(dir.resolve("points").resolve(name));
    }

    /** The points that exist, in name order. */
    public List<PointDirectory> points() throws IOException {
        try (Stream<Path> s = Files.list(dir.resolve("points"))) {
            return s.filter(Files::isDirectory).sorted().map(PointDirectory::new).toList();
        }
    }
}
