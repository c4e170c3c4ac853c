package io.tessera.protocol.auth;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.netty.util.concurrent.ScheduledFuture;
import io.tessera.protocol.charset.Collations;
import io.tessera.protocol.codec.MalformedPacketException;
import io.tessera.protocol.codec.Packet;
import io.tessera.protocol.codec.PacketDecoder;
import io.tessera.protocol.codec.PacketWriter;
import io.tessera.protocol.codec.PayloadReader;
import io.tessera.protocol.codec.PayloadWriter;
import io.tessera.protocol.constant.Capability;
import io.tessera.protocol.constant.ServerStatus;
import io.tessera.protocol.error.ErrorCode;
import io.tessera.protocol.error.TesseraException;
import io.tessera.protocol.packet.ErrPacket;
import io.tessera.protocol.packet.HandshakeResponse41;
import io.tessera.protocol.packet.HandshakeV10;
import java.net.InetSocketAddress;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;

/**
 * The server side of the connection phase (MySQL manual: "Connection Phase"), shared by the 8066 and 9066 ports:
 * sends the HandshakeV10 greeting with a fresh nonce, reads the HandshakeResponse41, sends an AuthSwitchRequest
 * when the client answered with another plugin ({@link AuthRound}), lets a {@link LoginVerifier} decide, and answers
 * OK (after caching_sha2_password's "fast auth success") or ERR. On success it leaves the pipeline and fires
 * {@link LoggedIn}; the packets that follow go to the next handler. A client that has not logged in within
 * {@code authTimeoutMillis} is disconnected.
 *
 * <pre>
 * greeting(seq 0) -> response(1) -> [AuthSwitchRequest(2) -> switch response(3)] -> [AuthMoreData 0x03] -> OK | ERR
 * greeting(seq 0) -> SSLRequest(1) -> TLS handshake -> response(2) -> ...                    (with TLS, see below)
 * over TLS, caching_sha2_password proof not accepted: AuthMoreData 0x04 -> password NUL -> OK | ERR
 * </pre>
 *
 * <p>With {@link #withTls TLS offered}, the greeting has CLIENT_SSL; a client that wants TLS sends the 32-byte
 * SSLRequest (the first fields of a HandshakeResponse41 with CLIENT_SSL), then the TLS handshake, then the whole
 * HandshakeResponse41 over TLS.
 *
 * <p>Not sharable: one per connection, after the {@code PacketDecoder}.
 */
public final class ServerLogin<P> extends ChannelInboundHandlerAdapter {

    /**
     * What the greeting offers by default. Not offered: COMPRESS; SSL only {@link #withTls with TLS}; MULTI_STATEMENTS
     * and LOCAL_FILES only where the port runs them ({@link #WITH_MULTI_STATEMENTS}).
     */
    public static final int CAPABILITIES = Capability.LONG_PASSWORD | Capability.FOUND_ROWS | Capability.LONG_FLAG
            | Capability.CONNECT_WITH_DB | Capability.PROTOCOL_41 | Capability.INTERACTIVE
            | Capability.IGNORE_SIGPIPE | Capability.TRANSACTIONS | Capability.SECURE_CONNECTION
            | Capability.MULTI_RESULTS | Capability.PLUGIN_AUTH | Capability.PLUGIN_AUTH_LENENC_CLIENT_DATA
            | Capability.CONNECT_ATTRS | Capability.DEPRECATE_EOF;

    /**
     * The client port's offer: the defaults, several statements per COM_QUERY, each with its own result, and LOAD DATA
     * LOCAL INFILE.
     */
    public static final int WITH_MULTI_STATEMENTS = CAPABILITIES | Capability.MULTI_STATEMENTS
            | Capability.PS_MULTI_RESULTS | Capability.LOCAL_FILES;

    /** An SSLRequest: 4 capabilities | 4 max packet size | 1 collation | 23 filler. */
    private static final int SSL_REQUEST_LENGTH = 32;

    private enum State { GREETED, SWITCHED, FULL_AUTH, DONE }

    private final String serverVersion;
    private final long connectionId;
    private final AuthPlugin plugin;
    private final long authTimeoutMillis;
    private final Scramble scramble;
    private final LoginVerifier<P> verifier;
    private final int capabilities;
    private TransportSecurity tls = TransportSecurity.NONE;
    private boolean secure; // TLS was started
    private State state = State.GREETED;
    private PacketWriter writer;
    private String host;
    private byte[] greetingNonce;
    private HandshakeResponse41 response;
    private AuthRound round;
    private ScheduledFuture<?> timer;

    /**
     * @param plugin the plugin offered first: mysql_native_password, or caching_sha2_password (fast path only:
     *     Tessera holds the password, so the scramble alone proves it)
     */
    public ServerLogin(String serverVersion, long connectionId, AuthPlugin plugin, long authTimeoutMillis,
            Scramble scramble, LoginVerifier<P> verifier) {
        this(serverVersion, connectionId, plugin, authTimeoutMillis, scramble, verifier, CAPABILITIES);
    }

    /** As the other constructor, offering {@code capabilities} ({@link #CAPABILITIES} or a superset). */
    public ServerLogin(String serverVersion, long connectionId, AuthPlugin plugin, long authTimeoutMillis,
            Scramble scramble, LoginVerifier<P> verifier, int capabilities) {
        if (authTimeoutMillis < 1) {
            throw new IllegalArgumentException("authTimeoutMillis: " + authTimeoutMillis + " (expected: >= 1)");
        }
        this.serverVersion = serverVersion;
        this.connectionId = connectionId;
        this.plugin = plugin;
        this.authTimeoutMillis = authTimeoutMillis;
        this.scramble = scramble;
        this.verifier = verifier;
        this.capabilities = capabilities;
    }

    /** Offers TLS as {@code tls} says; before the connection is active. */
    public ServerLogin<P> withTls(TransportSecurity tls) {
        this.tls = tls;
        return this;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        writer = new PacketWriter(ctx.channel());
        host = ctx.channel().remoteAddress() instanceof InetSocketAddress a
                ? a.getAddress().getHostAddress() : String.valueOf(ctx.channel().remoteAddress());
        greetingNonce = scramble.next();
        PayloadWriter greeting = writer.newPayload(96);
        int offered = tls.offered() ? capabilities | Capability.SSL : capabilities;
        new HandshakeV10(serverVersion, connectionId, greetingNonce, offered, Collations.UTF8MB4_GENERAL_CI,
                ServerStatus.AUTOCOMMIT, plugin.protocolName()).writeTo(greeting);
        writer.writeAndFlush(greeting);
        timer = ctx.executor().schedule(() -> {
            if (state != State.DONE) {
                state = State.DONE;
                ctx.close();
            }
        }, authTimeoutMillis, TimeUnit.MILLISECONDS);
        ctx.fireChannelActive();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof ByteBuf tlsBytes) {
            // what the removed decoder held after the SSLRequest: the start of the TLS handshake, for the TLS handler
            ctx.pipeline().fireChannelRead(tlsBytes);
            return;
        }
        Packet packet = (Packet) msg;
        byte[] proof;
        try {
            writer.sequenceId(packet.sequenceId() + 1);
            if (state == State.GREETED) {
                if (isSslRequest(packet)) {
                    startTls(ctx);
                    return;
                }
                response = HandshakeResponse41.read(new PayloadReader(packet.content()));
                if (!Capability.has(response.capabilities(), Capability.PROTOCOL_41)) {
                    throw ErrorCode.HANDSHAKE_ERROR.exception(); // pre-4.1 clients are not supported
                }
                if (tls.required() && !secure) {
                    throw ErrorCode.SECURE_TRANSPORT_REQUIRED.exception();
                }
                round = AuthRound.start(plugin, greetingNonce, response.capabilities(), response.authPlugin(),
                        scramble, writer);
                if (round.switching()) {
                    state = State.SWITCHED;
                    return;
                }
                proof = response.authResponse();
            } else if (state == State.SWITCHED) {
                proof = new PayloadReader(packet.content()).restBytes();
            } else if (state == State.FULL_AUTH) {
                byte[] password = new PayloadReader(packet.content()).nulTerminatedBytes();
                proof = CachingSha2Password.scramble(password, round.nonce()); // the verifier checks scrambles
                Arrays.fill(password, (byte) 0);
            } else {
                return; // the connection is closing
            }
        } catch (MalformedPacketException e) {
            refuse(ErrorCode.HANDSHAKE_ERROR.exception());
            return;
        } catch (TesseraException e) {
            refuse(e);
            return;
        } finally {
            packet.release();
        }
        login(ctx, proof);
    }

    /**
     * Whether the client asks for TLS: CLIENT_SSL in a packet before TLS has started (the response over TLS keeps the
     * bit). Only a 32-byte SSLRequest where TLS is offered may ask; any other packet with the bit before TLS is a
     * handshake error.
     */
    private boolean isSslRequest(Packet packet) {
        ByteBuf content = packet.content();
        if (secure || content.readableBytes() < 4
                || !Capability.has(content.getIntLE(content.readerIndex()), Capability.SSL)) {
            return false;
        }
        if (!tls.offered() || content.readableBytes() != SSL_REQUEST_LENGTH) {
            throw ErrorCode.HANDSHAKE_ERROR.exception();
        }
        return true;
    }

    /**
     * Puts the TLS handler first and a fresh packet decoder behind it. The old decoder may hold bytes that came with
     * the SSLRequest (the client starts its handshake without waiting): removed, it hands them on to the handler
     * after it, this one, which sends them through the TLS handler ({@link #channelRead}). Not
     * {@code pipeline.replace}: that would hand them to the new decoder, past the TLS handler.
     */
    private void startTls(ChannelHandlerContext ctx) {
        secure = true;
        ChannelPipeline pipeline = ctx.pipeline();
        PacketDecoder plaintext = pipeline.get(PacketDecoder.class);
        pipeline.addFirst("tls", tls.handlers().apply(ctx.channel()));
        pipeline.addAfter("tls", "packets", new PacketDecoder());
        pipeline.remove(plaintext);
    }

    private void login(ChannelHandlerContext ctx, byte[] proof) {
        P account;
        try {
            account = verifier.verify(response.user(), host, round.plugin(), round.nonce(), proof,
                    response.database());
        } catch (TesseraException e) {
            if (mayAskForPassword(e)) {
                askForPassword();
            } else {
                refuse(e);
            }
            return;
        }
        boolean fullAuthentication = state == State.FULL_AUTH;
        state = State.DONE;
        timer.cancel(false);
        if (fullAuthentication) {
            round.acceptWithoutFastAuth(writer, ServerStatus.AUTOCOMMIT);
        } else {
            round.accept(writer, ServerStatus.AUTOCOMMIT);
        }
        LoggedIn<P> loggedIn = new LoggedIn<>(account, response.user(), host, response.database(),
                response.capabilities() & capabilities, Collations.ofLogin(response.collation()), greetingNonce);
        response = null;
        round = null;
        ctx.pipeline().remove(this);
        ctx.fireUserEventTriggered(loggedIn);
    }

    /**
     * caching_sha2_password as MySQL's server: a fast-path proof it cannot accept moves to full authentication, once;
     * but only over TLS, where the client may send its password in clear text (MySQL would otherwise offer its RSA
     * key, which Tessera has not). Database errors (1044, 1049) are final.
     */
    private boolean mayAskForPassword(TesseraException e) {
        return secure && state != State.FULL_AUTH && round.plugin() == AuthPlugin.CACHING_SHA2_PASSWORD
                && e.errorCode() == ErrorCode.ACCESS_DENIED_ERROR.code();
    }

    /** AuthMoreData "perform full authentication": the client's next packet is its password, NUL-terminated. */
    private void askForPassword() {
        state = State.FULL_AUTH;
        writer.writeAndFlush(writer.newPayload(2).int1(0x01).int1(CachingSha2Password.PERFORM_FULL_AUTHENTICATION));
    }

    /** Answers with an ERR and closes the connection once it is written. */
    private void refuse(TesseraException e) {
        state = State.DONE;
        PayloadWriter p = writer.newPayload(96);
        ErrPacket.of(e).writeTo(p);
        writer.write(p).addListener(ChannelFutureListener.CLOSE);
        writer.flush();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (timer != null) {
            timer.cancel(false);
        }
        ctx.fireChannelInactive();
    }
}
