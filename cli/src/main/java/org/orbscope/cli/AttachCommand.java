package org.orbscope.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

// Placeholder so the command surface compiles while the owning issue is in progress.
@Command(name = "attach", description = "Attach the agent to a running JVM, or stop it. (not built yet)")
final class AttachCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        System.err.println("orbscope attach: not built yet");
        return Orbscope.EXIT_BAD_INPUT;
    }
}
