package org.orbscope.postprocess.report;

import java.util.ArrayList;
import java.util.List;

/**
 * A table of the report, said once and rendered by each output: HTML ({@link HtmlReport}), Markdown
 * ({@link MarkdownReport}) and CSV ({@link SummaryFiles}). Cells are numbers, text, {@link Spread}s,
 * {@link Estimate}s or {@link Ratio}s; null is unknown.
 *
 * @param id the HTML id (also the CSV file's stem where a table is written alone)
 * @param title a heading
 * @param note what the table shows, in a sentence or two (may be empty)
 */
public record Table(String id, String title, String note, List<String> headers, List<List<Object>> rows) {
    public Table {
        headers = List.copyOf(headers);
        rows = List.copyOf(rows);
    }

    /** A mean with the band of the 5th to the 95th percentile (Beekhuis's lower and upper bounds). */
    public record Spread(Double mean, Double p5, Double p95) {
        @Override
        public String toString() {
            return SweepTable.format(mean) + " (" + SweepTable.format(p5) + "-" + SweepTable.format(p95) + ")";
        }
    }

    /** A figure with its 95% half-width (null: too few values to say). */
    public record Estimate(Double value, Double halfWidth) {
        @Override
        public String toString() {
            return SweepTable.format(value) + (halfWidth == null ? "" : " \u00b1 " + SweepTable.format(halfWidth));
        }
    }

    /**
     * One run's figure against the first run's: the ratio, and whether the difference is larger than the two
     * runs' own spread (their confidence intervals do not overlap).
     */
    public record Ratio(Double value, boolean differs) {
        @Override
        public String toString() {
            return value == null ? "-" : String.format(java.util.Locale.ROOT, "%.2fx", value) + (differs ? " *" : "");
        }
    }

    /** Builds a table row by row. */
    public static final class Builder {
        private final String id;
        private final String title;
        private final String note;
        private final List<String> headers;
        private final List<List<Object>> rows = new ArrayList<>();

        public Builder(String id, String title, String note, List<String> headers) {
            this.id = id;
            this.title = title;
            this.note = note;
            this.headers = headers;
        }

        public Builder row(List<Object> cells) {
            rows.add(new ArrayList<>(cells));
            return this;
        }

        public boolean isEmpty() {
            return rows.isEmpty();
        }

        public Table build() {
            return new Table(id, title, note, headers, rows);
        }
    }
}
