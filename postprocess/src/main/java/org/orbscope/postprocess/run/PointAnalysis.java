package org.orbscope.postprocess.run;

import java.util.LinkedHashMap;
import java.util.Map;
import org.orbscope.postprocess.stats.Distribution;
import org.orbscope.scenario.Scenario;

/** A point's summary plus the data its charts are drawn from (not serialized). */
public final class PointAnalysis {
    public final PointSummary summary = new PointSummary();
    /** Per stage name: distribution of the measured requests (ns). */
    public final Map<String, Distribution> distributions = new LinkedHashMap<>();
    public Distribution clientResponse;
    /** Server CPU utilization per sampling interval: {epoch ns, fraction}. */
    public double[][] utilizationSeries = new double[0][];
    /** The process samples the utilization comes from (system.csv, or the trace's own), or null. */
    public org.orbscope.run.SystemSamples system;
    public String scenarioText = "";
    /** The point's scenario, or null when its point.yaml is missing or does not load. */
    public Scenario scenario;
}
