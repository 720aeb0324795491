package org.orbscope.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "client", mixinStandardHelpOptions = true,
        description = {"Run the client workload of a scenario in this JVM against a running server (for multi-host use).",
                "Exit 0 ok, 1 the run failed (server unreachable, failed requests), 2 bad input."})
final class ClientCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "SCENARIO", description = "scenario YAML file")
    Path scenario;

    @Option(names = "--ior", paramLabel = "FILE|URL|DIR", required = true,
            description = "the server's IOR file, a corbaloc:/IOR: URL (one target), or the server's ior/ directory")
    String ior;

    @Option(names = "--out", paramLabel = "DIR", description = "output directory (default: ${DEFAULT-VALUE})")
    Path out = Path.of("client");

    @Option(names = "--set", paramLabel = "PATH=VALUE", description = "override a field")
    List<String> overrides = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        ScenarioInput in = ScenarioInput.load("client", scenario, overrides);
        if (in == null) {
            return Orbscope.EXIT_BAD_INPUT;
        }
        boolean isUrl = ior.startsWith("IOR:") || ior.startsWith("corbaloc:") || ior.startsWith("corbaname:");
        if (!isUrl && !Files.exists(Path.of(ior))) {
            System.err.println("orbscope client: --ior " + ior + ": no such file (give an IOR file, its directory, or a corbaloc: URL)");
            return Orbscope.EXIT_BAD_INPUT;
        }
        Files.createDirectories(out);
        Path point = WorkloadMains.writePoint(in, out);
        boolean dir = !isUrl && Files.isDirectory(Path.of(ior));
        return WorkloadMains.run(JvmCommand.CLIENT_MAIN, List.of("--scenario", point.toString(),
                dir ? "--ior-dir" : "--ior", ior, "--out", out.toString()));
    }
}
