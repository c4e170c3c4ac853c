package io.tessera.backend.health;

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

    /** Stops the checks and closes the check's connection. */
    @Override
    void close();
}
