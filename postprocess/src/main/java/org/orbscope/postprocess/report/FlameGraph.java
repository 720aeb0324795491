package org.orbscope.postprocess.report;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;
import org.orbscope.trace.tools.jvm.CallTree;

/**
 * A flame graph of a {@link CallTree} as inline SVG, after async-profiler's: the root at the bottom, each call path
 * a frame above its caller, as wide as its share of the root's wall time, siblings in name order. Each frame's
 * {@code <title>} names the method in full with its figures (the browser shows it on hover: no scripts). Siblings
 * narrower than a pixel are merged into one frame, drawn when the merged frame reaches a pixel, so the page stays
 * small however many paths the tree has.
 */
final class FlameGraph {
    static final int WIDTH = 1200;
    private static final int ROW = 17;
    private static final int PAD = 10;
    private static final double CHAR = 6.6;

    private record Frame(double x, double w, int depth, String label, String title, String fill) {
    }

    private FlameGraph() {
    }

    static String svg(CallTree tree) {
        CallTree.Node root = tree.top();
        double total = root.wallNanos();
        if (total <= 0) {
            return "<p>No call with both its enter and exit in the trace: no flame graph.</p>";
        }
        double scale = (WIDTH - 2 * PAD) / total;
        List<Frame> frames = new ArrayList<>();
        record Todo(CallTree.Node node, double x, int depth) {
        }
        Deque<Todo> todo = new ArrayDeque<>();
        todo.push(new Todo(root, PAD, 0));
        int maxDepth = 0;
        while (!todo.isEmpty()) {
            Todo t = todo.pop();
            CallTree.Node n = t.node();
            frames.add(new Frame(t.x(), n.wallNanos() * scale, t.depth(), label(n), title(n, total), color(n.name())));
            maxDepth = Math.max(maxDepth, t.depth());
            List<CallTree.Node> kids = new ArrayList<>(n.children());
            kids.sort(Comparator.comparing(CallTree.Node::name));
            double x = t.x();
            long narrowWall = 0;
            int narrow = 0;
            for (CallTree.Node c : kids) {
                double w = c.wallNanos() * scale;
                if (w < 1) {
                    narrowWall += c.wallNanos();
                    narrow += c.wallNanos() > 0 ? 1 : 0;
                    continue;
                }
                todo.push(new Todo(c, x, t.depth() + 1));
                x += w;
            }
            if (narrowWall * scale >= 1) {
                String what = narrow + " frames narrower than a pixel";
                frames.add(new Frame(x, narrowWall * scale, t.depth() + 1, what, what + "\n"
                        + JvmTables.ms(narrowWall) + " ms wall (" + percent(narrowWall, total) + ")", "#c8c8c8"));
                maxDepth = Math.max(maxDepth, t.depth() + 1);
            }
        }
        int height = (maxDepth + 1) * ROW + 2 * PAD + 20;
        StringBuilder b = new StringBuilder(frames.size() * 160 + 512);
        b.append("<svg class=\"flame\" xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(WIDTH)
                .append("\" height=\"").append(height).append("\" viewBox=\"0 0 ").append(WIDTH).append(' ')
                .append(height).append("\" font-family=\"monospace\" font-size=\"11\" role=\"img\">")
                .append("<title>Flame graph: wall time by call path</title>")
                .append("<text x=\"").append(WIDTH / 2).append("\" y=\"16\" font-size=\"13\" text-anchor=\"middle\" ")
                .append("font-family=\"sans-serif\">Wall time by call path (width: inclusive wall time; hover for "
                        + "figures)</text>");
        for (Frame f : frames) {
            double y = height - PAD - (f.depth() + 1) * ROW;
            b.append("<g><title>").append(Svg.esc(f.title())).append("</title><rect x=\"").append(Svg.fmt(f.x()))
                    .append("\" y=\"").append(Svg.fmt(y)).append("\" width=\"").append(Svg.fmt(f.w()))
                    .append("\" height=\"").append(ROW - 1).append("\" fill=\"").append(f.fill())
                    .append("\" rx=\"2\"/>");
            int fits = (int) ((f.w() - 6) / CHAR);
            if (fits >= 3) {
                String s = f.label().length() <= fits ? f.label() : f.label().substring(0, fits - 2) + "..";
                b.append("<text x=\"").append(Svg.fmt(f.x() + 3)).append("\" y=\"").append(Svg.fmt(y + ROW - 5))
                        .append("\">").append(Svg.esc(s)).append("</text>");
            }
            b.append("</g>");
        }
        return b.append("</svg>").toString();
    }

    /** {@code Class.method}: the package and descriptor leave the frame room for what tells frames apart. */
    static String label(CallTree.Node n) {
        String s = n.name();
        int hash = s.indexOf('#');
        if (hash < 0) {
            return s;
        }
        int paren = s.indexOf('(', hash);
        String cls = s.substring(0, hash);
        return cls.substring(cls.lastIndexOf('.') + 1) + '.' + s.substring(hash + 1, paren < 0 ? s.length() : paren);
    }

    private static String title(CallTree.Node n, double total) {
        StringBuilder t = new StringBuilder(n.name()).append('\n');
        if (n.parent() != null) {
            t.append(n.calls()).append(" calls, ");
        }
        t.append(JvmTables.ms(n.wallNanos())).append(" ms wall (").append(percent(n.wallNanos(), total))
                .append("), self ").append(JvmTables.ms(n.selfWallNanos())).append(" ms");
        if (n.cpuCalls() > 0) {
            t.append(", cpu ").append(JvmTables.ms(n.cpuNanos())).append(" ms in ").append(n.cpuCalls())
                    .append(" calls with CPU times");
        }
        return t.toString();
    }

    private static String percent(long part, double total) {
        return String.format(java.util.Locale.ROOT, "%.2f%%", 100 * part / total);
    }

    /** Warm colours, the same for a method wherever it appears, so a method is easy to follow across paths. */
    private static String color(String name) {
        int h = name.hashCode() * 0x9E3779B1;
        int r = 205 + ((h >>> 8) & 0xFF) % 50;
        int g = 80 + ((h >>> 16) & 0xFF) % 150;
        int bl = 20 + ((h >>> 24) & 0xFF) % 50;
        return String.format("#%02x%02x%02x", r, g, bl);
    }
}
