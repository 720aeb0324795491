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
        System.exit(commandLine(args).execute(args));
    }

    static CommandLine commandLine() {
        return withErrors(new CommandLine(new Orbscope()));
    }

    /**
     * The command line for {@code args}: {@code attach} runs on the JVM of a server that is serving, and its own JVM
     * shares the server's cores, so it gets a command line that knows only {@code attach} (picocli reads the options
     * of every command it is given before it parses anything: a third of this JVM's CPU).
     */
    static CommandLine commandLine(String[] args) {
        return args.length > 0 && args[0].equals("attach") ? withErrors(new CommandLine(new AttachOnly())) : commandLine();
    }

    private static CommandLine withErrors(CommandLine line) {
        // picocli answers invalid arguments with CommandLine.ExitCode.USAGE, 2 = EXIT_BAD_INPUT.
        return line.setParameterExceptionHandler(new ArgumentErrors());
    }

    /** {@code orbscope} with its {@code attach} command only. */
    @Command(name = "orbscope", subcommands = AttachCommand.class)
    static final class AttachOnly {
    }
}
