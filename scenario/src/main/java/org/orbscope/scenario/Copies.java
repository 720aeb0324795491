package org.orbscope.scenario;

import java.util.ArrayList;
import java.util.List;

/**
 * Deploys an object's copies as objects of their own and spreads the targets that name it evenly over them, so
 * that the server, the client and the model all see plain objects and targets. Every target of a process gets
 * its probability written out, since a process gives probabilities to all its targets or to none.
 */
final class Copies {
    private Copies() {
    }

    static Scenario expand(Scenario s) {
        boolean any = s.server().objects().stream().anyMatch(o -> o.copies() > 1);
        if (!any) {
            return s;
        }
        List<ObjectSpec> objects = new ArrayList<>();
        for (ObjectSpec o : s.server().objects()) {
            for (String id : o.copyIds()) {
                objects.add(new ObjectSpec(id, o.poa(), o.concurrency(), o.operations(), 1));
            }
        }
        ServerSpec v = s.server();
        ServerSpec server = new ServerSpec(v.cpus(), v.jvmArgs(), v.orb(), v.poaManagers(), v.poas(), objects, v.seed(),
                v.warmupCalls(), v.host());
        List<ProcessSpec> processes = new ArrayList<>();
        for (ProcessSpec p : s.client().processes()) {
            List<TargetSpec> targets = new ArrayList<>();
            for (int t = 0; t < p.targets().size(); t++) {
                TargetSpec target = p.targets().get(t);
                ObjectSpec o = s.object(target.object());
                List<String> ids = o == null ? List.of(target.object()) : o.copyIds();
                double share = p.probability(t) / ids.size();
                for (String id : ids) {
                    targets.add(new TargetSpec(id, target.operation(), share, target.payload()));
                }
            }
            processes.add(new ProcessSpec(p.name(), p.requests(), p.duration(), p.arrival(), targets, p.host()));
        }
        ClientSpec c = s.client();
        ClientSpec client = new ClientSpec(c.cpus(), c.jvmArgs(), c.connections(), c.invocation(), c.seed(), c.warmup(),
                c.maxDuration(), c.instances(), c.hosts(), processes);
        return new Scenario(s.name(), s.description(), server, client, s.monitoring(), s.sweep());
    }
}
