package org.orbscope.postprocess.point;

import java.util.LinkedHashMap;
import java.util.Map;
import org.orbscope.model.ModelParameters;
import org.orbscope.postprocess.stats.Distribution;
import org.orbscope.scenario.Scenario;

/** A point's summary plus the data its charts are drawn from (not serialized). */
public final class PointAnalysis {
    public final PointSummary summary = new PointSummary();
    /** Per stage name: distribution of the measured requests (ns). */
    public final Map<String, Distribution> distributions = new LinkedHashMap<>();
    public Distribution clientResponse;
    /** The client's measured response times in the order they ended (for batch means). */
    public OrderedSample responseSeries = new OrderedSample();
    /** Per stage of {@link PointAnalyzer#COMPARED_STAGES}: the measured requests' times in arrival order. */
    public final Map<String, OrderedSample> stageSeries = new LinkedHashMap<>();
    /** The point over time (per second percentiles, CPU, GC); null without client records. */
    public Timeline timeline;
    /** The queueing model of the point calibrated with its measured requests; null when it was not simulated. */
    public ModelParameters calibratedModel;
    /** {@link ModelCurve#of}'s answer once asked (it simulates a dozen rates). */
    ModelCurve.Curve modelCurve;
    boolean modelCurveDone;
    /** Server CPU utilization per sampling interval: {epoch ns, fraction}. */
    public double[][] utilizationSeries = new double[0][];
    /** The process samples the utilization comes from (system.csv, or the trace's own), or null. */
    public org.orbscope.run.SystemSamples system;
    public String scenarioText = "";
    /** The point's scenario, or null when its point.yaml is missing or does not load. */
    public Scenario scenario;
}
