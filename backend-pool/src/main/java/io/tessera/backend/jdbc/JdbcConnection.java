package io.tessera.backend.jdbc;

import io.netty.buffer.ByteBuf;
import io.netty.channel.EventLoop;
import io.netty.util.Attribute;
import io.netty.util.AttributeKey;
import io.tessera.backend.BackendConnection;
import io.tessera.backend.BackendException;
import io.tessera.backend.PreparedMetadata;
import io.tessera.backend.QueryResult;
import io.tessera.backend.ResponseHandler;
import io.tessera.protocol.error.ErrorCode;
import io.tessera.protocol.error.TesseraException;
import io.tessera.protocol.packet.ErrPacket;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One JDBC connection lent to the proxy: the {@link BackendConnection} contract and its threading. Each command
 * the proxy sends is decoded ({@link JdbcCommand}) and run on the business executor, one at a time
 * ({@link CommandRunner}); its answer is re-encoded as MySQL wire frames ({@link ResponseFrames}, rows streamed
 * {@value ResultCursor#BATCH_ROWS} at a time by a {@link ResultCursor}: {@link #pauseReading()} stops fetching after
 * the batch in flight), which the {@link ResponseHandler} gets on the connection's event loop
 * ({@link ResponseDelivery}), as a native connection's. This class keeps the session: database, autocommit,
 * character sets, {@link #query}, {@link #reset}, and the connection's way back to the pool.
 */
final class JdbcConnection implements BackendConnection {


    private final JdbcServerPool pool;
    private final SerialExecutor serial;
    private final EventLoop loop;
    private final boolean foundRows;
    private final AtomicBoolean returned = new AtomicBoolean();
    private final ResponseDelivery delivery;
    private final CommandRunner runner;
    private volatile Connection connection;
    private volatile Session session;
    private volatile String database;
    private volatile Charset clientCharset = StandardCharsets.UTF_8;
    private volatile Charset resultsCharset = StandardCharsets.UTF_8;
    private volatile boolean usable = true;
    private volatile Statement running;

    /** On the business executor, with a connection just taken from HikariCP. */
    JdbcConnection(JdbcServerPool pool, Connection connection, Session session, EventLoop loop, boolean foundRows)
            throws SQLException {
        this.pool = pool;
        this.serial = new SerialExecutor(pool.executor());
        this.loop = loop;
        this.delivery = new ResponseDelivery(loop, serial);
        this.runner = new CommandRunner(this, delivery);
        this.foundRows = foundRows;
        this.connection = connection;
        this.session = session;
        this.database = connection.getCatalog();
    }

    @Override
    public long connectionId() {
        return session.connectionId();
    }

    @Override
    public String serverVersion() {
        return session.serverVersion();
    }

    @Override
    public String database() {
        return database;
    }

    @Override
    public boolean foundRows() {
        return foundRows;
    }

    @Override
    public EventLoop eventLoop() {
        return loop;
    }

    @Override
    public String dataHost() {
        return pool.dataHost();
    }

    @Override
    public int lastErrorCode() {
        return delivery.lastErrorCode();
    }

    @Override
    public void characterSets(Charset client, Charset results) {
        this.clientCharset = client;
        this.resultsCharset = results;
    }

    @Override
    public boolean isUsable() {
        return usable && !returned.get();
    }

    @Override
    public boolean speaksMysql() {
        return session.mysql();
    }

    @Override
    public CompletableFuture<Void> autocommit(boolean on) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        if (!isUsable()) {
            return CompletableFuture.failedFuture(new BackendException(dataHost(), "connection closed"));
        }
        serial.execute(() -> {
            try {
                // On the physical connection: through HikariCP's proxy the pool would reset it when the connection
                // goes back, while the session variables this connection keeps say it is still set. JDBC commits a
                // transaction in progress when autocommit turns on.
                connection.unwrap(Connection.class).setAutoCommit(on);
                loop.execute(() -> done.complete(null));
            } catch (SQLException e) {
                if (JdbcErrors.isBroken(e)) {
                    usable = false;
                }
                BackendException error = JdbcErrors.backendException(dataHost(), e, session.mysql());
                loop.execute(() -> done.completeExceptionally(error));
            }
        });
        return done;
    }

    /**
     * On the business executor: makes {@code name} the current database. A MySQL server switches
     * ({@code setCatalog}, its COM_INIT_DB); another database is the one of the URL, and only that one is accepted.
     */
    void useDatabase(String name) throws SQLException {
        if (name == null || name.equals(database)) {
            return;
        }
        if (!session.mysql()) {
            throw new BackendException(ErrorCode.UNKNOWN_ERROR.code(), ErrorCode.UNKNOWN_ERROR.sqlState(),
                    dataHost(), "cannot switch to database '" + name + "': a JDBC data host that is not MySQL serves"
                    + " the database of its url only ('" + database + "')");
        }
        connection.setCatalog(name);
        database = name;
    }

    @Override
    public void execute(ByteBuf commandPayload, boolean columnsOnly, ResponseHandler handler) {
        JdbcCommand command = JdbcCommand.read(commandPayload);
        if (!begin(handler)) {
            return;
        }
        serial.execute(() -> runner.run(command, columnsOnly));
    }

    /** Starts a response; false (and the handler failed) when the connection cannot take a command. */
    private boolean begin(ResponseHandler handler) {
        if (!isUsable()) {
            loop.execute(() -> handler.onFailure(new BackendException(dataHost(), "connection closed")));
            return false;
        }
        if (!delivery.start(handler)) {
            loop.execute(() -> handler.onFailure(new BackendException(dataHost(),
                    "a command was sent before the last one's response ended")));
            return false;
        }
        return true;
    }

    /** On the business executor: a statement for the command in progress, which {@link #close} cancels. */
    Statement createStatement() throws SQLException {
        pool.querySent();
        Statement statement = connection.createStatement();
        running = statement;
        return statement;
    }

    /** On the business executor: the JDBC connection in use now. */
    Connection jdbc() {
        return connection;
    }

    boolean streamsRows() {
        return session.streamsRows();
    }

    Charset clientCharset() {
        return clientCharset;
    }

    /** The server status an OK or EOF reports: autocommit, and a transaction open when it is off. */
    int status() throws SQLException {
        return JdbcAnswers.status(connection);
    }

    /** On the business executor: the character set rows are sent in ({@code character_set_results}). */
    Charset resultsCharset() {
        return resultsCharset;
    }

    /** On the business executor: the connection was closed while a result was read; the handler was told. */
    boolean closedMeanwhile() {
        return returned.get() && !usable;
    }

    /** On the business executor: the statement in progress is closed, there is nothing left to cancel. */
    void statementClosed() {
        running = null;
    }


    /** The connection broke: the response fails and the connection leaves the pool. */
    void fail(BackendException cause) {
        usable = false;
        ResponseHandler handler = delivery.takeHandler();
        if (handler != null) {
            loop.execute(() -> handler.onFailure(cause));
        }
        if (returned.compareAndSet(false, true)) {
            pool.giveBack(connection, foundRows, true);
        }
    }

    @Override
    public CompletableFuture<QueryResult> query(String sql) {
        CompletableFuture<QueryResult> result = new CompletableFuture<>();
        if (!isUsable()) {
            return CompletableFuture.failedFuture(new BackendException(dataHost(), "connection closed"));
        }
        serial.execute(() -> {
            try {
                QueryResult answer = collect(sql);
                loop.execute(() -> result.complete(answer));
            } catch (SQLException e) {
                if (JdbcErrors.isBroken(e)) {
                    usable = false;
                }
                TesseraException error = JdbcErrors.backendException(dataHost(), e, session.mysql());
                loop.execute(() -> result.completeExceptionally(error));
            } catch (RuntimeException e) {
                loop.execute(() -> result.completeExceptionally(e));
            }
        });
        return result;
    }

    /** On the business executor: the whole answer to an internal statement. */
    private QueryResult collect(String sql) throws SQLException {
        pool.querySent();
        return JdbcAnswers.collect(connection, sql, session.mysql(), resultsCharset);
    }

    /** Replaces the connection with a fresh one of the pool: a new login's session, the database kept. */
    @Override
    public CompletableFuture<Void> reset() {
        CompletableFuture<Void> done = new CompletableFuture<>();
        if (!isUsable()) {
            return CompletableFuture.failedFuture(new BackendException(dataHost(), "connection closed"));
        }
        serial.execute(() -> {
            try {
                String keep = database;
                connection = pool.replace(connection, foundRows);
                session = pool.sessionOf(connection);
                database = connection.getCatalog();
                clientCharset = StandardCharsets.UTF_8;
                resultsCharset = StandardCharsets.UTF_8;
                useDatabase(keep);
                loop.execute(() -> done.complete(null));
            } catch (SQLException e) {
                usable = false;
                BackendException error = JdbcErrors.backendException(dataHost(), e, session.mysql());
                loop.execute(() -> done.completeExceptionally(error));
            } catch (RuntimeException e) {
                usable = false;
                loop.execute(() -> done.completeExceptionally(e));
            }
        });
        return done;
    }

    @Override
    public CompletableFuture<PreparedMetadata> prepare(String sql) {
        ErrPacket err = CommandRunner.notSupported(dataHost(), "a server-side prepared statement");
        return CompletableFuture.failedFuture(new TesseraException(err.errorCode(), err.sqlState(), err.message()));
    }

    @Override
    public void closeStatement(long statementId) {
        // prepare never succeeds, so there is no statement to close
    }

    @Override
    public void executePrepared(String sql, List<ByteBuf> longData, ByteBuf executePayload,
            ResponseHandler handler) {
        longData.forEach(ByteBuf::release);
        executePayload.release();
        if (!begin(handler)) {
            return;
        }
        serial.execute(() -> {
            ResponseFrames response = new ResponseFrames();
            response.err(CommandRunner.notSupported(dataHost(), "a server-side prepared statement"));
            delivery.end(response, 0);
        });
    }

    /** On the event loop at once (a handler pauses while it is given a batch), else posted to it. */
    @Override
    public void pauseReading() {
        delivery.pause();
    }

    @Override
    public void resumeReading() {
        delivery.resume();
    }

    @Override
    public <T> Attribute<T> attr(AttributeKey<T> key) {
        return session.attributes().attr(key);
    }

    @Override
    public void release() {
        if (delivery.inProgress() || !usable) {
            close();
            return;
        }
        if (returned.compareAndSet(false, true)) {
            resumeReading();
            serial.execute(() -> pool.giveBack(connection, foundRows, false));
        }
    }

    @Override
    public void close() {
        if (!returned.compareAndSet(false, true)) {
            return; // back in the pool, or closed already: it may be another borrower's now
        }
        usable = false;
        Statement statement = running;
        if (statement != null) {
            pool.executor().execute(() -> {
                try {
                    statement.cancel(); // from another thread, as JDBC allows: the query in progress stops
                } catch (SQLException e) {
                    // the connection is evicted below whatever happens
                }
            });
        }
        ResponseHandler handler = delivery.takeHandler();
        if (handler != null) {
            loop.execute(() -> handler.onFailure(new BackendException(dataHost(), "connection closed")));
        }
        delivery.dropParked();
        serial.execute(() -> pool.giveBack(connection, foundRows, true));
    }

    @Override
    public String toString() {
        return "JdbcConnection[" + dataHost() + ", id=" + connectionId() + ", database=" + database + "]";
    }
}
