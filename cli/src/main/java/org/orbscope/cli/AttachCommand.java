package org.orbscope.cli;

import com.sun.tools.attach.AgentLoadException;
import com.sun.tools.attach.AttachNotSupportedException;
import com.sun.tools.attach.VirtualMachine;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code orbscope attach PID}: load the agent into a running JVM, or stop it there ({@code --stop}). */
@Command(name = "attach", description = "Attach the agent to a running JVM (instruments loaded classes too), or stop it.")
final class AttachCommand implements Callable<Integer> {
    @Parameters(paramLabel = "PID", description = "Process id of the target JVM.")
    String pid;

    @Option(names = "--config", description = "Agent config file (key = value lines; see README).")
    Path config;

    @Option(names = "--out", description = "Trace file to write (default orbscope.trace in the target's working directory).")
    Path out;

    @Option(names = "--profile", description = "ORB profile to apply (e.g. jacorb).")
    String profile;

    @Option(names = "--stop", description = "Flush the trace, restore the original bytecode, and stop recording.")
    boolean stop;

    @Option(names = "--agent", description = "Agent jar (default: the one built next to this command).")
    Path agentJar;

    @Override
    public Integer call() {
        Path jar = agentJar != null ? agentJar : defaultAgentJar();
        if (jar == null || !Files.isRegularFile(jar)) {
            System.err.println("orbscope attach: agent jar not found" + (jar == null ? "" : " at " + jar)
                    + "; build it with mvn install or pass --agent");
            return Orbscope.EXIT_BAD_INPUT;
        }
        StringBuilder options = new StringBuilder();
        if (stop) {
            options.append("stop=true");
        } else {
            if (config != null) {
                if (!Files.isRegularFile(config)) {
                    System.err.println("orbscope attach: no such config file: " + config);
                    return Orbscope.EXIT_BAD_INPUT;
                }
                options.append("config=").append(config.toAbsolutePath()).append(',');
            }
            if (out != null) {
                options.append("out=").append(out.toAbsolutePath()).append(',');
            }
            if (profile != null) {
                options.append("profile=").append(profile).append(',');
            }
        }
        try {
            VirtualMachine vm = VirtualMachine.attach(pid);
            try {
                vm.loadAgent(jar.toAbsolutePath().toString(), options.toString());
            } finally {
                vm.detach();
            }
            System.out.println(stop ? "orbscope: stopped recording in " + pid : "orbscope: recording in " + pid
                    + (out != null ? " to " + out.toAbsolutePath() : ""));
            return Orbscope.EXIT_OK;
        } catch (AttachNotSupportedException | IOException e) {
            System.err.println("orbscope attach: cannot attach to " + pid + ": " + e.getMessage());
        } catch (AgentLoadException e) {
            System.err.println("orbscope attach: the target refused the agent: " + e.getMessage());
        } catch (Exception e) {
            System.err.println("orbscope attach: " + e);
        }
        return Orbscope.EXIT_RUN_FAILED;
    }

    static Path defaultAgentJar() {
        String home = System.getenv("ORBSCOPE_HOME");
        if (home != null) {
            return Paths.get(home, "agent", "target", "orbscope-agent.jar");
        }
        try {
            Path self = Paths.get(AttachCommand.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            // cli/target/orbscope.jar -> agent/target/orbscope-agent.jar
            return self.getParent().getParent().getParent().resolve("agent/target/orbscope-agent.jar");
        } catch (Exception e) {
            return null;
        }
    }
}
