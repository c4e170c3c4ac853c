package io.tessera.bench;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

/** The human-readable figures of one thread count: every round, the medians, and the first target's ratios. */
final class TextReport {

    private static final String ROW = "%-10s %5s %12s %8s %9s %9s %9s %9s %9s %12s%n";

    private TextReport() {
    }

    static void print(PrintStream out, BenchOptions options, int threads, List<RunResult> rounds,
            List<RunResult> medians) {
        out.printf(Locale.ROOT, "%n%s, %s statements, %d threads per URL, %s after a %d s warm-up%s%n",
                options.workload().option(), options.statements().option(), threads,
                options.count() > 0 ? options.count() + " statements" : options.seconds() + " s",
                options.warmupSeconds(), options.rounds() > 1 ? ", median of " + options.rounds() + " rounds" : "");
        out.printf(Locale.ROOT, ROW, "target", "round", "qps", "errors", "p50 ms", "p95 ms", "p99 ms", "p99.9 ms",
                "max ms", "cpu µs/query");
        if (options.rounds() > 1) {
            rounds.forEach(r -> row(out, r, Integer.toString(r.round())));
        }
        medians.forEach(r -> row(out, r, options.rounds() > 1 ? "median" : ""));
        for (RunResult r : rounds) {
            if (r.firstError() != null) {
                out.printf("%s, round %d: %d errors, the first: %s%n", r.target(), r.round(), r.errors(),
                        r.firstError());
            }
        }
        RunResult first = medians.get(0);
        for (RunResult other : medians.subList(1, medians.size())) {
            if (first.queries() == 0 || other.queries() == 0) {
                out.printf("%s / %s: no ratio, a target answered no statement%n", first.target(), other.target());
                continue;
            }
            out.printf(Locale.ROOT, "%s / %s: %.1f %% of its QPS, latency added at p50 %+.3f ms, at p99 %+.3f ms%s%n",
                    first.target(), other.target(), 100 * first.qps() / other.qps(),
                    (first.p50Micros() - other.p50Micros()) / 1000.0, (first.p99Micros() - other.p99Micros()) / 1000.0,
                    Double.isNaN(first.cpuMicrosPerQuery()) || Double.isNaN(other.cpuMicrosPerQuery()) ? ""
                            : String.format(Locale.ROOT, ", %.2fx its CPU per query",
                                    first.cpuMicrosPerQuery() / other.cpuMicrosPerQuery()));
        }
    }

    private static void row(PrintStream out, RunResult r, String round) {
        out.printf(Locale.ROOT, ROW, r.target(), round, String.format(Locale.ROOT, "%,.0f", r.qps()), r.errors(),
                ms(r.p50Micros()), ms(r.p95Micros()), ms(r.p99Micros()), ms(r.p999Micros()), ms(r.maxMicros()),
                Double.isNaN(r.cpuMicrosPerQuery()) ? "-"
                        : String.format(Locale.ROOT, "%.1f", r.cpuMicrosPerQuery()));
    }

    private static String ms(long micros) {
        return String.format(Locale.ROOT, "%.3f", micros / 1000.0);
    }
}
