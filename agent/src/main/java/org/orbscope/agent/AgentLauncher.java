package org.orbscope.agent;

import java.io.File;
import java.lang.instrument.Instrumentation;
import java.util.jar.JarFile;

/**
 * Entry point for {@code -javaagent} and for attaching. It puts the agent jar on the bootstrap class path
 * first, so the recorder that inlined advice calls is visible from every class loader (JDK classes included),
 * and then hands over to {@link Agent}, loaded by the bootstrap loader. This class must stay tiny: it is the
 * only agent class the application class loader defines.
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

    /** True when an earlier load (attach, then attach --stop) already put the agent on the boot path. */
    private static boolean onBootPath() {
        try {
            Class.forName("org.orbscope.agent.Agent", false, null);
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }

    private static void launch(String args, Instrumentation inst, boolean attached) {
        try {
            if (!onBootPath()) {
                File jar = new File(AgentLauncher.class.getProtectionDomain().getCodeSource().getLocation().toURI());
                if (jar.isFile()) {
                    inst.appendToBootstrapClassLoaderSearch(new JarFile(jar));
                }
            }
            Class<?> agent = Class.forName("org.orbscope.agent.Agent", true, null);
            agent.getMethod("start", String.class, Instrumentation.class, boolean.class).invoke(null, args, inst, attached);
        } catch (Throwable t) {
            // Never break the application: say why and let it run unmonitored.
            System.err.println("orbscope agent: not started: " + t);
        }
    }
}
