package org.orbscope.scenario;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.ArrayList;
import java.util.List;

/**
 * One scenario file: the server process or processes to build, the client workload to fire at them, whether to
 * monitor, and the parameters to sweep. Load it with {@link ScenarioLoader}, which validates it.
 *
 * <p>A scenario names its server either as {@code server:} (one process, named {@value ServerSpec#SINGLE}) or as
 * {@code servers:} (a list of named processes). {@link #servers()} lists them either way; {@link #server()} is the
 * {@code server:} form's one server and null in the {@code servers:} form.
 */
public record Scenario(
        @JsonProperty(required = true) String name,
        String description,
        ServerSpec server,
        List<ServerSpec> servers,
        @JsonProperty(required = true) ClientSpec client,
        MonitoringSpec monitoring,
        SweepSpec sweep) {

    /** The same scenario with these client processes. */
    Scenario withProcesses(List<ProcessSpec> processes) {
        return new Scenario(name, description, server, server != null ? null : servers,
                client.withProcesses(processes), monitoring, sweep);
    }

    public Scenario {
        if (server != null && servers != null) {
            throw new IllegalArgumentException("give 'server' (one server) or 'servers' (a list), not both");
        }
        description = description == null ? "" : description;
        monitoring = monitoring == null ? MonitoringSpec.OFF : monitoring;
        sweep = sweep == null ? SweepSpec.NONE : sweep;
        servers = servers != null ? servers : server != null ? List.of(server.named(ServerSpec.SINGLE)) : List.of();
    }

    /** True for the {@code server:} form (its files stay in a point's {@code server/}). */
    public boolean singleServer() {
        return server != null;
    }

    /** The server of this name, or null. */
    public ServerSpec server(String serverName) {
        for (ServerSpec s : servers) {
            if (serverName.equals(s.name())) {
                return s;
            }
        }
        return null;
    }

    /**
     * How {@code s} is monitored: its own {@code monitoring}, else the scenario's; the profile, unless named, is
     * the shipped one of the server's ORB.
     */
    public MonitoringSpec monitoring(ServerSpec s) {
        return (s.monitoring() != null ? s.monitoring() : monitoring).forProduct(s.orb().product());
    }

    /** True when some server is monitored. */
    public boolean monitored() {
        return servers.stream().anyMatch(s -> monitoring(s).enabled());
    }

    /** An object and the server it is deployed on. */
    public record Ref(ServerSpec server, ObjectSpec object) {
        /**
         * The object's key among the references a client holds: its id when the scenario has one server,
         * {@code server/id} otherwise.
         */
        public String key(Scenario s) {
            return s.servers().size() == 1 ? object.id() : server.name() + "/" + object.id();
        }
    }

    /**
     * The object a target or call names: {@code serverName} may be null when the id is deployed on one server only.
     * Null when there is no such object, or when the id is deployed on several servers and none is named.
     */
    public Ref resolve(String serverName, String objectId) {
        if (serverName != null) {
            ServerSpec s = server(serverName);
            ObjectSpec o = s == null ? null : s.object(objectId);
            return o == null ? null : new Ref(s, o);
        }
        Ref found = null;
        for (ServerSpec s : servers) {
            ObjectSpec o = s.object(objectId);
            if (o != null) {
                if (found != null) {
                    return null;
                }
                found = new Ref(s, o);
            }
        }
        return found;
    }

    /** The servers an object {@code id} is deployed on (several when the id is not unique). */
    public List<String> serversOf(String objectId) {
        List<String> names = new ArrayList<>();
        for (ServerSpec s : servers) {
            if (s.object(objectId) != null) {
                names.add(s.name());
            }
        }
        return names;
    }

    /**
     * The other servers whose objects {@code s}'s servants call (calls that do not resolve are left to the
     * validator).
     */
    public java.util.Set<String> dependencies(ServerSpec s) {
        java.util.Set<String> names = new java.util.LinkedHashSet<>();
        for (ObjectSpec o : s.objects()) {
            for (OperationSpec op : o.operations().values()) {
                for (CallSpec c : op == null ? List.<CallSpec>of() : op.calls()) {
                    for (Ref r : callees(c)) {
                        if (!r.server().name().equals(s.name())) {
                            names.add(r.server().name());
                        }
                    }
                }
            }
        }
        return names;
    }

    /**
     * The servers in the order they start: a server after every server whose objects it calls, otherwise in file
     * order. The validator refuses calls that go both ways between servers, so the order exists.
     */
    public List<ServerSpec> startOrder() {
        List<ServerSpec> order = new ArrayList<>();
        java.util.Set<String> placed = new java.util.HashSet<>();
        while (order.size() < servers.size()) {
            boolean progress = false;
            for (ServerSpec s : servers) {
                if (!placed.contains(s.name()) && placed.containsAll(dependencies(s))) {
                    order.add(s);
                    placed.add(s.name());
                    progress = true;
                }
            }
            if (!progress) {
                throw new IllegalStateException("the servers' calls go both ways; the validator refuses that");
            }
        }
        return order;
    }

    /**
     * The objects a servant's call may go to: the object it names, or, for an object with {@code copies}, each of
     * its copies {@code <id>-1 .. <id>-N} (one of which every call draws at random). Works before the loader
     * expands the copies and after (then the copies are objects of their own, and no other id of that server
     * reads {@code <id>-<n>}: the validator sees to it). Empty when the call names no object of the scenario.
     */
    public List<Ref> callees(CallSpec c) {
        Ref r = resolve(c.server(), c.object());
        if (r != null) {
            if (r.object().copies() == 1) {
                return List.of(r);
            }
            return r.object().copyIds().stream().map(id -> new Ref(r.server(), new ObjectSpec(id, r.object().poa(),
                    r.object().concurrency(), r.object().operations(), 1))).toList();
        }
        List<Ref> copies = new ArrayList<>();
        for (ServerSpec s : servers) {
            if (c.server() != null && !c.server().equals(s.name())) {
                continue;
            }
            for (int n = 1; s.object(c.object() + "-" + n) != null; n++) {
                copies.add(new Ref(s, s.object(c.object() + "-" + n)));
            }
            if (!copies.isEmpty()) {
                break;
            }
        }
        return copies;
    }

    /** The object with this id (on whichever server holds it, when only one does), or null. */
    public ObjectSpec object(String id) {
        Ref r = resolve(null, id);
        return r == null ? null : r.object();
    }
}
