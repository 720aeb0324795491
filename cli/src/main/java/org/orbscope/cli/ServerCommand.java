package org.orbscope.cli;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import org.orbscope.run.ServerLaunch;
import org.orbscope.scenario.OrbProduct;
import org.orbscope.scenario.Scenario;
import org.orbscope.scenario.ServerSpec;
import org.orbscope.server.ServerMain;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "server", mixinStandardHelpOptions = true,
        description = {"Start the workload server of a scenario in this JVM (for multi-host use).",
                "Writes DIR/ior/<object>.ior and DIR/ior/urls.txt, then DIR/ready; runs until stdin closes or SIGTERM.",
                "A scenario with several servers: --server NAME picks one, and --peer NAME=DIR gives the directory",
                "(--out) of each server whose objects its servants call; start those first."})
final class ServerCommand implements Callable<Integer> {
    @Mixin
    ScenarioInput scenario;

    @Option(names = "--out", paramLabel = "DIR", description = "output directory (default: ${DEFAULT-VALUE})")
    Path out = Path.of("server");

    @Option(names = "--server", paramLabel = "NAME", description = "which of the scenario's servers")
    String server;

    @Option(names = "--peer", paramLabel = "NAME=DIR", description = "the directory of a server this one calls (repeatable)")
    Map<String, Path> peers = new LinkedHashMap<>();

    @Override
    public Integer call() {
        ScenarioInput.Loaded in = scenario.load("server");
        if (in == null) {
            return Orbscope.EXIT_BAD_INPUT;
        }
        Scenario first = in.points().get(0).scenario();
        for (ServerSpec spec : first.servers()) {
            OrbProduct product = spec.orb().product();
            if ((server == null || server.equals(spec.name())) && product != OrbProduct.JACORB) {
                // This JVM's class path holds JacORB, which defines org.omg.* as every ORB does.
                System.err.println("orbscope server: server.orb.product " + product.yamlName() + ": this command "
                        + "serves JacORB in its own JVM; orbscope run starts the server of every ORB on that ORB's "
                        + "class path");
                return Orbscope.EXIT_BAD_INPUT;
            }
        }
        Path file = in.writeFirstPoint("server", out);
        if (file == null) {
            return Orbscope.EXIT_BAD_INPUT;
        }
        return ServerMain.run(new ServerLaunch(file, out, server, peers), first);
    }
}
