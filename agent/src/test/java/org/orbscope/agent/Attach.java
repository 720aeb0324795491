package org.orbscope.agent;

import com.sun.tools.attach.VirtualMachine;
import java.nio.file.Path;

/** Loads the agent into another JVM, as {@code orbscope attach} does. */
final class Attach {
    private Attach() {
    }

    static void load(long pid, Path jar, String options) throws Exception {
        VirtualMachine vm = VirtualMachine.attach(Long.toString(pid));
        try {
            vm.loadAgent(jar.toString(), options);
        } finally {
            vm.detach();
        }
    }
}
