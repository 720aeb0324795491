package org.orbscope.cli;

import com.sun.tools.attach.AgentLoadException;
import com.sun.tools.attach.AttachNotSupportedException;
import com.sun.tools.attach.VirtualMachine;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code orbscope attach PID}: load the agent into a running JVM (it instruments the classes already loaded),
 * or stop it there ({@code --stop}: flush the trace, restore the original bytecode). The agent reports what it
 * did in a system property of the target ({@code orbscope.agent.status}), read back here, because its own
 * messages go to the target's stderr.
 */
@Command(name = "attach", mixinStandardHelpOptions = true, description = "Attach the agent to a running JVM (instruments loaded classes too), or stop it.")
final class AttachCommand implements Callable<Integer> {
    static final String STATUS = "orbscope.agent.status";

    @Parameters(paramLabel = "PID", description = "Process id of the target JVM.")
    String pid;

    @Option(names = "--config", description = "Agent config file (YAML subset or key = value lines; see README).")
    Path config;

    @Option(names = "--out", description = "Trace file to write (default orbscope.trace in the target's working directory).")
    Path out;

    @Option(names = "--profile", description = "ORB profile to apply (e.g. jacorb).")
    String profile;

    @Option(names = {"-o", "--option"}, paramLabel = "KEY=VALUE", description = "Any other agent option (repeatable), e.g. -o cpu=true.")
    List<String> extra = new ArrayList<>();

    @Option(names = "--stop", description = "Flush the trace, restore the original bytecode, and stop recording.")
    boolean stop;

    @Option(names = "--agent", description = "Agent jar (default: the one built next to this command).")
    Path agentJar;

    @Override
    public Integer call() {
        if (!pid.matches("[0-9]+")) {
            System.err.println("orbscope attach: PID must be a process id, got '" + pid + "'");
            return Orbscope.EXIT_BAD_INPUT;
        }
        Path jar = agentJar != null ? agentJar : AgentJar.locate();
        if (jar == null || !Files.isRegularFile(jar)) {
            System.err.println("orbscope attach: agent jar not found" + (jar == null ? "" : " at " + jar)
                    + "; build it with mvn install or pass --agent");
            return Orbscope.EXIT_BAD_INPUT;
        }
        String options;
        if (stop) {
            options = "stop=true";
        } else {
            List<String> o = new ArrayList<>();
            if (config != null) {
                if (!Files.isRegularFile(config)) {
                    System.err.println("orbscope attach: no such config file: " + config);
                    return Orbscope.EXIT_BAD_INPUT;
                }
                o.add("config=" + config.toAbsolutePath());
            }
            if (out != null) {
                o.add("out=" + out.toAbsolutePath());
            }
            if (profile != null) {
                o.add("profile=" + profile);
            }
            for (String e : extra) {
                if (e.contains(",")) {
                    System.err.println("orbscope attach: an option value may not contain ',': " + e);
                    return Orbscope.EXIT_BAD_INPUT;
                }
                o.add(e);
            }
            options = String.join(",", o);
        }
        String status;
        try {
            VirtualMachine vm = VirtualMachine.attach(pid);
            try {
                vm.loadAgent(jar.toAbsolutePath().toString(), options);
                status = vm.getSystemProperties().getProperty(STATUS, "");
            } finally {
                vm.detach();
            }
        } catch (AttachNotSupportedException | IOException e) {
            System.err.println("orbscope attach: cannot attach to " + pid + ": " + e.getMessage());
            return Orbscope.EXIT_RUN_FAILED;
        } catch (AgentLoadException e) {
            System.err.println("orbscope attach: the target refused the agent: " + e.getMessage());
            return Orbscope.EXIT_RUN_FAILED;
        } catch (Exception e) {
            System.err.println("orbscope attach: " + e);
            return Orbscope.EXIT_RUN_FAILED;
        }
        return report(status);
    }

    private int report(String status) {
        if (status.startsWith("recording ")) {
            System.out.println("orbscope: recording in " + pid + " to " + status.substring("recording ".length()));
            return Orbscope.EXIT_OK;
        }
        if (status.startsWith("stopped ")) {
            System.out.println("orbscope: stopped recording in " + pid + "; trace " + status.substring("stopped ".length()));
            return Orbscope.EXIT_OK;
        }
        if (status.startsWith("bad-config: ")) {
            System.err.println("orbscope attach: " + status.substring("bad-config: ".length()) + " (nothing was recorded)");
            return Orbscope.EXIT_BAD_INPUT;
        }
        if (status.equals("not-recording")) {
            System.err.println("orbscope attach: " + pid + " is not recording; nothing to stop");
            return Orbscope.EXIT_RUN_FAILED;
        }
        if (status.startsWith("already-recording ")) {
            System.err.println("orbscope attach: " + pid + " is already recording to "
                    + status.substring("already-recording ".length()) + "; stop it first (--stop)");
            return Orbscope.EXIT_RUN_FAILED;
        }
        System.err.println("orbscope attach: the agent did not start in " + pid + (status.isEmpty() ? "" : ": " + status)
                + " (see the target's stderr)");
        return Orbscope.EXIT_RUN_FAILED;
    }
}
