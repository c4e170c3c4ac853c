package io.tessera.backend.health;

import io.netty.channel.EventLoop;
import io.netty.util.concurrent.ScheduledFuture;
import io.tessera.backend.BackendException;
import io.tessera.backend.QueryResult;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.apache.logging.log4j.Logger;

/**
 * What every heartbeat does whichever driver asks the server: run a check now and every period, one at a time, give
 * each {@code timeoutMillis} before it counts as TIMEOUT, read the answer with its {@link HeartbeatCheck}, and record
 * the outcome ({@link HeartbeatRecorder}). A subclass only asks the server ({@link #ask}) and drops its connection
 * ({@link #dropConnection}).
 *
 * <p>Its schedule and state live on one event loop; {@link #status()} may be read from any thread.
 */
abstract class PeriodicHeartbeat implements HealthCheck {

    private final Logger log;
    private final String server;
    private final String sql;
    private final long periodMillis;
    private final long timeoutMillis;
    private final EventLoop loop;
    private final Clock clock;
    private final HeartbeatCheck reader;
    private final HeartbeatRecorder recorder;

    private volatile boolean inFlight;
    private volatile long pausedUntil;
    private volatile boolean closed;
    private CompletableFuture<HeartbeatStatus> running; // event loop only: the check in progress
    private ScheduledFuture<?> task;                    // event loop only

    /**
     * @param server the server as logs name it, e.g. "data host host1 (127.0.0.1:3306)"
     * @param sql the statement to run, e.g. {@code select user()}
     * @param timeoutMillis how long one check may take before it counts as TIMEOUT
     * @param checked told each check's outcome on the event loop, after {@link #status()} shows it; must not block
     */
    PeriodicHeartbeat(Logger log, String server, String sql, long periodMillis, long timeoutMillis, EventLoop loop,
            Clock clock, HeartbeatCheck reader, Consumer<HeartbeatStatus> checked) {
        if (periodMillis < 1) {
            throw new IllegalArgumentException("periodMillis: " + periodMillis + " (expected: >= 1)");
        }
        if (timeoutMillis < 1) {
            throw new IllegalArgumentException("timeoutMillis: " + timeoutMillis + " (expected: >= 1)");
        }
        this.log = log;
        this.server = server;
        this.sql = sql;
        this.periodMillis = periodMillis;
        this.timeoutMillis = timeoutMillis;
        this.loop = loop;
        this.clock = clock;
        this.reader = reader;
        this.recorder = new HeartbeatRecorder(server, timeoutMillis, clock, log, reader, checked);
    }

    /**
     * Asks the server {@link #sql()} for {@code check}, on the event loop; the answer may complete on any thread. A
     * subclass that finds {@code check} no longer {@link #current} (stopped, or timed out meanwhile) gives up.
     */
    abstract CompletableFuture<QueryResult> ask(CompletableFuture<HeartbeatStatus> check);

    /** Closes the connection the checks use, on the event loop: the next check opens a fresh one. */
    abstract void dropConnection();

    final String sql() {
        return sql;
    }

    final long timeoutMillis() {
        return timeoutMillis;
    }

    final EventLoop loop() {
        return loop;
    }

    /** Whether {@code check} still owns the heartbeat: not stopped, and not ended by a timeout. Event loop only. */
    final boolean current(CompletableFuture<HeartbeatStatus> check) {
        return !closed && running == check;
    }

    @Override
    public final void start() {
        loop.execute(() -> {
            if (!closed && task == null) {
                task = loop.scheduleAtFixedRate(this::periodicCheck, 0, periodMillis, TimeUnit.MILLISECONDS);
            }
        });
    }

    @Override
    public final HeartbeatStatus status() {
        return recorder.status().withChecking(inFlight);
    }

    @Override
    public final boolean isOk() {
        // no snapshot: read balancing asks on every borrow
        return recorder.status().status() == HeartbeatStatus.Status.OK;
    }

    @Override
    public final void pauseUntil(long epochMillis) {
        pausedUntil = epochMillis;
    }

    @Override
    public final long pausedUntil() {
        long until = pausedUntil;
        return until > clock.millis() ? until : 0;
    }

    @Override
    public final List<HeartbeatSample> samples() {
        return recorder.samples();
    }

    @Override
    public final Optional<ReplicaStatus> replica() {
        return Optional.ofNullable(recorder.replica());
    }

    /** Runs a check now, or joins the one in progress; completes with its outcome. */
    public final CompletableFuture<HeartbeatStatus> check() {
        return CompletableFuture.supplyAsync(this::checkOnLoop, loop).thenCompose(f -> f);
    }

    @Override
    public final void close() {
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

    /** A periodic task that throws is never run again: keep the heartbeat alive whatever happens in one run. */
    private void periodicCheck() {
        if (clock.millis() < pausedUntil) {
            return;
        }
        try {
            checkOnLoop();
        } catch (RuntimeException e) {
            log.warn("{}: heartbeat check failed", server, e);
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
        CompletableFuture<QueryResult> answer;
        try {
            answer = ask(check);
        } catch (RuntimeException e) {
            answer = CompletableFuture.failedFuture(e); // e.g. the event loop or the executor is shutting down
        }
        answer.whenCompleteAsync((result, error) -> {
            timer.cancel(false);
            if (error != null) {
                finish(check, start, HeartbeatStatus.Status.ERROR, messageOf(error), null);
                return;
            }
            HeartbeatCheck.Reading reading;
            try {
                reading = reader.read(result);
            } catch (RuntimeException readFailure) {
                reading = new HeartbeatCheck.Reading("unreadable answer to '" + sql + "': " + readFailure,
                        recorder.status().replication(), recorder.replica());
            }
            finish(check, start, reading.error() == null ? HeartbeatStatus.Status.OK : HeartbeatStatus.Status.ERROR,
                    reading.error() == null ? "" : reading.error(), reading);
        }, loop);
        return check;
    }

    /**
     * Records the outcome of {@code check}, unless that check already ended (a late answer after a timeout).
     *
     * @param reading what the answer said; {@code null} keeps the last known replication state (no answer)
     */
    private void finish(CompletableFuture<HeartbeatStatus> check, long start, HeartbeatStatus.Status outcome,
            String error, HeartbeatCheck.Reading reading) {
        if (running != check) {
            return;
        }
        running = null;
        inFlight = false;
        if (outcome == HeartbeatStatus.Status.TIMEOUT) {
            dropConnection(); // its answer may still come: the next check starts on a fresh connection
        }
        check.complete(recorder.record(start, outcome, error, reading));
    }

    private static String messageOf(Throwable e) {
        Throwable cause = e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
        return cause instanceof BackendException b ? b.detail() : String.valueOf(cause.getMessage());
    }
}
