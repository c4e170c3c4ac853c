package io.tessera.proxy.frontend;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.handler.timeout.IdleStateHandler;
import io.netty.util.concurrent.ScheduledFuture;
import io.tessera.protocol.auth.AuthPlugin;
import io.tessera.protocol.auth.CachingSha2Password;
import io.tessera.protocol.charset.Collation;
import io.tessera.protocol.charset.Collations;
import io.tessera.protocol.codec.MalformedPacketException;
import io.tessera.protocol.codec.Packet;
import io.tessera.protocol.codec.PacketDecoder;
import io.tessera.protocol.codec.PayloadAggregator;
import io.tessera.protocol.codec.PayloadReader;
import io.tessera.protocol.codec.PayloadWriter;
import io.tessera.protocol.constant.Capability;
import io.tessera.protocol.constant.ServerStatus;
import io.tessera.protocol.error.ErrorCode;
import io.tessera.protocol.error.TesseraException;
import io.tessera.protocol.packet.AuthSwitchRequest;
import io.tessera.protocol.packet.HandshakeResponse41;
import io.tessera.protocol.packet.HandshakeV10;
import io.tessera.protocol.packet.OkPacket;
import io.tessera.proxy.config.UserConfig;
import io.tessera.proxy.session.ClientChannel;
import io.tessera.proxy.session.Session;
import java.net.InetSocketAddress;
import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * One client connection: sends the greeting, authenticates (with an AuthSwitchRequest when the client starts
 * with another plugin), then hands each whole command to the {@link CommandDispatcher}, one at a time. Commands a
 * client pipelines wait in a short queue; a longer queue pauses reading.
 *
 * <p>Not sharable. Everything runs on the channel's event loop.
 */
final class FrontendHandler extends ChannelInboundHandlerAdapter {

    private static final Logger LOG = LogManager.getLogger(FrontendHandler.class);
    private static final int MAX_QUEUED_COMMANDS = 16;

    private enum State { AUTH, AUTH_SWITCH, COMMAND, CLOSED }

    private final FrontendContext context;
    private final PayloadAggregator aggregator;
    private final ArrayDeque<ByteBuf> queued = new ArrayDeque<>();
    private State state = State.AUTH;
    private Session session;
    private ClientChannel client;
    private byte[] nonce;
    private HandshakeResponse41 handshake;
    private ScheduledFuture<?> authTimer;
    private boolean busy;

    FrontendHandler(FrontendContext context) {
        this.context = context;
        this.aggregator = new PayloadAggregator(context.maxPacketSize());
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        String host = ctx.channel().remoteAddress() instanceof InetSocketAddress a
                ? a.getAddress().getHostAddress() : String.valueOf(ctx.channel().remoteAddress());
        session = new Session(context.nextConnectionId(), host);
        client = new ClientChannel(session, ctx.channel(), this::commandDone);
        nonce = context.scramble().next();
        PayloadWriter greeting = client.writer().newPayload(96);
        new HandshakeV10(context.serverVersion(), session.connectionId(), nonce, ClientCapabilities.SERVER,
                Collations.UTF8MB4_GENERAL_CI, ServerStatus.AUTOCOMMIT, context.authPlugin().protocolName())
                .writeTo(greeting);
        client.writer().sequenceId(0);
        client.writer().writeAndFlush(greeting);
        authTimer = ctx.executor().schedule(() -> {
            if (state == State.AUTH || state == State.AUTH_SWITCH) {
                LOG.debug("connection {} from {}: no login within {} ms, closing", session.connectionId(), host,
                        context.authTimeoutMillis());
                ctx.close();
            }
        }, context.authTimeoutMillis(), TimeUnit.MILLISECONDS);
        context.connections().opened(client);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        Packet packet = (Packet) msg;
        client.received(PacketDecoder.HEADER_SIZE + packet.payloadLength());
        switch (state) {
            case AUTH -> readHandshakeResponse(ctx, packet);
            case AUTH_SWITCH -> readAuthSwitchResponse(ctx, packet);
            case COMMAND -> readCommand(ctx, packet);
            default -> packet.release();
        }
    }

    private void readHandshakeResponse(ChannelHandlerContext ctx, Packet packet) {
        try {
            client.writer().sequenceId(packet.sequenceId() + 1);
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
        boolean canSwitch = Capability.has(handshake.capabilities(), Capability.PLUGIN_AUTH);
        String clientPlugin = handshake.authPlugin();
        if (canSwitch && clientPlugin != null && !clientPlugin.equals(context.authPlugin().protocolName())) {
            nonce = context.scramble().next();
            PayloadWriter p = client.writer().newPayload(64);
            new AuthSwitchRequest(context.authPlugin().protocolName(), nonce).writeTo(p);
            client.writer().writeAndFlush(p);
            state = State.AUTH_SWITCH;
            return;
        }
        AuthPlugin plugin = canSwitch ? context.authPlugin() : AuthPlugin.MYSQL_NATIVE_PASSWORD;
        login(ctx, plugin, handshake.authResponse());
    }

    private void readAuthSwitchResponse(ChannelHandlerContext ctx, Packet packet) {
        byte[] response;
        try {
            client.writer().sequenceId(packet.sequenceId() + 1);
            response = new PayloadReader(packet.content()).restBytes();
        } finally {
            packet.release();
        }
        login(ctx, context.authPlugin(), response);
    }

    private void login(ChannelHandlerContext ctx, AuthPlugin plugin, byte[] response) {
        UserConfig user;
        try {
            user = context.authenticator().verify(handshake.user(), session.remoteHost(), plugin, nonce, response);
            if (handshake.database() != null) {
                context.authenticator().checkSchema(user, session.remoteHost(), handshake.database());
            }
        } catch (TesseraException e) {
            refuse(e);
            return;
        }
        if (plugin == AuthPlugin.CACHING_SHA2_PASSWORD) {
            // AuthMoreData "fast auth success": Tessera holds the password, so the scramble alone proves it
            client.writer().write(client.writer().newPayload(2).int1(0x01).int1(CachingSha2Password.FAST_AUTH_SUCCESS));
        }
        Collation requested = Collations.byId(handshake.collation()).orElse(Collations.byId(Collations.UTF8MB4_GENERAL_CI).get());
        Collation collation = Collations.defaultOf(requested.charsetName()).orElse(requested);
        session.authenticated(user, ClientCapabilities.negotiate(handshake.capabilities()), collation);
        session.schema(handshake.database());
        state = State.COMMAND;
        authTimer.cancel(false);
        handshake = null;
        nonce = null;
        if (context.idleTimeoutMillis() > 0) {
            ctx.pipeline().addFirst(new IdleStateHandler(0, 0, context.idleTimeoutMillis(), TimeUnit.MILLISECONDS));
        }
        PayloadWriter ok = client.writer().newPayload(16);
        OkPacket.of(session.statusFlags()).writeTo(ok);
        client.writer().writeAndFlush(ok);
    }

    private void refuse(TesseraException e) {
        state = State.CLOSED;
        client.writeError(e);
        client.closeAfterFlush();
    }

    private void readCommand(ChannelHandlerContext ctx, Packet packet) {
        ByteBuf payload;
        int sequenceId = packet.sequenceId();
        try {
            payload = aggregator.offer(packet, ctx.alloc());
        } catch (PayloadAggregator.PayloadTooLargeException e) {
            state = State.CLOSED;
            client.writer().sequenceId(sequenceId + 1);
            client.writeError(ErrorCode.NET_PACKET_TOO_LARGE.exception());
            client.closeAfterFlush();
            return;
        }
        if (payload == null) {
            return; // a 16 MiB frame; the rest of the command follows
        }
        if (busy) {
            queued.add(payload);
            if (queued.size() > MAX_QUEUED_COMMANDS) {
                ctx.channel().config().setAutoRead(false);
            }
            return;
        }
        run(payload);
    }

    private void run(ByteBuf payload) {
        busy = true;
        client.writer().sequenceId(aggregator.firstSequenceId() + 1);
        context.dispatcher().dispatch(client, payload);
    }

    /** The current command has written its last packet. */
    private void commandDone() {
        busy = false;
        if (state == State.CLOSED) {
            return;
        }
        ByteBuf next = queued.poll();
        if (next != null) {
            run(next);
        } else if (!client.channel().config().isAutoRead()) {
            client.channel().config().setAutoRead(true);
        }
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        client.writabilityChanged();
        ctx.fireChannelWritabilityChanged();
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        if (evt instanceof IdleStateEvent && !busy) {
            LOG.debug("connection {}: idle for {} ms, closing", session.connectionId(), context.idleTimeoutMillis());
            ctx.close();
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        state = State.CLOSED;
        if (authTimer != null) {
            authTimer.cancel(false);
        }
        aggregator.discard();
        ByteBuf b;
        while ((b = queued.poll()) != null) {
            b.release();
        }
        if (session != null) {
            client.closed();
            context.executor().abandonTransaction(session);
            context.connections().closed(client);
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (cause instanceof DecoderException) {
            LOG.debug("connection {}: {}, closing", session == null ? -1 : session.connectionId(), cause.getMessage());
        } else {
            LOG.warn("connection {}: unexpected failure, closing", session == null ? -1 : session.connectionId(), cause);
        }
        ctx.close();
    }
}
