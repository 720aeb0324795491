package org.orbscope.postprocess.report;

import java.util.List;
import org.orbscope.postprocess.run.PointAnalysis;

/** What a whole-run report is made from. */
public record RunData(String runName, String scenarioName, String description, String scenarioText,
                      List<String> sweptPaths, List<PointAnalysis> points, String generated) {
}
