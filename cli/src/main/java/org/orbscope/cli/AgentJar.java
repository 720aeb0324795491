package org.orbscope.cli;

import java.nio.file.Path;

/** Where the agent jar of this installation is: $ORBSCOPE_HOME/agent/target, else next to the cli's checkout. */
final class AgentJar {
    private AgentJar() {
    }

    static Path locate() {
        String home = System.getenv("ORBSCOPE_HOME");
        if (home != null) {
            return Path.of(home, "agent", "target", "orbscope-agent.jar");
        }
        try {
            Path self = Path.of(AgentJar.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            // cli/target/orbscope.jar or cli/target/classes: the checkout root is two levels above target/.
            return self.getParent().getParent().getParent().resolve("agent/target/orbscope-agent.jar");
        } catch (Exception e) {
            return Path.of("agent", "target", "orbscope-agent.jar");
        }
    }
}
