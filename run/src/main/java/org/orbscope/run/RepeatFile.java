package org.orbscope.run;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code points/<point>/repeat.json}: how {@code orbscope run --repeat} repeated a point, each repetition in fresh
 * server and client JVMs ({@link PointDirectory#repetition}). Written by the run after each repetition, read by the
 * report, which judges the spread against {@code until}.
 *
 * @param upTo the most repetitions asked for ({@code --repeat})
 * @param until the precision asked for ({@code --until}): the largest 95% half-width of the mean response across
 *     repetitions relative to their mean, as a fraction (0.05 for 5%); null without {@code --until}
 * @param ran the repetitions that ran
 * @param met whether {@code until} was met; null without {@code --until}
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RepeatFile(int upTo, Double until, int ran, Boolean met) {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    public void write(Path file) throws IOException {
        AtomicFiles.write(file, JSON.writeValueAsString(this) + "\n");
    }

    /** The file of a point; null when the point was run once (no file). */
    public static RepeatFile read(Path file) throws IOException {
        if (!Files.exists(file)) {
            return null;
        }
        try (InputStream in = Files.newInputStream(file)) {
            return JSON.readValue(in, RepeatFile.class);
        }
    }
}
