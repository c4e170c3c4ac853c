package io.tessera.backend.jdbc;

import io.tessera.backend.BackendException;
import io.tessera.protocol.constant.Command;
import io.tessera.protocol.error.ErrorCode;
import io.tessera.protocol.packet.ErrPacket;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Runs the commands the proxy sends a {@link JdbcConnection}, on the business executor, one at a time: COM_QUERY
 * (its results streamed by a {@link ResultCursor}), COM_INIT_DB, COM_PING; the others get an ERR naming the data
 * host, never a guessed answer.
 */
final class CommandRunner {

    private static final int FETCH_SIZE = ResultCursor.BATCH_ROWS;
    /** Connector/J's streaming fetch size: one row at a time instead of the whole result in memory. */
    private static final int CONNECTOR_J_STREAMING = Integer.MIN_VALUE;
    private static final int PING_TIMEOUT_SECONDS = 5;

    private final JdbcConnection connection;
    private final ResponseDelivery delivery;

    CommandRunner(JdbcConnection connection, ResponseDelivery delivery) {
        this.connection = connection;
        this.delivery = delivery;
    }

    /** An ERR for a command MySQL has that JDBC cannot carry. */
    static ErrPacket notSupported(String dataHost, String what) {
        return new ErrPacket(ErrorCode.NOT_SUPPORTED_YET.code(), ErrorCode.NOT_SUPPORTED_YET.sqlState(),
                dataHost + ": " + what + " is not supported on a dbDriver=\"jdbc\" data host");
    }

    /** On the business executor. */
    void run(JdbcCommand command, boolean columnsOnly) {
        delivery.clearLastErrorCode();
        ResponseFrames response = new ResponseFrames();
        String dataHost = connection.dataHost();
        try {
            if (command.code() == Command.QUERY && !columnsOnly) {
                query(command.text(connection.clientCharset()), response);
                return;
            } else if (command.code() == Command.INIT_DB) {
                connection.useDatabase(command.text(connection.clientCharset()));
                response.ok(0, 0, connection.status());
            } else if (command.code() == Command.PING) {
                if (!connection.jdbc().isValid(PING_TIMEOUT_SECONDS)) {
                    connection.fail(new BackendException(dataHost, "the connection does not answer"));
                    return;
                }
                response.ok(0, 0, connection.status());
            } else if (command.notSupportedOverJdbc()) {
                response.err(notSupported(dataHost, command.displayName()));
            } else {
                response.err(new ErrPacket(ErrorCode.UNKNOWN_COM_ERROR.code(), ErrorCode.UNKNOWN_COM_ERROR.sqlState(),
                        dataHost + ": command " + command.displayName() + " cannot be sent over JDBC"));
            }
        } catch (SQLException e) {
            if (JdbcErrors.isBroken(e)) {
                connection.fail(JdbcErrors.backendException(dataHost, e, connection.speaksMysql()));
                return;
            }
            response.err(JdbcErrors.err(dataHost, e, connection.speaksMysql()));
        } catch (BackendException e) {
            response.err(new ErrPacket(e.errorCode(), e.sqlState(), e.getMessage()));
        }
        delivery.end(response, 0);
    }

    /** Runs {@code sql} and streams its results. */
    private void query(String sql, ResponseFrames response) throws SQLException {
        Statement statement = connection.createStatement();
        boolean hasResultSet;
        try {
            statement.setFetchSize(connection.streamsRows() ? CONNECTOR_J_STREAMING : FETCH_SIZE);
            hasResultSet = connection.speaksMysql() ? statement.execute(sql, Statement.RETURN_GENERATED_KEYS)
                    : statement.execute(sql);
        } catch (SQLException | RuntimeException e) {
            connection.statementClosed();
            closeQuietly(statement);
            throw e;
        }
        new ResultCursor(connection, delivery, statement, response, hasResultSet).step();
    }

    private static void closeQuietly(Statement statement) {
        try {
            statement.close();
        } catch (SQLException e) {
            // closing the statement releases its result; a failure leaves nothing to do
        }
    }
}
