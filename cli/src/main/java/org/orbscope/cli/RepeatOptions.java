package org.orbscope.cli;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/**
 * {@code --repeat} and {@code --until}: how many times {@code run} runs each point, each repetition in fresh
 * server and client JVMs (JMH's forks), and the precision across repetitions at which it stops; {@code validate}
 * takes them to say how long such a run takes.
 */
final class RepeatOptions {
    /** The most repetitions of a point with {@code --until} and no {@code --repeat}. */
    static final int UNTIL_REPEAT = 10;

    @Option(names = "--repeat", paramLabel = "N", description = "run each point N times, each repetition in fresh "
            + "server and client JVMs, and report the spread of its mean response across them; with --until the "
            + "most repetitions (default: 1, or " + UNTIL_REPEAT + " with --until)")
    Integer repeat;

    @Option(names = "--until", paramLabel = "PRECISION", converter = Percentage.class, description = "stop "
            + "repeating a point once the 95%% confidence interval of its mean response across repetitions is "
            + "within PRECISION of the mean, e.g. 5%% (judged from 2 repetitions on)")
    Double until;

    /** The most repetitions of each point. */
    int upTo() {
        return repeat != null ? repeat : until != null ? UNTIL_REPEAT : 1;
    }

    /** Whether the options go together; if not, says why in one line on standard error. */
    boolean check(String command) {
        if (repeat != null && repeat < 1) {
            System.err.println("orbscope " + command + ": --repeat must be 1 or more, not " + repeat);
            return false;
        }
        if (until != null && repeat != null && repeat < 2) {
            System.err.println("orbscope " + command + ": --until judges 2 repetitions or more: --repeat " + repeat
                    + " allows one (leave --repeat out for up to " + UNTIL_REPEAT + ")");
            return false;
        }
        return true;
    }

    /** {@code --until}: a percentage of the mean, above 0 and at most 100, as a fraction. */
    static final class Percentage implements ITypeConverter<Double> {
        @Override
        public Double convert(String value) {
            String v = value.trim();
            if (!v.endsWith("%")) {
                throw new TypeConversionException("'" + value + "': a precision is a percentage of the mean, e.g. 5%");
            }
            double percent;
            try {
                percent = Double.parseDouble(v.substring(0, v.length() - 1));
            } catch (NumberFormatException e) {
                throw new TypeConversionException("'" + value + "': not a percentage, e.g. 5%");
            }
            if (!(percent > 0 && percent <= 100)) {
                throw new TypeConversionException("'" + value + "': a precision is above 0% and at most 100%");
            }
            return percent / 100;
        }
    }
}
