package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * The latency of point queries that concurrent sessions run through Tessera: {@code SELECT v FROM <table> WHERE id
 * = ?} over ids 1..{@code ids}, each answering the row whose v equals its id.
 *
 * @param p50Micros the median, in microseconds
 * @param p99Micros the 99th percentile, in microseconds
 * @param queries   how many were timed
 */
record PointLatency(long p50Micros, long p99Micros, int queries) {

    /** Runs {@code perSession} queries on each of {@code sessions} connections at once and times each. */
    static PointLatency measure(RunningTessera tessera, String schema, String table, int ids, int sessions,
            int perSession) throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(sessions);
        try {
            List<Callable<long[]>> runs = new ArrayList<>();
            for (int session = 0; session < sessions; session++) {
                int first = session;
                runs.add(() -> timeQueries(tessera, schema, table, ids, first, perSession, sessions));
            }
            long[] nanos = new long[sessions * perSession];
            int filled = 0;
            for (Future<long[]> run : threads.invokeAll(runs)) {
                long[] times = run.get();
                System.arraycopy(times, 0, nanos, filled, times.length);
                filled += times.length;
            }
            Arrays.sort(nanos);
            return new PointLatency(micros(nanos, 0.50), micros(nanos, 0.99), nanos.length);
        } finally {
            threads.shutdownNow();
        }
    }

    private static long[] timeQueries(RunningTessera tessera, String schema, String table, int ids, int first,
            int count, int stride) throws SQLException {
        long[] nanos = new long[count];
        try (Connection c = tessera.connect(schema); Statement s = c.createStatement()) {
            for (int i = 0; i < count; i++) {
                long id = (first + (long) i * stride) % ids + 1;
                long started = System.nanoTime();
                try (ResultSet rs = s.executeQuery("SELECT v FROM " + table + " WHERE id = " + id)) {
                    assertThat(rs.next()).as("row %d", id).isTrue();
                    assertThat(rs.getLong(1)).isEqualTo(id);
                }
                nanos[i] = System.nanoTime() - started;
            }
        }
        return nanos;
    }

    private static long micros(long[] sorted, double quantile) {
        int index = (int) Math.min(sorted.length - 1, Math.ceil(quantile * sorted.length) - 1);
        return TimeUnit.NANOSECONDS.toMicros(sorted[Math.max(0, index)]);
    }

    @Override
    public String toString() {
        return "p50 " + p50Micros + " us, p99 " + p99Micros + " us over " + queries + " queries";
    }
}
