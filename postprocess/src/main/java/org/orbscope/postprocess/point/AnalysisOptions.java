package org.orbscope.postprocess.point;

import java.nio.file.Path;
import org.orbscope.scenario.Scenario;
import org.orbscope.trace.profile.OrbProfile;

/**
 * How to analyze a point or a trace and what to write on the way: how traces become stage tables, where the
 * stage tables go, and for a trace on its own the scenario, the requests to skip and the window. Immutable;
 * built with {@link #builder()} or changed with {@link #toBuilder()}.
 */
public final class AnalysisOptions {
    private static final AnalysisOptions DEFAULTS = builder().build();

    private final StageSource traces;
    private final boolean stageTablesInPoints;
    private final Path stagesCsv;
    private final boolean parquet;
    private final boolean overTime;
    private final Scenario scenario;
    private final String scenarioText;
    private final long skip;
    private final String from;
    private final String to;

    private AnalysisOptions(Builder b) {
        traces = b.traces;
        stageTablesInPoints = b.stageTablesInPoints;
        stagesCsv = b.stagesCsv;
        parquet = b.parquet;
        overTime = b.overTime;
        scenario = b.scenario;
        scenarioText = b.scenarioText;
        skip = b.skip;
        from = b.from;
        to = b.to;
    }

    /** Traces read with the roles they carry, nothing written, the whole recording. */
    public static AnalysisOptions defaults() {
        return DEFAULTS;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding these options. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.traces = traces;
        b.stageTablesInPoints = stageTablesInPoints;
        b.stagesCsv = stagesCsv;
        b.parquet = parquet;
        b.overTime = overTime;
        b.scenario = scenario;
        b.scenarioText = scenarioText;
        b.skip = skip;
        b.from = from;
        b.to = to;
        return b;
    }

    /** How a server trace becomes its stage table. */
    public StageSource traces() {
        return traces;
    }

    /** Whether each point of a run gets its stage tables in its {@code report/} directory. */
    public boolean stageTablesInPoints() {
        return stageTablesInPoints;
    }

    /** Where the stage table of a trace on its own goes; null: nowhere. */
    public Path stagesCsv() {
        return stagesCsv;
    }

    /** Whether each stage table is written as stages.parquet beside its CSV too. */
    public boolean parquet() {
        return parquet;
    }

    /** Whether a trace on its own is also summarized interval by interval over the whole recording. */
    public boolean overTime() {
        return overTime;
    }

    /** The scenario of a trace on its own, or null. */
    public Scenario scenario() {
        return scenario;
    }

    /** The scenario's text as given ("" without one). */
    public String scenarioText() {
        return scenarioText;
    }

    /** Requests at the start of a trace on its own that are not the workload's, when no scenario says. */
    public long skip() {
        return skip;
    }

    /** The start of the window of a trace on its own, as given ({@link TraceWindow}); null: the start. */
    public String from() {
        return from;
    }

    /** The end of the window of a trace on its own, as given; null: the end. */
    public String to() {
        return to;
    }

    /** Builds {@link AnalysisOptions}; every setting starts at its default. */
    public static final class Builder {
        private StageSource traces = StageSource.streaming(null);
        private boolean stageTablesInPoints;
        private Path stagesCsv;
        private boolean parquet;
        private boolean overTime;
        private Scenario scenario;
        private String scenarioText = "";
        private long skip;
        private String from;
        private String to;

        private Builder() {
        }

        /** Traces become stage tables through {@code traces} (tests and benchmarks replace the reader). */
        public Builder traces(StageSource traces) {
            this.traces = traces;
            return this;
        }

        /** Traces are read with {@code profile}'s roles (null: the roles each trace carries). */
        public Builder profile(OrbProfile profile) {
            return traces(StageSource.streaming(profile));
        }

        /**
         * Each point of a run writes its stage tables into its {@code report/} directory: {@code stages.csv}, or
         * {@code stages-<server>.csv} for each of several servers.
         */
        public Builder stageTablesInPoints(boolean write) {
            this.stageTablesInPoints = write;
            return this;
        }

        /** The stage table of a trace on its own is written to {@code csv} (null: not written). */
        public Builder stagesCsv(Path csv) {
            this.stagesCsv = csv;
            return this;
        }

        /** Each stage table is written as stages.parquet beside its CSV too. */
        public Builder parquet(boolean parquet) {
            this.parquet = parquet;
            return this;
        }

        /** A trace on its own is also summarized interval by interval ({@link OverTime}). */
        public Builder overTime(boolean overTime) {
            this.overTime = overTime;
            return this;
        }

        /**
         * The scenario of a trace on its own (null: none): it gives the model and says which of the first
         * requests are the server's warm-up calls and the client's reachability checks.
         */
        public Builder scenario(Scenario scenario, String text) {
            this.scenario = scenario;
            this.scenarioText = text == null ? "" : text;
            return this;
        }

        /** Requests at the start of a trace on its own that are not the workload's, when no scenario says. */
        public Builder skip(long skip) {
            this.skip = skip;
            return this;
        }

        /**
         * Only the requests of a trace on its own that arrived in [{@code from}, {@code to}): instants or times
         * since the recording's start ({@link TraceWindow}); null leaves that side open.
         */
        public Builder window(String from, String to) {
            this.from = from;
            this.to = to;
            return this;
        }

        public AnalysisOptions build() {
            return new AnalysisOptions(this);
        }
    }
}
