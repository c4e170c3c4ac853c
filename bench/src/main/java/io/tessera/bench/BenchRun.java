package io.tessera.bench;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.io.PrintStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;

/**
 * One workload against one target: {@code threads} threads per URL of the target, each borrowing a connection from
 * a HikariCP pool for every statement, through a warm-up, then for the measured seconds or count. Each thread keeps
 * its own latency histogram, merged at the end, so measuring adds no contention.
 */
final class BenchRun {

    /** The longest latency recorded exactly: one hour, in microseconds. */
    private static final long MAX_MICROS = TimeUnit.HOURS.toMicros(1);

    private final BenchOptions options;
    private final Workload workload;
    private final Target target;
    private final int threads;
    private final int round;
    private final PrintStream progress;

    private final LongAdder done = new LongAdder();
    private final LongAdder failed = new LongAdder();
    private final AtomicReference<String> firstError = new AtomicReference<>();
    private volatile boolean recording;
    private volatile boolean stopping;
    /** Statements left to run in a counted run; unused in a timed one. */
    private final AtomicLong budget = new AtomicLong();

    /** {@code progress}: where to show the live figures every second, or null for none. */
    BenchRun(BenchOptions options, Workload workload, Target target, int threads, int round, PrintStream progress) {
        this.options = options;
        this.workload = workload;
        this.target = target;
        this.threads = threads;
        this.round = round;
        this.progress = progress;
    }

    RunResult run() throws InterruptedException, SQLException {
        List<HikariDataSource> pools = new ArrayList<>();
        try {
            for (String url : target.urls()) {
                HikariDataSource pool = pool(url);
                pools.add(pool);
                runEach(pool, workload.beforeEachRun());
            }
            return measure(pools);
        } finally {
            pools.forEach(HikariDataSource::close);
        }
    }

    private RunResult measure(List<HikariDataSource> pools) throws InterruptedException {
        List<Worker> workers = new ArrayList<>();
        for (HikariDataSource pool : pools) {
            for (int i = 0; i < threads; i++) {
                workers.add(new Worker(pool, workload.operation(i, threads)));
            }
        }
        CountDownLatch finished = new CountDownLatch(workers.size());
        // without a warm-up, every statement counts from the first: a counted run then runs exactly its count
        budget.set(options.count());
        recording = options.warmupSeconds() == 0;
        for (int i = 0; i < workers.size(); i++) {
            Worker worker = workers.get(i);
            Thread thread = new Thread(() -> {
                try {
                    worker.loop();
                } finally {
                    finished.countDown();
                }
            }, "bench-" + target.name() + "-" + i);
            thread.setDaemon(true);
            thread.start();
        }
        if (!recording) {
            finished.await(options.warmupSeconds(), TimeUnit.SECONDS);
        }
        double cpuBefore = target.cpu().map(ProcessCpu::seconds).orElse(0.0);
        long started = System.nanoTime();
        recording = true;
        waitForEnd(finished, started);
        stopping = true;
        finished.await();
        double seconds = (System.nanoTime() - started) / 1e9;
        double cpuSeconds = target.cpu().map(ProcessCpu::seconds).orElse(Double.NaN) - cpuBefore;
        Histogram latency = new Histogram(MAX_MICROS, 3);
        workers.forEach(w -> latency.add(w.latency));
        return RunResult.of(target.name(), threads, round, latency, failed.sum(), firstError.get(), seconds,
                cpuSeconds);
    }

    /** Until the measured seconds pass or the count is used up, showing progress once a second. */
    private void waitForEnd(CountDownLatch finished, long started) throws InterruptedException {
        long end = options.count() > 0 ? Long.MAX_VALUE : started + TimeUnit.SECONDS.toNanos(options.seconds());
        while (!finished.await(1, TimeUnit.SECONDS) && System.nanoTime() < end) {
            if (progress != null) {
                double elapsed = (System.nanoTime() - started) / 1e9;
                progress.printf(Locale.ROOT, "\r  %-8s %3d threads  %6.1f s  %,10.0f qps  %,d errors   ",
                        target.name(), threads, elapsed, done.sum() / elapsed, failed.sum());
                progress.flush();
            }
        }
        if (progress != null) {
            progress.print("\r" + " ".repeat(72) + "\r");
            progress.flush();
        }
    }

    private HikariDataSource pool(String url) {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(options.statements().apply(url));
        config.setMaximumPoolSize(options.poolSize() > 0 ? options.poolSize() : threads);
        config.setMinimumIdle(config.getMaximumPoolSize());
        config.setPoolName("bench-" + target.name());
        config.setInitializationFailTimeout(-1);
        // a target that refuses connections (max_connections, say) fails statements within the run, not after it
        config.setConnectionTimeout(5_000);
        return new HikariDataSource(config);
    }

    private static void runEach(HikariDataSource pool, List<String> statements) throws SQLException {
        if (statements.isEmpty()) {
            return;
        }
        try (Connection c = pool.getConnection(); Statement s = c.createStatement()) {
            for (String sql : statements) {
                s.execute(sql);
            }
        }
    }

    /** One thread's loop and its latency histogram, in microseconds. */
    private final class Worker {

        private final HikariDataSource pool;
        private final Workload.Operation operation;
        private final Histogram latency = new Histogram(MAX_MICROS, 3);

        Worker(HikariDataSource pool, Workload.Operation operation) {
            this.pool = pool;
            this.operation = operation;
        }

        void loop() {
            SplittableRandom random = new SplittableRandom();
            while (!stopping) {
                boolean counted = recording;
                if (counted && options.count() > 0 && budget.getAndDecrement() <= 0) {
                    return;
                }
                long start = System.nanoTime();
                try (Connection connection = pool.getConnection()) {
                    if (!operation.runOnce(connection, random)) {
                        return;
                    }
                } catch (SQLException | RuntimeException e) {
                    // one that began in the warm-up counts too: a target that never answers must show errors
                    if (recording) {
                        failed.increment();
                        firstError.compareAndSet(null, describe(e));
                    }
                    continue;
                }
                if (counted) {
                    latency.recordValue(Math.min(MAX_MICROS, (System.nanoTime() - start) / 1_000));
                    done.increment();
                }
            }
        }
    }

    private static String describe(Exception e) {
        return e instanceof SQLException sql
                ? sql.getMessage() + " (" + sql.getErrorCode() + "/" + sql.getSQLState() + ")"
                : e.toString();
    }
}
