package org.orbscope.postprocess.report;

import java.util.ArrayList;
import java.util.List;

/**
 * The ticks of a linear axis, a step of 1, 2 or 5 times a power of ten apart, so that every label is a round
 * number (0, 250, 500 rather than 0, 62.5, 125); an axis of counts steps by whole numbers.
 *
 * @param min the lowest tick (at or below the data)
 * @param max the highest tick (at or above the data)
 * @param step the distance between two ticks
 */
record Ticks(double min, double max, double step) {
    /**
     * Round ticks over [{@code lo}, {@code hi}], about {@code count} steps; {@code integers} keeps the step a whole
     * number. Equal ends (every value the same) get a step either side, so the labels still differ.
     */
    static Ticks of(double lo, double hi, int count, boolean integers) {
        if (!(hi > lo)) {
            double step = step(lo == 0 ? 1 : Math.abs(lo) / 10, integers);
            double mid = Math.round(lo / step) * step;
            return new Ticks(mid - step, mid + step, step);
        }
        double step = step((hi - lo) / count, integers);
        return new Ticks(Math.floor(lo / step + 1e-9) * step, Math.ceil(hi / step - 1e-9) * step, step);
    }

    /** Round ticks from 0 to at least {@code max} (a quantity's axis: times, counts, percentages). */
    static Ticks upTo(double max, int count, boolean integers) {
        return of(0, max > 0 ? max : 1, count, integers);
    }

    /** The smallest of 1, 2, 5 times a power of ten that is at least {@code raw}; at least 1 for counts. */
    static double step(double raw, boolean integers) {
        double e = Math.pow(10, Math.floor(Math.log10(raw)));
        double step = 10 * e;
        for (double m : new double[] {1, 2, 5}) {
            if (m * e >= raw * (1 - 1e-9)) {
                step = m * e;
                break;
            }
        }
        return integers ? Math.max(1, step) : step;
    }

    /** The ticks from {@code min} to {@code max}. */
    List<Double> values() {
        return within(min, max);
    }

    /** The ticks of this step that lie in [{@code from}, {@code to}]. */
    List<Double> within(double from, double to) {
        List<Double> out = new ArrayList<>();
        long first = (long) Math.ceil(from / step - 1e-9);
        long last = (long) Math.floor(to / step + 1e-9);
        for (long i = first; i <= last; i++) {
            // i * step, not a running sum: 0.1 + 0.2 is not 0.3, and the label would say so.
            out.add(i == 0 ? 0.0 : i * step);
        }
        return out;
    }

    /** A tick's label: as many decimals as the step has (steps of 0.2 show 0.2, 0.4, ...; of 50 none). */
    String label(double v) {
        int decimals = Math.max(0, (int) Math.ceil(-Math.log10(step) - 1e-9));
        return String.format(java.util.Locale.ROOT, "%." + decimals + "f", v == 0 ? 0.0 : v);
    }
}
