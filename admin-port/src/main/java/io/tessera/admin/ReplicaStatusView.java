package io.tessera.admin;

/**
 * The {@code show slave status} row of a data source's last heartbeat answer ({@code show @@datasource.synstatus}):
 * the server's text, {@code null} for SQL NULL, and -1 for a number that was NULL.
 */
public record ReplicaStatusView(String masterHost, long masterPort, String masterUser, long secondsBehind,
        String ioRunning, String sqlRunning, String ioState, long connectRetry, String lastIoError,
        String lastSqlError, long lastSqlErrno) {
}
