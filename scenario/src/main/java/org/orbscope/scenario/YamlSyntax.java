package org.orbscope.scenario;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;

/**
 * A YAML syntax error as one line that names where the problem is, not where the parser was: SnakeYAML's own
 * message spans five to eight lines with the context it was parsing, and Jackson's location is the last token
 * read, often a line before the problem.
 */
final class YamlSyntax {
    private static final Pattern DUPLICATE = Pattern.compile("Duplicate field '([^']*)'");

    private YamlSyntax() {
    }

    static ScenarioException problem(String file, String text, JsonProcessingException e) {
        Matcher dup = DUPLICATE.matcher(String.valueOf(e.getOriginalMessage()));
        if (dup.find()) {
            int line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
            return new ScenarioException(file, line, firstColumn(text, line), null,
                    "not valid YAML: duplicate key '" + dup.group(1) + "' (a mapping holds each key once)");
        }
        MarkedYAMLException marked = marked(e);
        if (marked != null && marked.getProblemMark() != null) {
            Mark at = marked.getProblemMark();
            return new ScenarioException(file, at.getLine() + 1, at.getColumn() + 1, null,
                    "not valid YAML: " + explain(marked));
        }
        int line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
        int column = e.getLocation() == null ? 0 : e.getLocation().getColumnNr();
        return new ScenarioException(file, line, column, null, "not valid YAML: " + firstLine(e.getOriginalMessage()));
    }

    private static MarkedYAMLException marked(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof MarkedYAMLException) {
                return (MarkedYAMLException) t;
            }
        }
        return null;
    }

    /** SnakeYAML's problem in words a scenario's author acts on. */
    private static String explain(MarkedYAMLException e) {
        String problem = String.valueOf(e.getProblem());
        String context = String.valueOf(e.getContext());
        if (problem.contains("\\t(TAB)") || problem.contains("\t")) {
            return "a tab character; YAML indents with spaces only";
        }
        if (problem.contains("could not find expected ':'")) {
            return "a line without 'key: value' where a key was expected (is the file cut short?)";
        }
        if (problem.contains("expected <block end>")) {
            return "this line is indented differently from the keys around it";
        }
        if (problem.contains("mapping values are not allowed here")) {
            return "a second ':' on one line (quote a value that holds ': ', or start a new line for a nested key)";
        }
        if (problem.contains("found unexpected end of stream")) {
            return "the file ends inside a quoted value or a bracket ([ or {) that is not closed";
        }
        if (context.contains("flow") || problem.contains("expected ',' or ']'") || problem.contains("expected ',' or '}'")) {
            return firstLine(problem) + " (a bracket [ or { that is not closed?)";
        }
        return firstLine(problem);
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "unreadable";
        }
        int nl = s.indexOf('\n');
        return (nl < 0 ? s : s.substring(0, nl)).trim();
    }

    /** The column of a line's first character that is not a space (1-based), or 0 when unknown. */
    private static int firstColumn(String text, int line) {
        if (line <= 0) {
            return 0;
        }
        String[] lines = text.split("\n", -1);
        if (line > lines.length) {
            return 0;
        }
        String l = lines[line - 1];
        int i = 0;
        while (i < l.length() && l.charAt(i) == ' ') {
            i++;
        }
        return i + 1;
    }
}
