package org.orbscope.postprocess.point;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Whether the server's trace holds what monitoring asked for: present when the scenario monitored the server,
 * written to its end, without dropped events or damaged chunks; and the agent's own share of the server's CPU,
 * which the agent times itself (its writer and flusher threads).
 */
final class MonitoringChecks {
    /** orbscope's threads in the server took this share of the server process's CPU. */
    static final double AGENT_CPU_SHARE = 0.10;

    private MonitoringChecks() {
    }

    /** The reasons of server {@code s}, whose trace gave {@code stages} and whose CPU {@code utilization}. */
    static List<Validity.Reason> of(ServerInputs s, ServerStages stages, Utilization utilization) {
        List<Validity.Reason> out = new ArrayList<>();
        String who = s.name().equals(org.orbscope.scenario.ServerSpec.SINGLE) ? "the server" : "server " + s.name();
        if (s.monitored() && !ServerStages.READ.equals(stages.trace())) {
            out.add(Validity.Reason.suspect("monitoring.trace-missing", 0, 1, String.format(Locale.ROOT,
                    "monitoring was asked but %s's trace is %s: no stage breakdown (%s)", who, stages.trace(),
                    stages.traceNote())));
            return out;
        }
        if (stages.droppedEvents() > 0) {
            out.add(Validity.Reason.suspect("monitoring.dropped-events", 0, stages.droppedEvents(), String.format(
                    Locale.ROOT, "the agent dropped %d events in %s: some requests' stages are incomplete",
                    stages.droppedEvents(), who)));
        }
        if (stages.lostChunks() > 0) {
            out.add(Validity.Reason.suspect("monitoring.damaged-chunks", 0, stages.lostChunks(), String.format(
                    Locale.ROOT, "%d damaged part(s) of %s's trace were skipped: their requests are missing",
                    stages.lostChunks(), who)));
        }
        if (stages.truncated()) {
            out.add(Validity.Reason.suspect("monitoring.truncated", 0, 1, "the trace of " + who
                    + " ends early: the agent stopped writing before the server ended"));
        }
        Double tooling = utilization.tooling();
        Double process = utilization.process();
        if (tooling != null && process != null && process > 0 && tooling / process >= AGENT_CPU_SHARE) {
            out.add(Validity.Reason.suspect("monitoring.agent-cpu", AGENT_CPU_SHARE, tooling / process,
                    String.format(Locale.ROOT, "orbscope's own threads took %.0f%% of %s's CPU", 100 * tooling
                            / process, who)));
        }
        return out;
    }
}
