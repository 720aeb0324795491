package org.orbscope.postprocess.report;

import java.util.ArrayList;
import java.util.List;
import org.orbscope.postprocess.point.PointAnalysis;
import org.orbscope.postprocess.point.Validity;

/**
 * The box at the top of a report: whether each point's figures can be trusted, its verdict and the reasons, the
 * weightiest first (docs/reports.md, "Can these figures be trusted?"). A run of valid points gets one line.
 */
final class TrustBox {
    private static final String[] COLOURS = {"#176317", "#8a5a00", "#a40000"};

    private TrustBox() {
    }

    /** The box as HTML, styled inline (the page's style sheet is the page's own). */
    static void html(StringBuilder b, List<PointAnalysis> points) {
        List<PointAnalysis> judged = points.stream().filter(p -> p.validity() != null).toList();
        if (judged.isEmpty()) {
            return;
        }
        Validity.Verdict worst = worst(judged);
        b.append("<div id=\"verdict\" style=\"border:2px solid ").append(colour(worst))
                .append(";padding:0.4em 1em;margin:1em 0\"><h2 style=\"margin:0.2em 0\">Can these figures be trusted? ")
                .append("<span style=\"color:").append(colour(worst)).append("\">").append(headline(judged, worst))
                .append("</span></h2>");
        List<PointAnalysis> flagged = judged.stream().filter(p -> !p.validity().reasons().isEmpty()).toList();
        if (!flagged.isEmpty()) {
            b.append("<ul>");
            for (PointAnalysis p : flagged) {
                Validity v = p.validity();
                b.append("<li><b>").append(Svg.esc(p.name())).append("</b>: <span style=\"color:")
                        .append(colour(v.verdict())).append("\">").append(v.verdict().label()).append("</span><ul>");
                for (Validity.Reason r : sorted(v)) {
                    b.append("<li><span style=\"color:").append(colour(r.severity())).append("\">")
                            .append(r.severity().label()).append("</span> <code>").append(Svg.esc(r.check()))
                            .append("</code>: ").append(Svg.esc(r.sentence())).append("</li>");
                }
                b.append("</ul></li>");
            }
            b.append("</ul>");
        }
        String machine = MachineChart.svg(points);
        if (machine != null) {
            b.append("<p>The machine over the run's time: its CPUs busy in each state, the run's processes and the "
                    + "other processes (those that took a noticeable share, by the second; another run's among them), "
                    + "in CPUs.</p>").append(machine);
        } else {
            b.append("<p>The machine was not watched during this run (no <code>watch/cpus.csv</code> beside its "
                    + "points): nothing here says what else took its CPUs.</p>");
        }
        b.append("<p style=\"font-size:0.9em\">Every check and threshold: docs/reports.md, \"Can these figures be "
                + "trusted?\". The verdicts are in summary.json (<code>verdict</code>, <code>reasons</code>).</p>")
                .append("</div>");
    }

    /** The box as Markdown lines. */
    static List<String> markdown(List<PointAnalysis> points) {
        List<PointAnalysis> judged = points.stream().filter(p -> p.validity() != null).toList();
        List<String> out = new ArrayList<>();
        if (judged.isEmpty()) {
            return out;
        }
        out.add("## Can these figures be trusted? " + headline(judged, worst(judged)));
        out.add("");
        for (PointAnalysis p : judged) {
            if (!p.validity().reasons().isEmpty()) {
                out.add("- **" + p.name() + "**: " + p.validity().verdict().label());
                sorted(p.validity()).forEach(r -> out.add("  - " + r.severity().label() + " `" + r.check() + "`: "
                        + r.sentence()));
            }
        }
        if (!out.get(out.size() - 1).isEmpty()) {
            out.add("");
        }
        return out;
    }

    private static String headline(List<PointAnalysis> judged, Validity.Verdict worst) {
        long valid = judged.stream().filter(p -> p.validity().verdict() == Validity.Verdict.VALID).count();
        if (judged.size() == 1) {
            return judged.get(0).validity().verdict().label();
        }
        return worst == Validity.Verdict.VALID ? "every point valid"
                : valid + " of " + judged.size() + " points valid";
    }

    private static Validity.Verdict worst(List<PointAnalysis> judged) {
        return judged.stream().map(p -> p.validity().verdict()).max(Enum::compareTo).orElse(Validity.Verdict.VALID);
    }

    private static List<Validity.Reason> sorted(Validity v) {
        return v.reasons().stream().sorted((a, c) -> c.severity().compareTo(a.severity())).toList();
    }

    private static String colour(Validity.Verdict v) {
        return COLOURS[v.ordinal()];
    }
}
