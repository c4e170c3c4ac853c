package io.tessera.backend.health;

import io.tessera.backend.QueryResult;
import java.util.List;
import java.util.Optional;

/**
 * The {@code show slave status} columns of a replica's last heartbeat answer that {@code show @@datasource.synstatus}
 * prints (MyCat's {@code DataSourceSyncRecorder} keeps the same ones). Values are the server's text, {@code null} for
 * SQL NULL; numbers that are NULL or unreadable are -1.
 */
public record ReplicaStatus(String masterHost, long masterPort, String masterUser, long secondsBehind,
        String ioRunning, String sqlRunning, String ioState, long connectRetry, String lastIoError,
        String lastSqlError, long lastSqlErrno) {

    /** The first row of a {@code show slave status} answer, columns by name; empty when the server replicates nothing. */
    static Optional<ReplicaStatus> read(QueryResult answer) {
        if (answer.rows().isEmpty()) {
            return Optional.empty();
        }
        List<String> columns = answer.columns();
        List<String> row = answer.rows().get(0);
        return Optional.of(new ReplicaStatus(text(columns, row, "Master_Host"),
                number(columns, row, "Master_Port"), text(columns, row, "Master_User"),
                number(columns, row, "Seconds_Behind_Master"), text(columns, row, "Slave_IO_Running"),
                text(columns, row, "Slave_SQL_Running"), text(columns, row, "Slave_IO_State"),
                number(columns, row, "Connect_Retry"), text(columns, row, "Last_IO_Error"),
                text(columns, row, "Last_SQL_Error"), number(columns, row, "Last_SQL_Errno")));
    }

    /** The value of {@code column} in {@code row}, matched case-insensitively; null when absent or NULL. */
    static String text(List<String> columns, List<String> row, String column) {
        for (int i = 0; i < columns.size() && i < row.size(); i++) {
            if (columns.get(i).equalsIgnoreCase(column)) {
                return row.get(i);
            }
        }
        return null;
    }

    private static long number(List<String> columns, List<String> row, String column) {
        return number(text(columns, row, column));
    }

    /** A whole number the server printed; -1 for NULL or anything unreadable. */
    static long number(String value) {
        if (value == null || value.isBlank()) {
            return -1;
        }
        try {
            return Long.parseLong(value.strip());
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
