package io.tessera.backend.mysql;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.ssl.SslHandler;
import io.tessera.backend.BackendException;
import io.tessera.protocol.auth.AuthPlugin;
import io.tessera.protocol.auth.CachingSha2Password;
import io.tessera.protocol.charset.Collations;
import io.tessera.protocol.codec.MalformedPacketException;
import io.tessera.protocol.codec.Packet;
import io.tessera.protocol.codec.PacketWriter;
import io.tessera.protocol.codec.PayloadReader;
import io.tessera.protocol.codec.PayloadWriter;
import io.tessera.protocol.constant.Capability;
import io.tessera.protocol.error.TesseraException;
import io.tessera.protocol.packet.AuthMoreData;
import io.tessera.protocol.packet.AuthSwitchRequest;
import io.tessera.protocol.packet.ErrPacket;
import io.tessera.protocol.packet.HandshakeResponse41;
import io.tessera.protocol.packet.HandshakeV10;
import io.tessera.protocol.packet.OkPacket;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * The client side of the connection phase (MySQL manual: "Connection Phase", "Authentication Methods"):
 *
 * <pre>
 * server                               Tessera
 * HandshakeV10 (nonce, plugin)   --&gt;
 *                                &lt;--   HandshakeResponse41 (user, scramble, database, plugin)
 * then, until OK or ERR:
 * AuthSwitchRequest (plugin, nonce) --&gt;    &lt;--  scramble for the new plugin and nonce
 * AuthMoreData 0x03 (sha2 fast auth success): an OK follows
 * AuthMoreData 0x04 (sha2 full auth)  --&gt;    &lt;--  0x02 (send me your RSA public key)
 * AuthMoreData PEM public key         --&gt;    &lt;--  RSA-OAEP((password || NUL) XOR nonce)
 * OK: logged in | ERR: refused
 * </pre>
 *
 * With {@link ConnectOptions#tls() TLS} and a greeting that offers CLIENT_SSL, the 32-byte SSLRequest (seq 1) comes
 * first, then the TLS handshake, then the response (seq 2) over TLS; caching_sha2_password's full authentication then
 * sends the password itself, as TLS protects it. A server without TLS is refused when the mode requires it.
 *
 * Every answer takes the sequence id after the one it answers. On OK this handler hands the pipeline over to a new
 * {@link NativeConnection} and completes {@code result}; on anything else it closes the channel and fails
 * {@code result} with a {@link BackendException} naming the data host. Not sharable: one per login.
 */
final class Handshake extends ChannelInboundHandlerAdapter {

    /** What Tessera asks of every data host. No DEPRECATE_EOF: the front end converts for clients that want it. */
    static final int CLIENT_CAPABILITIES = Capability.LONG_PASSWORD | Capability.LONG_FLAG | Capability.PROTOCOL_41
            | Capability.TRANSACTIONS | Capability.SECURE_CONNECTION | Capability.MULTI_RESULTS
            | Capability.PS_MULTI_RESULTS | Capability.PLUGIN_AUTH | Capability.PLUGIN_AUTH_LENENC_CLIENT_DATA
            | Capability.LOCAL_FILES;

    /** Error 1251: the server wants an authentication method this client does not have. */
    private static final int ER_NOT_SUPPORTED_AUTH_MODE = 1251;

    private enum State { GREETING, TLS_HANDSHAKE, AUTH_RESULT, PUBLIC_KEY, DONE }

    private final ConnectOptions options;
    private final String database;
    private final boolean foundRows;
    private final ConnectionOwner owner;
    private final CompletableFuture<NativeConnection> result;

    private State state = State.GREETING;
    private PacketWriter writer;
    private long connectionId;
    private String serverVersion;
    private AuthPlugin plugin;
    private byte[] nonce;
    private boolean secure;

    /**
     * @param database the database to select at login, or {@code null} for none
     * @param result completed with the connection once the server answers OK
     */
    Handshake(ConnectOptions options, String database, boolean foundRows, ConnectionOwner owner,
            CompletableFuture<NativeConnection> result) {
        this.options = options;
        this.database = database;
        this.foundRows = foundRows;
        this.owner = owner;
        this.result = result;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        writer = new PacketWriter(ctx.channel());
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        Packet packet = (Packet) msg;
        try {
            if (packet.continues()) {
                throw new MalformedPacketException("login packet of 16 MiB or more");
            }
            switch (state) {
                case GREETING -> greeting(ctx, packet);
                case AUTH_RESULT -> authResult(ctx, packet);
                case PUBLIC_KEY -> publicKey(packet);
                case TLS_HANDSHAKE -> throw new MalformedPacketException("packet before the TLS handshake ended");
                default -> throw new MalformedPacketException("packet after the login ended");
            }
        } catch (TesseraException e) {
            fail(ctx, e);
        } catch (RuntimeException e) {
            fail(ctx, new BackendException(options.describe(), "login failed: " + e.getMessage()));
        } finally {
            packet.release();
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        fail(ctx, new BackendException(options.describe(), "connection closed by the server during login"));
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        fail(ctx, new BackendException(options.describe(), "login failed: " + cause));
    }

    private void greeting(ChannelHandlerContext ctx, Packet packet) {
        if (packet.firstByte() == ErrPacket.HEADER) {
            throw serverError(packet); // e.g. 1040 too many connections, 1130 host not allowed
        }
        HandshakeV10 greeting = HandshakeV10.read(new PayloadReader(packet.content()));
        int missing = (Capability.PROTOCOL_41 | Capability.SECURE_CONNECTION) & ~greeting.capabilities();
        if (missing != 0) {
            throw new BackendException(ER_NOT_SUPPORTED_AUTH_MODE, "08004", options.describe(),
                    "server " + greeting.serverVersion() + " lacks protocol 4.1 secure authentication");
        }
        connectionId = greeting.connectionId();
        serverVersion = greeting.serverVersion();
        nonce = greeting.nonce();
        AuthPlugin offered = AuthPlugin.byName(greeting.authPlugin());
        // An unknown default plugin gets a native scramble; the server then switches to the account's plugin.
        plugin = offered == null ? AuthPlugin.MYSQL_NATIVE_PASSWORD : offered;
        int capabilities = (CLIENT_CAPABILITIES | (foundRows ? Capability.FOUND_ROWS : 0)
                | (database != null ? Capability.CONNECT_WITH_DB : 0)) & greeting.capabilities();
        BackendTls tls = options.tls();
        if (!tls.enabled() || !Capability.has(greeting.capabilities(), Capability.SSL)) {
            if (tls.mode().required()) {
                throw new BackendException(options.describe(), "sslMode=" + tls.mode()
                        + " but the server does not offer TLS");
            }
            respond(capabilities, packet.sequenceId() + 1);
            return;
        }
        int withSsl = capabilities | Capability.SSL;
        PayloadWriter sslRequest = writer.newPayload(32)
                .int4(withSsl).int4(options.maxPacketSize()).int1(Collations.UTF8MB4_GENERAL_CI).zeros(23);
        int sequenceId = packet.sequenceId() + 1;
        writer.sequenceId(sequenceId);
        writer.writeAndFlush(sslRequest); // written in clear: the TLS handler joins the pipeline after it
        SslHandler ssl = tls.newHandler(ctx.alloc(), options.host(), options.port());
        ctx.pipeline().addFirst("tls", ssl);
        state = State.TLS_HANDSHAKE;
        ssl.handshakeFuture().addListener(done -> {
            if (state != State.TLS_HANDSHAKE) {
                return;
            }
            if (done.isSuccess()) {
                secure = true;
                respond(withSsl, sequenceId + 1);
            } else {
                fail(ctx, new BackendException(options.describe(), "TLS handshake failed (sslMode=" + tls.mode()
                        + "): " + done.cause().getMessage()));
            }
        });
    }

    /** Sends the HandshakeResponse41 with the scramble of the greeting's plugin. */
    private void respond(int capabilities, int sequenceId) {
        HandshakeResponse41 response = new HandshakeResponse41(capabilities, options.maxPacketSize(),
                Collations.UTF8MB4_GENERAL_CI, options.user(), scramble(), database, plugin.protocolName(), Map.of());
        PayloadWriter payload = writer.newPayload(128);
        response.writeTo(payload);
        writer.sequenceId(sequenceId);
        writer.writeAndFlush(payload);
        state = State.AUTH_RESULT;
    }

    private void authResult(ChannelHandlerContext ctx, Packet packet) {
        switch (packet.firstByte()) {
            case OkPacket.HEADER -> succeed(ctx);
            case ErrPacket.HEADER -> throw serverError(packet);
            case AuthSwitchRequest.HEADER -> authSwitch(packet);
            case AuthMoreData.HEADER -> moreData(packet);
            default -> throw new MalformedPacketException("login answer starting with 0x"
                    + Integer.toHexString(packet.firstByte()));
        }
    }

    private void authSwitch(Packet packet) {
        if (packet.payloadLength() == 1) {
            // A bare 0xFE asks for the pre-4.1 password hash, which no supported server uses.
            throw new BackendException(ER_NOT_SUPPORTED_AUTH_MODE, "08004", options.describe(),
                    "the server asks for the old (pre-4.1) password authentication, which Tessera does not support");
        }
        AuthSwitchRequest request = AuthSwitchRequest.read(new PayloadReader(packet.content()));
        AuthPlugin next = AuthPlugin.byName(request.plugin());
        if (next == null) {
            throw new BackendException(ER_NOT_SUPPORTED_AUTH_MODE, "08004", options.describe(),
                    "authentication plugin '" + request.plugin() + "' is not supported for user '" + options.user()
                            + "' (use mysql_native_password or caching_sha2_password)");
        }
        plugin = next;
        nonce = request.nonce();
        send(packet, raw(scramble()));
    }

    private void moreData(Packet packet) {
        AuthMoreData more = AuthMoreData.read(new PayloadReader(packet.content()));
        if (plugin != AuthPlugin.CACHING_SHA2_PASSWORD) {
            throw new MalformedPacketException("AuthMoreData for " + plugin.protocolName());
        }
        switch (more.status()) {
            case CachingSha2Password.FAST_AUTH_SUCCESS -> {
                // the OK follows
            }
            case CachingSha2Password.PERFORM_FULL_AUTHENTICATION -> {
                if (secure) {
                    send(packet, raw(nulTerminated(password())));
                } else {
                    // Without TLS the password may only travel RSA-encrypted: ask for the server's public key.
                    send(packet, raw(new byte[] {CachingSha2Password.REQUEST_PUBLIC_KEY}));
                    state = State.PUBLIC_KEY;
                }
            }
            default -> throw new MalformedPacketException("caching_sha2_password status " + more.status());
        }
    }

    private void publicKey(Packet packet) {
        if (packet.firstByte() == ErrPacket.HEADER) {
            throw serverError(packet);
        }
        if (packet.firstByte() != AuthMoreData.HEADER) {
            throw new MalformedPacketException("expected the server's public key, got a packet starting with 0x"
                    + Integer.toHexString(packet.firstByte()));
        }
        String pem = new String(AuthMoreData.read(new PayloadReader(packet.content())).data(),
                StandardCharsets.US_ASCII);
        byte[] encrypted;
        try {
            encrypted = CachingSha2Password.encryptPassword(password(), nonce, pem);
        } catch (IllegalArgumentException e) {
            throw new BackendException(options.describe(), "cannot use the server's RSA public key: "
                    + e.getMessage());
        }
        send(packet, raw(encrypted));
        state = State.AUTH_RESULT;
    }

    private void succeed(ChannelHandlerContext ctx) {
        state = State.DONE;
        NativeConnection connection = new NativeConnection(ctx.channel(), options, connectionId, serverVersion,
                database, foundRows, owner);
        ctx.pipeline().replace(this, "connection", connection.inbound());
        result.complete(connection);
    }

    private void fail(ChannelHandlerContext ctx, TesseraException error) {
        if (state == State.DONE) {
            return;
        }
        state = State.DONE;
        ctx.close();
        result.completeExceptionally(error);
    }

    /** Answers {@code received} with the next sequence id. */
    private void send(Packet received, PayloadWriter payload) {
        writer.sequenceId(received.sequenceId() + 1);
        writer.writeAndFlush(payload);
    }

    private PayloadWriter raw(byte[] bytes) {
        return writer.newPayload(bytes.length).bytes(bytes);
    }

    private byte[] scramble() {
        return plugin.scramble(password(), nonce);
    }

    private static byte[] nulTerminated(byte[] bytes) {
        return Arrays.copyOf(bytes, bytes.length + 1);
    }

    private byte[] password() {
        return options.password().getBytes(StandardCharsets.UTF_8);
    }

    private BackendException serverError(Packet packet) {
        ErrPacket err = ErrPacket.read(new PayloadReader(packet.content()));
        return new BackendException(err.errorCode(), err.sqlState(), options.describe(), err.message());
    }
}
