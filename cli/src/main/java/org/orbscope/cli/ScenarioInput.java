package org.orbscope.cli;

import java.nio.file.Path;
import java.util.List;
import org.orbscope.scenario.ScenarioDocument;
import org.orbscope.scenario.ScenarioException;
import org.orbscope.scenario.ScenarioLoader;
import org.orbscope.scenario.SweepPoint;

/** Loads a scenario for a command; bad input is reported once, here, the same way for every command. */
final class ScenarioInput {
    final ScenarioDocument document;
    final List<SweepPoint> points;

    private ScenarioInput(ScenarioDocument document, List<SweepPoint> points) {
        this.document = document;
        this.points = points;
    }

    /** The loaded scenario, or null after printing the problem to stderr (the caller exits 2). */
    static ScenarioInput load(String command, Path file, List<String> overrides) {
        try {
            ScenarioDocument doc = ScenarioLoader.loadDocument(file, overrides == null ? List.of() : overrides);
            return new ScenarioInput(doc, doc.points());
        } catch (ScenarioException e) {
            System.err.println("orbscope " + command + ": " + e.getMessage());
            return null;
        }
    }
}
