package org.orbscope.bench.agent;

/**
 * The agent benchmarks start JVMs with this class path plus {@code -javaagent}, whose jar the JVM appends behind
 * it: an agent class found on this class path would be loaded instead of the jar's, and the benchmark would
 * measure that copy, and edits to the agent would not show. So benchmarks.jar must not bundle the agent's
 * classes, and {@link #require()} fails when it does.
 */
final class AgentOnlyFromItsJar {
    private AgentOnlyFromItsJar() {
    }

    static void require() {
        for (String name : new String[] {"org.orbscope.agent.Agent", "org.orbscope.agent.shaded.trace.ThreadBuffer"}) {
            try {
                Class.forName(name, false, AgentOnlyFromItsJar.class.getClassLoader());
                throw new IllegalStateException(name + " is on the benchmark class path: the forks would measure that copy,"
                        + " not the agent jar");
            } catch (ClassNotFoundException expected) {
                // as it should be
            }
        }
    }
}
