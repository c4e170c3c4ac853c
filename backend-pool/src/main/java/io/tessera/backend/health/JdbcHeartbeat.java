package io.tessera.backend.health;

import io.netty.channel.EventLoop;
import io.netty.util.concurrent.ScheduledFuture;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The heartbeat of a server of a {@code dbDriver="jdbc"} data host: its {@code <heartbeat>} statement every period,
 * over a JDBC connection of its own, run on the business executor (JDBC blocks). Same status codes and meanings as
 * {@link Heartbeat}: OK when the statement ran, ERROR when the server could not be reached or answered with an error,
 * TIMEOUT when it did not answer in time (the connection is then closed and the next check opens a new one); a
 * status change is logged once. So read balancing and write host failover work for JDBC servers as for native ones.
 *
 * <p>Its schedule and status live on one event loop; only the JDBC calls run on the executor.
 */
public final class JdbcHeartbeat implements HealthCheck {

    private static final Logger LOG = LogManager.getLogger(JdbcHeartbeat.class);
    private static final long MILLIS_PER_SECOND = 1000;

    /** Opens the heartbeat's own connection: blocking, called on the business executor. */
    @FunctionalInterface
    public interface Opener {
        Connection open() throws SQLException;
    }

    private final String server;
    private final Opener opener;
    private final String sql;
    private final long periodMillis;
    private final long timeoutMillis;
    private final Executor executor;
    private final EventLoop loop;
    private final Clock clock;
    private final HeartbeatRecorder recorder;

    private volatile boolean inFlight;
    private volatile boolean closed;
    /** Used by one check at a time, on the executor; closed from the loop on timeout or close. */
    private volatile Connection connection;
    private CompletableFuture<HeartbeatStatus> running; // event loop only
    private ScheduledFuture<?> task;                    // event loop only

    /**
     * @param server the server as errors name it, "data host host1 (jdbc:...)"
     * @param checked told each check's outcome on the event loop, after {@link #status()} shows it; must not block
     */
    public JdbcHeartbeat(String server, Opener opener, String sql, long periodMillis, long timeoutMillis,
            Executor executor, EventLoop loop, Clock clock, Consumer<HeartbeatStatus> checked) {
        if (periodMillis < 1) {
            throw new IllegalArgumentException("periodMillis: " + periodMillis + " (expected: >= 1)");
        }
        if (timeoutMillis < 1) {
            throw new IllegalArgumentException("timeoutMillis: " + timeoutMillis + " (expected: >= 1)");
        }
        this.server = server;
        this.opener = opener;
        this.sql = sql;
        this.periodMillis = periodMillis;
        this.timeoutMillis = timeoutMillis;
        this.executor = executor;
        this.loop = loop;
        this.clock = clock;
        this.recorder = new HeartbeatRecorder(server, timeoutMillis, clock, LOG, HeartbeatCheck.PLAIN, checked);
    }

    @Override
    public void start() {
        loop.execute(() -> {
            if (!closed && task == null) {
                task = loop.scheduleAtFixedRate(this::periodicCheck, 0, periodMillis, TimeUnit.MILLISECONDS);
            }
        });
    }

    @Override
    public HeartbeatStatus status() {
        return recorder.status().withChecking(inFlight);
    }

    @Override
    public boolean isOk() {
        return recorder.status().status() == HeartbeatStatus.Status.OK;
    }

    /** Runs a check now, or joins the one in progress; completes with its outcome. */
    public CompletableFuture<HeartbeatStatus> check() {
        return CompletableFuture.supplyAsync(this::checkOnLoop, loop).thenCompose(f -> f);
    }

    @Override
    public void close() {
        closed = true;
        loop.execute(() -> {
            if (task != null) {
                task.cancel(false);
            }
            dropConnection();
            if (running != null) {
                running.complete(recorder.status());
                running = null;
            }
        });
    }

    private void periodicCheck() {
        try {
            checkOnLoop();
        } catch (RuntimeException e) {
            LOG.warn("{}: heartbeat check failed", server, e);
        }
    }

    private CompletableFuture<HeartbeatStatus> checkOnLoop() {
        if (closed) {
            return CompletableFuture.completedFuture(recorder.status());
        }
        if (running != null) {
            return running;
        }
        CompletableFuture<HeartbeatStatus> check = new CompletableFuture<>();
        running = check;
        inFlight = true;
        long start = clock.millis();
        ScheduledFuture<?> timer = loop.schedule(() -> finish(check, start, HeartbeatStatus.Status.TIMEOUT,
                "no answer to '" + sql + "' within " + timeoutMillis + " ms"), timeoutMillis, TimeUnit.MILLISECONDS);
        try {
            executor.execute(() -> {
                String error = runSql();
                loop.execute(() -> {
                    timer.cancel(false);
                    finish(check, start, error == null ? HeartbeatStatus.Status.OK : HeartbeatStatus.Status.ERROR,
                            error == null ? "" : error);
                });
            });
        } catch (RejectedExecutionException e) { // the executor is shutting down
            timer.cancel(false);
            finish(check, start, HeartbeatStatus.Status.ERROR, "the business executor is shut down");
        }
        return check;
    }

    /** On the executor: runs the statement; null when it ran, else what went wrong. */
    private String runSql() {
        try {
            Connection c = connection;
            if (c == null || c.isClosed()) {
                c = opener.open();
                connection = c;
            }
            try (Statement statement = c.createStatement()) {
                statement.setQueryTimeout((int) Math.max(1, (timeoutMillis + MILLIS_PER_SECOND - 1)
                        / MILLIS_PER_SECOND));
                statement.execute(sql);
            }
            return null;
        } catch (SQLException | RuntimeException e) {
            dropConnection(); // a fresh connection next time: this one may be broken
            return String.valueOf(e.getMessage());
        }
    }

    private void dropConnection() {
        Connection c = connection;
        connection = null;
        if (c != null) {
            try {
                executor.execute(() -> closeQuietly(c));
            } catch (RejectedExecutionException e) {
                closeQuietly(c);
            }
        }
    }

    private static void closeQuietly(Connection c) {
        try {
            c.close();
        } catch (SQLException e) {
            // it is dropped either way
        }
    }

    /** Records the outcome of {@code check}, unless that check already ended (a late answer after a timeout). */
    private void finish(CompletableFuture<HeartbeatStatus> check, long start, HeartbeatStatus.Status outcome,
            String error) {
        if (running != check) {
            return;
        }
        running = null;
        inFlight = false;
        if (outcome == HeartbeatStatus.Status.TIMEOUT) {
            dropConnection(); // its answer may still come: the next check starts on a fresh connection
        }
        HeartbeatStatus next = recorder.record(start, outcome, error, null);
        check.complete(next);
    }
}
