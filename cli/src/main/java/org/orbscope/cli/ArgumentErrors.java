package org.orbscope.cli;

import java.io.PrintWriter;
import java.util.Collection;
import java.util.List;
import org.orbscope.scenario.Names;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * Bad command lines answered in one line with the nearest valid name, instead of picocli's default of the
 * message, its suggestions and the whole usage text.
 */
final class ArgumentErrors implements CommandLine.IParameterExceptionHandler {
    /** How picocli's {@code help} command starts its message for a name that is no command. */
    private static final String HELP_UNKNOWN = "Unknown subcommand '";

    @Override
    public int handleParseException(ParameterException e, String[] args) {
        CommandLine cmd = e.getCommandLine();
        PrintWriter err = cmd.getErr();
        String name = cmd.getCommandSpec().qualifiedName();
        err.println(name + ": " + describe(e) + " (see '" + helpFor(cmd) + "')");
        err.flush();
        return cmd.getCommandSpec().exitCodeOnInvalidInput();
    }

    private static String describe(ParameterException e) {
        CommandLine cmd = e.getCommandLine();
        if (String.valueOf(e.getMessage()).startsWith(HELP_UNKNOWN) && e.getValue() != null) {
            return "unknown command '" + e.getValue() + "'" + Names.suggestion(e.getValue(),
                    cmd.getSubcommands().keySet());
        }
        // An unknown option is named before what it hides (a required parameter it took the place of).
        List<String> unmatched = e instanceof UnmatchedArgumentException u ? u.getUnmatched()
                : cmd.getUnmatchedArguments();
        if (unmatched.isEmpty()) {
            return String.valueOf(e.getMessage());
        }
        String first = unmatched.get(0);
        boolean option = first.startsWith("-");
        boolean command = !option && !cmd.getSubcommands().isEmpty();
        String what = option ? "unknown option" : command ? "unknown command" : "unexpected argument";
        Collection<String> names = option ? cmd.getCommandSpec().optionsMap().keySet()
                : command ? cmd.getSubcommands().keySet() : List.of();
        String word = option && first.contains("=") ? first.substring(0, first.indexOf('=')) : first;
        return what + " '" + word + "'" + Names.suggestion(word, names);
    }

    private static String helpFor(CommandLine cmd) {
        String qualified = cmd.getCommandSpec().qualifiedName();
        int space = qualified.indexOf(' ');
        return space < 0 ? qualified + " help" : qualified.substring(0, space) + " help" + qualified.substring(space);
    }
}
