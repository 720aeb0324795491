package org.orbscope.agent;

import com.sun.tools.attach.VirtualMachine;
import java.nio.file.Path;

/** Loads the agent into another JVM, as {@code orbscope attach} does. */
final class Attach {
    private Attach() {
    }

    /** Returns what the agent says its last start cost ({@link Agent#INSTALL}: classes changed, wall and CPU ns), or null. */
    static String load(long pid, Path jar, String options) throws Exception {
        VirtualMachine vm = VirtualMachine.attach(Long.toString(pid));
        try {
            vm.loadAgent(jar.toString(), options);
            return vm.getSystemProperties().getProperty(Agent.INSTALL);
        } finally {
            vm.detach();
        }
    }
}
