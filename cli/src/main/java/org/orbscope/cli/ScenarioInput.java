package org.orbscope.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.orbscope.run.AtomicFiles;
import org.orbscope.scenario.MachineLimits;
import org.orbscope.scenario.ScenarioDocument;
import org.orbscope.scenario.ScenarioException;
import org.orbscope.scenario.ScenarioLoader;
import org.orbscope.scenario.SweepPoint;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The scenario argument and {@code --set} overrides that every scenario command shares (a picocli mixin), and the
 * one way they are loaded: bad input is reported here, the same way for every command.
 */
final class ScenarioInput {
    @Parameters(index = "0", paramLabel = "SCENARIO", description = "scenario YAML file")
    Path file;

    @Option(names = "--set", paramLabel = "PATH=VALUE",
            description = "override a field, e.g. --set client.processes[0].requests=100 (value read as YAML)")
    List<String> overrides = new ArrayList<>();

    /** The loaded scenario and its sweep points. */
    record Loaded(ScenarioDocument document, List<SweepPoint> points) {
        /**
         * Writes {@code dir/point.yaml}, the scenario a workload JVM reads: the first sweep point (others are
         * chosen with --set), overrides applied. Null after printing why when {@code dir} cannot be written.
         */
        Path writeFirstPoint(String command, Path dir) {
            if (points.size() > 1) {
                System.err.println("orbscope " + command + ": the scenario sweeps " + points.size()
                        + " points; using the first, " + points.get(0).name() + " (choose another with --set)");
            }
            return writePoint(command, points.get(0), dir);
        }

        /** Writes {@code dir/point.yaml} of {@code point}; null after printing why when it cannot be written. */
        Path writePoint(String command, SweepPoint point, Path dir) {
            Path file = dir.resolve("point.yaml");
            try {
                Files.createDirectories(dir);
                AtomicFiles.write(file, ScenarioLoader.toYaml(point.tree()));
                return file;
            } catch (IOException e) {
                System.err.println("orbscope " + command + ": cannot write to --out " + dir + ": " + Errors.describe(e));
                return null;
            }
        }
    }

    /**
     * The loaded scenario as {@link #load} gives it, also checked against what would start: this machine's limits
     * ({@link ScenarioDocument#checkMachine}) and the agent options of its monitored servers, read by the agent's
     * own parser ({@link AgentOptionsCheck}). Null after printing the problem to stderr (the caller exits 2).
     * {@code validate} and {@code run} load this way.
     */
    Loaded loadRunnable(String command) {
        Loaded in = load(command);
        if (in == null) {
            return null;
        }
        try {
            in.document().checkMachine(MachineLimits.here());
        } catch (ScenarioException e) {
            System.err.println("orbscope " + command + ": " + e.getMessage());
            return null;
        }
        String agent = AgentOptionsCheck.problem(in.points(), file.toAbsolutePath().getParent(), AgentJar.locate());
        if (agent != null) {
            System.err.println("orbscope " + command + ": " + file + ": " + agent);
            return null;
        }
        return in;
    }

    /** The loaded scenario, or null after printing the problem to stderr (the caller exits 2). */
    Loaded load(String command) {
        try {
            ScenarioDocument doc = ScenarioLoader.loadDocument(file, overrides);
            return new Loaded(doc, doc.points());
        } catch (ScenarioException e) {
            System.err.println("orbscope " + command + ": " + e.getMessage());
            return null;
        }
    }
}
