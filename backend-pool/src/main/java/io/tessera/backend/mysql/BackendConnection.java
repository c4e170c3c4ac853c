package io.tessera.backend.mysql;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.EventLoop;
import io.tessera.protocol.codec.FrameKind;
import io.tessera.protocol.codec.Packet;
import io.tessera.protocol.codec.PacketWriter;
import io.tessera.protocol.codec.PayloadWriter;
import io.tessera.protocol.codec.ResponseTracker;
import io.tessera.protocol.constant.Command;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * One logged-in connection to a data host. It runs one command at a time: {@link #execute} frames the command with
 * sequence id 0 and streams the response to a {@link ResponseHandler}, frame by frame, classified by a
 * {@link ResponseTracker} but never decoded (MySQL manual: "Command Phase", "Protocol::COM_QUERY Response").
 *
 * <p>Thread safety: every method may be called from any thread; work is moved onto the channel's event loop, where
 * all state lives and all callbacks run. A connection that breaks (channel closed, protocol error, released in the
 * middle of a response) closes itself and tells its {@link ConnectionOwner} once, so a pool never hands it out again.
 */
public final class BackendConnection {

    private static final Logger LOG = LogManager.getLogger(BackendConnection.class);

    private final Channel channel;
    private final PacketWriter writer;
    private final ResponseTracker tracker = new ResponseTracker();
    private final ConnectOptions options;
    private final long connectionId;
    private final boolean foundRows;
    private final ConnectionOwner owner;
    private final ChannelFutureListener closeOnWriteFailure = this::writeDone;

    private volatile String database;
    private volatile boolean closed;
    private ResponseHandler handler;   // event loop only: the command in progress, null when idle
    private boolean discarded;         // event loop only: the owner has been told

    BackendConnection(Channel channel, ConnectOptions options, long connectionId, String database, boolean foundRows,
            ConnectionOwner owner) {
        this.channel = channel;
        this.writer = new PacketWriter(channel);
        this.options = options;
        this.connectionId = connectionId;
        this.database = database;
        this.foundRows = foundRows;
        this.owner = owner;
    }

    /** The server's thread id for this connection (what {@code KILL} takes). */
    public long connectionId() {
        return connectionId;
    }

    /** The current database, or {@code null} when none is selected. */
    public String database() {
        return database;
    }

    /** Whether the connection was opened with CLIENT_FOUND_ROWS (affected rows count matched rows). */
    public boolean foundRows() {
        return foundRows;
    }

    /** The Netty channel; use it for {@code eventLoop()}, and the methods here for everything else. */
    public Channel channel() {
        return channel;
    }

    /** The data host, as "data host host1 (127.0.0.1:3306)". */
    public String dataHost() {
        return options.describe();
    }

    /** True while the connection is open and has not broken. */
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
    public void execute(ByteBuf commandPayload, boolean columnsOnly, ResponseHandler handler) {
        EventLoop loop = channel.eventLoop();
        if (!loop.inEventLoop()) {
            loop.execute(() -> execute(commandPayload, columnsOnly, handler));
            return;
        }
        if (!begin(handler, columnsOnly)) {
            commandPayload.release();
            return;
        }
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
    public CompletableFuture<QueryResult> query(String sql) {
        return query(sql, true);
    }

    /** COM_PING; completes when the server answers OK. */
    public CompletableFuture<Void> ping() {
        ResultCollector result = new ResultCollector();
        runOnLoop(() -> command(result, Command.PING, null, false));
        return result.future().thenApply(r -> null);
    }

    /**
     * COM_INIT_DB: makes {@code name} the current database. Fails with the server's error (e.g. 1049 for an
     * unknown database), after which the connection is still usable.
     */
    public CompletableFuture<Void> initDb(String name) {
        ResultCollector result = new ResultCollector();
        runOnLoop(() -> command(result, Command.INIT_DB, name, false));
        return result.future().thenApply(r -> {
            database = name;
            return null;
        });
    }

    /**
     * Backpressure: stops ({@code false}) or resumes reading the backend socket. While reading is off the server's
     * response waits in the kernel buffers and, beyond them, in the server.
     */
    public void setAutoRead(boolean read) {
        channel.config().setAutoRead(read);
    }

    /**
     * Gives the connection back to its owner. A connection still in the middle of a response, or broken, is closed
     * instead, so that nobody gets a half-read stream. Reading is switched back on. Releasing twice is a no-op.
     */
    public void release() {
        runOnLoop(this::releaseOnLoop);
    }

    /**
     * Closes the connection and takes it out of its pool. A response in progress fails with
     * {@link ResponseHandler#onFailure}.
     */
    public void close() {
        closed = true;
        runOnLoop(() -> discard("connection closed by Tessera", null, false));
    }

    @Override
    public String toString() {
        return "BackendConnection[" + options.describe() + ", id=" + connectionId + ", database=" + database + "]";
    }

    /** A query whose sending counts as a query of the pool ({@code counted}) or not (connectionInitSql). */
    CompletableFuture<QueryResult> query(String sql, boolean counted) {
        ResultCollector result = new ResultCollector();
        runOnLoop(() -> command(result, Command.QUERY, sql, counted));
        return result.future();
    }

    /** The handler that receives this connection's frames once it has logged in. */
    ChannelInboundHandlerAdapter inbound() {
        return new Inbound();
    }

    /** Sends a command built here; {@code counted} says whether it is a borrower's query. */
    private void command(ResponseHandler collector, int command, String argument, boolean counted) {
        if (!begin(collector, false)) {
            return;
        }
        if (counted) {
            owner.querySent();
        }
        PayloadWriter payload = writer.newPayload(argument == null ? 1 : 1 + argument.length() * 3);
        payload.int1(command);
        if (argument != null) {
            payload.string(argument, StandardCharsets.UTF_8);
        }
        writer.sequenceId(0);
        writer.write(payload).addListener(closeOnWriteFailure);
        writer.flush();
    }

    /** Makes {@code next} the command in progress, or fails it when that is impossible. */
    private boolean begin(ResponseHandler next, boolean columnsOnly) {
        if (closed || !channel.isActive()) {
            next.onFailure(new BackendException(options.describe(), "connection " + connectionId + " is closed"));
            return false;
        }
        if (handler != null) {
            next.onFailure(new IllegalStateException("connection " + connectionId + " is busy with another command"));
            return false;
        }
        handler = next;
        tracker.start(false, columnsOnly); // Tessera never asks the data host for CLIENT_DEPRECATE_EOF
        return true;
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
        channel.close();
        ResponseHandler failed = handler;
        handler = null;
        if (hostProblem && (failed != null || cause != null)) {
            LOG.warn("{}: connection {}: {}{}", options.describe(), connectionId, reason,
                    cause == null ? "" : ": " + cause);
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
            boolean done = !tracker.inProgress();
            int status = tracker.lastStatus();
            if (done) {
                handler = null; // idle again before the callbacks, which may release or reuse the connection
            }
            current.onFrame(frame, kind);
            if (done) {
                current.onComplete(status);
            }
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
