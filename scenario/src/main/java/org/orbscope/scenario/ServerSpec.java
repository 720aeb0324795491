package org.orbscope.scenario;

import java.util.List;

/**
 * The workload server: ORB options, POA managers, the POA hierarchy and the objects deployed on it, and how many
 * calls it makes to itself before it is ready ({@code warmupCalls}); {@code host} names the registered host it runs
 * on (default: the machine of {@code orbscope run}).
 */
public record ServerSpec(
        List<Integer> cpus,
        List<String> jvmArgs,
        OrbSpec orb,
        List<String> poaManagers,
        List<PoaSpec> poas,
        List<ObjectSpec> objects,
        Long seed,
        Integer warmupCalls,
        String host) {
    /** Warm-up calls when the scenario does not say. */
    public static final int DEFAULT_WARMUP_CALLS = 1000;

    public ServerSpec {
        cpus = cpus == null ? List.of() : cpus;
        jvmArgs = jvmArgs == null ? List.of() : jvmArgs;
        orb = orb == null ? OrbSpec.DEFAULTS : orb;
        poaManagers = poaManagers == null ? List.of() : poaManagers;
        poas = poas == null ? List.of() : poas;
        objects = objects == null ? List.of() : objects;
        seed = seed == null ? 1L : seed;
        warmupCalls = warmupCalls == null ? DEFAULT_WARMUP_CALLS : warmupCalls;
    }
}
