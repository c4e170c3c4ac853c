package io.tessera.admin;

/**
 * A snapshot of one data source's heartbeat (the data host's {@code <heartbeat>} statement), as {@code show
 * @@heartbeat} reports it.
 *
 * @param code             result of the last heartbeat: {@link #OK} 1, {@link #ERROR} -1, {@link #TIMEOUT} -2, or
 *                         {@link #INIT} 0 before the first one ended (RS_CODE)
 * @param errorCount       heartbeats failed in a row since the last success (RETRY)
 * @param checking         true while a heartbeat is in flight (STATUS {@code checking}, else {@code idle})
 * @param timeoutMillis    how long a heartbeat may take before it counts as {@link #TIMEOUT}, in milliseconds
 *                         (TIMEOUT)
 * @param avgMillis1m      mean heartbeat round trip, in milliseconds, over the last minute; with the next two it makes
 *                         EXECUTE_TIME {@code "1m,10m,30m"}; 0 when no heartbeat ended in the window
 * @param avgMillis10m     the same over the last 10 minutes
 * @param avgMillis30m     the same over the last 30 minutes
 * @param lastActiveMillis when the last heartbeat answer arrived, in epoch milliseconds, or 0 if none has
 *                         (LAST_ACTIVE_TIME, printed {@code yyyy-MM-dd HH:mm:ss}; NULL when 0)
 * @param recoveryMillis   after failures: the epoch millisecond before which the pool will not try this source again;
 *                         0 when the source is not waiting to recover (show @@datanode RECOVERY_TIME)
 * @param stopped          true when heartbeats are not running: not started, or paused ({@code stop @@heartbeat})
 *                         (STOP)
 */
public record HeartbeatStatus(int code, int errorCount, boolean checking, long timeoutMillis, long avgMillis1m,
        long avgMillis10m, long avgMillis30m, long lastActiveMillis, long recoveryMillis, boolean stopped) {

    public static final int OK = 1;
    public static final int ERROR = -1;
    public static final int TIMEOUT = -2;
    public static final int INIT = 0;

    public HeartbeatStatus {
        if (code < TIMEOUT || code > OK) {
            throw new IllegalArgumentException("code: " + code + " (expected: -2..1)");
        }
    }
}
