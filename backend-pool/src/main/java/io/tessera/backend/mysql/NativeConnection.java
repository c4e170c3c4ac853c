package io.tessera.backend.mysql;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.EventLoop;
import io.netty.util.Attribute;
import io.netty.util.AttributeKey;
import io.tessera.backend.BackendConnection;
import io.tessera.backend.BackendException;
import io.tessera.backend.LocalFileHandler;
import io.tessera.backend.PreparedMetadata;
import io.tessera.backend.QueryResult;
import io.tessera.backend.ResponseHandler;
import io.tessera.protocol.codec.FrameKind;
import io.tessera.protocol.codec.Packet;
import io.tessera.protocol.codec.PacketDecoder;
import io.tessera.protocol.codec.PacketWriter;
import io.tessera.protocol.codec.PayloadWriter;
import io.tessera.protocol.codec.ResponseTracker;
import io.tessera.protocol.constant.Command;
import io.tessera.protocol.packet.ErrPacket;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Tessera's native {@link BackendConnection}: one logged-in connection to a data host's server over a Netty channel.
 * It runs one command at a time: {@link #execute} frames the command with sequence id 0 and streams the response to a
 * {@link ResponseHandler}, frame by frame, classified by a {@link ResponseTracker} but never decoded (MySQL manual:
 * "Command Phase", "Protocol::COM_QUERY Response").
 *
 * <p>Server-side prepared statements: {@link #prepare} for a statement's metadata, and {@link #executePrepared},
 * which keeps the statements it executes prepared on this connection, so that a binary result set can stream from
 * one data host to the client untouched (MySQL manual: "Prepared Statements").
 *
 * <p>Thread safety: every method may be called from any thread; work is moved onto the channel's event loop, where
 * all state lives and all callbacks run. A connection that breaks (channel closed, protocol error, released in the
 * middle of a response) closes itself and tells its {@link ConnectionOwner} once, so a pool never hands it out again.
 */
public final class NativeConnection implements BackendConnection {

    /** How many statements {@link #executePrepared} keeps prepared on one connection. */
    public static final int MAX_CACHED_STATEMENTS = 256;

    private static final Logger LOG = LogManager.getLogger(NativeConnection.class);

    /** Tessera never asks the data host for CLIENT_DEPRECATE_EOF. */
    private static final boolean DEPRECATE_EOF = false;
    private static final long MAX_STATEMENT_ID = 0xFFFF_FFFFL;

    private final Channel channel;
    private final PacketWriter writer;
    private final ResponseTracker tracker = new ResponseTracker();
    private final ConnectOptions options;
    private final long connectionId;
    private final String serverVersion;
    private final boolean foundRows;
    private final ConnectionOwner owner;
    private final ChannelFutureListener closeOnWriteFailure = this::writeDone;
    // event loop only: what executePrepared prepared; an evicted statement is closed on the server
    private final StatementCache statements = new StatementCache(MAX_CACHED_STATEMENTS, this::closeOnLoop);
    private final StatementCloser closer; // event loop only

    private volatile String database;
    private volatile boolean closed;
    // what the borrower made character_set_client and character_set_results: the login's utf8mb4 until told
    private volatile Charset clientCharset = StandardCharsets.UTF_8;
    private volatile Charset resultsCharset = StandardCharsets.UTF_8;
    private ResponseHandler handler;   // event loop only: the command in progress, null when idle
    private int lastErrorCode;         // event loop only: the ERR that ended the last response, 0 for none
    private long bytesRead;            // event loop writes; show @@backend reads a possibly stale value
    private boolean discarded;         // event loop only: the owner has been told
    private boolean awaitingLocalFile; // event loop only: the server asked for a file and has not had its end yet
    private volatile boolean abandonedMidCommand;

    NativeConnection(Channel channel, ConnectOptions options, long connectionId, String serverVersion,
            String database, boolean foundRows, ConnectionOwner owner) {
        this.channel = channel;
        this.writer = new PacketWriter(channel);
        this.closer = new StatementCloser(writer, closeOnWriteFailure);
        this.options = options;
        this.connectionId = connectionId;
        this.serverVersion = serverVersion;
        this.database = database;
        this.foundRows = foundRows;
        this.owner = owner;
    }

    /** The server's thread id for this connection (what {@code KILL} takes). */
    @Override
    public long connectionId() {
        return connectionId;
    }

    /** The server's version as its greeting gave it, e.g. {@code 8.0.36} or {@code 5.5.5-10.11.19-MariaDB}. */
    @Override
    public String serverVersion() {
        return serverVersion;
    }

    /** The current database, or {@code null} when none is selected. */
    @Override
    public String database() {
        return database;
    }

    /** Whether the connection was opened with CLIENT_FOUND_ROWS (affected rows count matched rows). */
    @Override
    public boolean foundRows() {
        return foundRows;
    }

    @Override
    public EventLoop eventLoop() {
        return channel.eventLoop();
    }

    /** Bytes received from the server since login, headers included ({@code show @@backend} net_in). */
    public long bytesRead() {
        return bytesRead;
    }

    /** Bytes sent to the server since login, headers included ({@code show @@backend} net_out). */
    public long bytesWritten() {
        return writer.bytesWritten();
    }

    /** The Netty channel, for tests and the pool; use the methods here for everything else. */
    public Channel channel() {
        return channel;
    }

    /** The data host, as "data host host1 (127.0.0.1:3306)". */
    @Override
    public String dataHost() {
        return options.describe();
    }

    /**
     * The error code of the ERR that ended the last command's response, or 0 when it ended well (or none ran). Read it
     * on the connection's event loop, or after a callback of the command that ran last.
     */
    @Override
    public int lastErrorCode() {
        return lastErrorCode;
    }

    /**
     * Tells the connection which character sets its session variables now have, so that the text it sends itself
     * ({@link #query}, {@link #prepare}, ...) is encoded as {@code character_set_client} says and the rows of
     * {@link #query} decoded as {@code character_set_results} says. A connection starts (and
     * {@link #reset} returns) with utf8mb4 for both, as Tessera logs in with it.
     */
    @Override
    public void characterSets(Charset client, Charset results) {
        this.clientCharset = client;
        this.resultsCharset = results;
    }

    /** True while the connection is open and has not broken. */
    @Override
    public boolean isUsable() {
        return !closed && channel.isActive();
    }

    /**
     * Sends one command and streams its response to {@code handler}.
     *
     * @param commandPayload the command payload without header, e.g. {@code 0x03} + SQL bytes for COM_QUERY; framed
     *     with sequence id 0 (split when 16 MiB or more). The connection takes ownership.
     * @param columnsOnly true for COM_FIELD_LIST, whose response is column definitions ended by an EOF
     */
    @Override
    public void execute(ByteBuf commandPayload, boolean columnsOnly, ResponseHandler handler) {
        EventLoop loop = channel.eventLoop();
        if (!loop.inEventLoop()) {
            loop.execute(() -> execute(commandPayload, columnsOnly, handler));
            return;
        }
        if (!begin(handler)) {
            commandPayload.release();
            return;
        }
        tracker.start(DEPRECATE_EOF, columnsOnly);
        owner.querySent();
        writer.sequenceId(0);
        writer.writePayload(commandPayload).addListener(closeOnWriteFailure);
        writer.flush();
    }

    /**
     * Runs {@code sql} and collects its whole (small) answer: for internal statements, never for client results.
     * Fails with a {@link io.tessera.protocol.error.TesseraException} carrying the server's code, SQLSTATE and
     * message when the server answers ERR.
     */
    @Override
    public CompletableFuture<QueryResult> query(String sql) {
        return query(sql, true);
    }

    /** COM_PING; completes when the server answers OK. */
    public CompletableFuture<Void> ping() {
        ResultCollector result = new ResultCollector(resultsCharset);
        runOnLoop(() -> command(result, Command.PING, null, false));
        return result.future().thenApply(r -> null);
    }

    /**
     * COM_RESET_CONNECTION: rolls back, drops temporary tables, prepared statements, user variables and session
     * settings, as a fresh login would have them (the current database stays). The statements of {@link #prepare}
     * are gone with it, and {@link #executePrepared} prepares its statements again.
     */
    @Override
    public CompletableFuture<Void> reset() {
        ResultCollector result = new ResultCollector(resultsCharset);
        runOnLoop(() -> {
            if (command(result, Command.RESET_CONNECTION, null, false)) {
                statements.clear();
            }
        });
        return result.future().thenApply(r -> {
            characterSets(StandardCharsets.UTF_8, StandardCharsets.UTF_8);
            return null;
        });
    }

    /**
     * COM_INIT_DB: makes {@code name} the current database. Fails with the server's error (e.g. 1049 for an
     * unknown database), after which the connection is still usable.
     */
    public CompletableFuture<Void> initDb(String name) {
        ResultCollector result = new ResultCollector(resultsCharset);
        runOnLoop(() -> command(result, Command.INIT_DB, name, false));
        return result.future().thenApply(r -> {
            database = name;
            return null;
        });
    }

    /**
     * COM_STMT_PREPARE, for the statement's metadata: the parameter and column definitions the proxy answers its own
     * client's prepare with. The statement stays open on the data host under
     * {@link PreparedMetadata#statementId()} until {@link #closeStatement}, {@link #reset} or the end of the
     * connection, so the caller closes it when done. Fails with a {@link io.tessera.protocol.error.TesseraException}
     * carrying the server's code, SQLSTATE and message when the server answers ERR (e.g. 1064 for a syntax error),
     * after which the connection is still usable.
     */
    @Override
    public CompletableFuture<PreparedMetadata> prepare(String sql) {
        PrepareCollector result = new PrepareCollector();
        runOnLoop(() -> {
            if (sendPrepare(result, sql)) {
                owner.querySent();
            }
        });
        return result.future();
    }

    /**
     * COM_STMT_CLOSE for a statement of {@link #prepare}; the server sends no answer. While a command is in
     * progress the close waits, and goes out as soon as that command's response has ended, so it never comes
     * between a command and its response. On a closed connection it does nothing: the server freed the statement
     * with the connection.
     */
    @Override
    public void closeStatement(long statementId) {
        if (statementId < 0 || statementId > MAX_STATEMENT_ID) {
            throw new IllegalArgumentException("statementId: " + statementId + " (expected: 0..4294967295)");
        }
        runOnLoop(() -> closeOnLoop(statementId));
    }

    /**
     * Runs COM_STMT_EXECUTE for the statement text {@code sql} and streams its response to {@code handler}, as
     * {@link #execute} does: a binary result set's rows are {@link FrameKind#ROW}s, passed on undecoded.
     *
     * <p>The connection keeps up to {@value #MAX_CACHED_STATEMENTS} statements prepared, and closes the least
     * recently used one beyond that. Text it has not prepared yet it prepares first; if the server refuses it, the
     * handler gets the ERR of that COM_STMT_PREPARE as if the execute had failed. The statement id in every payload
     * is overwritten with this connection's id for the statement, so the caller may leave any id there.
     *
     * <p>The connection takes ownership of {@code executePayload} and the {@code longData} buffers and releases them
     * whatever happens; they must be writable, for the statement id is written into them.
     *
     * @param longData COM_STMT_SEND_LONG_DATA payloads ({@code 0x18 | 4 statement id | 2 parameter id | data}),
     *     sent before the execute; the server answers none of them
     * @param executePayload the COM_STMT_EXECUTE payload ({@code 0x17 | 4 statement id | 1 flags | 4 iterations
     *     | ...}). It must bind the parameter types (new-params-bound 1), because the statement may have been
     *     prepared just now (MariaDB answers 1210 "Incorrect arguments to mysqld_stmt_execute" otherwise).
     * @throws IllegalArgumentException when a payload is not the command it should be or too short (the buffers
     *     are released all the same)
     */
    @Override
    public void executePrepared(String sql, List<ByteBuf> longData, ByteBuf executePayload, ResponseHandler handler) {
        String problem = ExecutePayloads.malformed(longData, executePayload);
        if (problem != null) {
            ExecutePayloads.releaseAll(longData, executePayload);
            throw new IllegalArgumentException(problem);
        }
        runOnLoop(() -> executePreparedOnLoop(sql, longData, executePayload, handler));
    }

    @Override
    public CompletableFuture<Void> sendLocalData(ByteBuf data) {
        CompletableFuture<Void> written = new CompletableFuture<>();
        runOnLoop(() -> {
            if (!awaitingLocalFile || closed) {
                data.release();
                written.completeExceptionally(new IllegalStateException("connection " + connectionId
                        + " was not asked for a file"));
                return;
            }
            awaitingLocalFile = data.isReadable();
            writer.writePayload(data).addListener((ChannelFutureListener) future -> {
                writeDone(future);
                if (future.isSuccess()) {
                    written.complete(null);
                } else {
                    written.completeExceptionally(future.cause());
                }
            });
            writer.flush();
        });
        return written;
    }

    /**
     * Backpressure: stops reading the backend socket. While reading is off the server's response waits in the kernel
     * buffers and, beyond them, in the server.
     */
    @Override
    public void pauseReading() {
        channel.config().setAutoRead(false);
    }

    @Override
    public void resumeReading() {
        channel.config().setAutoRead(true);
    }

    /** Kept on the channel: gone with it. */
    @Override
    public <T> Attribute<T> attr(AttributeKey<T> key) {
        return channel.attr(key);
    }

    /**
     * Gives the connection back to its owner. A connection still in the middle of a response, or broken, is closed
     * instead, so that nobody gets a half-read stream. Reading is switched back on. Releasing twice is a no-op.
     */
    @Override
    public void release() {
        runOnLoop(this::releaseOnLoop);
    }

    /**
     * Closes the connection and takes it out of its pool. A response in progress fails with
     * {@link ResponseHandler#onFailure}.
     */
    @Override
    public void close() {
        closed = true;
        runOnLoop(() -> discard("connection closed by Tessera", null, false));
    }

    /**
     * Whether Tessera closed the connection while the server was running a command of it: the server thread then goes
     * on with the statement (and holds its locks) until it ends or is killed. Known once the owner is told of the
     * close.
     */
    public boolean abandonedMidCommand() {
        return abandonedMidCommand;
    }

    @Override
    public String toString() {
        return "NativeConnection[" + options.describe() + ", id=" + connectionId + ", database=" + database + "]";
    }

    /** A query whose sending counts as a query of the pool ({@code counted}) or not (connectionInitSql). */
    CompletableFuture<QueryResult> query(String sql, boolean counted) {
        ResultCollector result = new ResultCollector(resultsCharset);
        runOnLoop(() -> command(result, Command.QUERY, sql, counted));
        return result.future();
    }

    /** The handler that receives this connection's frames once it has logged in. */
    ChannelInboundHandlerAdapter inbound() {
        return new Inbound();
    }

    /**
     * Sends a command built here; {@code counted} says whether it is a borrower's query. Returns whether it went
     * out; when not, {@code collector} has been failed.
     */
    private boolean command(ResponseHandler collector, int command, String argument, boolean counted) {
        if (!begin(collector)) {
            return false;
        }
        tracker.start(DEPRECATE_EOF, false);
        if (counted) {
            owner.querySent();
        }
        writeCommand(command, argument);
        return true;
    }

    /** Writes and flushes {@code command | argument}, the argument in the connection's character_set_client. */
    private void writeCommand(int command, String argument) {
        PayloadWriter payload = writer.newPayload(argument == null ? 1 : 1 + argument.length() * 3);
        payload.int1(command);
        if (argument != null) {
            payload.string(argument, clientCharset);
        }
        writer.sequenceId(0);
        writer.write(payload).addListener(closeOnWriteFailure);
        writer.flush();
    }

    /**
     * Makes {@code next} the command in progress, or fails it when that is impossible; the caller then starts the
     * tracker for the command's kind of response.
     */
    private boolean begin(ResponseHandler next) {
        if (closed || !channel.isActive()) {
            next.onFailure(new BackendException(options.describe(), "connection " + connectionId + " is closed"));
            return false;
        }
        if (handler != null) {
            next.onFailure(new IllegalStateException("connection " + connectionId + " is busy with another command"));
            return false;
        }
        handler = next;
        lastErrorCode = 0;
        awaitingLocalFile = false;
        return true;
    }

    private void executePreparedOnLoop(String sql, List<ByteBuf> longData, ByteBuf executePayload,
            ResponseHandler target) {
        long statementId = statements.get(database, sql);
        if (statementId != StatementCache.ABSENT) {
            sendExecute(statementId, longData, executePayload, target);
            return;
        }
        sendPrepare(new PrepareThenExecute(this, statements, database, sql, longData, executePayload, target), sql);
    }

    /** COM_STMT_PREPARE, answered to {@code handler}; returns whether it went out (else the handler was failed). */
    boolean sendPrepare(ResponseHandler handler, String sql) {
        if (!begin(handler)) {
            return false;
        }
        tracker.startPrepare(DEPRECATE_EOF);
        writeCommand(Command.STMT_PREPARE, sql);
        return true;
    }

    /** Sends the long data and the execute under {@code statementId}; the response goes to {@code target}. */
    void sendExecute(long statementId, List<ByteBuf> longData, ByteBuf executePayload, ResponseHandler target) {
        if (!begin(target)) {
            ExecutePayloads.releaseAll(longData, executePayload);
            return;
        }
        tracker.start(DEPRECATE_EOF, false); // binary rows start with 0x00, but in rows only EOF and ERR count
        owner.querySent();
        for (ByteBuf data : longData) {
            writeStatementCommand(data, statementId);
        }
        writeStatementCommand(executePayload, statementId);
        writer.flush();
    }

    /** Writes a command on a statement, {@code command | 4 statement id | ...}, under {@code statementId}. */
    private void writeStatementCommand(ByteBuf payload, long statementId) {
        payload.setIntLE(payload.readerIndex() + 1, (int) statementId);
        writer.sequenceId(0); // each is a command of its own
        writer.writePayload(payload).addListener(closeOnWriteFailure);
    }

    /** Closes a statement now when idle, after the response in progress otherwise. */
    private void closeOnLoop(long statementId) {
        if (!closed && channel.isActive()) {
            closer.close(statementId, handler == null);
        }
    }

    private void releaseOnLoop() {
        if (discarded) {
            return;
        }
        if (handler != null) {
            discard("released in the middle of a response", null, false);
            return;
        }
        if (closed || !channel.isActive()) {
            discard("connection closed", null, false);
            return;
        }
        if (!channel.config().isAutoRead()) {
            channel.config().setAutoRead(true);
        }
        owner.released(this);
    }

    private void writeDone(ChannelFuture future) {
        if (!future.isSuccess()) {
            discard("cannot send a command", future.cause(), true);
        }
    }

    /**
     * Closes the channel, fails the command in progress and tells the owner: once, on the event loop. A problem of
     * the data host or the network ({@code hostProblem}) is logged at WARN; Tessera's own decisions at DEBUG.
     */
    private void discard(String reason, Throwable cause, boolean hostProblem) {
        if (discarded) {
            return;
        }
        discarded = true;
        closed = true;
        ResponseHandler failed = handler;
        handler = null;
        // The server notices a closed socket only when it next reads or writes it: a statement it runs goes on.
        abandonedMidCommand = failed != null && channel.isActive();
        channel.close();
        if (hostProblem && (failed != null || cause != null)) {
            // An Error (out of memory) is Tessera's own trouble, not the host's: its stack says where it came from.
            LOG.warn("{}: connection {}: {}{}", options.describe(), connectionId, reason,
                    cause == null ? "" : ": " + cause, cause instanceof Error ? cause : null);
        } else if (LOG.isDebugEnabled()) {
            LOG.debug("{}: connection {}: {}", options.describe(), connectionId, reason);
        }
        if (failed != null) {
            failed.onFailure(new BackendException(options.describe(), reason + " (connection " + connectionId + ")"
                    + (cause == null ? "" : ": " + cause.getMessage())));
        }
        owner.closed(this);
    }

    private void runOnLoop(Runnable task) {
        EventLoop loop = channel.eventLoop();
        if (loop.inEventLoop()) {
            task.run();
        } else {
            loop.execute(task);
        }
    }

    /** The last handler of the pipeline after login: feeds response frames to the command in progress. */
    private final class Inbound extends ChannelInboundHandlerAdapter {

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            Packet frame = (Packet) msg;
            bytesRead += PacketDecoder.HEADER_SIZE + frame.payloadLength();
            ResponseHandler current = handler;
            if (current == null) {
                frame.release();
                discard("unexpected packet while idle", null, true);
                return;
            }
            FrameKind kind;
            try {
                kind = tracker.next(frame);
            } catch (RuntimeException e) {
                frame.release();
                discard("malformed response", e, true);
                return;
            }
            if (kind == FrameKind.ERR) {
                lastErrorCode = ErrPacket.codeOf(frame.content());
            } else if (kind == FrameKind.LOCAL_FILE_REQUEST) {
                frame.release();
                localFileRequested(frame.sequenceId(), current);
                return;
            }
            boolean done = !tracker.inProgress();
            int status = tracker.lastStatus();
            if (done) {
                handler = null; // idle again before the callbacks, which may release or reuse the connection
                closer.connectionIdle();
            }
            current.onFrame(frame, kind);
            if (done) {
                current.onComplete(status);
            }
        }

        /** Hands the request to a handler that sends files; any other is failed, and the connection closed. */
        private void localFileRequested(int sequenceId, ResponseHandler current) {
            if (!(current instanceof LocalFileHandler loader)) {
                discard("the server asked for a local file, which only LOAD DATA LOCAL INFILE sends", null, true);
                return;
            }
            awaitingLocalFile = true;
            writer.sequenceId(sequenceId + 1);
            loader.onLocalFileRequest();
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            discard("connection closed by the server", null, true);
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            discard("connection failed", cause, true);
        }
    }
}
