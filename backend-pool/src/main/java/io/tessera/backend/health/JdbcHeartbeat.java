package io.tessera.backend.health;

import io.netty.channel.EventLoop;
import io.tessera.backend.QueryResult;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Consumer;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The heartbeat of a server of a {@code dbDriver="jdbc"} data host: its {@code <heartbeat>} statement every period,
 * over a JDBC connection of its own, run on the business executor (JDBC blocks). Same status codes and meanings as
 * {@link Heartbeat}: OK when the statement ran, ERROR when the server could not be reached or answered with an error,
 * TIMEOUT when it did not answer in time (the connection is then closed and the next check opens a new one); a
 * status change is logged once. Its {@link HeartbeatCheck} reads the replication or Galera state from the answer's
 * columns where the switch type asks. So read balancing and write host failover work for JDBC servers as for native
 * ones.
 *
 * <p>Its schedule and status live on one event loop; only the JDBC calls run on the executor.
 */
public final class JdbcHeartbeat extends PeriodicHeartbeat {

    private static final Logger LOG = LogManager.getLogger(JdbcHeartbeat.class);
    private static final long MILLIS_PER_SECOND = 1000;
    private static final QueryResult EMPTY = new QueryResult(List.of(), List.of(), 0, 0, 0, 0);

    /** Opens the heartbeat's own connection: blocking, called on the business executor. */
    @FunctionalInterface
    public interface Opener {
        Connection open() throws SQLException;
    }

    private final Opener opener;
    private final Executor executor;

    /** Used by one check at a time, on the executor; closed from the loop on timeout or close. */
    private volatile Connection connection;

    /**
     * @param server the server as errors name it, "data host host1 (jdbc:...)"
     * @param checked told each check's outcome on the event loop, after {@link #status()} shows it; must not block
     */
    public JdbcHeartbeat(String server, Opener opener, String sql, long periodMillis, long timeoutMillis,
            Executor executor, EventLoop loop, Clock clock, Consumer<HeartbeatStatus> checked) {
        this(server, opener, sql, periodMillis, timeoutMillis, executor, loop, clock, HeartbeatCheck.PLAIN, checked);
    }

    /**
     * A heartbeat that reads its answers as {@code reader} says: the replication state, or a Galera node's state,
     * from the columns of the statement's first result set, as {@link Heartbeat} does.
     *
     * @param server the server as errors name it, "data host host1 (jdbc:...)"
     * @param checked told each check's outcome on the event loop, after {@link #status()} shows it; must not block
     */
    public JdbcHeartbeat(String server, Opener opener, String sql, long periodMillis, long timeoutMillis,
            Executor executor, EventLoop loop, Clock clock, HeartbeatCheck reader,
            Consumer<HeartbeatStatus> checked) {
        super(LOG, server, sql, periodMillis, timeoutMillis, loop, clock, reader, checked);
        this.opener = opener;
        this.executor = executor;
    }

    @Override
    CompletableFuture<QueryResult> ask(CompletableFuture<HeartbeatStatus> check) {
        try {
            return CompletableFuture.supplyAsync(this::runSql, executor);
        } catch (RejectedExecutionException e) {
            return CompletableFuture.failedFuture(new IllegalStateException("the business executor is shut down"));
        }
    }

    /** On the executor: runs the statement and reads its answer; a failure drops the connection. */
    private QueryResult runSql() {
        try {
            Connection c = connection;
            if (c == null || c.isClosed()) {
                c = opener.open();
                connection = c;
            }
            try (Statement statement = c.createStatement()) {
                statement.setQueryTimeout((int) Math.max(1, (timeoutMillis() + MILLIS_PER_SECOND - 1)
                        / MILLIS_PER_SECOND));
                return statement.execute(sql()) ? read(statement) : EMPTY;
            }
        } catch (SQLException | RuntimeException e) {
            dropConnection(); // a fresh connection next time: this one may be broken
            throw new CompletionException(new IllegalStateException(String.valueOf(e.getMessage()), e));
        }
    }

    /** The first result set as the text rows {@link HeartbeatCheck} reads ({@code null} is SQL NULL). */
    private static QueryResult read(Statement statement) throws SQLException {
        try (ResultSet rs = statement.getResultSet()) {
            ResultSetMetaData meta = rs.getMetaData();
            List<String> columns = new ArrayList<>(meta.getColumnCount());
            for (int i = 1; i <= meta.getColumnCount(); i++) {
                columns.add(meta.getColumnLabel(i));
            }
            List<List<String>> rows = new ArrayList<>();
            while (rs.next()) {
                List<String> row = new ArrayList<>(columns.size());
                for (int i = 1; i <= columns.size(); i++) {
                    row.add(rs.getString(i));
                }
                rows.add(row);
            }
            return new QueryResult(columns, rows, 0, 0, 0, 0);
        }
    }

    @Override
    void dropConnection() {
        Connection c = connection;
        connection = null;
        if (c != null) {
            try {
                executor.execute(() -> closeQuietly(c));
            } catch (RejectedExecutionException e) {
                closeQuietly(c);
            }
        }
    }

    private static void closeQuietly(Connection c) {
        try {
            c.close();
        } catch (SQLException e) {
            // it is dropped either way
        }
    }
}
