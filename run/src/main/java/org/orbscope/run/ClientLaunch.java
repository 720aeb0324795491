package org.orbscope.run;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.orbscope.scenario.ServerSpec;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * What a workload client JVM ({@value #MAIN}) is started with. Its argument list, {@code --scenario FILE
 * (--ior-dir NAME=DIR ... | --ior FILE|URL) --out DIR [--instance N] [--start-gate FILE] [--clock-offset-ns NS]},
 * has one writer ({@link #arguments()}) and one parser ({@link #parse}); {@code orbscope client} hands the record
 * over in its own JVM instead.
 *
 * @param scenario the scenario file the client runs (a point's {@code point.yaml})
 * @param iorDirs the directory of each server's {@code <id>.ior} files, by server name ({@link ServerSpec#SINGLE}
 *     for the one server of a {@code server:} scenario)
 * @param reference one object reference ({@code IOR:}, {@code corbaloc:}, {@code corbaname:}), or a file holding
 *     one, for every target of a scenario with one object; null when {@code iorDirs} gives the references
 * @param out where it writes ({@link ClientDirectory})
 * @param start how it starts among the point's client JVMs
 */
public record ClientLaunch(Path scenario, Map<String, Path> iorDirs, String reference, Path out, Start start) {
    /** The workload client's main class. */
    public static final String MAIN = "org.orbscope.client.ClientMain";
    private static final String SCENARIO = "--scenario";
    private static final String IOR_DIR = "--ior-dir";
    private static final String IOR = "--ior";
    /** The option before the directory the JVM writes into: {@code --out DIR}, two words. */
    public static final String OUT = "--out";
    private static final String INSTANCE = "--instance";
    private static final String START_GATE = "--start-gate";
    private static final String CLOCK_OFFSET = "--clock-offset-ns";

    /**
     * How a client JVM starts among several.
     *
     * @param instance its number among the point's client JVMs, which seeds its draws
     * @param gate where it waits for the start time ({@link StartGate}); null: it starts at once
     * @param clockOffsetNanos what it adds to this machine's clock to record on the common time axis (a client
     *     host's offset to the coordinator); the gate's time is on that axis too
     */
    public record Start(int instance, Path gate, long clockOffsetNanos) {
        /** The only client JVM of a point: instance 0, no gate, this machine's clock. */
        public static final Start ALONE = new Start(0, null, 0);

        public Start {
            if (instance < 0) {
                throw new IllegalArgumentException(INSTANCE + " must be 0 or more, not " + instance);
            }
        }
    }

    public ClientLaunch {
        Objects.requireNonNull(scenario, "scenario");
        Objects.requireNonNull(out, "out");
        Objects.requireNonNull(start, "start");
        iorDirs = Collections.unmodifiableMap(new LinkedHashMap<>(iorDirs));
        if (iorDirs.isEmpty() && reference == null) {
            throw new IllegalArgumentException("give the servers' IOR directories (" + IOR_DIR + " NAME=DIR) or "
                    + "one reference (" + IOR + " FILE|URL)");
        }
    }

    /** The only client JVM of a point. */
    public ClientLaunch(Path scenario, Map<String, Path> iorDirs, String reference, Path out) {
        this(scenario, iorDirs, reference, out, Start.ALONE);
    }

    /** The argument list of {@link #MAIN}, which {@link #parse} reads back into this record. */
    public List<String> arguments() {
        List<String> args = new ArrayList<>(List.of(SCENARIO, scenario.toString()));
        iorDirs.forEach((name, dir) -> args.addAll(List.of(IOR_DIR, name + "=" + dir)));
        if (reference != null) {
            args.addAll(List.of(IOR, reference));
        }
        args.addAll(List.of(OUT, out.toString()));
        if (start.instance() != 0) {
            args.addAll(List.of(INSTANCE, Integer.toString(start.instance())));
        }
        if (start.gate() != null) {
            args.addAll(List.of(START_GATE, start.gate().toString()));
        }
        if (start.clockOffsetNanos() != 0) {
            args.addAll(List.of(CLOCK_OFFSET, Long.toString(start.clockOffsetNanos())));
        }
        return args;
    }

    /** A launcher of {@link #MAIN} with these arguments; the caller adds the CPUs, JVM options and log. */
    public JvmLauncher jvm() {
        return JvmLauncher.main(MAIN).args(arguments());
    }

    /** Reads an argument list that {@link #arguments()} wrote. */
    public static ClientLaunch parse(String... args) throws LaunchException {
        Options o = LaunchArguments.parse(new Options(), args);
        try {
            return new ClientLaunch(o.scenario, o.iorDirs, o.reference, o.out,
                    new Start(o.instance, o.startGate, o.clockOffsetNanos));
        } catch (IllegalArgumentException e) {
            throw new LaunchException(e.getMessage());
        }
    }

    @Command(name = MAIN)
    private static final class Options {
        @Option(names = SCENARIO, paramLabel = "FILE", required = true)
        Path scenario;

        @Option(names = IOR_DIR, paramLabel = "NAME=DIR")
        Map<String, Path> iorDirs = new LinkedHashMap<>();

        @Option(names = IOR, paramLabel = "FILE|URL")
        String reference;

        @Option(names = OUT, paramLabel = "DIR")
        Path out = Path.of(".");

        @Option(names = INSTANCE, paramLabel = "N")
        int instance;

        @Option(names = START_GATE, paramLabel = "FILE")
        Path startGate;

        @Option(names = CLOCK_OFFSET, paramLabel = "NS")
        long clockOffsetNanos;
    }
}
