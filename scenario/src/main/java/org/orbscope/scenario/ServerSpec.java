package org.orbscope.scenario;

import java.util.List;

/** The workload server: ORB options, POA managers, the POA hierarchy and the objects deployed on it. */
public record ServerSpec(
        List<Integer> cpus,
        List<String> jvmArgs,
        OrbSpec orb,
        List<String> poaManagers,
        List<PoaSpec> poas,
        List<ObjectSpec> objects,
        Long seed) {

    public ServerSpec {
        cpus = cpus == null ? List.of() : cpus;
        jvmArgs = jvmArgs == null ? List.of() : jvmArgs;
        orb = orb == null ? OrbSpec.DEFAULTS : orb;
        poaManagers = poaManagers == null ? List.of() : poaManagers;
        poas = poas == null ? List.of() : poas;
        objects = objects == null ? List.of() : objects;
        seed = seed == null ? 1L : seed;
    }
}
