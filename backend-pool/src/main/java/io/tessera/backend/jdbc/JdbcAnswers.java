package io.tessera.backend.jdbc;

import io.tessera.backend.QueryResult;
import io.tessera.protocol.constant.ServerStatus;
import java.nio.charset.Charset;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/** Reads the whole answer to an internal statement into a {@link QueryResult}: blocking, on the business executor. */
final class JdbcAnswers {

    private JdbcAnswers() {
    }

    /** @param mysql whether the server is MySQL: its values are read as the bytes it sent, in {@code results} */
    static QueryResult collect(Connection connection, String sql, boolean mysql, Charset results)
            throws SQLException {
        try (Statement statement = connection.createStatement()) {
            if (!statement.execute(sql)) {
                return new QueryResult(List.of(), List.of(), Math.max(statement.getLargeUpdateCount(), 0), 0, 0,
                        status(connection));
            }
            return rows(statement, mysql, results, connection);
        }
    }

    /** The server status an OK or EOF reports: autocommit, and a transaction open when it is off. */
    static int status(Connection connection) throws SQLException {
        return connection.getAutoCommit() ? ServerStatus.AUTOCOMMIT : ServerStatus.IN_TRANS;
    }

    private static QueryResult rows(Statement statement, boolean mysql, Charset results, Connection connection)
            throws SQLException {
        try (ResultSet rs = statement.getResultSet()) {
            int count = rs.getMetaData().getColumnCount();
            List<String> columns = new ArrayList<>(count);
            for (int i = 1; i <= count; i++) {
                columns.add(rs.getMetaData().getColumnLabel(i));
            }
            List<List<String>> rows = new ArrayList<>();
            while (rs.next()) {
                List<String> row = new ArrayList<>(count);
                for (int i = 1; i <= count; i++) {
                    row.add(text(rs, i, mysql, results));
                }
                rows.add(row);
            }
            return new QueryResult(columns, rows, 0, 0, 0, status(connection));
        }
    }

    /** A value's text: as a MySQL server sent it, or the database's own text of it. */
    private static String text(ResultSet rs, int index, boolean mysql, Charset results) throws SQLException {
        if (!mysql) {
            return rs.getString(index);
        }
        byte[] bytes = rs.getBytes(index);
        return bytes == null ? null : new String(bytes, results);
    }
}
