package io.tessera.bench;

import java.util.ArrayList;
import java.util.List;

/** Command-line options, checked when parsed. */
record BenchOptions(List<String> urls, WorkloadKind workload, int threads, int seconds, int warmupSeconds, int rows,
        String table) {

    static final String USAGE = "usage: tessera-bench --url JDBC_URL [--vs JDBC_URL]"
            + " [--workload point-select|order-by-limit] [--threads N] [--seconds S] [--warmup S] [--rows N]"
            + " [--table NAME]";

    BenchOptions {
        urls = List.copyOf(urls);
        check(!urls.isEmpty(), "--url: missing (expected: a JDBC URL)");
        check(workload != null, "--workload: missing (expected: point-select or order-by-limit)");
        check(threads >= 1, "--threads: " + threads + " (expected: >= 1)");
        check(seconds >= 1, "--seconds: " + seconds + " (expected: >= 1)");
        check(warmupSeconds >= 0, "--warmup: " + warmupSeconds + " (expected: >= 0)");
        check(rows >= 1, "--rows: " + rows + " (expected: >= 1)");
        check(table.matches("\\w+"), "--table: " + table + " (expected: a plain table name)");
    }

    static BenchOptions parse(String[] args) {
        List<String> urls = new ArrayList<>();
        WorkloadKind workload = WorkloadKind.POINT_SELECT;
        int threads = 4;
        int seconds = 10;
        int warmup = 3;
        int rows = 10_000;
        String table = "sbtest1";
        for (int i = 0; i < args.length; i++) {
            String value = i + 1 < args.length ? args[i + 1] : null;
            switch (args[i]) {
                case "--url", "--vs" -> urls.add(required(args[i], value));
                case "--workload" -> workload = WorkloadKind.parse(required(args[i], value));
                case "--threads" -> threads = number(args[i], value);
                case "--seconds" -> seconds = number(args[i], value);
                case "--warmup" -> warmup = number(args[i], value);
                case "--rows" -> rows = number(args[i], value);
                case "--table" -> table = required(args[i], value);
                default -> throw new IllegalArgumentException("unknown option: " + args[i]);
            }
            i++;
        }
        return new BenchOptions(urls, workload, threads, seconds, warmup, rows, table);
    }

    private static String required(String option, String value) {
        check(value != null, option + ": missing value");
        return value;
    }

    private static int number(String option, String value) {
        try {
            return Integer.parseInt(required(option, value));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + ": " + value + " (expected: a whole number)");
        }
    }

    private static void check(boolean ok, String message) {
        if (!ok) {
            throw new IllegalArgumentException(message);
        }
    }
}
