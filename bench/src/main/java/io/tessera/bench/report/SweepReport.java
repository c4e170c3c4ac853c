package io.tessera.bench.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * The HTML page of a thread sweep: the title and subtitle, line charts of QPS, p99 latency and (when measured)
 * proxy CPU per query against the thread count, then {@link SweepTable}. One self-contained file: inline SVG and
 * CSS, no scripts, nothing fetched.
 */
public final class SweepReport {

    // Okabe-Ito: told apart by colour-blind readers too. A target keeps its colour in every chart.
    private static final List<String> COLOURS =
            List.of("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#000000");

    private static final String STYLE = """
            body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#222;margin:2em}
            .subtitle{color:#555;white-space:pre-wrap}
            h2{font-size:1.1em;margin-top:2em}
            svg{display:block;max-width:100%;height:auto}
            svg text{font-size:12px;fill:#444}
            svg .axis-title{font-size:13px;fill:#222}
            .grid{stroke:#e6e6e6}
            .axis{stroke:#333}
            .series{fill:none;stroke-width:2}
            table{border-collapse:collapse;font-size:14px;font-variant-numeric:tabular-nums}
            th,td{padding:.25em .5em;border-bottom:1px solid #ddd;text-align:right;white-space:nowrap}
            th{background:#f4f4f4}
            th[colspan]{text-align:center}
            .start{border-left:1px solid #bbb}
            td.ratio{font-weight:bold}
            td.errors{color:#b00020;font-weight:bold}
            """;

    private SweepReport() {
    }

    /**
     * The page. {@code title}: the workload, e.g. "select (point select), prepared statements"; {@code subtitle}:
     * free text such as the command line, date and machine, shown with its line breaks.
     *
     * @throws IllegalArgumentException if {@code points} is empty or has two runs of a target at one thread count
     */
    public static String html(String title, String subtitle, List<SweepPoint> points) {
        Sweep sweep = Sweep.of(points);
        StringBuilder page = new StringBuilder(32_768);
        page.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>")
                .append(Html.escape(title)).append("</title>\n<style>\n").append(STYLE).append("</style>\n</head>\n")
                .append("<body>\n<h1>").append(Html.escape(title)).append("</h1>\n<p class=\"subtitle\">")
                .append(Html.escape(subtitle)).append("</p>\n");
        chart(page, sweep, "QPS vs threads", "queries per second", SweepPoint::qps);
        chart(page, sweep, "p99 latency (ms) vs threads", "p99 latency (ms)", p -> p.p99Micros() / 1000);
        chart(page, sweep, "Proxy CPU per query (\u00b5s) vs threads", "proxy CPU per query (\u00b5s)",
                SweepPoint::cpuMicrosPerQuery);
        page.append("<h2>Figures</h2>\n").append(SweepTable.html(sweep));
        return page.append("</body>\n</html>\n").toString();
    }

    /** Writes {@link #html} to {@code file} in UTF-8, creating its directory if needed. */
    public static void write(Path file, String title, String subtitle, List<SweepPoint> points) throws IOException {
        String page = html(title, subtitle, points);
        Path dir = file.toAbsolutePath().getParent();
        if (dir != null) {
            Files.createDirectories(dir);
        }
        Files.writeString(file, page, StandardCharsets.UTF_8);
    }

    /** Appends a chart of the targets that have the figure at some thread count; none, and there is no chart. */
    private static void chart(StringBuilder page, Sweep sweep, String title, String yTitle,
            ToDoubleFunction<SweepPoint> figure) {
        List<String> targets = sweep.targets();
        List<LineChart.Series> series = new ArrayList<>(targets.size());
        for (int i = 0; i < targets.size(); i++) {
            List<LineChart.Point> line = new ArrayList<>();
            boolean known = false;
            for (SweepPoint p : sweep.points(targets.get(i))) {
                double value = figure.applyAsDouble(p);
                known |= Double.isFinite(value);
                line.add(new LineChart.Point(p.threads(), value));
            }
            if (known) {
                series.add(new LineChart.Series(targets.get(i), COLOURS.get(i % COLOURS.size()), line));
            }
        }
        if (!series.isEmpty()) {
            page.append("<h2>").append(Html.escape(title)).append("</h2>\n")
                    .append(new LineChart(title, "threads", yTitle, series).svg());
        }
    }
}
