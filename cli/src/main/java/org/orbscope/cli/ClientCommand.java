package org.orbscope.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

// Placeholder so the command surface compiles while the owning issue is in progress.
@Command(name = "client", description = "Run the workload client of a scenario against a running server. (not built yet)")
final class ClientCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        System.err.println("orbscope client: not built yet");
        return Orbscope.EXIT_BAD_INPUT;
    }
}
