package io.tessera.backend.health;

import io.netty.channel.EventLoop;
import io.netty.util.concurrent.ScheduledFuture;
import io.tessera.backend.BackendException;
import io.tessera.backend.QueryResult;
import io.tessera.backend.mysql.BackendConnector;
import io.tessera.backend.mysql.ConnectionOwner;
import io.tessera.backend.mysql.NativeConnection;
import java.time.Clock;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Runs a data host's {@code <heartbeat>} statement (MyCat's {@code select user()}) every period on a connection of
 * its own, so that a full pool never delays it, and keeps the outcome as MyCat's status codes: OK when the server
 * answered, ERROR when it could not be reached or answered ERR, TIMEOUT when it did not answer in time (the
 * connection is then dropped and the next check opens a new one). A status change is logged once, at WARN (the
 * first OK at INFO); steady states are not logged. Its {@link HeartbeatCheck} reads more from the answer where the
 * switch type asks: the replication state, or a Galera node's state (a node not ready is an ERROR).
 *
 * <p>Runs on one event loop, where all its state lives; {@link #status()} may be read from any thread.
 */
public final class Heartbeat implements HealthCheck {

    private static final Logger LOG = LogManager.getLogger(Heartbeat.class);

    private final BackendConnector connector;
    private final String sql;
    private final long periodMillis;
    private final long timeoutMillis;
    private final EventLoop loop;
    private final Clock clock;
    private final ConnectionOwner owner = new Owner();
    private final HeartbeatCheck reader;
    private final HeartbeatRecorder recorder;

    private volatile boolean inFlight;
    private volatile boolean closed;
    private NativeConnection connection;               // event loop only
    private CompletableFuture<HeartbeatStatus> running; // event loop only: the check in progress
    private ScheduledFuture<?> task;                    // event loop only

    /**
     * @param sql the statement to run, e.g. {@code select user()}
     * @param timeoutMillis how long one check may take before it counts as TIMEOUT
     */
    public Heartbeat(BackendConnector connector, String sql, long periodMillis, long timeoutMillis, EventLoop loop,
            Clock clock) {
        this(connector, sql, periodMillis, timeoutMillis, loop, clock, HeartbeatCheck.PLAIN, status -> { });
    }

    /**
     * A heartbeat that tells {@code checked} the outcome of every finished check, on its event loop, after
     * {@link #status()} shows it; {@code checked} must not block.
     *
     * @param sql the statement to run, e.g. {@code select user()}
     * @param timeoutMillis how long one check may take before it counts as TIMEOUT
     */
    public Heartbeat(BackendConnector connector, String sql, long periodMillis, long timeoutMillis, EventLoop loop,
            Clock clock, Consumer<HeartbeatStatus> checked) {
        this(connector, sql, periodMillis, timeoutMillis, loop, clock, HeartbeatCheck.PLAIN, checked);
    }

    /**
     * A heartbeat that reads its answers as {@code reader} says, and tells {@code checked} the outcome of every
     * finished check, on its event loop, after {@link #status()} shows it; {@code checked} must not block.
     *
     * @param sql the statement to run, e.g. {@code show slave status}
     * @param timeoutMillis how long one check may take before it counts as TIMEOUT
     */
    public Heartbeat(BackendConnector connector, String sql, long periodMillis, long timeoutMillis, EventLoop loop,
            Clock clock, HeartbeatCheck reader, Consumer<HeartbeatStatus> checked) {
        if (periodMillis < 1) {
            throw new IllegalArgumentException("periodMillis: " + periodMillis + " (expected: >= 1)");
        }
        if (timeoutMillis < 1) {
            throw new IllegalArgumentException("timeoutMillis: " + timeoutMillis + " (expected: >= 1)");
        }
        this.connector = connector;
        this.sql = sql;
        this.periodMillis = periodMillis;
        this.timeoutMillis = timeoutMillis;
        this.loop = loop;
        this.clock = clock;
        this.reader = reader;
        this.recorder = new HeartbeatRecorder(connector.options().describe(), timeoutMillis, clock, LOG, reader,
                checked);
    }

    /** Checks now, then every period. */
    @Override
    public void start() {
        loop.execute(() -> {
            if (!closed && task == null) {
                task = loop.scheduleAtFixedRate(this::periodicCheck, 0, periodMillis, TimeUnit.MILLISECONDS);
            }
        });
    }

    /** The outcome of the last finished check, and whether one is in flight now. */
    @Override
    public HeartbeatStatus status() {
        return recorder.status().withChecking(inFlight);
    }

    /** Whether the last finished check found the server answering: MyCat's {@code DBHeartbeat.OK_STATUS}. */
    @Override
    public boolean isOk() {
        // no snapshot: read balancing asks on every borrow
        return recorder.status().status() == HeartbeatStatus.Status.OK;
    }

    /** Runs a check now, or joins the one in progress; completes with its outcome. */
    public CompletableFuture<HeartbeatStatus> check() {
        return CompletableFuture.supplyAsync(this::checkOnLoop, loop).thenCompose(f -> f);
    }

    /** Stops the checks and closes the heartbeat's connection. */
    @Override
    public void close() {
        closed = true;
        loop.execute(() -> {
            if (task != null) {
                task.cancel(false);
            }
            if (connection != null) {
                connection.close();
                connection = null;
            }
            if (running != null) {
                running.complete(recorder.status());
                running = null;
            }
        });
    }

    /** A periodic task that throws is never run again: keep the heartbeat alive whatever happens in one run. */
    private void periodicCheck() {
        try {
            checkOnLoop();
        } catch (RuntimeException e) {
            LOG.warn("{}: heartbeat check failed", connector.options().describe(), e);
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
        CompletableFuture<NativeConnection> ready;
        try {
            ready = connection != null && connection.isUsable()
                    ? CompletableFuture.completedFuture(connection)
                    : connector.connect(loop, null, false, owner);
        } catch (RuntimeException e) {
            ready = CompletableFuture.failedFuture(e); // e.g. the event loop is shutting down
        }
        ready.thenCompose(c -> run(c, check)).whenComplete((r, e) -> {
            timer.cancel(false);
            if (e != null) {
                finish(check, start, HeartbeatStatus.Status.ERROR, messageOf(e), null);
                return;
            }
            HeartbeatCheck.Reading reading;
            try {
                reading = reader.read(r);
            } catch (RuntimeException readFailure) {
                reading = new HeartbeatCheck.Reading("unreadable answer to '" + sql + "': " + readFailure,
                        recorder.status().replication());
            }
            finish(check, start, reading.error() == null ? HeartbeatStatus.Status.OK : HeartbeatStatus.Status.ERROR,
                    reading.error() == null ? "" : reading.error(), reading.replication());
        });
        return check;
    }

    private CompletableFuture<QueryResult> run(NativeConnection c, CompletableFuture<HeartbeatStatus> check) {
        if (closed || running != check) {
            // Stopped, or this check timed out while connecting: a later check owns the heartbeat now.
            if (c != connection) {
                c.close();
            }
            return CompletableFuture.failedFuture(new IllegalStateException("heartbeat check abandoned"));
        }
        connection = c;
        return c.query(sql);
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
        if (outcome == HeartbeatStatus.Status.TIMEOUT && connection != null) {
            connection.close(); // its answer may still come: start the next check on a fresh connection
            connection = null;
        }
        HeartbeatStatus next = recorder.record(start, outcome, error, replication);
        check.complete(next);
    }

    private static String messageOf(Throwable e) {
        Throwable cause = e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
        return cause instanceof BackendException b ? b.detail() : String.valueOf(cause.getMessage());
    }

    /** The heartbeat keeps its connection; it only needs to know when the connection closes. */
    private final class Owner implements ConnectionOwner {

        @Override
        public void released(NativeConnection released) {
            released.close();
        }

        @Override
        public void closed(NativeConnection closedConnection) {
            if (connection == closedConnection) {
                connection = null;
            }
        }

        @Override
        public void querySent() {
            // heartbeats are not the data host's queries
        }
    }
}
