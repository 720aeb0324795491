package org.orbscope.cli;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import org.orbscope.hosts.Coordinator;
import org.orbscope.hosts.HostAgent;
import org.orbscope.units.Units;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "host", mixinStandardHelpOptions = true,
        description = {"Serve as a client or server host of orbscope run, found through the CORBA naming service.",
                "Finds the run's coordinator in the naming service, registers, and runs the parts of points it is "
                        + "given (client JVMs, or the server), shipping their results.",
                "Waits for a run to begin; after one, waits for the next (--once: ends).",
                "Exit 0 done, 1 no coordinator found or lost during a run, 2 bad input or a name already taken."})
final class HostCommand implements Callable<Integer> {
    static final class Where {
        @Option(names = "--naming", paramLabel = "URL", required = true,
                description = "the naming service, e.g. corbaloc:iiop:1.2@10.0.0.1:2809/NameService")
        String naming;

        @Option(names = "--coordinator", paramLabel = "REF", required = true,
                description = "the coordinator itself: IOR:, corbaloc: or corbaname: reference, or a file with one "
                        + "(a run's coordinator.ior)")
        String coordinator;
    }

    @ArgGroup(exclusive = true, multiplicity = "1")
    Where where;

    @Option(names = "--name", paramLabel = "NAME",
            description = "the name to register under (letters, digits, . _ -); default: this machine's host name")
    String name;

    @Option(names = "--address", paramLabel = "ADDRESS",
            description = "the address this host's JVMs listen on; default: the one it reaches the coordinator from")
    String address;

    @Option(names = "--work", paramLabel = "DIR",
            description = "where this host keeps its copy of each run's files (default: ${DEFAULT-VALUE})")
    Path work = Path.of("orbscope-host");

    @Option(names = "--wait", paramLabel = "DURATION",
            description = "how long to wait for a coordinator, at the start and between runs (default: ${DEFAULT-VALUE})")
    String wait = "10m";

    @Option(names = "--once", description = "end after one run")
    boolean once;

    @Override
    public Integer call() throws InterruptedException {
        String host = name != null ? name : defaultName();
        if (!host.matches("[A-Za-z0-9._-]+")) {
            System.err.println("orbscope host: --name " + host + ": a host name holds letters, digits, '.', '_' and "
                    + "'-' only");
            return Orbscope.EXIT_BAD_INPUT;
        }
        long waitNanos;
        try {
            waitNanos = Units.durationNanos(wait);
        } catch (IllegalArgumentException e) {
            System.err.println("orbscope host: --wait: " + e.getMessage());
            return Orbscope.EXIT_BAD_INPUT;
        }
        try {
            Files.createDirectories(work);
            if (!Files.isWritable(work)) {
                throw new IOException("not writable: " + work);
            }
        } catch (IOException e) {
            System.err.println("orbscope host: --work " + work + ": " + Errors.describe(e));
            return Orbscope.EXIT_BAD_INPUT;
        }
        return HostAgent.run(new HostAgent.Options(where.naming, where.coordinator, Coordinator.DEFAULT_NAME, host,
                address, work.toAbsolutePath(), once, Duration.ofNanos(waitNanos), AgentJar.locate()), System.out);
    }

    /** This machine's host name, made a valid host name (a Kubernetes pod's name as it is). */
    private static String defaultName() {
        String n = System.getenv("HOSTNAME");
        if (n == null || n.isBlank()) {
            try {
                n = InetAddress.getLocalHost().getHostName();
            } catch (IOException e) {
                n = "host";
            }
        }
        return n.replaceAll("[^A-Za-z0-9._-]", "_");
    }
}
