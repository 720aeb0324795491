package org.orbscope.scenario;

import com.fasterxml.jackson.annotation.JsonCreator;
import java.util.List;
import org.orbscope.units.Units;

/**
 * One arrival process: it sends {@code requests} requests (or runs for {@code duration}, or sends calls until
 * they have carried {@code volume} user-level octets: {@link Volumes}) at times drawn from its arrival law, each to a target chosen by the targets' routing probabilities. With client hosts it runs
 * on every host, or only on the one named by {@code host}. After each reply the calling thread does the process's
 * {@code processing} ({@link ProcessingSpec}) before it is free for the next call. A closed process with a
 * {@code session} ({@link SessionSpec}) picks its targets by the session's walk instead of their probabilities. A
 * closed process with {@code freshConnection} gives each of its clients a connection of its own, closed and opened
 * again before each session or each request, and times each opening.
 */
public record ProcessSpec(String name, Long requests, String duration, String volume, ArrivalSpec arrival,
                          List<TargetSpec> targets, String host, ProcessingSpec processing, SessionSpec session,
                          Fresh freshConnection) {

    /** When a client with a connection of its own opens it anew. */
    public enum Fresh { SESSION, REQUEST;
        @JsonCreator
        public static Fresh parse(String s) {
            return Names.enumValue(Fresh.class, s);
        }
    }

    public ProcessSpec {
        targets = targets == null ? List.of() : targets;
        processing = processing == null ? ProcessingSpec.NONE : processing;
    }

    /** Duration in nanoseconds, or -1 when the process is bounded by a request count. */
    public long durationNanos() {
        return duration == null ? -1 : Units.durationNanos(duration);
    }

    /** The same process sending {@code n} requests. */
    ProcessSpec withRequests(long n) {
        return new ProcessSpec(name, n, duration, volume, arrival, targets, host, processing, session, freshConnection);
    }

    /** The same process with these targets. */
    ProcessSpec withTargets(List<TargetSpec> to) {
        return new ProcessSpec(name, requests, duration, volume, arrival, to, host, processing, session,
                freshConnection);
    }

    /** Routing probability of target i (equal shares when the scenario gives none). */
    public double probability(int i) {
        Double p = targets.get(i).probability();
        return p != null ? p : 1.0 / targets.size();
    }
}
