package org.orbscope.run;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * What a workload server JVM ({@value #MAIN}) is started with. Its argument list,
 * {@code --scenario FILE --out DIR [--server NAME] [--peer NAME=DIR ...]}, has one writer ({@link #arguments()})
 * and one parser ({@link #parse}); {@code orbscope server} hands the record over in its own JVM instead.
 *
 * @param scenario the scenario file the server runs (a point's {@code point.yaml})
 * @param out where it writes ({@link ServerDirectory}): {@code ior/}, {@code ready}, {@code system.csv}, ...
 * @param server which of the scenario's {@code servers} it is; null for the one server of a {@code server:} scenario
 * @param peers the directory ({@code out}) of each server whose objects its servants call, by server name
 */
public record ServerLaunch(Path scenario, Path out, String server, Map<String, Path> peers) {
    /** The workload server's main class. */
    public static final String MAIN = "org.orbscope.server.ServerMain";
    private static final String SCENARIO = "--scenario";
    /** The option before the directory the JVM writes into: {@code --out DIR}, two words. */
    public static final String OUT = "--out";
    private static final String SERVER = "--server";
    private static final String PEER = "--peer";

    public ServerLaunch {
        Objects.requireNonNull(scenario, "scenario");
        Objects.requireNonNull(out, "out");
        peers = Collections.unmodifiableMap(new LinkedHashMap<>(peers));
    }

    /** The one server of a {@code server:} scenario. */
    public ServerLaunch(Path scenario, Path out) {
        this(scenario, out, null, Map.of());
    }

    /** The argument list of {@link #MAIN}, which {@link #parse} reads back into this record. */
    public List<String> arguments() {
        List<String> args = new ArrayList<>(List.of(SCENARIO, scenario.toString(), OUT, out.toString()));
        if (server != null) {
            args.addAll(List.of(SERVER, server));
        }
        peers.forEach((name, dir) -> args.addAll(List.of(PEER, name + "=" + dir)));
        return args;
    }

    /** A launcher of {@link #MAIN} with these arguments; the caller adds the CPUs, JVM options, agent and log. */
    public JvmLauncher jvm() {
        return JvmLauncher.main(MAIN).args(arguments());
    }

    /** Reads an argument list that {@link #arguments()} wrote. */
    public static ServerLaunch parse(String... args) throws LaunchException {
        Options o = LaunchArguments.parse(new Options(), args);
        return new ServerLaunch(o.scenario, o.out, o.server, o.peers);
    }

    @Command(name = MAIN)
    private static final class Options {
        @Option(names = SCENARIO, paramLabel = "FILE", required = true)
        Path scenario;

        @Option(names = OUT, paramLabel = "DIR")
        Path out = Path.of(".");

        @Option(names = SERVER, paramLabel = "NAME")
        String server;

        @Option(names = PEER, paramLabel = "NAME=DIR")
        Map<String, Path> peers = new LinkedHashMap<>();
    }
}
