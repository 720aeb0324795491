package org.orbscope.cli;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.orbscope.scenario.MonitoringSpec;

/** Command lines of the server and client JVMs: same java, same class path as this cli, optional taskset. */
final class JvmCommand {
    static final String SERVER_MAIN = "org.orbscope.server.ServerMain";
    static final String CLIENT_MAIN = "org.orbscope.client.ClientMain";

    private JvmCommand() {
    }

    static List<String> build(List<Integer> cpus, List<String> jvmArgs, String agentArg, String mainClass, List<String> args) {
        List<String> cmd = new ArrayList<>();
        if (!cpus.isEmpty() && tasksetAvailable()) {
            cmd.add("taskset");
            cmd.add("-c");
            cmd.add(cpus.stream().map(String::valueOf).collect(Collectors.joining(",")));
        }
        cmd.add(javaBinary());
        if (agentArg != null) {
            cmd.add(agentArg);
        }
        cmd.addAll(jvmArgs);
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(mainClass);
        cmd.addAll(args);
        return cmd;
    }

    static String javaBinary() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    static boolean tasksetAvailable() {
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(File.pathSeparator)) {
            if (Files.isExecutable(Path.of(dir, "taskset"))) {
                return true;
            }
        }
        return false;
    }

    /**
     * {@code -javaagent:...orbscope-agent.jar=profile=...,cpu=...,out=...[,config=...]} (syntax of the agent's
     * AgentConfig), or null when the scenario does not monitor.
     */
    static String agentArgument(MonitoringSpec monitoring, Path scenarioDir, Path traceFile) {
        if (!monitoring.enabled()) {
            return null;
        }
        Path jar = agentJar();
        StringBuilder b = new StringBuilder("-javaagent:").append(jar).append('=')
                .append("profile=").append(monitoring.profile())
                .append(",cpu=").append(monitoring.cpuTime())
                .append(",out=").append(traceFile.toAbsolutePath());
        if (monitoring.config() != null) {
            b.append(",config=").append(scenarioDir.resolve(monitoring.config()).toAbsolutePath());
        }
        return b.toString();
    }

    /** The agent jar: $ORBSCOPE_HOME/agent/target, else next to the cli jar's checkout (cli/target/../../agent/target). */
    static Path agentJar() {
        String home = System.getenv("ORBSCOPE_HOME");
        if (home != null) {
            return Path.of(home, "agent", "target", "orbscope-agent.jar");
        }
        try {
            Path self = Path.of(JvmCommand.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            // cli/target/orbscope.jar or cli/target/classes -> checkout root is two levels above target/.
            Path root = self.getParent().getParent().getParent();
            return root.resolve("agent").resolve("target").resolve("orbscope-agent.jar");
        } catch (Exception e) {
            return Path.of("agent", "target", "orbscope-agent.jar");
        }
    }
}
