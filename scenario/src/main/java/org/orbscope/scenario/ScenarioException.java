package org.orbscope.scenario;

/** A scenario that cannot be used, with where the problem is: file, line, column and field path. */
public final class ScenarioException extends Exception {
    private final String file;
    private final int line;
    private final int column;
    private final String field;
    private final String problem;

    public ScenarioException(String file, int line, int column, String field, String problem) {
        super(format(file, line, column, field, problem));
        this.file = file;
        this.line = line;
        this.column = column;
        this.field = field;
        this.problem = problem;
    }

    private static String format(String file, int line, int column, String field, String problem) {
        StringBuilder b = new StringBuilder(file == null ? "<scenario>" : file);
        if (line > 0) {
            b.append(':').append(line);
            if (column > 0) {
                b.append(':').append(column);
            }
        }
        b.append(": ");
        if (field != null && !field.isEmpty()) {
            b.append(field).append(": ");
        }
        return b.append(problem).toString();
    }

    public String file() { return file; }
    public int line() { return line; }
    public int column() { return column; }
    public String field() { return field; }
    public String problem() { return problem; }
}
