package org.orbscope.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

// Placeholder so the command surface compiles while the owning issue is in progress.
@Command(name = "report", description = "Write the report of a run directory. (not built yet)")
final class ReportCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        System.err.println("orbscope report: not built yet");
        return Orbscope.EXIT_BAD_INPUT;
    }
}
