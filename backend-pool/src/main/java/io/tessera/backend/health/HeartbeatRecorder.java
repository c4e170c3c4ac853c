package io.tessera.backend.health;

import java.time.Clock;
import java.util.List;
import java.util.function.Consumer;
import org.apache.logging.log4j.Logger;

/**
 * A heartbeat's bookkeeping, shared by {@link Heartbeat} and {@link JdbcHeartbeat}: turns each check's outcome into
 * the next {@link HeartbeatStatus} (error count, last OK, response-time means), logs a status change once (the first
 * OK at INFO, any other change at WARN) and tells the listener. Event loop only, except {@link #status()}.
 */
final class HeartbeatRecorder {

    private final String server;
    private final long timeoutMillis;
    private final Clock clock;
    private final Logger log;
    private final HeartbeatCheck reader;
    private final Consumer<HeartbeatStatus> checked;
    private final ResponseTimes responseTimes = new ResponseTimes();
    private volatile HeartbeatStatus status;
    private volatile ReplicaStatus replica;

    /**
     * @param server the server as the log names it
     * @param log the heartbeat's own logger, so its lines keep their category
     * @param reader logs changes of the replication state it reads
     */
    HeartbeatRecorder(String server, long timeoutMillis, Clock clock, Logger log, HeartbeatCheck reader,
            Consumer<HeartbeatStatus> checked) {
        this.server = server;
        this.timeoutMillis = timeoutMillis;
        this.clock = clock;
        this.log = log;
        this.reader = reader;
        this.checked = checked;
        this.status = HeartbeatStatus.initial(timeoutMillis);
    }

    /** The outcome of the last finished check; any thread. */
    HeartbeatStatus status() {
        return status;
    }

    /** The {@code show slave status} row of the last answer; null when it had none or none came yet; any thread. */
    ReplicaStatus replica() {
        return replica;
    }

    /** The answered checks of the last 30 minutes, oldest first; any thread. */
    List<HeartbeatSample> samples() {
        return responseTimes.samples();
    }

    /**
     * Records the outcome of a check that started at {@code start}.
     *
     * @param reading what the answer said; {@code null} keeps the last known replication state (no answer)
     * @return the new status, which {@link #status()} shows before the listener is told
     */
    HeartbeatStatus record(long start, HeartbeatStatus.Status outcome, String error, HeartbeatCheck.Reading reading) {
        long now = clock.millis();
        HeartbeatStatus previous = status;
        ReplicationState replication = reading == null ? null : reading.replication();
        if (reading != null) {
            replica = reading.replica();
        }
        boolean ok = outcome == HeartbeatStatus.Status.OK;
        if (ok) {
            responseTimes.add(now, now - start, replication == null ? -1 : replication.secondsBehind());
        }
        HeartbeatStatus next = new HeartbeatStatus(outcome, now, now - start, ok ? 0 : previous.errorCount() + 1,
                ok ? previous.lastError() : error, ok ? now : previous.lastOkMillis(), timeoutMillis,
                responseTimes.mean(now, ResponseTimes.MINUTE), responseTimes.mean(now, 10 * ResponseTimes.MINUTE),
                responseTimes.mean(now, 30 * ResponseTimes.MINUTE), false,
                replication == null ? previous.replication() : replication.after(previous.replication()));
        status = next;
        reader.logChange(server, previous.replication(), next.replication());
        if (previous.status() != outcome) {
            if (previous.status() == HeartbeatStatus.Status.INIT && ok) {
                log.info("{}: heartbeat OK", server);
            } else if (ok) {
                log.warn("{}: heartbeat OK again (was {})", server, previous.status());
            } else {
                log.warn("{}: heartbeat {} (was {}): {}", server, outcome, previous.status(), error);
            }
        }
        try {
            checked.accept(next);
        } catch (RuntimeException e) {
            log.warn("{}: handling the heartbeat's outcome failed", server, e);
        }
        return next;
    }
}
