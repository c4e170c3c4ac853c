package io.tessera.bench;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code tessera-bench --url JDBC_URL [--vs JDBC_URL] [--workload point-select|order-by-limit] [--threads N]
 * [--seconds S] [--warmup S] [--rows N] [--table T]}: one workload through each URL in turn, then QPS, latency
 * percentiles and the ratio. {@code point-select} (the default) selects random rows by primary key
 * ({@link PointSelect}, as sysbench's oltp_point_select); {@code order-by-limit} reads the top 20 rows of a random
 * window in a global order ({@link OrderByLimit}), which a sharded table answers through a merge.
 */
public final class BenchMain {

    private BenchMain() {
    }

    public static void main(String[] args) throws Exception {
        BenchOptions options;
        try {
            options = BenchOptions.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.err.println(BenchOptions.USAGE);
            System.exit(2);
            return;
        }
        PrintStream out = System.out;
        List<RunResult> results = new ArrayList<>();
        for (String url : options.urls()) {
            RunResult result = new BenchRun(options, Workload.of(options), url).run();
            results.add(result);
            out.println(result.describe());
        }
        if (results.size() == 2) {
            out.printf(Locale.ROOT, "ratio: %.1f%% of the second target's QPS%n",
                    100.0 * results.get(0).qps() / results.get(1).qps());
        }
        if (results.stream().anyMatch(r -> r.errors() > 0)) {
            System.exit(1);
        }
    }
}
