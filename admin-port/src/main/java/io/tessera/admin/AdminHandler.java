package io.tessera.admin;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.DecoderException;
import io.netty.util.concurrent.ScheduledFuture;
import io.tessera.admin.command.AdminReply;
import io.tessera.admin.command.AdminSession;
import io.tessera.protocol.auth.AuthPlugin;
import io.tessera.protocol.auth.NativePassword;
import io.tessera.protocol.charset.Collation;
import io.tessera.protocol.charset.Collations;
import io.tessera.protocol.codec.MalformedPacketException;
import io.tessera.protocol.codec.Packet;
import io.tessera.protocol.codec.PacketWriter;
import io.tessera.protocol.codec.PayloadAggregator;
import io.tessera.protocol.codec.PayloadReader;
import io.tessera.protocol.codec.PayloadWriter;
import io.tessera.protocol.constant.Capability;
import io.tessera.protocol.constant.Command;
import io.tessera.protocol.constant.ServerStatus;
import io.tessera.protocol.error.ErrorCode;
import io.tessera.protocol.error.TesseraException;
import io.tessera.protocol.packet.AuthSwitchRequest;
import io.tessera.protocol.packet.ErrPacket;
import io.tessera.protocol.packet.HandshakeResponse41;
import io.tessera.protocol.packet.HandshakeV10;
import io.tessera.protocol.packet.OkPacket;
import io.tessera.protocol.result.ResultTableEncoder;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * One admin connection: sends the greeting, logs the client in with {@code mysql_native_password} (switching a client
 * that starts with another plugin over with an AuthSwitchRequest, as MyCat 1.6.7.6 does), then answers one command at
 * a time, each completely before reading the next:
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

    /**
     * What the greeting offers. Not offered: SSL and COMPRESS (not implemented), LOCAL_FILES and MULTI_STATEMENTS
     * (meaningless for admin commands). DEPRECATE_EOF is honoured by {@link ResultTableEncoder}.
     */
    static final int CAPABILITIES = Capability.LONG_PASSWORD | Capability.FOUND_ROWS | Capability.LONG_FLAG
            | Capability.CONNECT_WITH_DB | Capability.PROTOCOL_41 | Capability.INTERACTIVE
            | Capability.IGNORE_SIGPIPE | Capability.TRANSACTIONS | Capability.SECURE_CONNECTION
            | Capability.MULTI_RESULTS | Capability.PLUGIN_AUTH | Capability.PLUGIN_AUTH_LENENC_CLIENT_DATA
            | Capability.CONNECT_ATTRS | Capability.DEPRECATE_EOF;

    private static final Logger LOG = LogManager.getLogger(AdminHandler.class);
    private static final AuthPlugin PLUGIN = AuthPlugin.MYSQL_NATIVE_PASSWORD;
    private static final int STATUS = ServerStatus.AUTOCOMMIT;

    private enum State { AUTH, AUTH_SWITCH, COMMAND, CLOSED }

    private final HandlerContext shared;
    private final PayloadAggregator aggregator;
    private State state = State.AUTH;
    private PacketWriter writer;
    private long connectionId;
    private String remoteHost;
    private byte[] nonce;
    private HandshakeResponse41 handshake;
    private ScheduledFuture<?> authTimer;
    private AdminSession session;
    private boolean deprecateEof;

    AdminHandler(HandlerContext shared) {
        this.shared = shared;
        this.aggregator = new PayloadAggregator(shared.maxPacketSize());
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        writer = new PacketWriter(ctx.channel());
        connectionId = shared.connectionIds().incrementAndGet();
        remoteHost = ctx.channel().remoteAddress() instanceof InetSocketAddress a
                ? a.getAddress().getHostAddress() : String.valueOf(ctx.channel().remoteAddress());
        nonce = shared.scramble().next();
        PayloadWriter greeting = writer.newPayload(96);
        new HandshakeV10(shared.context().version(), connectionId, nonce, CAPABILITIES, Collations.UTF8MB4_GENERAL_CI,
                STATUS, PLUGIN.protocolName()).writeTo(greeting);
        writer.sequenceId(0);
        writer.writeAndFlush(greeting);
        authTimer = ctx.executor().schedule(() -> {
            if (state == State.AUTH || state == State.AUTH_SWITCH) {
                LOG.debug("admin connection {} from {}: no login within {} ms, closing", connectionId, remoteHost,
                        shared.authTimeoutMillis());
                state = State.CLOSED;
                ctx.close();
            }
        }, shared.authTimeoutMillis(), TimeUnit.MILLISECONDS);
        ctx.fireChannelActive();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        Packet packet = (Packet) msg;
        switch (state) {
            case AUTH -> readHandshakeResponse(packet);
            case AUTH_SWITCH -> readAuthSwitchResponse(packet);
            case COMMAND -> readCommand(ctx, packet);
            default -> packet.release();
        }
    }

    private void readHandshakeResponse(Packet packet) {
        try {
            writer.sequenceId(packet.sequenceId() + 1);
            handshake = HandshakeResponse41.read(new PayloadReader(packet.content()));
        } catch (MalformedPacketException e) {
            refuse(ErrorCode.HANDSHAKE_ERROR.exception());
            return;
        } finally {
            packet.release();
        }
        if (!Capability.has(handshake.capabilities(), Capability.PROTOCOL_41)
                || Capability.has(handshake.capabilities(), Capability.SSL)) {
            refuse(ErrorCode.HANDSHAKE_ERROR.exception()); // pre-4.1 clients and TLS are not supported
            return;
        }
        String clientPlugin = handshake.authPlugin();
        if (Capability.has(handshake.capabilities(), Capability.PLUGIN_AUTH) && clientPlugin != null
                && !clientPlugin.equals(PLUGIN.protocolName())) {
            nonce = shared.scramble().next();
            PayloadWriter p = writer.newPayload(64);
            new AuthSwitchRequest(PLUGIN.protocolName(), nonce).writeTo(p);
            writer.writeAndFlush(p);
            state = State.AUTH_SWITCH;
            return;
        }
        login(handshake.authResponse());
    }

    private void readAuthSwitchResponse(Packet packet) {
        byte[] response;
        try {
            writer.sequenceId(packet.sequenceId() + 1);
            response = new PayloadReader(packet.content()).restBytes();
        } finally {
            packet.release();
        }
        login(response);
    }

    private void login(byte[] response) {
        String userName = handshake.user();
        AdminUser user = shared.users().get(userName);
        if (user == null
                || !NativePassword.verify(user.password().getBytes(StandardCharsets.UTF_8), nonce, response)) {
            LOG.debug("admin connection {} from {}: access denied for user '{}'", connectionId, remoteHost, userName);
            refuse(ErrorCode.ACCESS_DENIED_ERROR.exception(userName, remoteHost, response.length == 0 ? "NO" : "YES"));
            return;
        }
        Collation requested = Collations.byId(handshake.collation())
                .orElseGet(() -> Collations.byId(Collations.UTF8MB4_GENERAL_CI).orElseThrow());
        Collation collation = Collations.defaultOf(requested.charsetName()).orElse(requested);
        session = new AdminSession(connectionId, userName, collation);
        deprecateEof = Capability.has(handshake.capabilities() & CAPABILITIES, Capability.DEPRECATE_EOF);
        state = State.COMMAND;
        authTimer.cancel(false);
        handshake = null;
        nonce = null;
        writeOk(0, "");
        writer.flush();
    }

    /** Answers the login with an ERR and closes the connection once it is written. */
    private void refuse(TesseraException e) {
        state = State.CLOSED;
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
                state = State.CLOSED;
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
        state = State.CLOSED;
        if (authTimer != null) {
            authTimer.cancel(false);
        }
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
        state = State.CLOSED;
        ctx.close();
    }
}
