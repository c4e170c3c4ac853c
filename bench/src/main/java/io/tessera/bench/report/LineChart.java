package io.tessera.bench.report;

import java.util.List;
import java.util.Locale;
import java.util.NavigableSet;
import java.util.TreeSet;

/**
 * An inline SVG line chart of one figure against the thread count. The x axis is log2, since sweeps double or
 * quadruple the threads, and is labelled with the measured thread counts; the y axis starts at 0 on {@link
 * AxisTicks} with a grid line per tick. Each series is a polyline with a marker per point, whose tooltip gives the
 * exact figure; non-finite values are left out. Styling comes from the page's classes, colours from the series.
 */
final class LineChart {

    /** A figure at a thread count. */
    record Point(int threads, double value) {
    }

    /** One target's line: its name for the legend, an SVG colour, its points by thread count. */
    record Series(String name, String colour, List<Point> points) {

        Series {
            points = List.copyOf(points);
        }
    }

    private static final int WIDTH = 760;
    private static final int HEIGHT = 360;
    // The plot area; the y labels are left of it, the x labels below it, the legend right of it.
    private static final int LEFT = 80;
    private static final int RIGHT = 590;
    private static final int TOP = 16;
    private static final int BOTTOM = 300;
    private static final int INSET = 24;                // keeps the end markers off the axes

    private final String title;
    private final String xTitle;
    private final String yTitle;
    private final List<Series> series;
    private final NavigableSet<Integer> threads = new TreeSet<>();
    private final AxisTicks yTicks;

    LineChart(String title, String xTitle, String yTitle, List<Series> series) {
        this.title = title;
        this.xTitle = xTitle;
        this.yTitle = yTitle;
        this.series = List.copyOf(series);
        double max = 0;
        for (Series s : this.series) {
            for (Point p : s.points()) {
                threads.add(p.threads());
                if (Double.isFinite(p.value())) {
                    max = Math.max(max, p.value());
                }
            }
        }
        this.yTicks = AxisTicks.upTo(max);
    }

    String svg() {
        StringBuilder svg = new StringBuilder(4096);
        svg.append(String.format(Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
                        + "role=\"img\">\n", WIDTH, HEIGHT, WIDTH, HEIGHT));
        svg.append("<title>").append(Html.escape(title)).append("</title>\n");
        yAxis(svg);
        xAxis(svg);
        for (Series s : series) {
            line(svg, s);
        }
        legend(svg);
        return svg.append("</svg>\n").toString();
    }

    private void yAxis(StringBuilder svg) {
        List<Double> values = yTicks.values();
        List<String> labels = yTicks.labels();
        for (int i = 0; i < values.size(); i++) {
            double y = y(values.get(i));
            svg.append(String.format(Locale.ROOT, "<line class=\"grid\" x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\"/>"
                    + "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\" dominant-baseline=\"middle\">%s</text>\n",
                    LEFT, y, RIGHT, y, LEFT - 8, y, labels.get(i)));
        }
        svg.append(String.format(Locale.ROOT, "<line class=\"axis\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n",
                LEFT, TOP, LEFT, BOTTOM));
        svg.append(String.format(Locale.ROOT, "<text class=\"axis-title\" transform=\"translate(18 %d) rotate(-90)\" "
                + "text-anchor=\"middle\">%s</text>\n", (TOP + BOTTOM) / 2, Html.escape(yTitle)));
    }

    private void xAxis(StringBuilder svg) {
        for (int t : threads) {
            double x = x(t);
            svg.append(String.format(Locale.ROOT, "<line class=\"grid\" x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\"/>"
                    + "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%d</text>\n", x, TOP, x, BOTTOM, x,
                    BOTTOM + 18, t));
        }
        svg.append(String.format(Locale.ROOT, "<line class=\"axis\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n",
                LEFT, BOTTOM, RIGHT, BOTTOM));
        svg.append(String.format(Locale.ROOT, "<text class=\"axis-title\" x=\"%d\" y=\"%d\" text-anchor=\"middle\">"
                + "%s</text>\n", (LEFT + RIGHT) / 2, BOTTOM + 44, Html.escape(xTitle)));
    }

    private void line(StringBuilder svg, Series s) {
        StringBuilder coordinates = new StringBuilder();
        StringBuilder markers = new StringBuilder();
        for (Point p : s.points()) {
            if (!Double.isFinite(p.value())) {
                continue;
            }
            double x = x(p.threads());
            double y = y(p.value());
            coordinates.append(coordinates.length() == 0 ? "" : " ")
                    .append(String.format(Locale.ROOT, "%.1f,%.1f", x, y));
            markers.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"%s\">"
                    + "<title>%s, %d threads: %s</title></circle>\n", x, y, s.colour(), Html.escape(s.name()),
                    p.threads(), Html.number(p.value())));
        }
        svg.append(String.format(Locale.ROOT, "<polyline class=\"series\" stroke=\"%s\" points=\"%s\"/>\n",
                s.colour(), coordinates));
        svg.append(markers);
    }

    private void legend(StringBuilder svg) {
        int x = RIGHT + 24;
        for (int i = 0; i < series.size(); i++) {
            Series s = series.get(i);
            int y = TOP + 12 + 22 * i;
            svg.append(String.format(Locale.ROOT, "<line class=\"series\" stroke=\"%s\" x1=\"%d\" y1=\"%d\" "
                    + "x2=\"%d\" y2=\"%d\"/><circle cx=\"%d\" cy=\"%d\" r=\"4\" fill=\"%s\"/>"
                    + "<text x=\"%d\" y=\"%d\" dominant-baseline=\"middle\">%s</text>\n", s.colour(), x, y, x + 24, y,
                    x + 12, y, s.colour(), x + 32, y, Html.escape(s.name())));
        }
    }

    private double x(int threadCount) {
        double lo = log2(threads.first());
        double hi = log2(threads.last());
        if (hi == lo) {
            return (LEFT + RIGHT) / 2.0;                    // one thread count: centred
        }
        return LEFT + INSET + (log2(threadCount) - lo) / (hi - lo) * (RIGHT - LEFT - 2 * INSET);
    }

    private double y(double value) {
        return BOTTOM - value / yTicks.top() * (BOTTOM - TOP);
    }

    private static double log2(int n) {
        return Math.log(n) / Math.log(2);
    }
}
