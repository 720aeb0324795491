package org.orbscope.postprocess.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.orbscope.run.AtomicFiles;
import org.orbscope.trace.tools.jvm.CallTree;
import org.orbscope.trace.tools.jvm.TraceFacts;
import org.orbscope.trace.tools.jvm.TraceSummary;

/**
 * JPMT's summaries of a trace as files: index.html (one self-contained page: inline CSS and SVG, no scripts, no
 * network), summary.md (the same tables as text) and summary.json (every figure, times in nanoseconds, and the
 * whole call tree). docs/jvm-summaries.md explains every column.
 */
public final class JvmSummaryReport {
    /** How many rows the "top" tables show unless told. */
    public static final int DEFAULT_TOP = 20;
    private static final String CSS = "body{font-family:sans-serif;margin:2em;max-width:1400px;color:#222}"
            + "table{border-collapse:collapse;margin:0.5em 0 1em;font-size:0.9em}td,th{border:1px solid #bbb;"
            + "padding:3px 7px;text-align:right}th{background:#eee}td:first-child,th:first-child{text-align:left;"
            + "word-break:break-all}.warn{color:#a40000}details{margin:0.6em 0}summary{cursor:pointer}"
            + "dt{font-weight:bold}dd{margin:0 0 0.4em 1.5em}.wide{overflow-x:auto}nav a{margin-right:1em}"
            + "svg.flame rect:hover{stroke:#000;stroke-width:0.5}";

    private JvmSummaryReport() {
    }

    /** Writes index.html, summary.md and summary.json into {@code out} (created if missing). */
    public static void write(TraceSummary s, Path out, int top) throws IOException {
        String generated = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
        AtomicFiles.write(out.resolve("index.html"), html(s, top, generated));
        AtomicFiles.write(out.resolve("summary.md"), markdown(s, top, generated));
        AtomicFiles.write(out.resolve("summary.json"), json(s, generated));
    }

    static String html(TraceSummary s, int top, String generated) {
        StringBuilder b = new StringBuilder(256 * 1024);
        String title = "JVM summary: " + s.name();
        b.append("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>").append(Svg.esc(title))
                .append("</title><style>").append(CSS).append("</style></head><body><h1>").append(Svg.esc(title))
                .append("</h1><p>Generated ").append(Svg.esc(generated)).append(" by orbscope from the trace alone: "
                        + "JPMT's summaries of monitors, parking, allocation, methods and threads. Times in "
                        + "milliseconds; - is unknown. The columns are explained at the end.</p>")
                .append("<nav><a href=\"#trace\">Trace</a><a href=\"#monitors\">Monitors</a><a href=\"#parks\">"
                        + "Parking</a><a href=\"#allocations\">Allocations</a><a href=\"#methods\">Methods</a>"
                        + "<a href=\"#threads\">Threads</a><a href=\"#columns\">Columns</a></nav>");
        TraceFacts f = s.facts();
        b.append("<h2 id=\"trace\">The trace</h2><ul>");
        facts(s).forEach(line -> b.append("<li>").append(Svg.esc(line)).append("</li>"));
        b.append("</ul>");
        List<String> warnings = warnings(s);
        if (!warnings.isEmpty()) {
            b.append("<h3>What the figures leave out</h3><ul class=\"warn\">");
            warnings.forEach(w -> b.append("<li>").append(Svg.esc(w)).append("</li>"));
            b.append("</ul>");
        }
        if (!f.collectors().isEmpty()) {
            b.append("<h3>GC pauses by collector</h3>");
            htmlTable(b, "gc", JvmTables.COLLECTORS, f.collectors());
        }
        b.append("<details><summary>Trace header (JVM, host, agent options)</summary><table id=\"info\"><tbody>");
        f.info().forEach((k, v) -> b.append("<tr><td>").append(Svg.esc(k)).append("</td><td>").append(Svg.esc(v))
                .append("</td></tr>"));
        b.append("</tbody></table></details>");

        var monitors = s.monitors().monitors();
        b.append("<h2 id=\"monitors\">Monitors</h2>");
        if (monitors.isEmpty()) {
            b.append("<p>No monitor events: the agent records them for the classes <code>monitors.include</code> "
                    + "selects (events <code>monitors</code>), JFR spans with events <code>jfr</code>.</p>");
        } else {
            b.append("<p>").append(topOf(monitors, top))
                    .append(" by contention time (then hold time), like JDK Mission Control's Lock Instances.</p>");
            htmlTable(b, "monitors-top", JvmTables.MONITORS, head(monitors, top));
            b.append("<details><summary>All ").append(monitors.size()).append(" monitors</summary>");
            htmlTable(b, "monitors-all", JvmTables.MONITORS, monitors);
            b.append("</details>");
        }
        var parks = s.parks().blockers();
        b.append("<h2 id=\"parks\">Parking (java.util.concurrent)</h2>");
        if (parks.isEmpty()) {
            b.append("<p>No park events (events <code>park</code>, or JFR spans with events <code>jfr</code>).</p>");
        } else {
            htmlTable(b, "parks", JvmTables.PARKS, parks);
        }
        var allocations = s.allocations().classes();
        b.append("<h2 id=\"allocations\">Allocations</h2>");
        if (allocations.isEmpty()) {
            b.append("<p>No allocation events: the agent counts the classes <code>alloc.include</code> selects "
                    + "(events <code>alloc</code>).</p>");
        } else {
            htmlTable(b, "allocations", JvmTables.ALLOCATIONS, allocations);
        }
        var methods = s.methods().methods();
        b.append("<h2 id=\"methods\">Methods</h2>");
        if (methods.isEmpty()) {
            b.append("<p>No method calls with both their enter and exit in the trace.</p>");
        } else {
            b.append("<div class=\"wide\">").append(FlameGraph.svg(s.methods().callTree())).append("</div>");
            b.append("<p>").append(topOf(methods, top))
                    .append(" methods by exclusive wall time (all of them in summary.json).</p>");
            htmlTable(b, "methods-top", JvmTables.METHODS, head(methods, top));
        }
        b.append("<h2 id=\"threads\">Threads</h2>");
        htmlTable(b, "threads", JvmTables.threads(s.hasJfr()), s.threads().threads());
        b.append("<h2 id=\"columns\">How to read the columns</h2>");
        glossary(b, "Monitors", JvmTables.MONITORS);
        glossary(b, "Parking", JvmTables.PARKS);
        glossary(b, "Allocations", JvmTables.ALLOCATIONS);
        glossary(b, "Methods", JvmTables.METHODS);
        glossary(b, "Threads", JvmTables.threads(true));
        glossary(b, "GC pauses", JvmTables.COLLECTORS);
        return b.append("</body></html>\n").toString();
    }

    private static <T> void htmlTable(StringBuilder b, String id, List<JvmTables.Column<T>> cols, List<T> rows) {
        b.append("<div class=\"wide\"><table id=\"").append(id).append("\"><thead><tr>");
        cols.forEach(c -> b.append("<th>").append(Svg.esc(c.header())).append("</th>"));
        b.append("</tr></thead><tbody>");
        for (T r : rows) {
            b.append("<tr>");
            cols.forEach(c -> b.append("<td>").append(Svg.esc(c.cell().apply(r))).append("</td>"));
            b.append("</tr>");
        }
        b.append("</tbody></table></div>");
    }

    private static <T> void glossary(StringBuilder b, String table, List<JvmTables.Column<T>> cols) {
        b.append("<h3>").append(table).append("</h3><dl>");
        cols.forEach(c -> b.append("<dt>").append(Svg.esc(c.header())).append("</dt><dd>")
                .append(Svg.esc(c.meaning())).append("</dd>"));
        b.append("</dl>");
    }

    /** The trace's facts, one line each, for the page and the Markdown file. */
    static List<String> facts(TraceSummary s) {
        TraceFacts f = s.facts();
        List<String> l = new ArrayList<>();
        l.add("Duration " + JvmTables.ms(f.durationNanos()) + " ms (first to last event), " + f.events()
                + " events" + (f.footerEvents() >= 0 ? " (the footer counts " + f.footerEvents() + ")" : "")
                + ", " + s.threads().threads().size() + " threads.");
        l.add("Dropped events: " + f.droppedEvents() + "; errors inside the agent: " + f.agentErrors() + ".");
        l.add(f.truncated() ? "Truncated: " + f.truncation() + " (read up to its last whole chunk)."
                : "Complete: the trace was closed by its writer.");
        f.damage().forEach(d -> l.add("Damaged: " + d + "."));
        l.add("GC pauses: " + f.gcPauses() + ", " + JvmTables.ms(f.gcPauseNanos()) + " ms in all, the longest "
                + JvmTables.ms(f.maxGcPauseNanos()) + " ms.");
        return l;
    }

    /** What the figures leave out: losses the trace states and events it does not pair. */
    private static List<String> warnings(TraceSummary s) {
        List<String> w = new ArrayList<>();
        TraceFacts f = s.facts();
        if (f.droppedEvents() > 0) {
            w.add(f.droppedEvents() + " events were dropped by the agent: figures near them may be short.");
        }
        if (f.lostStretches() > 0) {
            w.add(f.lostStretches() + " damaged stretch(es) of the trace were skipped, with "
                    + (f.lostEvents() >= 0 ? f.lostEvents() + " events" : "an unknown number of events (no footer)")
                    + " in them: each thread's open calls, holds, waits and parks were dropped there, not paired across.");
        }
        w.addAll(s.notes());
        return w;
    }

    static String markdown(TraceSummary s, int top, String generated) {
        StringBuilder b = new StringBuilder(64 * 1024);
        b.append("# JVM summary: ").append(s.name()).append("\n\nGenerated ").append(generated)
                .append(" by orbscope from the trace alone. Times in milliseconds; - is unknown.\n\n## The trace\n\n");
        facts(s).forEach(l -> b.append("- ").append(l).append('\n'));
        warnings(s).forEach(l -> b.append("- **left out:** ").append(l).append('\n'));
        if (!s.facts().collectors().isEmpty()) {
            b.append('\n');
            mdTable(b, JvmTables.COLLECTORS, s.facts().collectors());
        }
        var monitors = s.monitors().monitors();
        b.append("\n## Monitors (").append(topOf(monitors, top).toLowerCase(Locale.ROOT)).append(" by contention)\n\n");
        mdTable(b, JvmTables.MONITORS, head(monitors, top));
        b.append("\n## Parking\n\n");
        mdTable(b, JvmTables.PARKS, s.parks().blockers());
        b.append("\n## Allocations\n\n");
        mdTable(b, JvmTables.ALLOCATIONS, s.allocations().classes());
        var methods = s.methods().methods();
        b.append("\n## Methods (").append(topOf(methods, top).toLowerCase(Locale.ROOT))
                .append(" by exclusive wall time)\n\n");
        mdTable(b, JvmTables.METHODS, head(methods, top));
        b.append("\n## Threads\n\n");
        mdTable(b, JvmTables.threads(s.hasJfr()), s.threads().threads());
        return b.toString();
    }

    private static <T> List<T> head(List<T> rows, int top) {
        return rows.subList(0, Math.min(top, rows.size()));
    }

    private static String topOf(List<?> rows, int top) {
        return "Top " + Math.min(top, rows.size()) + " of " + rows.size();
    }

    private static <T> void mdTable(StringBuilder b, List<JvmTables.Column<T>> cols, List<T> rows) {
        if (rows.isEmpty()) {
            b.append("(none)\n");
            return;
        }
        b.append('|');
        cols.forEach(c -> b.append(' ').append(c.header()).append(" |"));
        b.append("\n|");
        for (int i = 0; i < cols.size(); i++) {
            b.append(i == 0 ? "---|" : "---:|");
        }
        b.append('\n');
        for (T r : rows) {
            b.append('|');
            cols.forEach(c -> b.append(' ').append(c.cell().apply(r).replace("|", "\\|")).append(" |"));
            b.append('\n');
        }
    }

    static String json(TraceSummary s, String generated) throws IOException {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("trace", s.name());
        root.put("generated", generated);
        root.put("facts", s.facts());
        root.put("notes", s.notes());
        root.put("monitors", s.monitors().monitors());
        root.put("parks", s.parks().blockers());
        root.put("allocations", s.allocations().classes());
        Map<String, Object> methods = new LinkedHashMap<>();
        methods.put("exitsWithoutEnter", s.methods().exitsWithoutEnter());
        methods.put("openAtEnd", s.methods().openAtEnd());
        methods.put("lostCalls", s.methods().lostCalls());
        methods.put("methods", s.methods().methods());
        methods.put("callTree", callTree(s.methods().callTree()));
        root.put("methods", methods);
        root.put("threads", s.threads().threads());
        return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(root) + "\n";
    }

    /**
     * The call tree as a flat list in depth-first order, each node naming its parent's index: nested JSON would
     * be as deep as the deepest recursion, deeper than JSON libraries read by default.
     */
    private static List<Map<String, Object>> callTree(CallTree tree) {
        List<Map<String, Object>> out = new ArrayList<>(tree.size());
        record Todo(CallTree.Node node, int parent) {
        }
        Deque<Todo> todo = new ArrayDeque<>();
        todo.push(new Todo(tree.top(), -1));
        while (!todo.isEmpty()) {
            Todo t = todo.pop();
            CallTree.Node n = t.node();
            int index = out.size();
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("id", index);
            m.put("parent", t.parent());
            m.put("method", n.name());
            m.put("calls", n.calls());
            m.put("wallNanos", n.wallNanos());
            m.put("selfWallNanos", n.selfWallNanos());
            m.put("cpuCalls", n.cpuCalls());
            m.put("cpuNanos", n.cpuNanos());
            out.add(m);
            List<CallTree.Node> kids = n.children();
            for (int i = kids.size() - 1; i >= 0; i--) {
                todo.push(new Todo(kids.get(i), index));
            }
        }
        return out;
    }
}
