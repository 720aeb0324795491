package org.orbscope.postprocess.point;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.orbscope.run.AtomicFiles;

/**
 * The one writer of a point's JSON object: the entry of {@code points} in report/summary.json and the whole of
 * {@code points/<p>/report/point.json}, assembled from the analysis' records. Field names and nesting are those
 * docs/run-directory.md lists; an unknown figure (null) is left out, an empty list or map is written. Values that
 * are records of their own (statistics, groups, spectrum steps, hosts, received rows) are written as Jackson
 * writes records.
 */
public final class PointJson {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private PointJson() {
    }

    /** Writes {@code a}'s object to {@code file} (point.json). */
    public static void write(Path file, PointAnalysis a) throws IOException {
        AtomicFiles.write(file, JSON.writeValueAsString(of(a)) + "\n");
    }

    /** The point's object, in summary.json's field order. */
    public static Map<String, Object> of(PointAnalysis a) {
        Map<String, Object> o = new LinkedHashMap<>();
        put(o, "name", a.name());
        put(o, "params", a.params());
        put(o, "status", a.status());
        put(o, "error", a.error());
        if (a.validity() != null) {
            put(o, "verdict", a.validity().verdict().label());
            put(o, "reasons", a.validity().reasons());
        }
        put(o, "scenario", a.scenarioName());
        put(o, "description", a.scenario() == null ? null : a.scenario().description());
        put(o, "facts", a.facts());
        put(o, "offeredRatePerMs", a.offeredRatePerMs());
        put(o, "serverRatePerMs", a.server().serverRatePerMs());
        put(o, "client", client(a.client()));
        put(o, "throughputBytes", a.bytes());
        put(o, "littlesLaw", a.littlesLaw());
        put(o, "precision", Precision.of(a.client().responseSeries()));
        if (a.repetitions() != null) {
            put(o, "repetitions", a.repetitions());
            put(o, "spread", a.spread());
            put(o, "worstRepetition", Repetition.worst(a.repetitions()));
        }
        put(o, "server", server(a.server()));
        put(o, "stages", a.server().stages());
        put(o, "makeUp", a.server().makeUp());
        put(o, "cpuPerRequestMs", a.server().cpuPerRequestMs());
        put(o, "psPredictionMs", a.prediction().psPredictionMs());
        put(o, "utilization", utilization(a.utilization()));
        put(o, "networkAndClientMs", a.networkAndClientMs());
        put(o, "clientDelayMs", a.prediction().clientDelayMs());
        put(o, "simulated", a.prediction().simulated());
        put(o, "servers", servers(a.servers()));
        put(o, "breakdown", a.breakdown());
        put(o, "clientSpectrum", a.client().spectrum());
        put(o, "hosts", a.hosts().hosts());
        put(o, "startSpreadMs", a.hosts().startSpreadMs());
        put(o, "firstRequestSpreadMs", a.hosts().firstRequestSpreadMs());
        put(o, "notes", a.notes());
        return o;
    }

    private static Map<String, Object> client(ClientPart c) {
        Map<String, Object> o = new LinkedHashMap<>();
        put(o, "records", c.records());
        put(o, "ok", c.ok());
        put(o, "failed", c.failed());
        put(o, "notSent", c.notSent());
        put(o, "outcomes", c.outcomes());
        put(o, "response", c.response());
        put(o, "lateness", c.lateness());
        put(o, "complete", c.complete());
        put(o, "interrupted", c.interrupted());
        put(o, "instances", c.instances());
        put(o, "error", c.error());
        put(o, "achievedRatePerSec", c.achievedRatePerSec());
        put(o, "scheduledRatePerSec", c.scheduledRatePerSec());
        put(o, "processing", c.processing());
        put(o, "connect", c.connect());
        put(o, "sessions", c.sessions());
        return o;
    }

    private static Map<String, Object> server(ServerStages s) {
        Map<String, Object> o = new LinkedHashMap<>();
        put(o, "trace", s.trace());
        put(o, "roles", s.roles());
        put(o, "traceNote", s.traceNote());
        put(o, "requests", s.requests());
        put(o, "complete", s.complete());
        put(o, "rejected", s.rejected());
        put(o, "incomplete", s.incomplete());
        put(o, "measured", s.measured());
        put(o, "requestSample", s.requestSample());
        put(o, "droppedEvents", s.droppedEvents());
        put(o, "truncated", s.truncated());
        put(o, "damagedChunks", s.lostChunks());
        put(o, "gcPauses", s.gcPauses());
        put(o, "gcTotalMs", s.gcTotalMs());
        put(o, "matchedToClient", s.matchedToClient());
        put(o, "probes", s.probes());
        put(o, "received", s.received());
        return o;
    }

    private static Map<String, Object> utilization(Utilization u) {
        Map<String, Object> o = new LinkedHashMap<>();
        put(o, "cpus", u.cpus());
        put(o, "windowSec", u.windowSec());
        put(o, "measured", u.measured());
        put(o, "basis", u.basis());
        put(o, "process", u.process());
        put(o, "tooling", u.tooling());
        put(o, "jvm", u.jvm());
        put(o, "calculated", u.calculated());
        put(o, "relativeDifference", u.relativeDifference());
        put(o, "agree", u.agree());
        return o;
    }

    /** Each of several servers: its figures as a point of one server has them. */
    private static Map<String, Object> servers(Map<String, ServerAnalysis> servers) {
        if (servers == null) {
            return null;
        }
        Map<String, Object> out = new LinkedHashMap<>();
        servers.forEach((name, s) -> {
            Map<String, Object> o = new LinkedHashMap<>();
            put(o, "server", server(s.stages()));
            put(o, "serverRatePerMs", s.stages().serverRatePerMs());
            put(o, "stages", s.stages().stages());
            put(o, "makeUp", s.stages().makeUp());
            put(o, "cpuPerRequestMs", s.stages().cpuPerRequestMs());
            put(o, "utilization", utilization(s.utilization()));
            put(o, "notes", s.notes());
            out.put(name, o);
        });
        return out;
    }

    /** Puts {@code value} unless it is unknown. */
    private static void put(Map<String, Object> o, String name, Object value) {
        if (value != null) {
            o.put(name, value);
        }
    }
}
