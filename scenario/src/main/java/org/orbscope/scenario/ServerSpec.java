package org.orbscope.scenario;

import java.util.List;

/**
 * A workload server process: ORB options, POA managers, the POA hierarchy and the objects deployed on it, how many
 * calls it makes to itself before it is ready ({@code warmupCalls}), and, where it differs from the scenario's,
 * how it is monitored. {@code name} names it among the scenario's {@code servers}; the single {@code server} of a
 * scenario is named {@value #SINGLE}. {@code host} names the registered host it runs on (default: the machine of
 * {@code orbscope run}).
 */
public record ServerSpec(
        String name,
        List<Integer> cpus,
        List<String> jvmArgs,
        OrbSpec orb,
        List<String> poaManagers,
        List<PoaSpec> poas,
        List<ObjectSpec> objects,
        Long seed,
        Integer warmupCalls,
        MonitoringSpec monitoring,
        String host) {
    /** Warm-up calls when the scenario does not say. */
    public static final int DEFAULT_WARMUP_CALLS = 1000;
    /** The name of the one server of a scenario written with {@code server:}. */
    public static final String SINGLE = "server";

    public ServerSpec {
        cpus = cpus == null ? List.of() : cpus;
        jvmArgs = jvmArgs == null ? List.of() : jvmArgs;
        orb = orb == null ? OrbSpec.DEFAULTS : orb;
        poaManagers = poaManagers == null ? List.of() : poaManagers;
        poas = poas == null ? List.of() : poas;
        objects = ObjectList.of(objects);
        seed = seed == null ? 1L : seed;
        warmupCalls = warmupCalls == null ? DEFAULT_WARMUP_CALLS : warmupCalls;
    }

    /** The same server under another name. */
    ServerSpec named(String n) {
        return new ServerSpec(n, cpus, jvmArgs, orb, poaManagers, poas, objects, seed, warmupCalls, monitoring, host);
    }

    /** The object with this id on this server, or null. */
    public ObjectSpec object(String id) {
        return ((ObjectList) objects).byId(id);
    }
}
