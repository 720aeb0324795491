package org.orbscope.run;

import picocli.CommandLine;

/**
 * Parses a launch record's argument list with picocli into its annotated options class. The lists are written by
 * the records themselves, so the parser is strict: no abbreviations, no {@code @file} expansion (a path may begin
 * with '@'), every option at most once.
 */
final class LaunchArguments {
    private LaunchArguments() {
    }

    /** Fills {@code options} from {@code args}; a problem is one line naming the argument. */
    static <T> T parse(T options, String... args) throws LaunchException {
        CommandLine line = new CommandLine(options).setExpandAtFiles(false).setAbbreviatedOptionsAllowed(false)
                .setOverwrittenOptionsAllowed(false).setUnmatchedArgumentsAllowed(false);
        try {
            line.parseArgs(args);
        } catch (CommandLine.ParameterException e) {
            throw new LaunchException(e.getMessage());
        }
        return options;
    }
}
