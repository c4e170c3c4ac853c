package io.tessera.admin.server;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.DecoderException;
import io.tessera.admin.command.AdminReply;
import io.tessera.admin.command.AdminSession;
import io.tessera.protocol.auth.LoggedIn;
import io.tessera.protocol.auth.ServerLogin;
import io.tessera.protocol.codec.Packet;
import io.tessera.protocol.codec.PacketWriter;
import io.tessera.protocol.codec.PayloadAggregator;
import io.tessera.protocol.codec.PayloadWriter;
import io.tessera.protocol.constant.Command;
import io.tessera.protocol.constant.ServerStatus;
import io.tessera.protocol.error.ErrorCode;
import io.tessera.protocol.error.TesseraException;
import io.tessera.protocol.packet.ErrPacket;
import io.tessera.protocol.packet.OkPacket;
import io.tessera.protocol.result.ResultTableEncoder;
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
 * <p>Not sharable. Everything runs on the channel's event loop.
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
            session = new AdminSession(connectionId, login.user(), login.collation());
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
            case Command.QUERY -> query(payload.toString(session.collation().javaCharset()));
            case Command.PING, Command.INIT_DB -> writeOk(0, "");
            case Command.QUIT -> {
                closed = true;
                ctx.close();
            }
            default -> writeError(ErrorCode.UNKNOWN_COM_ERROR.exception());
        }
    }

    private void query(String sql) {
        LOG.debug("admin connection {}: {}", connectionId, sql);
        AdminReply reply;
        try {
            reply = shared.commands().execute(sql, shared.context(), session);
        } catch (TesseraException e) {
            writeError(e);
            return;
        } catch (RuntimeException e) {
            LOG.warn("admin connection {}: command failed: {}", connectionId, sql, e);
            writeError(ErrorCode.UNKNOWN_ERROR.exception("admin command failed: " + e));
            return;
        }
        if (reply instanceof AdminReply.Rows rows) {
            ResultTableEncoder.write(writer, rows.table(), deprecateEof, STATUS);
        } else if (reply instanceof AdminReply.Ok ok) {
            writeOk(ok.affectedRows(), ok.message());
        }
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
        ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (cause instanceof DecoderException) {
            LOG.debug("admin connection {}: {}, closing", connectionId, cause.getMessage());
        } else {
            LOG.warn("admin connection {}: unexpected failure, closing", connectionId, cause);
        }
        closed = true;
        ctx.close();
    }
}
