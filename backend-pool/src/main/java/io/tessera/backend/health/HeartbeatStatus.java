package io.tessera.backend.health;

import java.util.Objects;

/**
 * The last heartbeat of a data host, as {@code show @@heartbeat} reports it.
 *
 * @param status the outcome of the last check
 * @param lastCheckMillis when the last check finished (epoch millis of the pool's clock), 0 before the first
 * @param lastResponseMillis how long the last check took, 0 before the first
 * @param errorCount failed checks in a row, 0 after a success
 * @param lastError what went wrong in the last failed check, empty if none failed yet
 * @param lastOkMillis when the server last answered (epoch millis of the pool's clock), 0 if it never did
 * @param timeoutMillis how long a check may take before it counts as TIMEOUT
 * @param meanMillis1m mean round trip of the checks that ended in the last minute, 0 if none did
 * @param meanMillis10m the same over 10 minutes
 * @param meanMillis30m the same over 30 minutes
 * @param checking a check is in flight now
 * @param replication what the last answer said of the server's replication ({@link HeartbeatCheck}); kept from the
 *     last answer while the server does not answer
 */
public record HeartbeatStatus(Status status, long lastCheckMillis, long lastResponseMillis, int errorCount,
        String lastError, long lastOkMillis, long timeoutMillis, long meanMillis1m, long meanMillis10m,
        long meanMillis30m, boolean checking, ReplicationState replication) {

    public HeartbeatStatus {
        Objects.requireNonNull(replication, "replication");
    }

    /** The outcome of a heartbeat that does not read replication ({@link ReplicationState#NOT_CHECKED}). */
    public HeartbeatStatus(Status status, long lastCheckMillis, long lastResponseMillis, int errorCount,
            String lastError, long lastOkMillis, long timeoutMillis, long meanMillis1m, long meanMillis10m,
            long meanMillis30m, boolean checking) {
        this(status, lastCheckMillis, lastResponseMillis, errorCount, lastError, lastOkMillis, timeoutMillis,
                meanMillis1m, meanMillis10m, meanMillis30m, checking, ReplicationState.NOT_CHECKED);
    }

    /** Before any check, for a heartbeat whose checks time out after {@code timeoutMillis}. */
    public static HeartbeatStatus initial(long timeoutMillis) {
        return new HeartbeatStatus(Status.INIT, 0, 0, 0, "", 0, timeoutMillis, 0, 0, 0, false,
                ReplicationState.NOT_CHECKED);
    }

    /** The same snapshot, saying whether a check is in flight. */
    HeartbeatStatus withChecking(boolean inFlight) {
        return inFlight == checking ? this : new HeartbeatStatus(status, lastCheckMillis, lastResponseMillis,
                errorCount, lastError, lastOkMillis, timeoutMillis, meanMillis1m, meanMillis10m, meanMillis30m,
                inFlight, replication);
    }

    /** MyCat's heartbeat result codes ({@code DBHeartbeat}), which {@code show @@heartbeat} prints as RS_CODE. */
    public enum Status {
        INIT(0), OK(1), ERROR(-1), TIMEOUT(-2);

        private final int code;

        Status(int code) {
            this.code = code;
        }

        public int code() {
            return code;
        }
    }
}
