package org.orbscope.postprocess.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** Axis ticks 1, 2 or 5 times a power of ten apart, whole numbers for counts, distinct for equal values. */
class TicksTest {
    @Test
    void ticksAreRoundSteps() {
        Ticks t = Ticks.of(-1.92, 3.3, 5, false);
        assertEquals(2.0, t.step());
        assertEquals(List.of("-2", "0", "2", "4"), labels(t, t.values()));
        Ticks spread = Ticks.of(105, 1047, 5, false);
        assertEquals(200.0, spread.step());
        assertEquals(List.of("200", "400", "600", "800", "1000"), labels(spread, spread.within(105, 1047)));
        Ticks small = Ticks.upTo(0.0061, 4, false);
        assertEquals(List.of("0.000", "0.002", "0.004", "0.006", "0.008"), labels(small, small.values()));
    }

    @Test
    void countsStepByWholeNumbers() {
        Ticks t = Ticks.upTo(250, 4, true);
        assertEquals(List.of("0", "100", "200", "300"), labels(t, t.values()));
        Ticks few = Ticks.upTo(3, 4, true);
        assertEquals(List.of("0", "1", "2", "3"), labels(few, few.values()));
    }

    @Test
    void equalValuesGetDistinctTicks() {
        Ticks t = Ticks.of(229, 229, 5, false);
        List<String> labels = labels(t, t.values());
        assertEquals(labels.stream().distinct().count(), labels.size(), labels.toString());
        assertTrue(t.min() < 229 && t.max() > 229, t.toString());
        assertEquals(List.of("-1", "0", "1"), labels(Ticks.of(0, 0, 5, false), Ticks.of(0, 0, 5, false).values()));
    }

    @Test
    void aHistogramOfFewRequestsLabelsWholeCounts() {
        String svg = Svg.histogram("Distribution", "ms", new long[] {250, 30, 7, 0, 1}, 0.05);
        for (String label : yLabels(svg)) {
            assertTrue(label.matches("\\d+"), "a whole count: " + label + " in " + svg);
        }
        String one = Svg.histogram("Distribution", "ms", new long[] {1, 1}, 0.05);
        assertEquals(List.of("0", "1"), yLabels(one));
    }

    @Test
    void aHistogramOfEqualRoundValuesHasItsBar() {
        org.orbscope.postprocess.stats.Distribution d = new org.orbscope.postprocess.stats.Distribution();
        for (int i = 0; i < 300; i++) {
            d.add(60_000);
        }
        Histograms.Bins bins = Histograms.of(d);
        assertEquals(300, java.util.Arrays.stream(bins.counts()).sum(), "every request in a bin");
        assertEquals(0.002, bins.widthMs(), 1e-12, "bins of a round width");
    }

    @Test
    void aChartOfEqualValuesLabelsItsTicksApart() {
        double[] x = {229, 229, 229};
        double[] y = {5, 5, 5};
        String svg = Svg.lineChart("throughput", "equal", Svg.XAxis.linear("requests/s"), "ms",
                List.of(new Svg.Series("run", x, y, null, null, false)));
        List<String> xs = xLabels(svg);
        assertTrue(xs.size() >= 2, xs.toString());
        assertEquals(xs.stream().distinct().count(), xs.size(), "no tick label twice: " + xs);
        assertFalse(svg.contains("NaN"));
    }

    @Test
    void aLongLegendNameWrapsInsideTheChart() {
        List<String> lines = Svg.wrap("model completion (model of point single's scenario, demands as written (no "
                + "trace to calibrate with))", 60);
        assertTrue(lines.size() > 1, lines.toString());
        lines.forEach(l -> assertTrue(l.length() <= 60, l));
    }

    private static List<String> labels(Ticks t, List<Double> values) {
        return values.stream().map(t::label).toList();
    }

    /** The labels right of the y axis ({@code text-anchor="end"} at the frame's left). */
    private static List<String> yLabels(String svg) {
        return texts(svg, "end");
    }

    /** The labels under the x axis, less the axis title. */
    private static List<String> xLabels(String svg) {
        List<String> m = texts(svg, "middle");
        return m.stream().filter(s -> s.matches("-?[\\d.]+")).toList();
    }

    private static List<String> texts(String svg, String anchor) {
        Matcher m = Pattern.compile("text-anchor=\"" + anchor + "\">([^<]*)</text>").matcher(svg);
        List<String> out = new ArrayList<>();
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }
}
