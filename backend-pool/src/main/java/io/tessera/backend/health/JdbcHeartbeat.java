package io.tessera.backend.health;

import io.netty.channel.EventLoop;
import io.netty.util.concurrent.ScheduledFuture;
import io.tessera.backend.QueryResult;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
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
 * status change is logged once. Its {@link HeartbeatCheck} reads the replication or Galera state from the answer's
 * columns where the switch type asks. So read balancing and write host failover work for JDBC servers as for native
 * ones.
 *
 * <p>Its schedule and status live on one event loop; only the JDBC calls run on the executor.
 */
public final class JdbcHeartbeat implements HealthCheck {

    private static final Logger LOG = LogManager.getLogger(JdbcHeartbeat.class);
    private static final long MILLIS_PER_SECOND = 1000;
    private static final QueryResult EMPTY = new QueryResult(List.of(), List.of(), 0, 0, 0, 0);

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
    private final HeartbeatCheck reader;
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
        this(server, opener, sql, periodMillis, timeoutMillis, executor, loop, clock, HeartbeatCheck.PLAIN, checked);
    }

    /**
     * A heartbeat that reads its answers as {@code reader} says: the replication state, or a Galera node's state,
     * from the columns of the statement's first result set, as {@link Heartbeat} does.
     *
     * @param server the server as errors name it, "data host host1 (jdbc:...)"
     * @param checked told each check's outcome on the event loop, after {@link #status()} shows it; must not block
     */
    public JdbcHeartbeat(String server, Opener opener, String sql, long periodMillis, long timeoutMillis,
            Executor executor, EventLoop loop, Clock clock, HeartbeatCheck reader,
            Consumer<HeartbeatStatus> checked) {
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
        this.reader = reader;
        this.recorder = new HeartbeatRecorder(server, timeoutMillis, clock, LOG, reader, checked);
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
                "no answer to '" + sql + "' within " + timeoutMillis + " ms", null), timeoutMillis,
                TimeUnit.MILLISECONDS);
        try {
            executor.execute(() -> {
                Answer answer = runSql();
                loop.execute(() -> {
                    timer.cancel(false);
                    if (answer.error() != null) {
                        finish(check, start, HeartbeatStatus.Status.ERROR, answer.error(), null);
                        return;
                    }
                    HeartbeatCheck.Reading reading;
                    try {
                        reading = reader.read(answer.result());
                    } catch (RuntimeException readFailure) {
                        reading = new HeartbeatCheck.Reading("unreadable answer to '" + sql + "': " + readFailure,
                                recorder.status().replication());
                    }
                    finish(check, start, reading.error() == null ? HeartbeatStatus.Status.OK
                            : HeartbeatStatus.Status.ERROR, reading.error() == null ? "" : reading.error(),
                            reading.replication());
                });
            });
        } catch (RejectedExecutionException e) { // the executor is shutting down
            timer.cancel(false);
            finish(check, start, HeartbeatStatus.Status.ERROR, "the business executor is shut down", null);
        }
        return check;
    }

    /** On the executor: runs the statement; its answer, or what went wrong. */
    private Answer runSql() {
        try {
            Connection c = connection;
            if (c == null || c.isClosed()) {
                c = opener.open();
                connection = c;
            }
            try (Statement statement = c.createStatement()) {
                statement.setQueryTimeout((int) Math.max(1, (timeoutMillis + MILLIS_PER_SECOND - 1)
                        / MILLIS_PER_SECOND));
                return new Answer(statement.execute(sql) ? read(statement) : EMPTY, null);
            }
        } catch (SQLException | RuntimeException e) {
            dropConnection(); // a fresh connection next time: this one may be broken
            return new Answer(null, String.valueOf(e.getMessage()));
        }
    }

    /** The first result set as the text rows {@link HeartbeatCheck} reads ({@code null} is SQL NULL). */
    private static QueryResult read(Statement statement) throws SQLException {
        try (ResultSet rs = statement.getResultSet()) {
            ResultSetMetaData meta = rs.getMetaData();
            List<String> columns = new ArrayList<>(meta.getColumnCount());
            for (int i = 1; i <= meta.getColumnCount(); i++) {
                columns.add(meta.getColumnLabel(i));
            }
            List<List<String>> rows = new ArrayList<>();
            while (rs.next()) {
                List<String> row = new ArrayList<>(columns.size());
                for (int i = 1; i <= columns.size(); i++) {
                    row.add(rs.getString(i));
                }
                rows.add(row);
            }
            return new QueryResult(columns, rows, 0, 0, 0, 0);
        }
    }

    /** A check's answer: its result, or the error that stopped it. */
    private record Answer(QueryResult result, String error) {
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

    /**
     * Records the outcome of {@code check}, unless that check already ended (a late answer after a timeout).
     *
     * @param replication what the answer said of replication; {@code null} keeps the last known (no answer)
     */
    private void finish(CompletableFuture<HeartbeatStatus> check, long start, HeartbeatStatus.Status outcome,
            String error, ReplicationState replication) {
        if (running != check) {
            return;
        }
        running = null;
        inFlight = false;
        if (outcome == HeartbeatStatus.Status.TIMEOUT) {
            dropConnection(); // its answer may still come: the next check starts on a fresh connection
        }
        HeartbeatStatus next = recorder.record(start, outcome, error, replication);
        check.complete(next);
    }
}
