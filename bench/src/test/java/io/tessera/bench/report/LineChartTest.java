package io.tessera.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.bench.report.LineChart.Point;
import io.tessera.bench.report.LineChart.Series;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class LineChartTest {

    private static final Pattern POLYLINE = Pattern.compile("<polyline [^>]*points=\"([^\"]*)\"");

    @Test
    void spacesThreadCountsEvenlyOnALog2AxisLabelledWithTheCounts() {
        String svg = chart(new Series("a", "#000", List.of(new Point(1, 1), new Point(4, 2), new Point(16, 3))));
        assertThat(polylines(svg)).containsExactly("104.0,205.3 335.0,110.7 566.0,16.0");
        assertThat(svg).contains(">1</text>", ">4</text>", ">16</text>");
    }

    @Test
    void centresASingleThreadCount() {
        String svg = chart(new Series("a", "#000", List.of(new Point(8, 5))));
        assertThat(svg).contains("<circle cx=\"335.0\"", ">8</text>");
    }

    @Test
    void leavesOutValuesThatAreNotFinite() {
        String svg = chart(new Series("a", "#000",
                List.of(new Point(1, 10), new Point(2, Double.NaN), new Point(4, Double.POSITIVE_INFINITY))));
        assertThat(polylines(svg)).singleElement().asString().doesNotContain(" ");
        assertThat(svg).contains("a, 1 threads: 10").doesNotContain("2 threads", "4 threads");
        assertThat(svg).contains(">2</text>", ">4</text>");              // the axis still shows the runs
    }

    @Test
    void drawsZeroToOneWhenEveryValueIsZero() {
        String svg = chart(new Series("a", "#000", List.of(new Point(1, 0), new Point(2, 0))));
        assertThat(svg).contains(">0.0</text>", ">1.0</text>").doesNotContain("NaN");
    }

    @Test
    void drawsEachSeriesInItsColourWithALegendEntry() {
        String svg = chart(new Series("tessera", "#0072b2", List.of(new Point(1, 5))),
                new Series("a<b", "#d55e00", List.of(new Point(1, 7))));
        assertThat(svg).contains("stroke=\"#0072b2\"", "stroke=\"#d55e00\"", ">tessera</text>", ">a&lt;b</text>")
                .doesNotContain("a<b");
    }

    private static String chart(Series... series) {
        return new LineChart("t", "threads", "qps", List.of(series)).svg();
    }

    private static List<String> polylines(String svg) {
        return POLYLINE.matcher(svg).results().map(r -> r.group(1)).toList();
    }
}
