package org.orbscope.scenario;

import java.util.ArrayList;
import java.util.List;

/**
 * Deploys an object's copies as objects of their own and spreads the targets that name it evenly over them, so
 * that the servers, the client and the model all see plain objects and targets. Every target of a process gets
 * its probability written out, since a process gives probabilities to all its targets or to none. A servant's call
 * to an object with copies keeps naming the object, and finds its copies when it is made ({@link Scenario#callees}).
 */
final class Copies {
    private Copies() {
    }

    static Scenario expand(Scenario s) {
        boolean any = s.servers().stream().flatMap(v -> v.objects().stream()).anyMatch(o -> o.copies() > 1);
        if (!any) {
            return s;
        }
        List<ServerSpec> servers = new ArrayList<>();
        for (ServerSpec v : s.servers()) {
            List<ObjectSpec> objects = new ArrayList<>();
            for (ObjectSpec o : v.objects()) {
                for (String id : o.copyIds()) {
                    objects.add(new ObjectSpec(id, o.poa(), o.concurrency(), o.operations(), 1));
                }
            }
            servers.add(new ServerSpec(v.name(), v.cpus(), v.jvmArgs(), v.orb(), v.poaManagers(), v.poas(), objects,
                    v.seed(), v.warmupCalls(), v.monitoring(), v.host()));
        }
        List<ProcessSpec> processes = new ArrayList<>();
        for (ProcessSpec p : s.client().processes()) {
            List<TargetSpec> targets = new ArrayList<>();
            for (int t = 0; t < p.targets().size(); t++) {
                TargetSpec target = p.targets().get(t);
                Scenario.Ref r = s.resolve(target.server(), target.object());
                List<String> ids = r == null ? List.of(target.object()) : r.object().copyIds();
                double share = p.probability(t) / ids.size();
                for (String id : ids) {
                    targets.add(new TargetSpec(target.server(), id, target.operation(), share, target.payload()));
                }
            }
            processes.add(p.withTargets(targets));
        }
        ClientSpec client = s.client().withProcesses(processes);
        return s.singleServer()
                ? new Scenario(s.name(), s.description(), servers.get(0), null, client, s.monitoring(), s.sweep())
                : new Scenario(s.name(), s.description(), null, servers, client, s.monitoring(), s.sweep());
    }
}
