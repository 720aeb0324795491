package org.orbscope.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

// Placeholder so the command surface compiles while the owning issue is in progress.
@Command(name = "run", description = "Run a scenario: server + client (+ agent), every sweep point, then the report. (not built yet)")
final class RunCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        System.err.println("orbscope run: not built yet");
        return Orbscope.EXIT_BAD_INPUT;
    }
}
