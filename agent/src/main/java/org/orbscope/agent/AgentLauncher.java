package org.orbscope.agent;

import java.lang.instrument.Instrumentation;

/**
 * Entry point for {@code -javaagent} and for attaching. First defines the dispatch classes in the bootstrap
 * loader ({@link BootInjector}), and only then loads the rest of the agent: the recorder extends a dispatch
 * class, so it must find the bootstrap one, never a second copy from the agent jar.
 */
public final class AgentLauncher {
    private AgentLauncher() {
    }

    public static void premain(String args, Instrumentation inst) {
        launch(args, inst, false);
    }

    public static void agentmain(String args, Instrumentation inst) {
        launch(args, inst, true);
    }

    private static void launch(String args, Instrumentation inst, boolean attached) {
        try {
            StartMark launched = StartMark.now();
            BootInjector.inject(inst);
            Class<?> agent = Class.forName("org.orbscope.agent.Agent", true, AgentLauncher.class.getClassLoader());
            agent.getDeclaredMethod("start", String.class, Instrumentation.class, boolean.class, StartMark.class)
                    .invoke(null, args, inst, attached, launched);
        } catch (Throwable t) {
            // Never break the application: say why and let it run unmonitored.
            System.err.println("orbscope agent: not started: " + t);
        }
    }
}
