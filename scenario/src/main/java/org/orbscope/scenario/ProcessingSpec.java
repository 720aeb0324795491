package org.orbscope.scenario;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * What a client does with a reply before its next call (Balay et al.'s user traffic: a user's own processing
 * between synchronous calls): {@code cpu} burnt on the calling thread's own CPU clock, then {@code wait} of wall
 * time, each drawn per reply from its distribution. It holds the thread that made the call: an open process's
 * next request waits for a free invoker thread (its lateness grows), a closed client thinks only after it. A
 * request's own response time ends at its reply and never includes it.
 */
public record ProcessingSpec(Distribution cpu, @JsonProperty("wait") Distribution waiting) {
    /** No processing: the caller is free as soon as the reply is recorded. */
    public static final ProcessingSpec NONE = new ProcessingSpec(null, null);

    public ProcessingSpec {
        cpu = cpu == null ? Distribution.ZERO : cpu;
        waiting = waiting == null ? Distribution.ZERO : waiting;
    }

    /** Whether there is anything to do between calls. */
    public boolean any() {
        return cpu.maxNanos() > 0 || waiting.maxNanos() > 0;
    }
}
