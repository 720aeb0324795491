package org.orbscope.scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.orbscope.units.Units;

/**
 * A process's {@code volume}, "transfer 64 MB" as Balay et al. ran their throughput tests: the calls it makes
 * until their user-level octets ({@link UserOctets}, out and back) reach the volume. Every call of such a process
 * carries the same octets, so the volume is a count of calls, the fewest that carry it: the loader writes it into
 * {@code requests}, and the client, the model and the estimates send and count that many.
 */
final class Volumes {
    private Volumes() {
    }

    /** {@code s} with each volume turned into its count of calls. */
    static Scenario resolve(Scenario s) throws ScenarioValidator.Problem {
        List<ProcessSpec> processes = s.client().processes();
        if (processes.stream().allMatch(p -> p.volume() == null)) {
            return s;
        }
        List<ProcessSpec> out = new ArrayList<>();
        for (int i = 0; i < processes.size(); i++) {
            ProcessSpec p = processes.get(i);
            out.add(p.volume() == null ? p : p.withRequests(calls(s, p, "client.processes[" + i + "]")));
        }
        return s.withProcesses(out);
    }

    private static long calls(Scenario s, ProcessSpec p, String at) throws ScenarioValidator.Problem {
        if (p.requests() != null || p.duration() != null) {
            throw new ScenarioValidator.Problem(at + ".volume", "give the process 'requests', 'duration' or "
                    + "'volume' (the user-level octets its calls carry, e.g. 64m), one of them");
        }
        long bytes;
        try {
            bytes = Units.sizeBytes(p.volume());
        } catch (IllegalArgumentException e) {
            throw new ScenarioValidator.Problem(at + ".volume", e.getMessage());
        }
        if (bytes <= 0) {
            throw new ScenarioValidator.Problem(at + ".volume", "volume must be positive, not " + p.volume());
        }
        if (p.targets().isEmpty()) {
            return 1; // the validator asks for a target
        }
        TreeSet<Long> sizes = new TreeSet<>();
        for (TargetSpec t : p.targets()) {
            if (s.resolve(t.server(), t.object()) == null) {
                return 1; // the validator names the unknown object
            }
            sizes.add(UserOctets.of(s, t).total());
        }
        if (sizes.size() > 1) {
            throw new ScenarioValidator.Problem(at + ".volume", "a volume is counted in calls of one size, and the "
                    + "targets' calls carry " + sizes + " octets (out and back): give them one size, or give the "
                    + "process 'requests'");
        }
        if (sizes.first() == 0) {
            throw new ScenarioValidator.Problem(at + ".volume", "the process's calls carry no user-level octets "
                    + "(no payload and no reply), so no volume is ever reached: give it 'requests' or 'duration'");
        }
        return (bytes + sizes.first() - 1) / sizes.first();
    }
}
