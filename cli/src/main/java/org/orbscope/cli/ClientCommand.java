package org.orbscope.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.orbscope.client.ClientMain;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "client", mixinStandardHelpOptions = true,
        description = {"Run the client workload of a scenario in this JVM against a running server (for multi-host use).",
                "Exit 0 ok, 1 the run failed (server unreachable, failed requests), 2 bad input, 130 interrupted."})
final class ClientCommand implements Callable<Integer> {
    @Mixin
    ScenarioInput scenario;

    @Option(names = "--ior", paramLabel = "FILE|URL|DIR|NAME=DIR", required = true,
            description = {"the server's IOR file, a corbaloc:/IOR: URL (one target), or the server's ior/ directory;",
                    "with several servers NAME=DIR for each (repeatable)"})
    List<String> iors;

    @Option(names = "--out", paramLabel = "DIR", description = "output directory (default: ${DEFAULT-VALUE})")
    Path out = Path.of("client");

    @Override
    public Integer call() {
        ScenarioInput.Loaded in = scenario.load("client");
        if (in == null) {
            return Orbscope.EXIT_BAD_INPUT;
        }
        List<String> args = new ArrayList<>();
        for (String ior : iors) {
            boolean isUrl = ClientMain.isReference(ior);
            int eq = ior.indexOf('=');
            String path = !isUrl && !Files.exists(Path.of(ior)) && eq > 0 ? ior.substring(eq + 1) : ior;
            if (!isUrl && !Files.exists(Path.of(path))) {
                System.err.println("orbscope client: --ior " + ior + ": no such file (give an IOR file, its directory, "
                        + "or a corbaloc: URL)");
                return Orbscope.EXIT_BAD_INPUT;
            }
            boolean dir = !isUrl && Files.isDirectory(Path.of(path));
            args.addAll(List.of(dir ? "--ior-dir" : "--ior", ior));
        }
        Path point = in.writeFirstPoint("client", out);
        if (point == null) {
            return Orbscope.EXIT_BAD_INPUT;
        }
        args.addAll(0, List.of("--scenario", point.toString()));
        args.addAll(List.of("--out", out.toString()));
        return ClientMain.run(args.toArray(new String[0]));
    }
}
