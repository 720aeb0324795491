package org.orbscope.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.orbscope.client.ClientMain;
import org.orbscope.run.ClientDirectory;
import org.orbscope.run.ClientLaunch;
import org.orbscope.run.ClientSummary;
import org.orbscope.scenario.Scenario;
import org.orbscope.scenario.ServerSpec;
import org.orbscope.scenario.SweepPoint;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "client", mixinStandardHelpOptions = true,
        description = {"Run the client workload of a scenario in this JVM against a running server (for multi-host use).",
                "A sweep runs every point in turn, each into a directory of its own under --out, named as in a run.",
                "Exit 0 ok, 1 the run failed (server unreachable, failed requests), 2 bad input, 130 interrupted."})
final class ClientCommand implements Callable<Integer> {
    @Mixin
    ScenarioInput scenario;

    @Option(names = "--ior", paramLabel = "FILE|URL|DIR|NAME=DIR", required = true,
            description = {"the server's IOR file, a corbaloc:/IOR: URL (one target), or the server's ior/ directory;",
                    "with several servers NAME=DIR for each (repeatable)"})
    List<String> iors;

    @Option(names = "--out", paramLabel = "DIR", description = "output directory; with a sweep, one directory per "
            + "point in it (default: ${DEFAULT-VALUE})")
    Path out = Path.of("client");

    @Override
    public Integer call() {
        ScenarioInput.Loaded in = scenario.load("client");
        if (in == null) {
            return Orbscope.EXIT_BAD_INPUT;
        }
        Scenario point = in.points().get(0).scenario();
        Map<String, Path> iorDirs = new LinkedHashMap<>();
        String reference = null;
        for (String ior : iors) {
            if (ClientMain.isReference(ior)) {
                reference = ior;
                continue;
            }
            // NAME=DIR names one of several servers; a point's directory name holds '=' itself (rate=20_s).
            int eq = ior.indexOf('=');
            String name = !Files.exists(Path.of(ior)) && eq > 0 ? ior.substring(0, eq) : null;
            Path path = Path.of(name == null ? ior : ior.substring(eq + 1));
            if (!Files.exists(path)) {
                System.err.println("orbscope client: --ior " + ior + ": no such file (give an IOR file, its directory, "
                        + "or a corbaloc: URL)");
                return Orbscope.EXIT_BAD_INPUT;
            }
            if (!Files.isDirectory(path)) {
                reference = path.toString();
            } else if (name != null && !point.singleServer() && point.server(name) != null) {
                iorDirs.put(name, path);
            } else {
                iorDirs.put(ServerSpec.SINGLE, path);
            }
        }
        if (in.points().size() == 1) {
            Path file = in.writePoint("client", in.points().get(0), out);
            return file == null ? Orbscope.EXIT_BAD_INPUT
                    : ClientMain.run(new ClientLaunch(file, iorDirs, reference, out), point);
        }
        // A sweep against a server orbscope did not start: the points' client settings apply, one point after the
        // other; settings of the server's side are the running server's own.
        int n = in.points().size();
        for (int i = 0; i < n; i++) {
            SweepPoint p = in.points().get(i);
            Path dir = out.resolve(p.name());
            Path file = in.writePoint("client", p, dir);
            if (file == null) {
                return Orbscope.EXIT_BAD_INPUT;
            }
            String label = "point " + (i + 1) + "/" + n + " " + p.name() + ": ";
            System.out.println(label + "running");
            int exit = ClientMain.run(new ClientLaunch(file, iorDirs, reference, dir), p.scenario());
            System.out.println(label + (exit == Orbscope.EXIT_OK ? "ok" : "exit " + exit) + completed(dir)
                    + "; records in " + dir);
            if (exit != Orbscope.EXIT_OK) {
                return exit;
            }
        }
        return Orbscope.EXIT_OK;
    }

    /** ", N of M requests completed, mean X ms" from the client's summary in {@code dir}, or nothing without one. */
    private static String completed(Path dir) {
        try {
            ClientSummary s = ClientSummary.read(new ClientDirectory(dir).summary());
            Double mean = s.response() == null ? null : s.response().meanMs();
            return ", " + s.completed() + " of " + s.sent() + " requests completed"
                    + (mean == null ? "" : String.format(java.util.Locale.ROOT, ", mean %.3g ms", mean));
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }
}
