package org.orbscope.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

// Placeholder so the command surface compiles while the owning issue is in progress.
@Command(name = "simulate", description = "Simulate a scenario's queueing model. (not built yet)")
final class SimulateCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        System.err.println("orbscope simulate: not built yet");
        return Orbscope.EXIT_BAD_INPUT;
    }
}
