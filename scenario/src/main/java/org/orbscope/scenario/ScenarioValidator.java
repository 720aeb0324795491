package org.orbscope.scenario;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.orbscope.units.Units;

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
        Set<String> ops = new TreeSet<>(List.of("ping", "call", "post", "forward"));
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
        validateServers(s);
        validateClient(s);
        validateHosts(s);
        validateMonitoring(s.monitoring(), "monitoring");
        for (int i = 0; i < s.servers().size(); i++) {
            MonitoringSpec own = s.servers().get(i).monitoring();
            if (own != null && !s.singleServer()) {
                validateMonitoring(own, "servers[" + i + "].monitoring");
            }
        }
    }

    /** The agent config a server runs with, or null (not monitored, or the agent's defaults). */
    private static String agentConfig(Scenario s, ServerSpec server) {
        MonitoringSpec m = s.monitoring(server);
        return m.enabled() ? m.config() : null;
    }

    private static void validateMonitoring(MonitoringSpec m, String at) throws Problem {
        if (m.profile() != null && m.profile().isBlank()) {
            throw new Problem(at + ".profile", "name an ORB profile (jacorb, or a profile file)");
        }
        if (m.config() != null && !java.nio.file.Files.isRegularFile(java.nio.file.Path.of(m.config()))) {
            throw new Problem(at + ".config", "no such agent config file: " + m.config());
        }
    }

    /** Where the client JVMs and the server run: hosts by count or by name, processes placed on named hosts. */
    private static void validateHosts(Scenario s) throws Problem {
        Set<String> serverHosts = new HashSet<>();
        if (s.singleServer()) {
            String serverHost = s.server().host();
            if (serverHost != null) {
                hostName("server.host", serverHost);
                serverHosts.add(serverHost);
            }
        } else {
            // A host runs any number of servers of a point; they share the agent config the host is sent.
            Map<String, ServerSpec> byHost = new HashMap<>();
            for (int i = 0; i < s.servers().size(); i++) {
                ServerSpec server = s.servers().get(i);
                if (server.host() == null) {
                    continue;
                }
                hostName("servers[" + i + "].host", server.host());
                ServerSpec other = byHost.putIfAbsent(server.host(), server);
                if (other != null && !Objects.equals(agentConfig(s, server), agentConfig(s, other))) {
                    throw new Problem("servers[" + i + "].monitoring.config", "server '" + server.name() + "' names "
                            + "another agent config than server '" + other.name() + "' on host '" + server.host()
                            + "': the servers of a host share one");
                }
            }
            serverHosts.addAll(byHost.keySet());
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
            if (serverHosts.contains(n)) {
                throw new Problem("client.hosts.names[" + i + "]", "host '" + n + "' also runs a server: a host runs "
                        + "a server or clients, not both");
            }
        }
        if (!names.isEmpty() && hosts.count() > names.size()) {
            throw new Problem("client.hosts.count", "count " + hosts.count() + " is more than the " + names.size()
                    + " hosts named");
        }
        for (String field : new String[] {"register", "barrier", "lateAfter", "deadAfter", "stopGrace"}) {
            String text = switch (field) {
                case "register" -> hosts.register();
                case "barrier" -> hosts.barrier();
                case "lateAfter" -> hosts.lateAfter();
                case "deadAfter" -> hosts.deadAfter();
                default -> hosts.stopGrace();
            };
            if (parse("client.hosts." + field, () -> Units.durationNanos(text)) <= 0) {
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


    /** Operations a servant may call: those whose request the server can build without a payload of its own. */
    static final Set<String> CALLABLE = new TreeSet<>(List.of("ping", "call", "post", "forward"));

    private static void validateServers(Scenario s) throws Problem {
        if (s.server() != null) {
            if (s.server().name() != null && !s.server().name().equals(ServerSpec.SINGLE)) {
                throw new Problem("server.name", "the one server of 'server:' is named '" + ServerSpec.SINGLE
                        + "'; name servers in a 'servers:' list");
            }
            validateServer(s.servers().get(0), "server");
        } else if (s.servers().isEmpty()) {
            throw new Problem("server",
                    "a scenario needs 'server' (one server) or 'servers' (a list of named servers)");
        } else {
            Set<String> names = new HashSet<>();
            for (int i = 0; i < s.servers().size(); i++) {
                ServerSpec server = s.servers().get(i);
                String at = "servers[" + i + "]";
                if (server == null) {
                    throw new Problem(at, "a server is a mapping (name:, objects:, ...)");
                }
                if (server.name() == null || server.name().isBlank()) {
                    throw new Problem(at, "a server in 'servers' needs a name");
                }
                if (!server.name().matches("[A-Za-z0-9_.-]+") || server.name().startsWith(".")) {
                    throw new Problem(at + ".name", "server name '" + server.name() + "' names a directory of the "
                            + "run: use letters, digits, '_', '-' and '.' (not first)");
                }
                if (!names.add(server.name())) {
                    throw new Problem(at + ".name", "server '" + server.name() + "' is declared twice");
                }
                validateServer(server, at);
            }
        }
        for (int i = 0; i < s.servers().size(); i++) {
            validateCalls(s, s.servers().get(i), s.singleServer() ? "server" : "servers[" + i + "]");
        }
        checkNoCallCycle(s);
        checkServerOrder(s);
    }

    /** Each ORB takes its own threading options ({@link OrbProduct#options()}): another ORB's is refused by name. */
    private static void orbOptions(OrbSpec orb, String at) throws Problem {
        OrbProduct product = orb.product();
        for (String name : orb.named().keySet()) {
            if (!product.options().contains(name)) {
                List<String> owners = new ArrayList<>();
                for (OrbProduct p : OrbProduct.values()) {
                    if (p.options().contains(name)) {
                        owners.add(p.yamlName());
                    }
                }
                throw new Problem(at + "." + name, name + " is an option of " + String.join(" and ", owners)
                        + ", not of product " + product.yamlName() + ", which takes " + String.join(", ",
                        product.options()) + " (and properties)");
            }
        }
        if (product == OrbProduct.YOKO && orb.poolMax() != null
                && orb.concModel() != OrbProduct.YokoConcModel.THREAD_POOL
                && orb.concModel() != OrbProduct.YokoConcModel.LEADER_FOLLOWERS) {
            throw new Problem(at + ".poolMax", "poolMax sizes Yoko's thread_pool model: give concModel: thread_pool "
                    + "or leader_followers (Yoko's default, thread_per_request, has no pool)");
        }
        if ((product == OrbProduct.GLASSFISH || product == OrbProduct.OPENJDK_ORB) && orb.poolMax() != null
                && Boolean.FALSE.equals(orb.nioSelect())) {
            throw new Problem(at + ".poolMax", "poolMax sizes the pool the selector thread hands requests to: with "
                    + "nioSelect: false each connection's reader thread dispatches its requests, without the pool");
        }
    }

    private static void validateServer(ServerSpec server, String base) throws Problem {
        cpus(base + ".cpus", server.cpus());
        if (server.warmupCalls() < 0) {
            throw new Problem(base + ".warmupCalls", "warmupCalls must be 0 (none) or more, not " + server.warmupCalls());
        }
        OrbSpec orb = server.orb();
        orbOptions(orb, base + ".orb");
        positive(base + ".orb.poolMin", orb.poolMin());
        positive(base + ".orb.poolMax", orb.poolMax());
        positive(base + ".orb.queueMax", orb.queueMax());
        if (orb.poolMin() != null && orb.poolMax() != null && orb.poolMin() > orb.poolMax()) {
            throw new Problem(base + ".orb.poolMin", "poolMin " + orb.poolMin() + " is above poolMax " + orb.poolMax());
        }
        Set<String> managers = new LinkedHashSet<>();
        for (int i = 0; i < server.poaManagers().size(); i++) {
            if (!managers.add(server.poaManagers().get(i))) {
                throw new Problem(base + ".poaManagers[" + i + "]", "POA manager '" + server.poaManagers().get(i) + "' is declared twice");
            }
        }
        Set<String> poas = new LinkedHashSet<>();
        poas.add(PoaSpec.ROOT);
        for (int i = 0; i < server.poas().size(); i++) {
            PoaSpec poa = server.poas().get(i);
            String at = base + ".poas[" + i + "]";
            if (poa.name() == null || poa.name().isBlank()) {
                throw new Problem(at, "a POA needs a name");
            }
            if (!poas.add(poa.name())) {
                throw new Problem(at + ".name", "POA '" + poa.name() + "' is declared twice");
            }
        }
        for (int i = 0; i < server.poas().size(); i++) {
            PoaSpec poa = server.poas().get(i);
            String at = base + ".poas[" + i + "]";
            if (!poas.contains(poa.parent()) || poa.parent().equals(poa.name())) {
                throw new Problem(at + ".parent", "parent POA '" + poa.parent() + "' does not exist"
                        + Names.suggestion(poa.parent(), poas) + " (POAs: " + String.join(", ", poas) + ")");
            }
            if (poa.manager() != null && !managers.contains(poa.manager())) {
                throw new Problem(at + ".manager", "POA manager '" + poa.manager() + "' is not declared in " + base
                        + ".poaManagers" + Names.suggestion(poa.manager(), managers) + " (declared: " + managers + ")");
            }
        }
        for (int i = 0; i < server.poas().size(); i++) {
            PoaSpec poa = server.poas().get(i);
            if (poa.threads() < 0 || poa.threads() > 1 && poa.threadPolicy() == PoaSpec.ThreadPolicy.SINGLE_THREAD_MODEL) {
                throw new Problem(base + ".poas[" + i + "].threads", poa.threads() < 0
                        ? "threads must be 0 (unlimited) or more, not " + poa.threads()
                        : "a SINGLE_THREAD_MODEL POA runs one request at a time: threads must be 1 or left out, not "
                        + poa.threads());
            }
        }
        checkNoCycle(server.poas(), base);
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < server.objects().size(); i++) {
            ObjectSpec o = server.objects().get(i);
            String at = base + ".objects[" + i + "]";
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
            copyLike(server, o, at);
            if (!poas.contains(o.poa())) {
                throw new Problem(at + ".poa", "POA '" + o.poa() + "' does not exist" + Names.suggestion(o.poa(), poas)
                        + " (POAs: " + String.join(", ", poas) + ")");
            }
            if (o.poa().equals(PoaSpec.ROOT) && server.orb().concModel() == OrbProduct.YokoConcModel.LEADER_FOLLOWERS
                    && server.orb().product() == OrbProduct.YOKO) {
                throw new Problem(at + ".poa", "leader_followers serves the requests of the scenario's POAs, and the "
                        + "RootPOA is Yoko's: give object '" + o.id() + "' a POA of its own (server.poas)");
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
                if (op.getValue() != null && op.getValue().lock() != null) {
                    validateLock(op.getValue().lock(), at + ".operations." + op.getKey() + ".lock");
                }
            }
        }
    }

    /** A lock has a name and the CPU its holder spends inside it. */
    private static void validateLock(LockSpec lock, String at) throws Problem {
        if (lock.name() == null || lock.name().isBlank()) {
            throw new Problem(at + ".name", "a lock needs a name (operations of one server naming the same lock "
                    + "share it), e.g. lock: {name: ledger, hold: 2ms}");
        }
        if (lock.hold() == null) {
            throw new Problem(at + ".hold", "a lock needs 'hold': the CPU the operation spends inside it, e.g. 2ms");
        }
    }

    /**
     * An object with copies is deployed as {@code <id>-1 .. <id>-N}, and calls find its copies by those ids: another
     * object of the server whose id reads {@code <id>-<n>} would be taken for one.
     */
    private static void copyLike(ServerSpec server, ObjectSpec o, String at) throws Problem {
        int dash = o.id().lastIndexOf('-');
        if (dash <= 0 || !o.id().substring(dash + 1).matches("\\d{1,9}")) {
            return;
        }
        ObjectSpec base = server.object(o.id().substring(0, dash));
        // One of the copies' own ids is deployed twice, which the duplicate check says.
        if (base != null && base.copies() > 1 && Long.parseLong(o.id().substring(dash + 1)) > base.copies()) {
            throw new Problem(at + ".id", "object '" + o.id() + "' would be taken for a copy of '" + base.id()
                    + "' (copies: " + base.copies() + ", deployed as " + base.id() + "-1 .. " + base.id() + "-"
                    + base.copies() + "): give it another id");
        }
    }

    /** Each call names an object of the scenario, an operation a servant can call, and a count of 0 or more. */
    private static void validateCalls(Scenario s, ServerSpec server, String base) throws Problem {
        for (int i = 0; i < server.objects().size(); i++) {
            ObjectSpec o = server.objects().get(i);
            for (var op : o.operations().entrySet()) {
                if (op.getValue() == null) {
                    continue;
                }
                List<CallSpec> calls = op.getValue().calls();
                for (int c = 0; c < calls.size(); c++) {
                    CallSpec call = calls.get(c);
                    String at = base + ".objects[" + i + "].operations." + op.getKey() + ".calls[" + c + "]";
                    if (call == null) {
                        throw new Problem(at, "a call is a mapping ({object: o, operation: call, count: 1})");
                    }
                    resolve(s, call.server(), call.object(), at);
                    if (!(call.probability() >= 0 && call.probability() <= 1)) {
                        throw new Problem(at + ".probability", "probability must be between 0 and 1 (the chance "
                                + "that each of the count calls is made), not " + call.probability());
                    }
                    if (!CALLABLE.contains(call.operation())) {
                        throw new Problem(at + ".operation", "a servant calls " + String.join(", ", CALLABLE)
                                + ", not '" + call.operation() + "'" + Names.suggestion(call.operation(), CALLABLE));
                    }
                    if (call.invocation() == CallSpec.Invocation.ONEWAY && !call.operation().equals("post")) {
                        throw new Problem(at + ".invocation", "a oneway call sends post (the IDL's oneway "
                                + "operation), not '" + call.operation() + "'");
                    }
                    if (call.invocation() == CallSpec.Invocation.SYNC && call.operation().equals("post")) {
                        throw new Problem(at + ".invocation", "post is oneway in the IDL: a sync call cannot wait "
                                + "for its reply (use invocation: oneway, or operation call)");
                    }
                    if (call.count() < 0) {
                        throw new Problem(at + ".count", "count must be 0 (no call) or more, not " + call.count());
                    }
                }
            }
        }
    }

    /** The object a target or a call names, or a Problem at {@code at} saying why there is none. */
    static Scenario.Ref resolve(Scenario s, String server, String object, String at) throws Problem {
        if (object == null) {
            throw new Problem(at, "missing 'object'");
        }
        List<String> servers = new ArrayList<>();
        s.servers().forEach(x -> servers.add(x.name()));
        if (server != null && s.server(server) == null) {
            throw new Problem(at + ".server", "server '" + server + "' does not exist" + Names.suggestion(server, servers)
                    + " (servers: " + String.join(", ", servers) + ")");
        }
        Scenario.Ref r = s.resolve(server, object);
        if (r != null) {
            return r;
        }
        List<String> holders = s.serversOf(object);
        if (server == null && holders.size() > 1) {
            throw new Problem(at + ".object", "object '" + object + "' is deployed on servers "
                    + String.join(", ", holders) + ": give 'server'");
        }
        List<String> ids = new ArrayList<>();
        for (ServerSpec x : s.servers()) {
            if (server == null || x.name().equals(server)) {
                x.objects().forEach(o -> ids.add(o.id()));
            }
        }
        String where = server != null ? "server '" + server + "'" : s.singleServer() ? "server.objects" : "any server";
        throw new Problem(at + ".object", "object '" + object + "' is not deployed" + (server != null ? " on " + where : "")
                + Names.suggestion(object, ids) + " (" + (server != null ? "objects of " + where : where) + ": "
                + String.join(", ", ids) + ")");
    }

    /** A request that calls, through any chain of calls, the operation it is in would wait for itself. */
    private static void checkNoCallCycle(Scenario s) throws Problem {
        Map<String, List<String>> edges = new LinkedHashMap<>();
        Map<String, String> paths = new HashMap<>();
        for (int k = 0; k < s.servers().size(); k++) {
            ServerSpec server = s.servers().get(k);
            String base = s.singleServer() ? "server" : "servers[" + k + "]";
            for (int i = 0; i < server.objects().size(); i++) {
                ObjectSpec o = server.objects().get(i);
                for (var op : o.operations().entrySet()) {
                    String node = server.name() + "/" + o.id() + "." + op.getKey();
                    paths.put(node, base + ".objects[" + i + "].operations." + op.getKey() + ".calls");
                    List<String> to = new ArrayList<>();
                    for (CallSpec c : op.getValue() == null ? List.<CallSpec>of() : op.getValue().calls()) {
                        Scenario.Ref r = s.resolve(c.server(), c.object());
                        to.add(r.server().name() + "/" + r.object().id() + "." + c.operation());
                    }
                    edges.put(node, to);
                }
            }
        }
        List<String> cycle = Graphs.cycle(edges);
        if (!cycle.isEmpty()) {
            throw new Problem(paths.get(cycle.get(0)), "the calls form a cycle (" + String.join(" -> ", cycle)
                    + "): a request would wait for itself");
        }
    }

    /** Servers start after the servers they call, so calls between two servers go one way only. */
    private static void checkServerOrder(Scenario s) throws Problem {
        Map<String, List<String>> edges = new LinkedHashMap<>();
        for (ServerSpec server : s.servers()) {
            edges.put(server.name(), new ArrayList<>(s.dependencies(server)));
        }
        List<String> cycle = Graphs.cycle(edges);
        if (!cycle.isEmpty()) {
            int i = s.servers().indexOf(s.server(cycle.get(0)));
            throw new Problem("servers[" + i + "]", "servers start after the servers whose objects they call, so "
                    + "calls between servers cannot go round (" + String.join(" -> ", cycle) + ")");
        }
    }

    private static void checkNoCycle(List<PoaSpec> poas, String base) throws Problem {
        for (int i = 0; i < poas.size(); i++) {
            String p = poas.get(i).name();
            Set<String> seen = new HashSet<>();
            while (!p.equals(PoaSpec.ROOT)) {
                if (!seen.add(p)) {
                    throw new Problem(base + ".poas[" + i + "].parent", "the POA parents form a cycle: " + seen);
                }
                String cur = p;
                p = poas.stream().filter(x -> x.name().equals(cur)).findFirst().map(PoaSpec::parent).orElse(PoaSpec.ROOT);
            }
        }
    }

    private static String unknownOperation(String op) {
        return "operation '" + op + "' is not an operation of interface Target" + Names.suggestion(op, IDL_OPERATIONS)
                + " (e.g. call, ping, post, forward, in_octet_seq, inout_double_array_240; see idl/src/main/idl/workload.idl)";
    }

    private static void validateClient(Scenario s) throws Problem {
        ClientSpec client = s.client();
        cpus("client.cpus", client.cpus());
        if (client.connections() < 1 || client.connections() > MAX_CONNECTIONS) {
            throw new Problem("client.connections", "connections must be 1 to " + MAX_CONNECTIONS + " (each is a "
                    + "JacORB ORB instance in the client JVM), not " + client.connections());
        }
        if (client.invokers() != null && (client.invokers() < 1 || client.invokers() > ClientSpec.MAX_INVOKERS)) {
            throw new Problem("client.invokers", "invokers (the threads that make the open processes' calls) must be "
                    + "1 to " + ClientSpec.MAX_INVOKERS + ", not " + client.invokers());
        }
        if (client.invokers() != null && client.invocation() == ClientSpec.Invocation.AMI) {
            throw new Problem("client.invokers", "an ami client sends every request from one thread and takes its "
                    + "replies in handlers; invokers sets the threads of sync, oneway, dii and deferred calls");
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
            if (p.requests() == null && p.duration() == null && p.volume() == null
                    && (p.arrival() == null || p.arrival().law() != ArrivalSpec.Law.REPLAY)) {
                throw new Problem(at, "give the process 'requests' (a count), 'duration' or 'volume' (user-level "
                        + "octets, e.g. 64m)");
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
            if (p.session() != null) {
                validateSession(s, p, at);
            }
            if (p.freshConnection() != null && (p.arrival() == null || !p.arrival().closed())) {
                throw new Problem(at + ".freshConnection", "a fresh connection is opened by a closed client of its "
                        + "own before its session or request; open arrivals share the client's connections (give "
                        + "the process arrival: {law: closed, threads: N})");
            }
            if (p.freshConnection() == ProcessSpec.Fresh.SESSION && p.session() == null) {
                throw new Problem(at + ".freshConnection", "freshConnection: session opens a connection before each "
                        + "session, and the process has none (give it a session, or freshConnection: request)");
            }
            if (p.processing().any() && client.invocation() == ClientSpec.Invocation.AMI) {
                throw new Problem(at + ".processing", "processing holds the thread that made the call, and an ami "
                        + "client's one sender never waits for a reply (use invocation: sync or deferred)");
            }
            ArrivalSpec a = p.arrival();
            if (a.closed()) {
                validateClosed(client, a, at + ".arrival");
                scheduled += p.requests() != null ? p.requests() : 0;
                if (p.duration() != null && p.durationNanos() > maxDuration) {
                    throw new Problem(at + ".duration", "duration " + p.duration() + " is beyond client.maxDuration ("
                            + Units.formatDuration(maxDuration) + "); raise maxDuration");
                }
                continue;
            }
            double rate = validateOpen(a, at + ".arrival");
            if (p.requests() != null) {
                double spanNanos = p.requests() / rate * 1e9;
                if (spanNanos > maxDuration) {
                    throw new Problem(at + ".requests", p.requests() + " requests at " + rate + "/s take "
                            + Units.formatDuration(spanNanos) + ", beyond client.maxDuration ("
                            + Units.formatDuration(maxDuration) + "); raise maxDuration or send fewer requests");
                }
                if (a.law() == ArrivalSpec.Law.REPLAY && p.requests() > a.replayTimesNanos().length) {
                    throw new Problem(at + ".requests", p.requests() + " requests, but the replay file holds "
                            + a.replayTimesNanos().length + " send times");
                }
                scheduled += p.requests();
            } else {
                if (p.durationNanos() > maxDuration) {
                    throw new Problem(at + ".duration", "duration " + p.duration() + " is beyond client.maxDuration ("
                            + Units.formatDuration(maxDuration) + "); raise maxDuration");
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

    /**
     * A session is walked by a closed client over its process's targets in their order (no routing probabilities,
     * no copies to spread a target over); a chain has one row per target, each a probability per target and one
     * for the end, summing to 1, and every target it reaches can lead to the end.
     */
    private static void validateSession(Scenario s, ProcessSpec p, String at) throws Problem {
        String sat = at + ".session";
        if (p.arrival() == null || !p.arrival().closed()) {
            throw new Problem(sat, "a session is walked by closed clients, each call after the reply of the last "
                    + "(give the process arrival: {law: closed, threads: N})");
        }
        int n = p.targets().size();
        for (int t = 0; t < n; t++) {
            TargetSpec target = p.targets().get(t);
            if (target.probability() != null) {
                throw new Problem(at + ".targets[" + t + "].probability", "a session picks its next target by its "
                        + "order or its transitions, not by the targets' probabilities");
            }
            Scenario.Ref r = s.resolve(target.server(), target.object());
            if (r != null && r.object().copies() > 1) {
                throw new Problem(at + ".targets[" + t + "].object", "object '" + target.object() + "' has copies: "
                        + "a session's step is one object (give copies only to targets of processes without a "
                        + "session)");
            }
        }
        if (!p.session().chain()) {
            return;
        }
        List<List<Double>> rows = p.session().transitions();
        if (rows.size() != n) {
            throw new Problem(sat + ".transitions", "transitions has " + rows.size() + " rows; give one per target ("
                    + n + ")");
        }
        for (int i = 0; i < n; i++) {
            String rat = sat + ".transitions[" + i + "]";
            List<Double> row = rows.get(i);
            if (row == null || row.size() != n + 1) {
                throw new Problem(rat, "row " + i + " has " + (row == null ? 0 : row.size()) + " entries; give " + (n + 1)
                        + ": the probability of going to each of the " + n + " targets, then of ending the session");
            }
            double sum = 0;
            for (int j = 0; j <= n; j++) {
                Double q = row.get(j);
                if (q == null || !(q >= 0 && q <= 1)) {
                    throw new Problem(rat + "[" + j + "]", "a transition probability is between 0 and 1, not " + q);
                }
                sum += q;
            }
            if (Math.abs(sum - 1.0) > 1e-6) {
                throw new Problem(rat, "the probabilities from target " + i + " sum to " + (float) sum + ", not 1 "
                        + "(to each target, then to the end of the session)");
            }
        }
        // Every target the walk reaches must lead to the end, or a client would stay in one session for good.
        boolean[] ends = new boolean[n];
        for (boolean changed = true; changed; ) {
            changed = false;
            for (int i = 0; i < n; i++) {
                if (ends[i]) {
                    continue;
                }
                boolean e = rows.get(i).get(n) > 0;
                for (int j = 0; j < n && !e; j++) {
                    e = rows.get(i).get(j) > 0 && ends[j];
                }
                if (e) {
                    ends[i] = true;
                    changed = true;
                }
            }
        }
        boolean[] reached = new boolean[n];
        ArrayDeque<Integer> todo = new ArrayDeque<>(List.of(0));
        reached[0] = n > 0;
        while (!todo.isEmpty()) {
            int i = todo.poll();
            if (!ends[i]) {
                throw new Problem(sat + ".transitions[" + i + "]", "a session that reaches target " + i + " never "
                        + "ends: give it, or a target it leads to, a probability of ending the session");
            }
            for (int j = 0; j < n; j++) {
                if (rows.get(i).get(j) > 0 && !reached[j]) {
                    reached[j] = true;
                    todo.add(j);
                }
            }
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
                if (parse(at + ".sojourns[" + i + "]", () -> Units.durationNanos(d)) <= 0) {
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
        int given = 0;
        double sum = 0;
        for (int j = 0; j < p.targets().size(); j++) {
            TargetSpec t = p.targets().get(j);
            String tat = at + ".targets[" + j + "]";
            resolve(s, t.server(), t.object(), tat);
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
        int largestBound = PayloadSpec.ARRAY_SIZES.get(PayloadSpec.ARRAY_SIZES.size() - 1);
        if (p.shape() == PayloadSpec.Shape.ARRAY && p.type() == PayloadSpec.Type.STRING && p.size() > largestBound) {
            throw new Problem(payloadAt + ".size", "a bound string payload has at most " + largestBound
                    + " characters, the IDL's largest bound, not " + p.size()
                    + " (shape sequence sends an unbound string)");
        }
        if (p.shape() == PayloadSpec.Shape.ARRAY && p.type() != PayloadSpec.Type.STRING
                && !PayloadSpec.ARRAY_SIZES.contains(p.size())) {
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
            // forward carries any payload of the IDL, wrapped in its any
            if (t.givesPayload() && !op.equals("forward")) {
                throw new Problem(where, "operation " + op + " carries no payload");
            }
            return;
        }
        if (carried.type() == PayloadSpec.Type.STRING && carried.shape() == PayloadSpec.Shape.ARRAY
                && p.type() == carried.type() && p.shape() == carried.shape() && p.size() > carried.size()) {
            throw new Problem(where, "operation " + op + " carries a string bound to " + carried.size()
                    + " characters; a payload of " + p.size() + " characters is longer than its bound");
        }
        String mismatch = p.type() != carried.type() ? "type " + word(p.type())
                : p.shape() != carried.shape() ? "shape " + word(p.shape())
                : p.direction() != carried.direction() ? "direction " + word(p.direction())
                : carried.shape() == PayloadSpec.Shape.ARRAY && carried.type() != PayloadSpec.Type.STRING
                        && !p.size().equals(carried.size()) ? "size " + p.size()
                : null;
        if (mismatch != null) {
            throw new Problem(where, "operation " + op + " does not carry a payload of " + mismatch
                    + (style == ClientSpec.Invocation.ONEWAY && !t.namesOperation() ? " (invocation oneway sends "
                    + op + ", which carries an octet sequence in)" : " (it carries " + describe(carried) + ")"));
        }
    }

    private static String describe(PayloadSpec p) {
        String array = p.type() == PayloadSpec.Type.STRING ? " bound to " + p.size() + " characters"
                : " of " + p.size() + " octets";
        return word(p.type()) + " " + word(p.shape()) + (p.shape() == PayloadSpec.Shape.ARRAY ? array : "") + ", "
                + word(p.direction());
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
