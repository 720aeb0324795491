package org.orbscope.postprocess.point;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.orbscope.scenario.ArrivalSpec;
import org.orbscope.scenario.CallSpec;
import org.orbscope.scenario.MonitoringSpec;
import org.orbscope.scenario.ObjectSpec;
import org.orbscope.scenario.OperationSpec;
import org.orbscope.scenario.OrbProduct;
import org.orbscope.scenario.OrbSpec;
import org.orbscope.scenario.ProcessSpec;
import org.orbscope.scenario.Scenario;
import org.orbscope.scenario.ServerSpec;

/** What ran, one line per fact, for the top of a report: server, objects, client, processes, monitoring. */
final class ScenarioFacts {
    private ScenarioFacts() {
    }

    /** JacORB's pool and queue (defaults named), or another ORB's name and the options the scenario sets. */
    private static String orbFacts(OrbSpec orb) {
        if (orb.product() == OrbProduct.JACORB) {
            return "dispatcher pool " + orNot(orb.poolMin(), "default") + ".." + orNot(orb.poolMax(), "default")
                    + (Boolean.TRUE.equals(orb.poolShared()) ? " (shared)" : "") + ", queue max "
                    + orNot(orb.queueMax(), "default");
        }
        StringBuilder b = new StringBuilder("ORB ").append(orb.product().yamlName());
        orb.named().forEach((name, value) -> b.append(", ").append(name).append(' ').append(value instanceof
                OrbProduct.YokoConcModel m ? m.yamlName() : value));
        return b.toString();
    }

    static List<String> of(Scenario s) {
        List<String> f = new ArrayList<>();
        for (ServerSpec server : s.servers()) {
            OrbSpec orb = server.orb();
            List<Integer> cpus = server.cpus();
            f.add((s.singleServer() ? "Server" : "Server " + server.name()) + ": "
                    + (cpus.isEmpty() ? "not pinned" : "pinned to CPU(s) " + cpus) + ", " + orbFacts(orb)
                    + (s.singleServer() ? "" : ", monitoring " + (s.monitoring(server).enabled() ? "on" : "off")));
            List<ObjectSpec> objects = server.objects();
            for (int i = 0; i < objects.size(); i++) {
                ObjectSpec o = objects.get(i);
                int copies = copiesFrom(objects, i);
                StringBuilder b = new StringBuilder();
                if (copies > 1) {
                    String base = o.id().substring(0, o.id().length() - 2);
                    b.append("Objects ").append(base).append("-1..").append(base).append('-').append(copies)
                            .append(" (").append(copies).append(" copies)");
                    i += copies - 1;
                } else {
                    b.append("Object ").append(o.id());
                }
                b.append(" in POA ").append(o.poa());
                if (o.concurrency() > 0) {
                    b.append(" (at most ").append(o.concurrency()).append(" at once)");
                }
                for (Map.Entry<String, OperationSpec> e : o.operations().entrySet()) {
                    b.append("; ").append(e.getKey()).append(": cpu ").append(e.getValue().cpu()).append(", wait ")
                            .append(e.getValue().waiting());
                    for (CallSpec c : e.getValue().calls()) {
                        b.append(", calls ").append(c.count()).append(" x ")
                                .append(c.server() == null ? "" : c.server() + "/").append(c.object()).append('.')
                                .append(c.operation()).append(" (").append(c.invocation().name().toLowerCase())
                                .append(c.certain() ? "" : ", each with probability " + c.probability())
                                .append(s.callees(c).size() > 1 ? ", each to a random one of its "
                                        + s.callees(c).size() + " copies" : "")
                                .append(')');
                    }
                }
                f.add(b.toString());
            }
        }
        List<Integer> clientCpus = s.client().cpus();
        int instances = s.client().instances();
        if (s.client().hosts() != null) {
            List<String> names = s.client().hosts().used();
            f.add("Client hosts: " + s.client().hostCount() + (names.isEmpty() ? " (the first to register)"
                    : " (" + String.join(", ", names) + ")") + ", " + instances + " client JVM(s) on each, started "
                    + "together by the coordinator's barrier (time-out " + s.client().hosts().barrier() + ")");
        }
        if (s.singleServer() && s.server().host() != null) {
            f.add("Server host: " + s.server().host());
        }
        if (!s.singleServer()) {
            s.servers().stream().filter(v -> v.host() != null)
                    .forEach(v -> f.add("Server " + v.name() + " on host " + v.host()));
        }
        f.add("Client: " + (instances > 1 ? instances + " JVMs" + (s.client().hosts() != null ? " per host" : "")
                + ", each " : "")
                + (clientCpus.isEmpty() ? "not pinned" : "pinned to CPU(s) " + clientCpus) + ", "
                + s.client().connections() + " connection(s), " + s.client().invocation().name().toLowerCase()
                + " invocations" + (s.client().warmup() > 0 ? ", warm-up " + s.client().warmup()
                + " requests excluded" : ""));
        for (ProcessSpec p : s.client().processes()) {
            f.add("Process " + (p.name() == null ? "?" : p.name()) + ": " + arrivals(p.arrival()) + ", "
                    + (p.requests() != null ? p.requests() + " requests" + (p.volume() != null ? " (volume "
                    + p.volume() + " of user-level octets)" : "") : p.duration() != null ? "for " + p.duration()
                    : "until the replay ends") + (p.host() != null ? ", on host " + p.host() : "") + asUser(p));
        }
        if (s.singleServer()) {
            MonitoringSpec m = s.monitoring(s.servers().get(0));
            f.add("Monitoring: " + (m.enabled() ? "agent on (profile " + m.profile() + ")"
                    : "off (no server trace, no stage data)"));
        }
        return f;
    }

    /**
     * How many objects from {@code i} on are copies of one scenario object ({@code <id>-1 .. <id>-N}, alike in
     * everything but the id), so that a thousand copies take one line.
     */
    private static int copiesFrom(List<ObjectSpec> objects, int i) {
        ObjectSpec first = objects.get(i);
        if (!first.id().endsWith("-1")) {
            return 1;
        }
        String base = first.id().substring(0, first.id().length() - 1);
        int n = 1;
        while (i + n < objects.size()) {
            ObjectSpec o = objects.get(i + n);
            if (!o.id().equals(base + (n + 1)) || !o.poa().equals(first.poa())
                    || !o.concurrency().equals(first.concurrency()) || !o.operations().equals(first.operations())) {
                break;
            }
            n++;
        }
        return n;
    }

    /** What a process's clients do as users: their processing, their sessions, their own connections. */
    private static String asUser(ProcessSpec p) {
        StringBuilder b = new StringBuilder();
        if (p.processing().any()) {
            b.append(", processing after each reply: cpu ").append(p.processing().cpu()).append(", wait ")
                    .append(p.processing().waiting()).append(" (holds the caller, in no response time)");
        }
        if (p.session() != null) {
            b.append(", sessions ").append(p.session().chain() ? "of a Markov chain over" : "through")
                    .append(" its targets from the first, pause ").append(p.session().pause()).append(" between them");
        }
        if (p.freshConnection() != null) {
            b.append(", each client on a connection of its own opened anew before each ")
                    .append(p.freshConnection().name().toLowerCase());
        }
        return b.toString();
    }

    private static String arrivals(ArrivalSpec a) {
        switch (a.law()) {
            case CLOSED: return "closed loop of " + a.threads() + " clients, think time " + a.thinkTime();
            case HYPEREXPONENTIAL: return "hyperexponential arrivals at " + a.rate() + ", scv " + a.scv();
            case MMPP: return "MMPP arrivals, rates " + a.rates() + ", mean sojourns " + a.sojourns();
            case REPLAY: return "replayed arrivals from " + a.file();
            default: return a.law().name().toLowerCase() + " arrivals at " + a.rate();
        }
    }

    private static String orNot(Object v, String absent) {
        return v == null ? absent : v.toString();
    }
}
