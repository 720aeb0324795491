package org.orbscope.agent;

import org.orbscope.agent.boot.Sink;

/**
 * The bridge's sink while {@code profile=auto} waits for the JVM's first ORB class: records nothing (nothing is
 * instrumented yet) and holds the watch, so that the agent's state stays in the bridge and the registry.
 */
final class WaitingForOrb extends Sink {
    final OrbWatch watch;

    WaitingForOrb(OrbWatch watch) {
        this.watch = watch;
    }
}
