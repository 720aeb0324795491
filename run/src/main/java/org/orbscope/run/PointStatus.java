package org.orbscope.run;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

/**
 * {@code points/<point>/status.json}: how the runner's attempt at a point ended. {@code status} is one of
 * {@link #OK}, {@link #FAILED} (a JVM died or was not ready, the client failed, requests failed, a monitored server
 * left no trace) or
 * {@link #INTERRUPTED} (the run was stopped by a signal); {@code error} says why when it is not ok. Exit codes
 * are null when that JVM did not run or did not end; a scenario with several servers has their exit codes by name
 * in {@code serverExits} and no {@code serverExit}.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PointStatus(String status, String error, Integer serverExit, Map<String, Integer> serverExits,
                          Integer clientExit, long startedEpochMs, long endedEpochMs) {
    public static final String OK = "ok";
    public static final String FAILED = "failed";
    public static final String INTERRUPTED = "interrupted";

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    public boolean ok() {
        return OK.equals(status);
    }

    public void write(Path file) throws IOException {
        AtomicFiles.write(file, JSON.writeValueAsString(this) + "\n");
    }

    public static PointStatus read(Path file) throws IOException {
        try (java.io.InputStream in = java.nio.file.Files.newInputStream(file)) {
            return JSON.readValue(in, PointStatus.class);
        }
    }
}
