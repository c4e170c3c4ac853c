package io.tessera.bench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class SweepReportTest {

    private static final double NO_CPU = Double.NaN;

    /** Point selects at 1 to 64 threads; the proxies report their CPU, a direct run has none. */
    private static final List<SweepPoint> SWEEP = List.of(
            new SweepPoint("tessera", 1, 4_102, 231, 412, 0, 38.5),
            new SweepPoint("tessera", 4, 14_230, 268, 590, 0, 36.1),
            new SweepPoint("tessera", 16, 31_870, 472, 1_310, 0, 35.2),
            new SweepPoint("tessera", 64, 37_512, 1_540, 4_870, 3, 34.9),
            new SweepPoint("direct", 1, 10_005, 96, 180, 0, NO_CPU),
            new SweepPoint("direct", 4, 35_880, 104, 230, 0, NO_CPU),
            new SweepPoint("direct", 16, 81_400, 180, 520, 0, NO_CPU),
            new SweepPoint("direct", 64, 92_310, 640, 2_150, 0, NO_CPU),
            new SweepPoint("relay", 1, 5_210, 180, 330, 0, 22.4),
            new SweepPoint("relay", 4, 18_900, 205, 470, 0, 21.9),
            new SweepPoint("relay", 16, 40_120, 380, 1_020, 0, 21.0),
            new SweepPoint("relay", 64, 46_880, 1_290, 3_960, 0, 20.8));

    @Test
    void drawsOnePolylinePerTargetInEachChartAndCpuOnlyForTargetsThatHaveIt() {
        String html = SweepReport.html("select", "", SWEEP);
        assertThat(svgs(html)).extracting(svg -> count(svg, "<polyline")).containsExactly(3, 3, 2);
        assertThat(html).contains("<h2>QPS vs threads</h2>", "<h2>p99 latency (ms) vs threads</h2>",
                "<h2>Proxy CPU per query (\u00b5s) vs threads</h2>");
    }

    @Test
    void leavesTheCpuChartOutWhenNoCpuIsKnown() {
        List<SweepPoint> noCpu = SWEEP.stream().filter(p -> p.target().equals("direct")).toList();
        String html = SweepReport.html("select", "", noCpu);
        assertThat(svgs(html)).hasSize(2);
        assertThat(html).doesNotContain("Proxy CPU");

        List<SweepPoint> oneCpu = new ArrayList<>(noCpu);
        oneCpu.set(2, new SweepPoint("direct", 16, 81_400, 180, 520, 0, 0.5));
        assertThat(svgs(SweepReport.html("select", "", oneCpu))).hasSize(3);
    }

    @Test
    void escapesTitleSubtitleAndTargetNames() {
        String html = SweepReport.html("select <b>&</b>", "--url 'jdbc:mysql://h/db?a=1&b=2'",
                List.of(new SweepPoint("<proxy \"a\">", 1, 10, 1, 2, 0, NO_CPU),
                        new SweepPoint("direct", 1, 20, 1, 2, 0, NO_CPU)));
        assertThat(html).contains("<title>select &lt;b&gt;&amp;&lt;/b&gt;</title>",
                "--url &#39;jdbc:mysql://h/db?a=1&amp;b=2&#39;", "&lt;proxy &quot;a&quot;&gt;",
                "&lt;proxy &quot;a&quot;&gt; / direct");
        assertThat(html).doesNotContain("<b>", "<proxy", "a=1&b");
    }

    @Test
    void tableGivesTheFirstTargetsQpsAsAShareOfEachOthers() {
        String html = SweepReport.html("select", "", SWEEP);
        assertThat(html).contains("<th class=\"start\">tessera / direct</th><th>tessera / relay</th>");
        assertThat(text(row(html, 1))).endsWith("|41 %|79 %");
        assertThat(text(row(html, 64))).isEqualTo("64|37,512|1.54|4.87|3|34.9|92,310|0.640|2.15|0|\u2014"
                + "|46,880|1.29|3.96|0|20.8|41 %|80 %");
        assertThat(row(html, 64)).contains("<td class=\"errors\">3</td>");
    }

    @Test
    void hasNoRatioWithOneTarget() {
        String html = SweepReport.html("select", "", SWEEP.subList(0, 4));
        assertThat(html).doesNotContain("QPS ratio", " / ");
    }

    @Test
    void sortsEachTargetsPointsByThreadsAndMarksMissingRuns() {
        String html = SweepReport.html("select", "", List.of(
                new SweepPoint("tessera", 16, 300, 1, 2, 0, NO_CPU),
                new SweepPoint("tessera", 1, 100, 1, 2, 0, NO_CPU),
                new SweepPoint("direct", 4, 400, 1, 2, 0, NO_CPU),
                new SweepPoint("tessera", 4, 200, 1, 2, 0, NO_CPU)));
        assertThat(html.indexOf("<tr><td>1</td>")).isLessThan(html.indexOf("<tr><td>4</td>"))
                .isLessThan(html.indexOf("<tr><td>16</td>"));
        assertThat(text(row(html, 1))).isEqualTo("1|100|0.001|0.002|0|\u2014|" + "\u2014|".repeat(5) + "\u2014");
        assertThat(text(row(html, 4))).endsWith("|50 %");
        String tessera = polylinePoints(svgs(html).get(0)).get(0);
        assertThat(tessera.split(" ")).extracting(xy -> Double.parseDouble(xy.split(",")[0])).isSorted();
    }

    @Test
    void drawsASweepOfOnePoint() {
        String html = SweepReport.html("select", "one run", List.of(new SweepPoint("tessera", 8, 0, 0, 0, 0, 0)));
        assertThat(svgs(html)).hasSize(3).allSatisfy(svg -> {
            assertThat(polylinePoints(svg)).containsExactly("335.0,300.0");
            assertThat(svg).contains(">8</text>", ">1.0</text>");
        });
        assertThat(text(row(html, 8))).isEqualTo("8|0|0|0|0|0");
    }

    @Test
    void closesEveryElementItOpens() {
        String html = SweepReport.html("select", "", SWEEP);
        for (String tag : List.of("svg", "table", "thead", "tbody", "tr", "title", "h1", "h2", "p", "html", "body")) {
            assertThat(count(html, "<" + tag + "[ >]")).as(tag).isPositive()
                    .isEqualTo(count(html, "</" + tag + ">"));
        }
        assertThat(html).startsWith("<!DOCTYPE html>").doesNotContain("NaN", "Infinity", "<script", "<link", "url(");
    }

    @Test
    void rejectsAnEmptySweepAndTwoRunsOfATargetAtOneThreadCount() {
        assertThatThrownBy(() -> SweepReport.html("t", "", List.of()))
                .hasMessage("points: [] (expected: at least one)");
        assertThatThrownBy(() -> SweepReport.html("t", "", List.of(SWEEP.get(0), SWEEP.get(0))))
                .hasMessage("points: tessera at 1 threads twice (expected: one run per target and thread count)");
        assertThatThrownBy(() -> new SweepPoint("t", 0, 1, 1, 1, 0, NO_CPU))
                .hasMessage("threads: 0 (expected: >= 1)");
    }

    @Test
    void writesASamplePageToOpenInABrowser() throws IOException {
        Path file = Path.of("target", "sample-sweep-report.html");
        SweepReport.write(file, "select (point select), prepared statements",
                "tessera-bench --workload point-select --threads 1,4,16,64 --seconds 30\n"
                        + "sample data, written by SweepReportTest", SWEEP);
        assertThat(Files.readString(file, StandardCharsets.UTF_8))
                .isEqualTo(SweepReport.html("select (point select), prepared statements",
                        "tessera-bench --workload point-select --threads 1,4,16,64 --seconds 30\n"
                                + "sample data, written by SweepReportTest", SWEEP));
    }

    private static List<String> svgs(String html) {
        return Pattern.compile("<svg .*?</svg>", Pattern.DOTALL).matcher(html).results().map(r -> r.group())
                .toList();
    }

    private static List<String> polylinePoints(String svg) {
        return Pattern.compile("<polyline [^>]*points=\"([^\"]*)\"").matcher(svg).results().map(r -> r.group(1))
                .toList();
    }

    private static String row(String html, int threads) {
        int start = html.indexOf("<tr><td>" + threads + "</td>");
        return html.substring(start, html.indexOf("</tr>", start) + "</tr>".length());
    }

    /** A table row's cell texts, "|" between them. */
    private static String text(String row) {
        return row.replaceAll("^<tr><td[^>]*>|</td></tr>$", "").replaceAll("</td><td[^>]*>", "|");
    }

    private static int count(String text, String regex) {
        return (int) Pattern.compile(regex).matcher(text).results().count();
    }
}
