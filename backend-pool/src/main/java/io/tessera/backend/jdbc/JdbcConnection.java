package io.tessera.backend.jdbc;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.EventLoop;
import io.netty.util.Attribute;
import io.netty.util.AttributeKey;
import io.tessera.backend.BackendConnection;
import io.tessera.backend.BackendException;
import io.tessera.backend.PreparedMetadata;
import io.tessera.backend.QueryResult;
import io.tessera.backend.ResponseHandler;
import io.tessera.protocol.codec.FrameKind;
import io.tessera.protocol.codec.Packet;
import io.tessera.protocol.codec.PacketDecoder;
import io.tessera.protocol.codec.PayloadWriter;
import io.tessera.protocol.constant.Command;
import io.tessera.protocol.constant.ServerStatus;
import io.tessera.protocol.error.ErrorCode;
import io.tessera.protocol.error.TesseraException;
import io.tessera.protocol.packet.EofPacket;
import io.tessera.protocol.packet.ErrPacket;
import io.tessera.protocol.packet.OkPacket;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One JDBC connection lent to the proxy: each command the proxy sends is decoded from its payload and run on the
 * business executor, one at a time, and its answer re-encoded as MySQL wire frames (MySQL manual: "Text Resultset"),
 * which the {@link ResponseHandler} gets on the connection's event loop, as a native connection's.
 *
 * <p>Served: COM_QUERY (every result of it, rows streamed {@value #BATCH_ROWS} at a time: {@link #pauseReading()}
 * stops fetching after the batch in flight), COM_INIT_DB, COM_PING, and {@link #query}, {@link #reset}. The other
 * commands get an ERR naming the data host: 1235 for those MySQL has (server-side prepared statements,
 * COM_FIELD_LIST), 1047 for the rest, never a guessed answer.
 */
final class JdbcConnection implements BackendConnection {

    /** Rows fetched and handed to the event loop per task: what may be in flight when reading pauses. */
    static final int BATCH_ROWS = 256;
    private static final int FETCH_SIZE = BATCH_ROWS;
    /** Connector/J's streaming fetch size: one row at a time instead of the whole result in memory. */
    private static final int CONNECTOR_J_STREAMING = Integer.MIN_VALUE;
    private static final int PING_TIMEOUT_SECONDS = 5;

    private final JdbcServerPool pool;
    private final SerialExecutor serial;
    private final EventLoop loop;
    private final boolean foundRows;
    private final AtomicBoolean returned = new AtomicBoolean();
    /** The handler of the response in progress, until it is told the end; null between commands. */
    private final AtomicReference<ResponseHandler> inFlight = new AtomicReference<>();
    private volatile Connection connection;
    private volatile Session session;
    private volatile String database;
    private volatile int lastErrorCode;
    private volatile Charset clientCharset = StandardCharsets.UTF_8;
    private volatile Charset resultsCharset = StandardCharsets.UTF_8;
    private volatile boolean usable = true;
    private volatile Statement running;
    private boolean paused;  // event loop only
    private Cursor parked;   // event loop only: the result that waits for resumeReading

    /** On the business executor, with a connection just taken from HikariCP. */
    JdbcConnection(JdbcServerPool pool, Connection connection, Session session, EventLoop loop, boolean foundRows)
            throws SQLException {
        this.pool = pool;
        this.serial = new SerialExecutor(pool.executor());
        this.loop = loop;
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
        return lastErrorCode;
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
        int command;
        byte[] argument;
        try {
            command = commandPayload.readableBytes() == 0 ? -1 : commandPayload.readUnsignedByte();
            argument = new byte[commandPayload.readableBytes()];
            commandPayload.readBytes(argument);
        } finally {
            commandPayload.release();
        }
        if (!begin(handler)) {
            return;
        }
        serial.execute(() -> run(command, argument, columnsOnly));
    }

    /** Starts a response; false (and the handler failed) when the connection cannot take a command. */
    private boolean begin(ResponseHandler handler) {
        if (!isUsable()) {
            loop.execute(() -> handler.onFailure(new BackendException(dataHost(), "connection closed")));
            return false;
        }
        if (!inFlight.compareAndSet(null, handler)) {
            loop.execute(() -> handler.onFailure(new BackendException(dataHost(),
                    "a command was sent before the last one's response ended")));
            return false;
        }
        return true;
    }

    /** On the business executor. */
    private void run(int command, byte[] argument, boolean columnsOnly) {
        lastErrorCode = 0;
        Response response = new Response();
        try {
            if (command == Command.QUERY && !columnsOnly) {
                query(new String(argument, clientCharset), response);
                return;
            } else if (command == Command.INIT_DB) {
                useDatabase(new String(argument, clientCharset));
                response.ok(0, 0, status());
            } else if (command == Command.PING) {
                if (!connection.isValid(PING_TIMEOUT_SECONDS)) {
                    fail(new BackendException(dataHost(), "the connection does not answer"));
                    return;
                }
                response.ok(0, 0, status());
            } else if (command == Command.FIELD_LIST || command == Command.STMT_PREPARE
                    || command == Command.STMT_EXECUTE || command == Command.STMT_FETCH
                    || command == Command.STMT_SEND_LONG_DATA || command == Command.STMT_RESET) {
                response.err(notSupported(Command.displayName(command)));
            } else {
                response.err(new ErrPacket(ErrorCode.UNKNOWN_COM_ERROR.code(), ErrorCode.UNKNOWN_COM_ERROR.sqlState(),
                        dataHost() + ": command " + Command.displayName(command) + " cannot be sent over JDBC"));
            }
        } catch (SQLException e) {
            if (JdbcErrors.isBroken(e)) {
                fail(JdbcErrors.backendException(dataHost(), e, session.mysql()));
                return;
            }
            response.err(JdbcErrors.err(dataHost(), e, session.mysql()));
        } catch (BackendException e) {
            response.err(new ErrPacket(e.errorCode(), e.sqlState(), e.getMessage()));
        }
        response.end(0);
    }

    private ErrPacket notSupported(String what) {
        return new ErrPacket(ErrorCode.NOT_SUPPORTED_YET.code(), ErrorCode.NOT_SUPPORTED_YET.sqlState(),
                dataHost() + ": " + what + " is not supported on a dbDriver=\"jdbc\" data host");
    }

    /** On the business executor: runs {@code sql} and streams its results. */
    private void query(String sql, Response response) throws SQLException {
        pool.querySent();
        Statement statement = connection.createStatement();
        running = statement;
        Cursor cursor = new Cursor(statement, response);
        try {
            statement.setFetchSize(session.streamsRows() ? CONNECTOR_J_STREAMING : FETCH_SIZE);
            boolean hasResultSet = session.mysql() ? statement.execute(sql, Statement.RETURN_GENERATED_KEYS)
                    : statement.execute(sql);
            cursor.hasResultSet = hasResultSet;
        } catch (SQLException | RuntimeException e) {
            cursor.close();
            throw e;
        }
        cursor.step();
    }

    /** The server status an OK or EOF reports: autocommit, and a transaction open when it is off. */
    private int status() throws SQLException {
        return connection.getAutoCommit() ? ServerStatus.AUTOCOMMIT : ServerStatus.IN_TRANS;
    }

    /**
     * The results of one COM_QUERY, read a batch of rows at a time:
     * {@code column count | definitions | EOF | rows | EOF} per result set, an OK per update count, with
     * MORE_RESULTS_EXISTS in the status of all but the last.
     */
    private final class Cursor {

        private final Statement statement;
        private final Response response;
        private boolean hasResultSet;
        private ResultSet resultSet;
        private List<JdbcColumn> columns;

        Cursor(Statement statement, Response response) {
            this.statement = statement;
            this.response = response;
        }

        /** On the business executor: the next batch, then hands it to the event loop. */
        void step() {
            if (returned.get() && !usable) {
                close();
                return; // closed meanwhile: the handler was told
            }
            boolean done;
            try {
                done = fill();
            } catch (SQLException e) {
                close();
                if (JdbcErrors.isBroken(e)) {
                    fail(JdbcErrors.backendException(dataHost(), e, session.mysql()));
                    return;
                }
                response.err(JdbcErrors.err(dataHost(), e, session.mysql()));
                done = true;
            } catch (IllegalArgumentException e) { // a value MySQL cannot show, or a row of 16 MiB or more
                close();
                response.err(new ErrPacket(ErrorCode.UNKNOWN_ERROR.code(), ErrorCode.UNKNOWN_ERROR.sqlState(),
                        dataHost() + ": " + e.getMessage()));
                done = true;
            }
            if (done) {
                close();
                response.end(0);
            } else {
                response.flush(this);
            }
        }

        /** Writes up to a batch of frames; true when the last result has ended. */
        private boolean fill() throws SQLException {
            int rows = 0;
            while (rows < BATCH_ROWS) {
                if (hasResultSet) {
                    if (resultSet == null) {
                        resultSet = statement.getResultSet();
                        columns = JdbcColumns.of(resultSet.getMetaData(), session.mysql());
                        response.columns(columns, status());
                    }
                    if (resultSet.next()) {
                        response.row(JdbcRows.write(resultSet, columns, resultsCharset, ByteBufAllocator.DEFAULT));
                        rows++;
                        continue;
                    }
                    resultSet.close();
                    resultSet = null;
                    boolean more = next();
                    response.endRows(status() | (more ? ServerStatus.MORE_RESULTS_EXISTS : 0));
                    if (!more) {
                        return true;
                    }
                } else {
                    long count = statement.getLargeUpdateCount();
                    long insertId = session.mysql() && count > 0 ? generatedKey() : 0;
                    boolean more = next();
                    response.ok(Math.max(count, 0), insertId, status()
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
            running = null;
            try {
                statement.close();
            } catch (SQLException e) {
                // closing the statement releases its result; a failure leaves nothing to do
            }
        }
    }

    /** The frames of one response, handed to the event loop a batch at a time. */
    private final class Response {

        private final List<Packet> frames = new ArrayList<>();
        private final List<FrameKind> kinds = new ArrayList<>();
        private int sequenceId = 1;

        void ok(long affectedRows, long lastInsertId, int status) {
            PayloadWriter p = PayloadWriter.allocate(ByteBufAllocator.DEFAULT, 16);
            new OkPacket(affectedRows, lastInsertId, status, 0, "").writeTo(p);
            add(p, FrameKind.OK);
        }

        void err(ErrPacket err) {
            lastErrorCode = err.errorCode();
            PayloadWriter p = PayloadWriter.allocate(ByteBufAllocator.DEFAULT, 16 + err.message().length());
            err.writeTo(p);
            add(p, FrameKind.ERR);
        }

        void columns(List<JdbcColumn> columns, int status) {
            add(PayloadWriter.allocate(ByteBufAllocator.DEFAULT, 9).lenencInt(columns.size()), FrameKind.COLUMN_COUNT);
            for (JdbcColumn column : columns) {
                PayloadWriter p = PayloadWriter.allocate(ByteBufAllocator.DEFAULT, 64);
                column.definition().writeTo(p);
                add(p, FrameKind.COLUMN_DEFINITION);
            }
            PayloadWriter eof = PayloadWriter.allocate(ByteBufAllocator.DEFAULT, 5);
            new EofPacket(0, status).writeTo(eof);
            add(eof, FrameKind.COLUMNS_EOF);
        }

        void row(PayloadWriter row) {
            add(row, FrameKind.ROW);
        }

        void endRows(int status) {
            PayloadWriter eof = PayloadWriter.allocate(ByteBufAllocator.DEFAULT, 5);
            new EofPacket(0, status).writeTo(eof);
            add(eof, FrameKind.ROWS_EOF);
        }

        private void add(PayloadWriter payload, FrameKind kind) {
            if (payload.payloadLength() >= PacketDecoder.MAX_PAYLOAD) {
                payload.release();
                throw new IllegalArgumentException("a row of 16 MiB or more cannot be sent from a dbDriver=\"jdbc\""
                        + " data host");
            }
            frames.add(Packet.of(sequenceId++, payload));
            kinds.add(kind);
        }

        /** Hands the frames so far to the event loop; {@code cursor} goes on unless reading is paused. */
        void flush(Cursor cursor) {
            List<Packet> batch = take();
            List<FrameKind> batchKinds = takeKinds();
            loop.execute(() -> {
                ResponseHandler handler = inFlight.get();
                if (handler == null) {
                    batch.forEach(Packet::release); // closed meanwhile: the handler was told
                    serial.execute(cursor::close);
                    return;
                }
                deliver(handler, batch, batchKinds);
                if (paused) {
                    parked = cursor;
                } else {
                    serial.execute(cursor::step);
                }
            });
        }

        /** Hands the last frames to the event loop and ends the response. */
        void end(int status) {
            List<Packet> batch = take();
            List<FrameKind> batchKinds = takeKinds();
            loop.execute(() -> {
                ResponseHandler handler = inFlight.getAndSet(null);
                if (handler == null) {
                    batch.forEach(Packet::release);
                    return;
                }
                deliver(handler, batch, batchKinds);
                handler.onComplete(status);
            });
        }

        private void deliver(ResponseHandler handler, List<Packet> batch, List<FrameKind> batchKinds) {
            for (int i = 0; i < batch.size(); i++) {
                handler.onFrame(batch.get(i), batchKinds.get(i));
            }
        }

        private List<Packet> take() {
            List<Packet> batch = new ArrayList<>(frames);
            frames.clear();
            return batch;
        }

        private List<FrameKind> takeKinds() {
            List<FrameKind> batch = new ArrayList<>(kinds);
            kinds.clear();
            return batch;
        }
    }

    /** The connection broke: the response fails and the connection leaves the pool. */
    private void fail(BackendException cause) {
        usable = false;
        ResponseHandler handler = inFlight.getAndSet(null);
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
        try (Statement statement = connection.createStatement()) {
            if (!statement.execute(sql)) {
                return new QueryResult(List.of(), List.of(), Math.max(statement.getLargeUpdateCount(), 0), 0, 0,
                        status());
            }
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
                        row.add(text(rs, i));
                    }
                    rows.add(row);
                }
                return new QueryResult(columns, rows, 0, 0, 0, status());
            }
        }
    }

    /** A value's text: as a MySQL server sent it, or the database's own text of it. */
    private String text(ResultSet rs, int index) throws SQLException {
        if (!session.mysql()) {
            return rs.getString(index);
        }
        byte[] bytes = rs.getBytes(index);
        return bytes == null ? null : new String(bytes, resultsCharset);
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
        ErrPacket err = notSupported("a server-side prepared statement");
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
            Response response = new Response();
            response.err(notSupported("a server-side prepared statement"));
            response.end(0);
        });
    }

    /** On the event loop at once (a handler pauses while it is given a batch), else posted to it. */
    @Override
    public void pauseReading() {
        if (loop.inEventLoop()) {
            paused = true;
        } else {
            loop.execute(() -> paused = true);
        }
    }

    @Override
    public void resumeReading() {
        if (loop.inEventLoop()) {
            resume();
        } else {
            loop.execute(this::resume);
        }
    }

    private void resume() {
        paused = false;
        Cursor cursor = parked;
        parked = null;
        if (cursor != null) {
            serial.execute(cursor::step);
        }
    }

    @Override
    public <T> Attribute<T> attr(AttributeKey<T> key) {
        return session.attributes().attr(key);
    }

    @Override
    public void release() {
        if (inFlight.get() != null || !usable) {
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
        ResponseHandler handler = inFlight.getAndSet(null);
        if (handler != null) {
            loop.execute(() -> handler.onFailure(new BackendException(dataHost(), "connection closed")));
        }
        loop.execute(() -> {
            Cursor cursor = parked;
            parked = null;
            if (cursor != null) {
                serial.execute(cursor::close);
            }
        });
        serial.execute(() -> pool.giveBack(connection, foundRows, true));
    }

    @Override
    public String toString() {
        return "JdbcConnection[" + dataHost() + ", id=" + connectionId() + ", database=" + database + "]";
    }
}
