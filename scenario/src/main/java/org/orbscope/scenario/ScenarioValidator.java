package org.orbscope.scenario;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/** Checks what binding cannot: references between parts, ranges, and routing probabilities. */
final class ScenarioValidator {
    /** The operations of IDL interface orbscope::workload::Target (idl/src/main/idl/workload.idl). */
    static final Set<String> IDL_OPERATIONS = idlOperations();

    /** Connections are JacORB ORB instances in the client JVM, each with its threads and socket. */
    static final int MAX_CONNECTIONS = 256;
    /** The client computes its whole schedule before the run: this many requests take about 1.6 GB. */
    static final long MAX_SCHEDULED_REQUESTS = 100_000_000L;

    /** A problem at a field path; the loader turns it into a located ScenarioException. */
    static final class Problem extends Exception {
        final String path;

        Problem(String path, String message) {
            super(message, null, false, false);
            this.path = path;
        }
    }

    private ScenarioValidator() {
    }

    private static Set<String> idlOperations() {
        Set<String> ops = new TreeSet<>(List.of("ping", "call", "post"));
        for (PayloadSpec.Type t : PayloadSpec.Type.values()) {
            for (PayloadSpec.Direction d : PayloadSpec.Direction.values()) {
                ops.add(new PayloadSpec(t, PayloadSpec.Shape.SEQUENCE, 0, d).operation());
                for (int size : t.hasArrays() ? PayloadSpec.ARRAY_SIZES : List.<Integer>of()) {
                    ops.add(new PayloadSpec(t, PayloadSpec.Shape.ARRAY, size, d).operation());
                }
            }
        }
        return ops;
    }

    static void validate(Scenario s) throws Problem {
        if (s.name() == null || s.name().isBlank()) {
            throw new Problem("name", "a scenario needs a name");
        }
        validateServer(s.server());
        validateClient(s);
        validateHosts(s);
        validateMonitoring(s.monitoring());
    }

    private static void validateMonitoring(MonitoringSpec m) throws Problem {
        if (m.profile().isBlank()) {
            throw new Problem("monitoring.profile", "name an ORB profile (jacorb, or a profile file)");
        }
        if (m.config() != null && !java.nio.file.Files.isRegularFile(java.nio.file.Path.of(m.config()))) {
            throw new Problem("monitoring.config", "no such agent config file: " + m.config());
        }
    }

    /** Where the client JVMs and the server run: hosts by count or by name, processes placed on named hosts. */
    private static void validateHosts(Scenario s) throws Problem {
        String serverHost = s.server().host();
        if (serverHost != null) {
            hostName("server.host", serverHost);
        }
        HostsSpec hosts = s.client().hosts();
        List<ProcessSpec> processes = s.client().processes();
        if (hosts == null) {
            for (int i = 0; i < processes.size(); i++) {
                if (processes.get(i).host() != null) {
                    throw new Problem("client.processes[" + i + "].host", "a process runs on a host of "
                            + "client.hosts.names; this scenario has no client.hosts");
                }
            }
            return;
        }
        if (hosts.count() < 1 || hosts.count() > HostsSpec.MAX_HOSTS) {
            throw new Problem("client.hosts.count", "count must be 1 to " + HostsSpec.MAX_HOSTS + ", not "
                    + hosts.count());
        }
        Set<String> names = new LinkedHashSet<>();
        for (int i = 0; i < hosts.names().size(); i++) {
            String n = hosts.names().get(i);
            hostName("client.hosts.names[" + i + "]", n);
            if (!names.add(n)) {
                throw new Problem("client.hosts.names[" + i + "]", "host '" + n + "' is named twice");
            }
            if (n.equals(serverHost)) {
                throw new Problem("client.hosts.names[" + i + "]", "host '" + n + "' is also server.host: a host "
                        + "runs the server or clients, not both");
            }
        }
        if (!names.isEmpty() && hosts.count() > names.size()) {
            throw new Problem("client.hosts.count", "count " + hosts.count() + " is more than the " + names.size()
                    + " hosts named");
        }
        for (String field : new String[] {"register", "barrier", "lateAfter"}) {
            String text = field.equals("register") ? hosts.register() : field.equals("barrier") ? hosts.barrier()
                    : hosts.lateAfter();
            if (parse("client.hosts." + field, () -> Durations.parseNanos(text)) <= 0) {
                throw new Problem("client.hosts." + field, field + " must be positive, not '" + text + "'");
            }
        }
        List<String> used = hosts.used();
        Set<String> busy = new HashSet<>();
        boolean everywhere = false;
        for (int i = 0; i < processes.size(); i++) {
            String h = processes.get(i).host();
            if (h == null) {
                everywhere = true;
                continue;
            }
            String at = "client.processes[" + i + "].host";
            hostName(at, h);
            if (names.isEmpty()) {
                throw new Problem(at, "a process runs on a named host: give client.hosts.names");
            }
            if (!names.contains(h)) {
                throw new Problem(at, "host '" + h + "' is not in client.hosts.names" + Names.suggestion(h, names)
                        + " (" + String.join(", ", names) + ")");
            }
            if (!used.contains(h)) {
                throw new Problem(at, "host '" + h + "' is not among the " + used.size() + " hosts of the point "
                        + "(client.hosts.count " + hosts.count() + ": " + String.join(", ", used) + ")");
            }
            busy.add(h);
        }
        if (!everywhere) {
            for (String h : used) {
                if (!busy.contains(h)) {
                    throw new Problem("client.hosts.names", "host '" + h + "' has no process to run: every process "
                            + "names another host");
                }
            }
        }
    }

    private static void hostName(String at, String name) throws Problem {
        if (name == null || !name.matches(HostsSpec.NAME_PATTERN)) {
            throw new Problem(at, "a host name holds letters, digits, '.', '_' and '-' only, not '" + name + "'");
        }
    }

    private static void validateServer(ServerSpec server) throws Problem {
        cpus("server.cpus", server.cpus());
        if (server.warmupCalls() < 0) {
            throw new Problem("server.warmupCalls", "warmupCalls must be 0 (none) or more, not " + server.warmupCalls());
        }
        OrbSpec orb = server.orb();
        positive("server.orb.poolMin", orb.poolMin());
        positive("server.orb.poolMax", orb.poolMax());
        positive("server.orb.queueMax", orb.queueMax());
        if (orb.poolMin() != null && orb.poolMax() != null && orb.poolMin() > orb.poolMax()) {
            throw new Problem("server.orb.poolMin", "poolMin " + orb.poolMin() + " is above poolMax " + orb.poolMax());
        }
        Set<String> managers = new LinkedHashSet<>();
        for (int i = 0; i < server.poaManagers().size(); i++) {
            if (!managers.add(server.poaManagers().get(i))) {
                throw new Problem("server.poaManagers[" + i + "]", "POA manager '" + server.poaManagers().get(i) + "' is declared twice");
            }
        }
        Set<String> poas = new LinkedHashSet<>();
        poas.add(PoaSpec.ROOT);
        for (int i = 0; i < server.poas().size(); i++) {
            PoaSpec poa = server.poas().get(i);
            String at = "server.poas[" + i + "]";
            if (poa.name() == null || poa.name().isBlank()) {
                throw new Problem(at, "a POA needs a name");
            }
            if (!poas.add(poa.name())) {
                throw new Problem(at + ".name", "POA '" + poa.name() + "' is declared twice");
            }
        }
        for (int i = 0; i < server.poas().size(); i++) {
            PoaSpec poa = server.poas().get(i);
            String at = "server.poas[" + i + "]";
            if (!poas.contains(poa.parent()) || poa.parent().equals(poa.name())) {
                throw new Problem(at + ".parent", "parent POA '" + poa.parent() + "' does not exist"
                        + Names.suggestion(poa.parent(), poas) + " (POAs: " + String.join(", ", poas) + ")");
            }
            if (poa.manager() != null && !managers.contains(poa.manager())) {
                throw new Problem(at + ".manager", "POA manager '" + poa.manager() + "' is not declared in server.poaManagers"
                        + Names.suggestion(poa.manager(), managers) + " (declared: " + managers + ")");
            }
        }
        checkNoCycle(server.poas());
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < server.objects().size(); i++) {
            ObjectSpec o = server.objects().get(i);
            String at = "server.objects[" + i + "]";
            if (o.id() == null || o.id().isBlank()) {
                throw new Problem(at, "an object needs an id");
            }
            if (o.copies() < 1 || o.copies() > 100_000) {
                throw new Problem(at + ".copies", "copies must be 1 to 100000, not " + o.copies());
            }
            for (String id : o.copyIds()) {
                if (!ids.add(id)) {
                    throw new Problem(at + ".id", "object '" + id + "' is deployed twice"
                            + (o.copies() > 1 ? " (a copy of '" + o.id() + "')" : ""));
                }
            }
            if (!poas.contains(o.poa())) {
                throw new Problem(at + ".poa", "POA '" + o.poa() + "' does not exist" + Names.suggestion(o.poa(), poas)
                        + " (POAs: " + String.join(", ", poas) + ")");
            }
            if (o.concurrency() < 0) {
                throw new Problem(at + ".concurrency", "concurrency must be 0 (unlimited) or more, not " + o.concurrency());
            }
            for (var op : o.operations().entrySet()) {
                if (!IDL_OPERATIONS.contains(op.getKey())) {
                    throw new Problem(at + ".operations." + op.getKey(), unknownOperation(op.getKey()));
                }
                if (op.getValue() != null && op.getValue().replySize() < 0) {
                    throw new Problem(at + ".operations." + op.getKey() + ".replySize", "replySize must not be negative");
                }
            }
        }
    }

    private static void checkNoCycle(List<PoaSpec> poas) throws Problem {
        for (int i = 0; i < poas.size(); i++) {
            String p = poas.get(i).name();
            Set<String> seen = new HashSet<>();
            while (!p.equals(PoaSpec.ROOT)) {
                if (!seen.add(p)) {
                    throw new Problem("server.poas[" + i + "].parent", "the POA parents form a cycle: " + seen);
                }
                String cur = p;
                p = poas.stream().filter(x -> x.name().equals(cur)).findFirst().map(PoaSpec::parent).orElse(PoaSpec.ROOT);
            }
        }
    }

    private static String unknownOperation(String op) {
        return "operation '" + op + "' is not an operation of interface Target" + Names.suggestion(op, IDL_OPERATIONS)
                + " (e.g. call, ping, post, in_octet_seq, inout_double_array_240; see idl/src/main/idl/workload.idl)";
    }

    private static void validateClient(Scenario s) throws Problem {
        ClientSpec client = s.client();
        cpus("client.cpus", client.cpus());
        if (client.connections() < 1 || client.connections() > MAX_CONNECTIONS) {
            throw new Problem("client.connections", "connections must be 1 to " + MAX_CONNECTIONS + " (each is a "
                    + "JacORB ORB instance in the client JVM), not " + client.connections());
        }
        if (client.warmup() < 0) {
            throw new Problem("client.warmup", "warmup must not be negative");
        }
        if (client.instances() < 1 || client.instances() > 64) {
            throw new Problem("client.instances", "instances (client JVMs) must be 1 to 64, not " + client.instances());
        }
        long maxDuration = parse("client.maxDuration", client::maxDurationNanos);
        if (maxDuration <= 0) {
            throw new Problem("client.maxDuration", "maxDuration must be positive, not '" + client.maxDuration() + "'");
        }
        if (client.processes().isEmpty()) {
            throw new Problem("client.processes", "the client needs at least one arrival process");
        }
        Set<String> names = new HashSet<>();
        long scheduled = 0;
        for (int i = 0; i < client.processes().size(); i++) {
            ProcessSpec p = client.processes().get(i);
            String at = "client.processes[" + i + "]";
            if (p.name() != null && !names.add(p.name())) {
                throw new Problem(at + ".name", "arrival process '" + p.name() + "' is declared twice");
            }
            if (p.requests() == null && p.duration() == null
                    && (p.arrival() == null || p.arrival().law() != ArrivalSpec.Law.REPLAY)) {
                throw new Problem(at, "give the process 'requests' (a count) or 'duration'");
            }
            if (p.requests() != null && p.duration() != null) {
                throw new Problem(at + ".duration", "give the process 'requests' or 'duration', not both");
            }
            if (p.requests() != null && p.requests() <= 0) {
                throw new Problem(at + ".requests", "requests must be positive, not " + p.requests());
            }
            if (p.duration() != null) {
                long d = parse(at + ".duration", () -> p.durationNanos());
                if (d <= 0) {
                    throw new Problem(at + ".duration", "duration must be positive");
                }
            }
            if (p.arrival() == null) {
                throw new Problem(at + ".arrival", "missing 'arrival' (e.g. {law: poisson, rate: 20/s})");
            }
            validateTargets(s, p, at);
            ArrivalSpec a = p.arrival();
            if (a.closed()) {
                validateClosed(client, a, at + ".arrival");
                scheduled += p.requests() != null ? p.requests() : 0;
                if (p.duration() != null && p.durationNanos() > maxDuration) {
                    throw new Problem(at + ".duration", "duration " + p.duration() + " is beyond client.maxDuration ("
                            + Durations.format(maxDuration) + "); raise maxDuration");
                }
                continue;
            }
            double rate = validateOpen(a, at + ".arrival");
            if (p.requests() != null) {
                double spanNanos = p.requests() / rate * 1e9;
                if (spanNanos > maxDuration) {
                    throw new Problem(at + ".requests", p.requests() + " requests at " + rate + "/s take "
                            + Durations.format(spanNanos) + ", beyond client.maxDuration ("
                            + Durations.format(maxDuration) + "); raise maxDuration or send fewer requests");
                }
                if (a.law() == ArrivalSpec.Law.REPLAY && p.requests() > a.replayTimesNanos().length) {
                    throw new Problem(at + ".requests", p.requests() + " requests, but the replay file holds "
                            + a.replayTimesNanos().length + " send times");
                }
                scheduled += p.requests();
            } else {
                if (p.durationNanos() > maxDuration) {
                    throw new Problem(at + ".duration", "duration " + p.duration() + " is beyond client.maxDuration ("
                            + Durations.format(maxDuration) + "); raise maxDuration");
                }
                scheduled += (long) Math.ceil(rate * p.durationNanos() / 1e9);
            }
        }
        if (scheduled > MAX_SCHEDULED_REQUESTS) {
            throw new Problem("client.processes", "the schedule holds about " + scheduled + " requests; at most "
                    + MAX_SCHEDULED_REQUESTS + " fit the client's memory (split the run into sweep points)");
        }
        if (client.warmup() > 0 && client.warmup() >= scheduled) {
            throw new Problem("client.warmup", "warmup (" + client.warmup() + " requests) leaves nothing to measure: "
                    + "the processes send " + scheduled + " requests");
        }
    }

    /** The fields of an open law; returns its mean rate per second. */
    private static double validateOpen(ArrivalSpec a, String at) throws Problem {
        onlyFor(a, at, a.threads() != null, "threads", "closed");
        onlyFor(a, at, !a.thinkTime().equals(Distribution.ZERO), "thinkTime", "closed");
        onlyFor(a, at, a.scv() != null && a.law() != ArrivalSpec.Law.HYPEREXPONENTIAL, "scv", "hyperexponential");
        boolean mmpp = a.law() == ArrivalSpec.Law.MMPP;
        onlyFor(a, at, !mmpp && (a.rates() != null || a.sojourns() != null), a.rates() != null ? "rates" : "sojourns",
                "mmpp");
        boolean replay = a.law() == ArrivalSpec.Law.REPLAY;
        onlyFor(a, at, !replay && a.file() != null, "file", "replay");
        if (mmpp || replay) {
            if (a.rate() != null) {
                throw new Problem(at + ".rate", "law " + name(a) + " takes no 'rate' ("
                        + (mmpp ? "each state has its own: rates" : "the file gives the times") + ")");
            }
        } else if (a.rate() == null) {
            throw new Problem(at, "missing 'rate' (e.g. 20/s or 0.02/ms)");
        }
        if (a.law() == ArrivalSpec.Law.HYPEREXPONENTIAL) {
            if (a.scv() == null || !(a.scv() >= 1) || Double.isInfinite(a.scv())) {
                throw new Problem(at + ".scv", "a hyperexponential law needs scv (the squared coefficient of variation "
                        + "of its gaps) of 1 or more, not " + a.scv());
            }
        }
        if (mmpp) {
            if (a.rates() == null || a.sojourns() == null || a.rates().size() < 2
                    || a.rates().size() != a.sojourns().size()) {
                throw new Problem(at, "an mmpp law needs 'rates' and 'sojourns' of equal length, at least two states "
                        + "(e.g. rates: [500/s, 0/s], sojourns: [200ms, 2s])");
            }
            for (int i = 0; i < a.rates().size(); i++) {
                String r = a.rates().get(i);
                double v = parse(at + ".rates[" + i + "]", () -> Rates.parsePerSecond(r));
                if (!(v >= 0) || Double.isInfinite(v)) {
                    throw new Problem(at + ".rates[" + i + "]", "a state's rate must be 0 or more, not '" + r + "'");
                }
                String d = a.sojourns().get(i);
                if (parse(at + ".sojourns[" + i + "]", () -> Durations.parseNanos(d)) <= 0) {
                    throw new Problem(at + ".sojourns[" + i + "]", "a mean sojourn must be positive, not '" + d + "'");
                }
            }
        }
        if (replay) {
            parse(at + ".file", a::replayTimesNanos);
        }
        double rate = parse(at + (mmpp || replay ? "" : ".rate"), a::ratePerSecond);
        if (!(rate > 0) || Double.isInfinite(rate)) {
            throw new Problem(at + (mmpp || replay ? "" : ".rate"), "the arrival rate must be positive, not "
                    + (a.rate() != null ? "'" + a.rate() + "'" : rate + "/s"));
        }
        return rate;
    }

    private static void validateClosed(ClientSpec client, ArrivalSpec a, String at) throws Problem {
        onlyFor(a, at, a.rate() != null, "rate", "poisson, deterministic or hyperexponential");
        onlyFor(a, at, a.scv() != null, "scv", "hyperexponential");
        onlyFor(a, at, a.rates() != null || a.sojourns() != null, a.rates() != null ? "rates" : "sojourns", "mmpp");
        onlyFor(a, at, a.file() != null, "file", "replay");
        if (a.threads() == null || a.threads() < 1 || a.threads() > 4096) {
            throw new Problem(at + ".threads", "a closed law needs threads: 1 to 4096 clients, not " + a.threads());
        }
        if (client.invocation() != ClientSpec.Invocation.SYNC) {
            throw new Problem("client.invocation", "a closed loop waits for each reply: it needs invocation sync, "
                    + "not " + client.invocation().name().toLowerCase(java.util.Locale.ROOT));
        }
    }

    private static void onlyFor(ArrivalSpec a, String at, boolean present, String field, String laws) throws Problem {
        if (present) {
            throw new Problem(at + "." + field, "'" + field + "' does not apply to law " + name(a) + " (only to "
                    + laws + ")");
        }
    }

    private static String name(ArrivalSpec a) {
        return a.law().name().toLowerCase(java.util.Locale.ROOT);
    }

    private static void validateTargets(Scenario s, ProcessSpec p, String at) throws Problem {
        if (p.targets().isEmpty()) {
            throw new Problem(at + ".targets", "the process needs at least one target");
        }
        List<String> ids = new ArrayList<>();
        s.server().objects().forEach(o -> ids.add(o.id()));
        int given = 0;
        double sum = 0;
        for (int j = 0; j < p.targets().size(); j++) {
            TargetSpec t = p.targets().get(j);
            String tat = at + ".targets[" + j + "]";
            if (t.object() == null) {
                throw new Problem(tat, "missing 'object'");
            }
            if (s.object(t.object()) == null) {
                throw new Problem(tat + ".object", "object '" + t.object() + "' is not deployed" + Names.suggestion(t.object(), ids)
                        + " (server.objects: " + String.join(", ", ids) + ")");
            }
            validatePayload(t, tat, s.client().invocation());
            if (t.probability() != null) {
                if (t.probability() < 0 || t.probability() > 1) {
                    throw new Problem(tat + ".probability", "probability must be between 0 and 1, not " + t.probability());
                }
                given++;
                sum += t.probability();
            }
        }
        if (given > 0 && given < p.targets().size()) {
            throw new Problem(at + ".targets", "give a probability to every target or to none (equal shares)");
        }
        if (given > 0 && Math.abs(sum - 1.0) > 1e-6) {
            throw new Problem(at + ".targets", "routing probabilities sum to " + (float) sum + ", not 1");
        }
    }

    /**
     * The target's operation exists, suits the invocation style, and carries the target's payload (type, shape,
     * direction, and an array's size); the payload itself is one the IDL has.
     */
    private static void validatePayload(TargetSpec t, String at, ClientSpec.Invocation style) throws Problem {
        PayloadSpec p = t.payload();
        String payloadAt = at + ".payload";
        if (p.size() < 0) {
            throw new Problem(payloadAt + ".size", "payload size must not be negative");
        }
        if (p.shape() == PayloadSpec.Shape.ARRAY && !p.type().hasArrays()) {
            throw new Problem(payloadAt + ".shape", "type " + word(p.type()) + " has no array shape in the IDL "
                    + "(one value of any length: use shape sequence)");
        }
        if (p.shape() == PayloadSpec.Shape.ARRAY && !PayloadSpec.ARRAY_SIZES.contains(p.size())) {
            throw new Problem(payloadAt + ".size", "an array payload has one of the IDL's array sizes, "
                    + PayloadSpec.ARRAY_SIZES.stream().map(String::valueOf).collect(Collectors.joining(", "))
                    + " octets, not " + p.size());
        }
        String op = t.operation(style);
        String opAt = at + ".operation";
        if (!IDL_OPERATIONS.contains(op)) {
            throw new Problem(opAt, unknownOperation(op));
        }
        String name = style.name().toLowerCase(Locale.ROOT);
        if (style == ClientSpec.Invocation.ONEWAY && !TargetSpec.isOneway(op)) {
            throw new Problem(opAt, "invocation oneway sends the IDL's oneway operation " + TargetSpec.ONEWAY_OPERATION
                    + "; operation " + op + " is two-way (leave 'operation' out, or name " + TargetSpec.ONEWAY_OPERATION + ")");
        }
        if ((style == ClientSpec.Invocation.AMI || style == ClientSpec.Invocation.DEFERRED) && TargetSpec.isOneway(op)) {
            throw new Problem(opAt, "operation " + op + " is oneway: invocation " + name + " waits for a reply, so it "
                    + "needs a two-way operation");
        }
        PayloadSpec carried = PayloadSpec.carriedBy(op);
        String where = t.namesOperation() ? opAt : payloadAt;
        if (carried == null) {
            if (t.givesPayload()) {
                throw new Problem(where, "operation " + op + " carries no payload");
            }
            return;
        }
        String mismatch = p.type() != carried.type() ? "type " + word(p.type())
                : p.shape() != carried.shape() ? "shape " + word(p.shape())
                : p.direction() != carried.direction() ? "direction " + word(p.direction())
                : carried.shape() == PayloadSpec.Shape.ARRAY && !p.size().equals(carried.size()) ? "size " + p.size()
                : null;
        if (mismatch != null) {
            throw new Problem(where, "operation " + op + " does not carry a payload of " + mismatch
                    + (style == ClientSpec.Invocation.ONEWAY && !t.namesOperation() ? " (invocation oneway sends "
                    + op + ", which carries an octet sequence in)" : " (it carries " + describe(carried) + ")"));
        }
    }

    private static String describe(PayloadSpec p) {
        return word(p.type()) + " " + word(p.shape()) + (p.shape() == PayloadSpec.Shape.ARRAY ? " of " + p.size()
                + " octets" : "") + ", " + word(p.direction());
    }

    private static String word(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT);
    }

    private static void cpus(String at, List<Integer> cpus) throws Problem {
        for (int i = 0; i < cpus.size(); i++) {
            if (cpus.get(i) == null || cpus.get(i) < 0) {
                throw new Problem(at + "[" + i + "]", "a CPU number must be 0 or more");
            }
        }
    }

    private static void positive(String at, Integer v) throws Problem {
        if (v != null && v < 1) {
            throw new Problem(at, "must be 1 or more, not " + v);
        }
    }

    private interface Parse<T> {
        T get();
    }

    private static <T> T parse(String at, Parse<T> p) throws Problem {
        try {
            return p.get();
        } catch (IllegalArgumentException e) {
            throw new Problem(at, e.getMessage());
        }
    }
}
