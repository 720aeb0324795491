package org.orbscope.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.orbscope.server.ServerMain;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "server", mixinStandardHelpOptions = true,
        description = {"Start the workload server of a scenario in this JVM (for multi-host use).",
                "Writes DIR/ior/<object>.ior and DIR/ior/urls.txt, then DIR/ready; runs until stdin closes or SIGTERM."})
final class ServerCommand implements Callable<Integer> {
    @Mixin
    ScenarioInput scenario;

    @Option(names = "--out", paramLabel = "DIR", description = "output directory (default: ${DEFAULT-VALUE})")
    Path out = Path.of("server");

    @Override
    public Integer call() {
        ScenarioInput.Loaded in = scenario.load("server");
        if (in == null) {
            return Orbscope.EXIT_BAD_INPUT;
        }
        Path point = in.writeFirstPoint("server", out);
        if (point == null) {
            return Orbscope.EXIT_BAD_INPUT;
        }
        return ServerMain.run(new String[] {"--scenario", point.toString(), "--out", out.toString()});
    }
}
