package org.orbscope.scenario;

import java.io.StringReader;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.events.AliasEvent;
import org.yaml.snakeyaml.events.Event;
import org.yaml.snakeyaml.events.NodeEvent;
import org.yaml.snakeyaml.parser.ParserImpl;
import org.yaml.snakeyaml.reader.StreamReader;

/**
 * Refuses YAML anchors ({@code &name}) and aliases ({@code *name}). Jackson's tree model reads an alias as the
 * text of its name, so {@code cpu: *c} would be the duration "c": a clear refusal beats a wrong value.
 * Reads the events of SnakeYAML, the parser Jackson's YAML module itself uses.
 */
final class Aliases {
    private Aliases() {
    }

    static void refuse(String file, String text) throws ScenarioException {
        ParserImpl parser = new ParserImpl(new StreamReader(new StringReader(text)), new LoaderOptions());
        try {
            while (parser.peekEvent() != null) {
                Event e = parser.getEvent();
                if (e instanceof AliasEvent a) {
                    throw at(file, e.getStartMark(), "YAML aliases (*" + a.getAnchor() + ") are not supported in "
                            + "scenarios: write the value out");
                }
                if (e instanceof NodeEvent n && n.getAnchor() != null) {
                    throw at(file, e.getStartMark(), "YAML anchors (&" + n.getAnchor() + ") are not supported in "
                            + "scenarios: write the values out (use a sweep to vary one)");
                }
            }
        } catch (MarkedYAMLException e) {
            // Not valid YAML: Jackson's parse that follows names the problem and its place.
        }
    }

    private static ScenarioException at(String file, Mark m, String problem) {
        return new ScenarioException(file, m == null ? 0 : m.getLine() + 1, m == null ? 0 : m.getColumn() + 1, null,
                problem);
    }
}
