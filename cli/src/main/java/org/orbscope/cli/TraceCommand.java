package org.orbscope.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

// Placeholder so the command surface compiles while the owning issue is in progress.
@Command(name = "trace", description = "Read a trace file: dump, stats, export. (not built yet)")
final class TraceCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        System.err.println("orbscope trace: not built yet");
        return Orbscope.EXIT_BAD_INPUT;
    }
}
