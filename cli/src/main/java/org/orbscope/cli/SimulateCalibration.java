package org.orbscope.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Which points a calibrated simulation covers: those of the measured run (its points/<p>/point.yaml is the fully
 * resolved scenario of that point, so point naming never has to match the scenario's sweep syntax).
 */
final class SimulateCalibration {
    private SimulateCalibration() {
    }

    /** {@code fromScenario} is null when the scenario could not be read ({@code scenarioProblem} says why). */
    static List<ScenarioModel.Point> runPoints(Path runDir, Path scenario, List<ScenarioModel.Point> fromScenario,
                                               String scenarioProblem, ScenarioModelOverrides o) throws IOException {
        Path pointsDir = runDir.resolve("points");
        if (!Files.isDirectory(pointsDir)) {
            throw new IllegalArgumentException(runDir + ": not a run directory (no points/)");
        }
        List<Path> dirs;
        try (Stream<Path> s = Files.list(pointsDir)) {
            dirs = s.filter(Files::isDirectory).sorted().toList();
        }
        List<ScenarioModel.Point> out = new ArrayList<>();
        for (Path d : dirs) {
            String name = d.getFileName().toString();
            Path pointYaml = d.resolve("point.yaml");
            if (Files.isRegularFile(pointYaml)) {
                ScenarioModel.Point p = ScenarioModel.point(pointYaml, "single", ScenarioModel.read(pointYaml), o);
                out.add(new ScenarioModel.Point(name, p.parameters(), p.requests()));
            } else if (fromScenario == null) {
                throw new IllegalArgumentException(pointYaml + ": missing, and the scenario is unusable: "
                        + scenarioProblem);
            } else {
                ScenarioModel.Point match = fromScenario.stream().filter(p -> p.name().equals(name)).findFirst()
                        .orElseThrow(() -> new IllegalArgumentException(pointYaml + ": missing, and " + scenario
                                + " has no sweep point named '" + name + "'"));
                out.add(match);
            }
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException(pointsDir + ": no points");
        }
        return out;
    }

    static Path stages(Path runDir, String point) {
        Path stages = runDir.resolve("points").resolve(point).resolve("report").resolve("stages.csv");
        if (!Files.isRegularFile(stages)) {
            throw new IllegalArgumentException(stages + ": no stage table for point '" + point + "' (run `orbscope "
                    + "report " + runDir + "` on a run with monitoring enabled and cpuTime: true)");
        }
        return stages;
    }
}
