package io.tessera.backend.health;

import java.util.List;
import java.util.Optional;

/**
 * One server's periodic health check, whichever driver runs it: {@link Heartbeat} over the native client, or
 * {@link JdbcHeartbeat} over JDBC. Both keep MyCat's status codes and meanings (OK, ERROR, TIMEOUT), so that read
 * balancing and write host failover treat every server alike.
 */
public interface HealthCheck extends AutoCloseable {

    /** Checks now, then every period. */
    void start();

    /** The outcome of the last finished check, and whether one is in flight now. */
    HeartbeatStatus status();

    /** Whether the last finished check found the server answering: MyCat's {@code DBHeartbeat.OK_STATUS}. */
    boolean isOk();

    /**
     * Skips the periodic checks until {@code epochMillis} of the pool's clock ({@code stop @@heartbeat}, MyCat's
     * heartbeat recovery time): the last outcome stands meanwhile, so nothing fails over; a time already past resumes
     * them at the next period.
     */
    void pauseUntil(long epochMillis);

    /** Until when the periodic checks are skipped, in epoch milliseconds of the pool's clock; 0 when not paused now. */
    long pausedUntil();

    /** The checks the server answered in the last 30 minutes, oldest first ({@code show @@heartbeat.detail}). */
    List<HeartbeatSample> samples();

    /** The {@code show slave status} row of the last answer; empty when it had none or was not read. */
    Optional<ReplicaStatus> replica();

    /** Stops the checks and closes the check's connection. */
    @Override
    void close();
}
