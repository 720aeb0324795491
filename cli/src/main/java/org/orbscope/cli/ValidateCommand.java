package org.orbscope.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

// Placeholder so the command surface compiles while the owning issue is in progress.
@Command(name = "validate", description = "Parse and check a scenario without running it. (not built yet)")
final class ValidateCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        System.err.println("orbscope validate: not built yet");
        return Orbscope.EXIT_BAD_INPUT;
    }
}
