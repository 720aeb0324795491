package org.orbscope.postprocess.report;

import java.util.List;
import org.orbscope.postprocess.point.PointAnalysis;
import org.orbscope.postprocess.sweep.SweepAxes;

/** What a whole-run report is made from; {@code points} in report order. */
public record RunData(String runName, String scenarioName, String description, String scenarioText,
                      SweepAxes axes, List<PointAnalysis> points, String generated) {
    public List<String> sweptPaths() {
        return axes.paths();
    }
}
