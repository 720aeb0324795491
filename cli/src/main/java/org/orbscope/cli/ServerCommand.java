package org.orbscope.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

// Placeholder so the command surface compiles while the owning issue is in progress.
@Command(name = "server", description = "Start the workload server of a scenario. (not built yet)")
final class ServerCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        System.err.println("orbscope server: not built yet");
        return Orbscope.EXIT_BAD_INPUT;
    }
}
