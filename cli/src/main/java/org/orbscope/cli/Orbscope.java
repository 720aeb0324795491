package org.orbscope.cli;

import org.orbscope.run.ExitCode;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code orbscope} command: subcommands are registered here and live in their own classes. */
@Command(name = "orbscope", mixinStandardHelpOptions = true, version = "orbscope 0.1.0",
        description = "Measure, explain and predict the performance of Java CORBA middleware.",
        subcommands = {RunCommand.class, HostCommand.class, ServerCommand.class, ClientCommand.class, ValidateCommand.class,
                ReportCommand.class, CompareCommand.class, SimulateCommand.class, BaselineCommand.class, TraceCommand.class,
                AttachCommand.class, ProfileCommand.class,
                CommandLine.HelpCommand.class})
public final class Orbscope implements Runnable {
    /** The commands' names for the codes {@link ExitCode} owns. */
    public static final int EXIT_OK = ExitCode.OK;
    public static final int EXIT_RUN_FAILED = ExitCode.RUN_FAILED;
    public static final int EXIT_BAD_INPUT = ExitCode.BAD_INPUT;
    public static final int EXIT_INTERRUPTED = ExitCode.INTERRUPTED;
    public static final int EXIT_POINT_INVALID = ExitCode.POINT_INVALID;

    @Override
    public void run() {
        new CommandLine(this).usage(System.out);
    }

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    static CommandLine commandLine() {
        // picocli answers invalid arguments with CommandLine.ExitCode.USAGE, 2 = EXIT_BAD_INPUT.
        return new CommandLine(new Orbscope()).setParameterExceptionHandler(new ArgumentErrors());
    }
}
