package io.tessera.backend.jdbc;

import io.netty.buffer.ByteBufAllocator;
import io.tessera.protocol.constant.ServerStatus;
import io.tessera.protocol.error.ErrorCode;
import io.tessera.protocol.packet.ErrPacket;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * The results of one COM_QUERY, read a batch of rows at a time:
 * {@code column count | definitions | EOF | rows | EOF} per result set, an OK per update count, with
 * MORE_RESULTS_EXISTS in the status of all but the last. Steps on the business executor, one at a time; its
 * connection decides on the event loop whether the next step runs now or waits for {@code resumeReading}.
 */
final class ResultCursor {

    /** Rows fetched and handed to the event loop per step: what may be in flight when reading pauses. */
    static final int BATCH_ROWS = 256;

    private final JdbcConnection connection;
    private final ResponseDelivery delivery;
    private final Statement statement;
    private final ResponseFrames response;
    private boolean hasResultSet;
    private ResultSet resultSet;
    private List<JdbcColumn> columns;

    /** @param hasResultSet what {@link Statement#execute} returned */
    ResultCursor(JdbcConnection connection, ResponseDelivery delivery, Statement statement, ResponseFrames response,
            boolean hasResultSet) {
        this.connection = connection;
        this.delivery = delivery;
        this.statement = statement;
        this.response = response;
        this.hasResultSet = hasResultSet;
    }

    /** On the business executor: the next batch, then hands it to the event loop. */
    void step() {
        if (connection.closedMeanwhile()) {
            close();
            return; // the handler was told
        }
        boolean done;
        try {
            done = fill();
        } catch (SQLException e) {
            close();
            if (JdbcErrors.isBroken(e)) {
                connection.fail(JdbcErrors.backendException(connection.dataHost(), e, connection.speaksMysql()));
                return;
            }
            response.err(JdbcErrors.err(connection.dataHost(), e, connection.speaksMysql()));
            done = true;
        } catch (IllegalArgumentException e) { // a value MySQL cannot show, or a row of 16 MiB or more
            close();
            response.err(new ErrPacket(ErrorCode.UNKNOWN_ERROR.code(), ErrorCode.UNKNOWN_ERROR.sqlState(),
                    connection.dataHost() + ": " + e.getMessage()));
            done = true;
        }
        if (done) {
            close();
            delivery.end(response, 0);
        } else {
            delivery.flush(response, this);
        }
    }

    /** Writes up to a batch of frames; true when the last result has ended. */
    private boolean fill() throws SQLException {
        int rows = 0;
        while (rows < BATCH_ROWS) {
            if (hasResultSet) {
                if (resultSet == null) {
                    resultSet = statement.getResultSet();
                    columns = JdbcColumns.of(resultSet.getMetaData(), connection.speaksMysql());
                    response.columns(columns, connection.status());
                }
                if (resultSet.next()) {
                    response.row(JdbcRows.write(resultSet, columns, connection.resultsCharset(),
                            ByteBufAllocator.DEFAULT));
                    rows++;
                    continue;
                }
                resultSet.close();
                resultSet = null;
                boolean more = next();
                response.endRows(connection.status() | (more ? ServerStatus.MORE_RESULTS_EXISTS : 0));
                if (!more) {
                    return true;
                }
            } else {
                long count = statement.getLargeUpdateCount();
                long insertId = connection.speaksMysql() && count > 0 ? generatedKey() : 0;
                boolean more = next();
                response.ok(Math.max(count, 0), insertId, connection.status()
                        | (more ? ServerStatus.MORE_RESULTS_EXISTS : 0));
                if (!more) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Moves to the next result; true when there is one. */
    private boolean next() throws SQLException {
        hasResultSet = statement.getMoreResults();
        return hasResultSet || statement.getLargeUpdateCount() != -1;
    }

    /** The first generated key: what MySQL's OK reports as last_insert_id. */
    private long generatedKey() throws SQLException {
        try (ResultSet keys = statement.getGeneratedKeys()) {
            return keys.next() ? keys.getLong(1) : 0;
        }
    }

    void close() {
        connection.statementClosed();
        try {
            statement.close();
        } catch (SQLException e) {
            // closing the statement releases its result; a failure leaves nothing to do
        }
    }
}
