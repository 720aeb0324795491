/**
 * The analysis of one sweep point, or of a server trace on its own, as a pipeline of parts.
 *
 * <p>{@link org.orbscope.postprocess.point.PointInputs} gathers what is read once (status, scenario, client
 * directories, each server's trace, samples and clock offset; or a trace's header, window and skip);
 * {@link org.orbscope.postprocess.point.AnalysisOptions} says how to read and what to write.
 * {@link org.orbscope.postprocess.point.PointAnalyzer} runs the steps, each returning an immutable record with its
 * own notes: {@link org.orbscope.postprocess.point.ClientPart},
 * {@link org.orbscope.postprocess.point.ServerStages} (read by {@code ServerTrace}),
 * {@link org.orbscope.postprocess.point.Timeline}, {@link org.orbscope.postprocess.point.Utilization},
 * {@link org.orbscope.postprocess.point.Prediction} and {@link org.orbscope.postprocess.point.Hosts};
 * {@link org.orbscope.postprocess.point.PointAnalysis} holds them, with a
 * {@link org.orbscope.postprocess.point.Validity} when the point was judged: {@code TrustChecks} runs one class per
 * group of checks ({@code LoadGeneratorChecks}, {@code ServerChecks}, {@code MachineChecks} over the point's
 * {@code watch/} files, {@link org.orbscope.postprocess.point.SteadyState},
 * {@link org.orbscope.postprocess.point.Precision}, {@code MonitoringChecks}, {@code ModelChecks}), each returning
 * its reasons. The report classes read the records;
 * {@link org.orbscope.postprocess.point.PointJson} alone writes a point's object of summary.json and point.json.
 */
package org.orbscope.postprocess.point;
