package org.orbscope.postprocess.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The x ticks of a linear axis: rounded numbers 1, 2 or 5 times a power of ten apart, each read differently. */
class SvgTicksTest {
    /** The labels under the x axis of a line chart of these series (one point each). */
    private static List<String> xTicks(double... xs) {
        List<Svg.Series> series = new ArrayList<>();
        for (int i = 0; i < xs.length; i++) {
            series.add(new Svg.Series("run " + i, new double[] {xs[i]}, new double[] {1 + i}, null, null, false));
        }
        String svg = Svg.lineChart("t", "t", Svg.XAxis.linear("throughput"), "ms", series);
        // The tick labels sit 16 px under the plot (y 270), the axis's name under them.
        Matcher m = Pattern.compile("<text x=\"[^\"]+\" y=\"270.0\"[^>]*>([^<]*)</text>").matcher(svg);
        List<String> out = new ArrayList<>();
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    @Test
    void equalThroughputsGetRoundedTicksAroundThem() {
        assertEquals(List.of("200", "220", "240", "260", "280", "300"), xTicks(229.0, 229.0));
        // Two runs' throughputs at one rate, equal but for their last digits.
        assertEquals(List.of("228.9", "229.0", "229.1", "229.2", "229.3"), xTicks(228.9, 229.3));
    }

    @Test
    void ticksAreOneTwoOrFiveTimesAPowerOfTenApart() {
        assertEquals(List.of("200", "400", "600", "800", "1000"), xTicks(105, 1047));
        assertEquals(List.of("-1.5", "-1.0", "-0.5", "0.0", "0.5"), xTicks(-1.92, 0.79));
        assertEquals(List.of("226", "227", "228", "229", "230", "231"), xTicks(225.5, 231.1));
    }
}
