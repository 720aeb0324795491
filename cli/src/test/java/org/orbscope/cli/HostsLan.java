package org.orbscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.orbscope.run.HostsFile;
import org.orbscope.run.JvmLauncher;
import org.orbscope.run.PointDirectory;

/**
 * {@code orbscope run} and {@code orbscope host} JVMs on a LAN of network namespaces: the run in the node named
 * {@code coordinator} (its name server on port 2809 there), each host in the node of its name. Logs go to
 * {@code dir/run.log} and {@code dir/NAME.log}, the run directory under {@code dir/runs}, each host's work under
 * {@code dir/work-NAME}.
 */
final class HostsLan {
    /** What a test does on the LAN. */
    interface Body {
        void run(HostsLan lan) throws Exception;
    }

    final NetworkNamespaces net;
    private final Path dir;

    private HostsLan(NetworkNamespaces net, Path dir) {
        this.net = net;
        this.dir = dir;
    }

    /**
     * Makes a LAN of {@code nodes} (the test is skipped where namespaces cannot be made), runs {@code body} on it,
     * then removes it and checks that no namespace of it is left.
     */
    static void on(List<String> nodes, Path dir, Body body) throws Exception {
        assumeTrue(CliRunner.workloadBuilt(), "the workload server and client are not built");
        String why = NetworkNamespaces.unavailable();
        assumeTrue(why == null, why);
        NetworkNamespaces net = NetworkNamespaces.create(nodes);
        try {
            body.run(new HostsLan(net, dir));
        } finally {
            net.close();
        }
        assertTrue(net.existing().isEmpty(), "namespaces left: " + net.existing());
    }

    /** Starts {@code orbscope run SCENARIO} on the coordinator's node. */
    Process run(Path scenario) throws IOException {
        return JvmLauncher.main(Orbscope.class.getName()).prefix(net.exec("coordinator"))
                .args("run", scenario.toString(), "--out", dir.resolve("runs").toString(), "--address",
                        net.address("coordinator"), "--ready-timeout", "180", "--fail-on", "never")
                .log(dir.resolve("run.log")).start();
    }

    /** Starts {@code orbscope host --once} on each node of {@code names}, waiting up to 5 minutes for the run. */
    Map<String, Process> hosts(List<String> names) throws IOException {
        Map<String, Process> out = new LinkedHashMap<>();
        for (String name : names) {
            out.put(name, JvmLauncher.main(Orbscope.class.getName()).prefix(net.exec(name))
                    .args("host", "--naming", "corbaloc:iiop:1.2@" + net.address("coordinator") + ":2809/NameService",
                            "--name", name, "--work", dir.resolve("work-" + name).toString(), "--once", "--wait", "5m")
                    .log(dir.resolve(name + ".log")).start());
        }
        return out;
    }

    /** What a test does while a run and its hosts are up. */
    interface Running {
        void check(Process run, Map<String, Process> hosts) throws Exception;
    }

    /**
     * Writes {@code yaml} to {@code dir/file}, starts {@code orbscope run} on it and {@code orbscope host} on each
     * node of {@code hosts}, runs {@code body}, and then kills whatever of them is still running.
     */
    void drive(String file, String yaml, List<String> hosts, Running body) throws Exception {
        Path scenario = dir.resolve(file);
        Files.writeString(scenario, yaml);
        Process run = run(scenario);
        Map<String, Process> started = hosts(hosts);
        try {
            body.check(run, started);
        } finally {
            run.destroyForcibly();
            started.values().forEach(Process::destroyForcibly);
        }
    }

    /** Waits for the run to end within {@code minutes} with {@code exit}, then for each of {@code hosts} to end with 0. */
    void awaitEnd(Process run, int minutes, int exit, Map<String, Process> hosts, List<String> ending)
            throws InterruptedException, IOException {
        assertTrue(run.waitFor(minutes, TimeUnit.MINUTES), "the run did not end: " + log(dir, "run.log"));
        assertEquals(exit, run.exitValue(), log(dir, "run.log"));
        for (String h : ending) {
            assertTrue(hosts.get(h).waitFor(60, TimeUnit.SECONDS), h + " did not end: " + log(dir, h + ".log"));
            assertEquals(0, hosts.get(h).exitValue(), log(dir, h + ".log"));
        }
    }

    /** The hosts of a point's hosts.json by name. */
    static Map<String, HostsFile.Host> hostsByName(PointDirectory p) throws IOException {
        Map<String, HostsFile.Host> byName = new LinkedHashMap<>();
        HostsFile.read(p.hostsJson()).hosts().forEach(h -> byName.put(h.name(), h));
        return byName;
    }

    /** A log of the test's JVMs under {@code dir}, for failure messages. */
    static String log(Path dir, String name) throws IOException {
        Path f = dir.resolve(name);
        return Files.isRegularFile(f) ? Files.readString(f) : "(no " + name + ")";
    }
}
