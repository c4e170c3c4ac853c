package io.tessera.admin.server;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.tessera.admin.command.AdminReply;
import io.tessera.admin.command.AdminSession;
import io.tessera.protocol.auth.LoggedIn;
import io.tessera.protocol.auth.ServerLogin;
import io.tessera.protocol.codec.Packet;
import io.tessera.protocol.codec.PacketWriter;
import io.tessera.protocol.codec.PayloadAggregator;
import io.tessera.protocol.codec.PayloadWriter;
import io.tessera.protocol.codec.PeerFailure;
import io.tessera.protocol.constant.Command;
import io.tessera.protocol.constant.ServerStatus;
import io.tessera.protocol.error.ErrorCode;
import io.tessera.protocol.error.TesseraException;
import io.tessera.protocol.packet.ErrPacket;
import io.tessera.protocol.packet.OkPacket;
import io.tessera.protocol.result.ResultTableEncoder;
import java.util.ArrayDeque;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * One admin connection after its login ({@link ServerLogin}, earlier in the pipeline, logs the client in with
 * {@code mysql_native_password} and fires {@link LoggedIn}), answering one command at a time, each completely before
 * reading the next:
 *
 * <ul>
 *   <li>{@code COM_QUERY}: the {@link io.tessera.admin.command.AdminCommands} registry; an unknown statement or a
 *       command's error is an ERR and the connection lives on;
 *   <li>{@code COM_PING} and {@code COM_INIT_DB}: OK; {@code COM_QUIT}: close;
 *   <li>anything else: ERR 1047 "Unknown command".
 * </ul>
 *
 * <p>A command whose answer comes later ({@link AdminReply.Pending}) holds the connection: what the client sends
 * meanwhile waits, in order, and the socket is not read ({@code autoRead} off) until the answer is written, since a
 * MySQL client matches answers to commands by their order alone. A failed answer is an ERR; an answer that completes
 * after the connection closed is dropped.
 *
 * <p>Not sharable. Everything runs on the channel's event loop, a pending answer's completion included.
 */
final class AdminHandler extends ChannelInboundHandlerAdapter {

    private static final Logger LOG = LogManager.getLogger(AdminHandler.class);
    private static final int STATUS = ServerStatus.AUTOCOMMIT;

    private final HandlerContext shared;
    private final long connectionId;
    private final PayloadAggregator aggregator;
    private PacketWriter writer;
    private AdminSession session;
    private boolean deprecateEof;
    private boolean closed;
    private boolean failed; // a failure was reported and the connection closed
    /** A command's answer is pending: commands that arrive meanwhile wait in {@link #waiting}. */
    private boolean answering;
    private final ArrayDeque<Packet> waiting = new ArrayDeque<>();

    AdminHandler(HandlerContext shared, long connectionId) {
        this.shared = shared;
        this.connectionId = connectionId;
        this.aggregator = new PayloadAggregator(shared.maxPacketSize());
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        writer = new PacketWriter(ctx.channel());
        ctx.fireChannelActive();
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        if (evt instanceof LoggedIn<?> login) {
            boolean manager = login.account() instanceof AdminUser user && user.manager();
            session = new AdminSession(connectionId, login.user(), manager, login.collation());
            deprecateEof = login.deprecateEof();
        } else {
            ctx.fireUserEventTriggered(evt);
        }
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        Packet packet = (Packet) msg;
        if (closed) {
            packet.release();
        } else if (answering) {
            waiting.add(packet);
        } else {
            readCommand(ctx, packet);
        }
    }

    /** Answers with an ERR and closes the connection once it is written. */
    private void refuse(TesseraException e) {
        closed = true;
        PayloadWriter p = writer.newPayload(96);
        ErrPacket.of(e).writeTo(p);
        writer.write(p).addListener(ChannelFutureListener.CLOSE);
        writer.flush();
    }

    private void readCommand(ChannelHandlerContext ctx, Packet packet) {
        int sequenceId = packet.sequenceId();
        ByteBuf payload;
        try {
            payload = aggregator.offer(packet, ctx.alloc());
        } catch (PayloadAggregator.PayloadTooLargeException e) {
            writer.sequenceId(sequenceId + 1);
            refuse(ErrorCode.NET_PACKET_TOO_LARGE.exception());
            return;
        }
        if (payload == null) {
            return; // a 16 MiB frame; the rest of the command follows
        }
        try {
            writer.sequenceId(aggregator.firstSequenceId() + 1);
            run(ctx, payload);
        } finally {
            payload.release();
        }
        writer.flush();
    }

    private void run(ChannelHandlerContext ctx, ByteBuf payload) {
        int command = payload.isReadable() ? payload.readUnsignedByte() : -1;
        switch (command) {
            case Command.QUERY -> query(ctx, payload.toString(session.collation().javaCharset()));
            case Command.PING, Command.INIT_DB -> writeOk(0, "");
            case Command.QUIT -> {
                closed = true;
                ctx.close();
            }
            default -> writeError(ErrorCode.UNKNOWN_COM_ERROR.exception());
        }
    }

    private void query(ChannelHandlerContext ctx, String sql) {
        LOG.debug("admin connection {}: {}", connectionId, sql);
        AdminReply reply;
        try {
            reply = shared.commands().execute(sql, shared.context(), session);
        } catch (RuntimeException e) {
            writeError(failure(sql, e));
            return;
        }
        answer(ctx, sql, reply);
    }

    /** Writes {@code reply}, or waits for it when it is pending. */
    private void answer(ChannelHandlerContext ctx, String sql, AdminReply reply) {
        if (reply instanceof AdminReply.Rows rows) {
            ResultTableEncoder.write(writer, rows.table(), deprecateEof, STATUS);
        } else if (reply instanceof AdminReply.Ok ok) {
            writeOk(ok.affectedRows(), ok.message());
        } else if (reply instanceof AdminReply.Pending pending) {
            answering = true;
            ctx.channel().config().setAutoRead(false); // what is decoded already waits in `waiting`
            pending.answer().whenCompleteAsync((later, error) -> answered(ctx, sql, later, error), ctx.executor());
        } else {
            writeError(failure(sql, new IllegalStateException("the command answered " + reply)));
        }
    }

    /** On the event loop: a pending answer is known. Writes it, then runs the commands that waited for it. */
    private void answered(ChannelHandlerContext ctx, String sql, AdminReply reply, Throwable error) {
        if (closed) {
            return; // the client went away: nobody to answer, and channelInactive released what waited
        }
        try {
            answering = false;
            if (error != null) {
                writeError(failure(sql, error));
            } else {
                answer(ctx, sql, reply);
            }
            writer.flush();
            while (!answering && !closed && !waiting.isEmpty()) {
                readCommand(ctx, waiting.poll());
            }
            if (!answering && !closed) {
                ctx.channel().config().setAutoRead(true);
            }
        } catch (RuntimeException e) {
            exceptionCaught(ctx, e); // thrown here, it would vanish in the future and leave the client waiting
        }
    }

    /** The ERR for a command that failed: a {@link TesseraException} as it is, anything else (a bug) 1105. */
    private TesseraException failure(String sql, Throwable error) {
        Throwable cause = error;
        while ((cause instanceof CompletionException || cause instanceof ExecutionException)
                && cause.getCause() != null) {
            cause = cause.getCause();
        }
        if (cause instanceof TesseraException e) {
            return e;
        }
        LOG.warn("admin connection {}: command failed: {}", connectionId, sql, cause);
        return ErrorCode.UNKNOWN_ERROR.exception("admin command failed: " + cause);
    }

    private void writeOk(long affectedRows, String message) {
        PayloadWriter p = writer.newPayload(16 + message.length());
        new OkPacket(affectedRows, 0, STATUS, 0, message).writeTo(p);
        writer.write(p);
    }

    private void writeError(TesseraException e) {
        PayloadWriter p = writer.newPayload(64);
        ErrPacket.of(e).writeTo(p);
        writer.write(p);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        closed = true;
        aggregator.discard();
        Packet packet;
        while ((packet = waiting.poll()) != null) {
            packet.release();
        }
        ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (failed) {
            return; // each write still queued fails alike once the client is gone: reported once, closed once
        }
        failed = true;
        if (PeerFailure.isPeers(cause)) {
            LOG.debug("admin connection {}: {}, closing", connectionId, cause.toString());
        } else {
            LOG.warn("admin connection {}: unexpected failure, closing", connectionId, cause);
        }
        closed = true;
        ctx.close();
    }
}
