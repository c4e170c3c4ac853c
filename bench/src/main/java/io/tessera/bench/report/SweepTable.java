package io.tessera.bench.report;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The figures behind the charts as an HTML table: a row per thread count, per target its QPS, p50 and p99 in ms,
 * errors and proxy CPU per query, and with two or more targets the first target's QPS as a share of each other
 * target's ("tessera / direct: 41 %"). A figure not measured reads "—". Each target's columns, and the ratios,
 * open with a {@code start} cell, which the page draws as a vertical line.
 */
final class SweepTable {

    private static final List<String> FIGURES = List.of("QPS", "p50 ms", "p99 ms", "errors", "CPU \u00b5s/query");

    private SweepTable() {
    }

    static String html(Sweep sweep) {
        List<String> targets = sweep.targets();
        String first = targets.get(0);
        List<String> others = targets.subList(1, targets.size());
        StringBuilder table = new StringBuilder(4096);

        table.append("<table>\n<thead>\n<tr><th rowspan=\"2\">threads</th>");
        for (String target : targets) {
            table.append("<th class=\"start\" colspan=\"").append(FIGURES.size()).append("\">")
                    .append(Html.escape(target)).append("</th>");
        }
        if (!others.isEmpty()) {
            table.append("<th class=\"start\" colspan=\"").append(others.size()).append("\">QPS ratio</th>");
        }
        table.append("</tr>\n<tr>");
        for (int t = 0; t < targets.size(); t++) {
            for (int f = 0; f < FIGURES.size(); f++) {
                table.append(f == 0 ? "<th class=\"start\">" : "<th>").append(FIGURES.get(f)).append("</th>");
            }
        }
        for (int o = 0; o < others.size(); o++) {
            table.append(o == 0 ? "<th class=\"start\">" : "<th>").append(Html.escape(first + " / " + others.get(o)))
                    .append("</th>");
        }
        table.append("</tr>\n</thead>\n<tbody>\n");

        for (int threads : sweep.threads()) {
            table.append("<tr><td>").append(threads).append("</td>");
            for (String target : targets) {
                figures(table, sweep.point(target, threads));
            }
            Optional<SweepPoint> base = sweep.point(first, threads);
            for (int o = 0; o < others.size(); o++) {
                table.append(o == 0 ? "<td class=\"ratio start\">" : "<td class=\"ratio\">")
                        .append(ratio(base, sweep.point(others.get(o), threads))).append("</td>");
            }
            table.append("</tr>\n");
        }
        return table.append("</tbody>\n</table>\n").toString();
    }

    private static void figures(StringBuilder table, Optional<SweepPoint> point) {
        if (point.isEmpty()) {
            table.append("<td class=\"start\">").append(Html.UNKNOWN).append("</td>")
                    .append(("<td>" + Html.UNKNOWN + "</td>").repeat(FIGURES.size() - 1));
            return;
        }
        SweepPoint p = point.get();
        table.append("<td class=\"start\">").append(Html.number(p.qps())).append("</td>")
                .append("<td>").append(Html.number(p.p50Micros() / 1000)).append("</td>")
                .append("<td>").append(Html.number(p.p99Micros() / 1000)).append("</td>")
                .append(p.errors() > 0 ? "<td class=\"errors\">" : "<td>")
                .append(String.format(Locale.ROOT, "%,d", p.errors())).append("</td>")
                .append("<td>").append(Html.number(p.cpuMicrosPerQuery())).append("</td>");
    }

    /** "41 %"; "—" when either run is missing or its QPS unknown, or the other's QPS is 0. */
    private static String ratio(Optional<SweepPoint> base, Optional<SweepPoint> other) {
        double share = base.isPresent() && other.isPresent() ? base.get().qps() / other.get().qps() : Double.NaN;
        return Double.isFinite(share) ? String.format(Locale.ROOT, "%.0f %%", 100 * share) : Html.UNKNOWN;
    }
}
