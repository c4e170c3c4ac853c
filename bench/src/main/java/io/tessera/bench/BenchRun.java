package io.tessera.bench;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.random.RandomGenerator;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One workload from {@code threads} connections for a warm-up, then for the measured time. Each thread keeps its
 * own latency samples, merged at the end, so measuring adds no contention.
 */
final class BenchRun {

    private final BenchOptions options;
    private final Workload workload;
    private final String url;

    BenchRun(BenchOptions options, Workload workload, String url) {
        this.options = options;
        this.workload = workload;
        this.url = url;
    }

    RunResult run() throws InterruptedException, SQLException {
        List<Worker> workers = new ArrayList<>();
        for (int i = 0; i < options.threads(); i++) {
            workers.add(new Worker(DriverManager.getConnection(url)));
        }
        try {
            phase(workers, options.warmupSeconds());
            long started = System.nanoTime();
            phase(workers, options.seconds());
            double seconds = (System.nanoTime() - started) / 1e9;
            long[] all = workers.stream().flatMapToLong(w -> Arrays.stream(w.samples, 0, w.count)).sorted().toArray();
            long errors = workers.stream().mapToLong(w -> w.errors).sum();
            return new RunResult(url, all.length, errors, seconds, percentile(all, 50), percentile(all, 95),
                    percentile(all, 99), all.length == 0 ? 0 : all[all.length - 1]);
        } finally {
            for (Worker w : workers) {
                w.connection.close();
            }
        }
    }

    private void phase(List<Worker> workers, int seconds) throws InterruptedException {
        if (seconds == 0) {
            return;
        }
        AtomicBoolean stop = new AtomicBoolean();
        List<Thread> threads = new ArrayList<>();
        for (Worker w : workers) {
            w.reset();
            Thread t = new Thread(() -> w.loop(stop), "bench-" + threads.size());
            threads.add(t);
            t.start();
        }
        Thread.sleep(seconds * 1000L);
        stop.set(true);
        for (Thread t : threads) {
            t.join();
        }
    }

    private static long percentile(long[] sorted, int p) {
        return sorted.length == 0 ? 0 : sorted[Math.min(sorted.length - 1, (int) (sorted.length * (p / 100.0)))];
    }

    /** One connection's loop and its latency samples, in microseconds. */
    private final class Worker {

        private final Connection connection;
        private long[] samples = new long[1 << 16];
        private int count;
        private long errors;

        Worker(Connection connection) {
            this.connection = connection;
        }

        void reset() {
            count = 0;
            errors = 0;
        }

        void loop(AtomicBoolean stop) {
            RandomGenerator random = ThreadLocalRandom.current();
            try (PreparedStatement select = connection.prepareStatement(workload.sql())) {
                while (!stop.get()) {
                    long start = System.nanoTime();
                    int[] arguments = workload.arguments(random);
                    for (int i = 0; i < arguments.length; i++) {
                        select.setInt(i + 1, arguments[i]);
                    }
                    try (ResultSet rs = select.executeQuery()) {
                        while (rs.next()) {
                            // read every row: a merged result is done only when its last row is
                        }
                    } catch (SQLException e) {
                        errors++;
                        continue;
                    }
                    record((System.nanoTime() - start) / 1_000);
                }
            } catch (SQLException e) {
                errors++;
            }
        }

        private void record(long micros) {
            if (count == samples.length) {
                samples = Arrays.copyOf(samples, samples.length * 2);
            }
            samples[count++] = micros;
        }
    }
}
