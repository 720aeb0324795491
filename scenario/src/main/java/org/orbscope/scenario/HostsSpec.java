package org.orbscope.scenario;

import java.util.List;
import org.orbscope.units.Units;

/**
 * Client hosts (Beekhuis's client nodes, experiments G, H, K and L): the point's client JVMs run on machines that
 * registered with the coordinator of {@code orbscope run} ({@code orbscope host --naming URL}), not beside it.
 * Each host runs {@code client.instances} client JVMs; a process runs on every host, or on the one it names.
 *
 * @param count hosts per point (default: the number of {@code names}, else 1); with names, the first {@code count}
 * @param names the hosts by the names they register with; none: any registered hosts, in registration order
 * @param register how long {@code orbscope run} waits for the hosts to register (default 2m)
 * @param barrier Beekhuis's sync server time-out: started by the first host ready to start, it ends the wait for
 *     the others (default 60s); the hosts are released together as soon as all have arrived
 * @param lateAfter how long after the first host reported its results the others may still take; a host later
 *     than that is named late and no longer waited for (default 30s)
 * @param deadAfter how long a host may go without calling the coordinator before it is taken for dead; it calls
 *     at least every second, but a machine that starts many client JVMs at once may starve it (default 60s)
 * @param stopGrace how long a host asked to stop (the run interrupted, or the host late) may take to ship what its
 *     JVMs recorded (default 45s)
 */
public record HostsSpec(Integer count, List<String> names, String register, String barrier, String lateAfter,
        String deadAfter, String stopGrace) {
    /** Every limit at its default: the limits of a point whose scenario names no client hosts. */
    public static final HostsSpec DEFAULTS = new HostsSpec(null, null, null, null, null, null, null);
    /** Host names become directory names of the run directory. */
    static final String NAME_PATTERN = "[A-Za-z0-9._-]+";
    public static final int MAX_HOSTS = 1000;

    public HostsSpec {
        names = names == null ? List.of() : names;
        count = count == null ? Math.max(1, names.size()) : count;
        register = register == null ? "2m" : register;
        barrier = barrier == null ? "60s" : barrier;
        lateAfter = lateAfter == null ? "30s" : lateAfter;
        deadAfter = deadAfter == null ? "60s" : deadAfter;
        stopGrace = stopGrace == null ? "45s" : stopGrace;
    }

    /** The hosts of a point by name, the first {@code count} of {@code names}; empty when hosts are not named. */
    public List<String> used() {
        return names.isEmpty() ? List.of() : names.subList(0, Math.min(count, names.size()));
    }

    public long registerNanos() {
        return Units.durationNanos(register);
    }

    public long barrierNanos() {
        return Units.durationNanos(barrier);
    }

    public long lateAfterNanos() {
        return Units.durationNanos(lateAfter);
    }

    public long deadAfterNanos() {
        return Units.durationNanos(deadAfter);
    }

    public long stopGraceNanos() {
        return Units.durationNanos(stopGrace);
    }
}
