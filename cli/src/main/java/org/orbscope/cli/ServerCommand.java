package org.orbscope.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "server", mixinStandardHelpOptions = true,
        description = {"Start the workload server of a scenario in this JVM (for multi-host use).",
                "Writes DIR/ior/<object>.ior and DIR/ior/urls.txt, then DIR/ready; runs until stdin closes or SIGTERM."})
final class ServerCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "SCENARIO", description = "scenario YAML file")
    Path scenario;

    @Option(names = "--out", paramLabel = "DIR", description = "output directory (default: ${DEFAULT-VALUE})")
    Path out = Path.of("server");

    @Option(names = "--set", paramLabel = "PATH=VALUE", description = "override a field")
    List<String> overrides = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        ScenarioInput in = ScenarioInput.load("server", scenario, overrides);
        if (in == null) {
            return Orbscope.EXIT_BAD_INPUT;
        }
        Files.createDirectories(out);
        Path point = WorkloadMains.writePoint(in, out);
        return WorkloadMains.run(JvmCommand.SERVER_MAIN, List.of("--scenario", point.toString(), "--out", out.toString()));
    }
}
