package io.tessera.backend.jdbc;

import io.tessera.backend.BackendException;
import io.tessera.protocol.error.ErrorCode;
import io.tessera.protocol.packet.ErrPacket;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLRecoverableException;

/**
 * A JDBC data host's errors in MySQL's terms. A MySQL server's own error, which a MySQL driver reports with its code
 * and SQLSTATE, keeps both and its message, as the native client passes it on; anything else (another database's
 * error, the driver's own) is 1105/HY000 naming the data host, with the SQLSTATE it had in the message.
 */
final class JdbcErrors {

    /** MySQL's server error codes; below are none, at 2000 and above its client library's. */
    private static final int MIN_SERVER_CODE = 1000;
    private static final int MAX_SERVER_CODE = 1999;
    private static final int MIN_SERVER_CODE_8 = 3000;
    private static final int MAX_SERVER_CODE_8 = 50_000;
    private static final int SQLSTATE_LENGTH = 5;

    private JdbcErrors() {
    }

    /** The ERR a client gets for {@code e}. */
    static ErrPacket err(String dataHost, SQLException e, boolean mysql) {
        if (isServerError(e, mysql)) {
            return new ErrPacket(e.getErrorCode(), e.getSQLState(), String.valueOf(e.getMessage()));
        }
        return new ErrPacket(ErrorCode.UNKNOWN_ERROR.code(), ErrorCode.UNKNOWN_ERROR.sqlState(),
                dataHost + ": " + describe(e));
    }

    /** {@code e} as the exception a borrow or an internal query fails with. */
    static BackendException backendException(String dataHost, SQLException e, boolean mysql) {
        if (isServerError(e, mysql)) {
            return new BackendException(e.getErrorCode(), e.getSQLState(), dataHost, String.valueOf(e.getMessage()));
        }
        return new BackendException(dataHost, describe(e));
    }

    /** Whether the connection is lost ({@code 08} SQLSTATEs, the JDBC connection exceptions). */
    static boolean isBroken(SQLException e) {
        String state = e.getSQLState();
        return e instanceof SQLNonTransientConnectionException || e instanceof SQLRecoverableException
                || state != null && state.startsWith("08");
    }

    private static boolean isServerError(SQLException e, boolean mysql) {
        int code = e.getErrorCode();
        String state = e.getSQLState();
        return mysql && state != null && state.length() == SQLSTATE_LENGTH
                && (code >= MIN_SERVER_CODE && code <= MAX_SERVER_CODE
                        || code >= MIN_SERVER_CODE_8 && code < MAX_SERVER_CODE_8);
    }

    private static String describe(SQLException e) {
        String state = e.getSQLState();
        return String.valueOf(e.getMessage()) + (state == null ? "" : " (SQLSTATE " + state + ")");
    }
}
