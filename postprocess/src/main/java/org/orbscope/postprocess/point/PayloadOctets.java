package org.orbscope.postprocess.point;

import java.util.HashMap;
import java.util.Map;
import org.orbscope.run.BaselineRunner;
import org.orbscope.scenario.ProcessSpec;
import org.orbscope.scenario.Scenario;

/**
 * The payload octets each target of a point's scenario carries out and back, by the process name and target
 * number requests.csv records with each request: what user-level throughput counts (Balay et al.: the bytes of
 * data the application transmits and receives). The octets are those {@code orbscope baseline} sends over raw
 * sockets for the same target ({@link BaselineRunner#exchange}).
 */
final class PayloadOctets {
    /** No scenario: no target's payload is known. */
    static final PayloadOctets NONE = new PayloadOctets(Map.of());

    private final Map<String, BaselineRunner.Exchange> byTarget;

    private PayloadOctets(Map<String, BaselineRunner.Exchange> byTarget) {
        this.byTarget = byTarget;
    }

    static PayloadOctets of(Scenario s) {
        if (s == null) {
            return NONE;
        }
        Map<String, BaselineRunner.Exchange> m = new HashMap<>();
        for (ProcessSpec p : s.client().processes()) {
            for (int t = 0; t < p.targets().size(); t++) {
                m.put(key(p.name() == null ? "" : p.name(), t), BaselineRunner.exchange(s, p.targets().get(t)));
            }
        }
        return new PayloadOctets(m);
    }

    /** The octets of the request {@code process} (as requests.csv names it) sent to its target {@code target}. */
    BaselineRunner.Exchange of(String process, int target) {
        return byTarget.get(key(process == null ? "" : process, target));
    }

    private static String key(String process, int target) {
        return process + "#" + target;
    }
}
