package org.orbscope.scenario;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/** Reads and validates scenario files. */
public final class ScenarioLoader {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory())
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);

    private ScenarioLoader() {
    }

    public static ObjectMapper yamlMapper() {
        return YAML.copy();
    }

    /** Loads and validates a scenario file. */
    public static Scenario load(Path file) throws ScenarioException {
        String name = file.toString();
        String text;
        try {
            text = Files.readString(file);
        } catch (NoSuchFileException e) {
            throw new ScenarioException(name, 0, 0, null, "no such file");
        } catch (IOException e) {
            throw new ScenarioException(name, 0, 0, null, "cannot read: " + e.getMessage());
        }
        return parse(name, text);
    }

    /** Parses and validates scenario text; {@code name} is used in messages. */
    public static Scenario parse(String name, String text) throws ScenarioException {
        try {
            return YAML.readValue(text, Scenario.class);
        } catch (JsonMappingException e) {
            int line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
            int col = e.getLocation() == null ? 0 : e.getLocation().getColumnNr();
            throw new ScenarioException(name, line, col, path(e), e.getOriginalMessage());
        } catch (IOException e) {
            throw new ScenarioException(name, 0, 0, null, e.getMessage());
        }
    }

    private static String path(JsonMappingException e) {
        StringBuilder b = new StringBuilder();
        for (JsonMappingException.Reference r : e.getPath()) {
            if (r.getIndex() >= 0) {
                b.append('[').append(r.getIndex()).append(']');
            } else if (r.getFieldName() != null) {
                if (b.length() > 0) {
                    b.append('.');
                }
                b.append(r.getFieldName());
            }
        }
        return b.toString();
    }
}
