package org.orbscope.postprocess.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.orbscope.scenario.CallSpec;
import org.orbscope.scenario.MonitoringSpec;
import org.orbscope.scenario.ObjectSpec;
import org.orbscope.scenario.OperationSpec;
import org.orbscope.scenario.OrbSpec;
import org.orbscope.scenario.ProcessSpec;
import org.orbscope.scenario.Scenario;
import org.orbscope.scenario.ServerSpec;

/** What ran, one line per fact, for the top of a report: server, objects, client, processes, monitoring. */
final class ScenarioFacts {
    private ScenarioFacts() {
    }

    static List<String> of(Scenario s) {
        List<String> f = new ArrayList<>();
        for (ServerSpec server : s.servers()) {
            OrbSpec orb = server.orb();
            List<Integer> cpus = server.cpus();
            f.add((s.singleServer() ? "Server" : "Server " + server.name()) + ": "
                    + (cpus.isEmpty() ? "not pinned" : "pinned to CPU(s) " + cpus) + ", dispatcher pool "
                    + orNot(orb.poolMin(), "default") + ".." + orNot(orb.poolMax(), "default")
                    + (Boolean.TRUE.equals(orb.poolShared()) ? " (shared)" : "") + ", queue max "
                    + orNot(orb.queueMax(), "default")
                    + (s.singleServer() ? "" : ", monitoring " + (s.monitoring(server).enabled() ? "on" : "off")));
            for (ObjectSpec o : server.objects()) {
                StringBuilder b = new StringBuilder("Object ").append(o.id()).append(" in POA ").append(o.poa());
                if (o.concurrency() > 0) {
                    b.append(" (at most ").append(o.concurrency()).append(" at once)");
                }
                for (Map.Entry<String, OperationSpec> e : o.operations().entrySet()) {
                    b.append("; ").append(e.getKey()).append(": cpu ").append(e.getValue().cpu()).append(", wait ")
                            .append(e.getValue().waiting());
                    for (CallSpec c : e.getValue().calls()) {
                        b.append(", calls ").append(c.count()).append(" x ")
                                .append(c.server() == null ? "" : c.server() + "/").append(c.object()).append('.')
                                .append(c.operation()).append(" (").append(c.invocation().name().toLowerCase()).append(')');
                    }
                }
                f.add(b.toString());
            }
        }
        List<Integer> clientCpus = s.client().cpus();
        f.add("Client: " + (clientCpus.isEmpty() ? "not pinned" : "pinned to CPU(s) " + clientCpus) + ", "
                + s.client().connections() + " connection(s), " + s.client().invocation().name().toLowerCase()
                + " invocations" + (s.client().warmup() > 0 ? ", warm-up " + s.client().warmup()
                + " requests excluded" : ""));
        for (ProcessSpec p : s.client().processes()) {
            f.add("Process " + (p.name() == null ? "?" : p.name()) + ": " + p.arrival().law().name().toLowerCase()
                    + " arrivals at " + p.arrival().rate() + ", "
                    + (p.requests() != null ? p.requests() + " requests" : "for " + p.duration()));
        }
        if (s.singleServer()) {
            MonitoringSpec m = s.monitoring(s.servers().get(0));
            f.add("Monitoring: " + (m.enabled() ? "agent on (profile " + m.profile() + ")"
                    : "off (no server trace, no stage data)"));
        }
        return f;
    }

    private static String orNot(Object v, String absent) {
        return v == null ? absent : v.toString();
    }
}
