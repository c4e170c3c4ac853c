package io.tessera.protocol.auth;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import io.tessera.protocol.codec.PacketDecoder;
import io.tessera.protocol.codec.PayloadReader;
import io.tessera.protocol.codec.PayloadWriter;
import io.tessera.protocol.constant.Capability;
import io.tessera.protocol.error.ErrorCode;
import io.tessera.protocol.packet.HandshakeResponse41;
import io.tessera.protocol.packet.HandshakeV10;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link ServerLogin} with TLS offered, a stand-in for the TLS handler (it XORs the bytes it receives): the SSLRequest
 * starts "TLS", the login that follows goes through the stand-in, even when it arrives in the same read as the
 * SSLRequest; a plaintext login under {@code required} gets 3159; over TLS, caching_sha2_password moves a proof it
 * cannot accept to full authentication (the clear-text password), never in plaintext.
 */
class ServerLoginTlsTest {

    private static final int CLIENT = Capability.PROTOCOL_41 | Capability.SECURE_CONNECTION | Capability.PLUGIN_AUTH;
    private static final byte KEY = 0x5A;
    private static final String PASSWORD = "pw";

    private EmbeddedChannel channel;
    private byte[] nonce;

    @AfterEach
    void leavesNothingUnwritten() {
        assertThat(channel.finish()).isFalse();
    }

    @Test
    void theGreetingOffersSslAndALoginThatArrivesWithTheSslRequestGoesThroughTls() {
        assertThat(greet(false).capabilities() & Capability.SSL).isEqualTo(Capability.SSL);

        ByteBuf both = Unpooled.buffer();
        frame(both, 1, sslRequest());
        ByteBuf login = Unpooled.buffer();
        frame(login, 2, response(CLIENT | Capability.SSL));
        while (login.isReadable()) {
            both.writeByte(login.readByte() ^ KEY); // "encrypted"
        }
        login.release();
        channel.writeInbound(both);

        assertThat(channel.pipeline().first()).isInstanceOf(XorTls.class);
        ByteBuf ok = channel.readOutbound();
        assertThat((int) ok.getUnsignedByte(3)).as("sequence id").isEqualTo(3);
        assertThat((int) ok.getUnsignedByte(4)).as("OK").isZero();
        ok.release();
    }

    @Test
    void aPlaintextLoginIsRefusedWith3159WhereTlsIsRequired() {
        assertThat(greet(true).capabilities() & Capability.SSL).isEqualTo(Capability.SSL);

        ByteBuf login = Unpooled.buffer();
        frame(login, 1, response(CLIENT));
        channel.writeInbound(login);

        ByteBuf err = channel.readOutbound();
        assertThat((int) err.getUnsignedByte(4)).as("ERR").isEqualTo(0xFF);
        assertThat(err.getUnsignedShortLE(5)).isEqualTo(3159);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("--require_secure_transport=ON.");
        err.release();
        assertThat(channel.isOpen()).isFalse();
    }

    @Test
    void anSslRequestWhereTlsIsNotOfferedIsAHandshakeError() {
        channel = new EmbeddedChannel(new PacketDecoder(), login());
        ((ByteBuf) channel.readOutbound()).release();
        ByteBuf request = Unpooled.buffer();
        frame(request, 1, sslRequest());
        channel.writeInbound(request);

        ByteBuf err = channel.readOutbound();
        assertThat(err.getUnsignedShortLE(5)).isEqualTo(1043);
        err.release();
    }

    @Test
    void overTlsACachingSha2ProofItCannotAcceptMovesToFullAuthenticationWithTheClearTextPassword() {
        greet(false, AuthPlugin.CACHING_SHA2_PASSWORD);
        sha2ResponseItCannotCheck();

        ByteBuf more = next();
        assertThat(ByteBufUtil.hexDump(more)).isEqualTo("0200000301" + "04"); // AuthMoreData: perform full auth
        more.release();
        channel.writeInbound(overTls(4, (PASSWORD + "\0").getBytes(StandardCharsets.UTF_8)));

        ByteBuf ok = next();
        assertThat((int) ok.getUnsignedByte(3)).as("sequence id").isEqualTo(5);
        assertThat((int) ok.getUnsignedByte(4)).as("OK, without fast auth success before it").isZero();
        ok.release();
    }

    @Test
    void aWrongClearTextPasswordIsRefusedWith1045() {
        greet(false, AuthPlugin.CACHING_SHA2_PASSWORD);
        sha2ResponseItCannotCheck();
        next().release();
        channel.writeInbound(overTls(4, "nope\0".getBytes(StandardCharsets.UTF_8)));

        ByteBuf err = next();
        assertThat(err.getUnsignedShortLE(5)).isEqualTo(1045);
        assertThat(err.toString(StandardCharsets.UTF_8)).doesNotContain("nope");
        err.release();
    }

    @Test
    void withoutTlsAProofItCannotAcceptIsRefusedAtOnce() {
        greet(false, AuthPlugin.CACHING_SHA2_PASSWORD);
        byte[] proof = CachingSha2Password.scramble(PASSWORD.getBytes(StandardCharsets.UTF_8), new byte[20]);
        ByteBuf login = Unpooled.buffer();
        frame(login, 1, response(CLIENT, AuthPlugin.CACHING_SHA2_PASSWORD, proof));
        channel.writeInbound(login);

        ByteBuf err = next();
        assertThat(err.getUnsignedShortLE(5)).as("no 01 04 in plaintext").isEqualTo(1045);
        err.release();
    }

    private HandshakeV10 greet(boolean required) {
        return greet(required, AuthPlugin.MYSQL_NATIVE_PASSWORD);
    }

    private HandshakeV10 greet(boolean required, AuthPlugin offered) {
        channel = new EmbeddedChannel(new PacketDecoder(),
                login(offered).withTls(TransportSecurity.offered(ch -> new XorTls(), required)));
        ByteBuf greeting = channel.readOutbound();
        HandshakeV10 hello = HandshakeV10.read(new PayloadReader(greeting.skipBytes(PacketDecoder.HEADER_SIZE)));
        greeting.release();
        nonce = hello.nonce();
        return hello;
    }

    private static ServerLogin<String> login() {
        return login(AuthPlugin.MYSQL_NATIVE_PASSWORD);
    }

    private static ServerLogin<String> login(AuthPlugin offered) {
        LoginVerifier<String> verifier = (user, host, plugin, n, proof, database) -> {
            if (!Arrays.equals(proof, plugin.scramble(PASSWORD.getBytes(StandardCharsets.UTF_8), n))) {
                throw ErrorCode.ACCESS_DENIED_ERROR.exception(user, host, "YES");
            }
            return user;
        };
        return new ServerLogin<>("8.0.36-test", 1, offered, 10_000, new Scramble(new SecureRandom()), verifier);
    }

    private static byte[] sslRequest() {
        PayloadWriter p = PayloadWriter.allocate(UnpooledByteBufAllocator.DEFAULT, 32);
        p.int4(CLIENT | Capability.SSL).int4(1 << 24).int1(45).zeros(23);
        return bytes(p);
    }

    private byte[] response(int capabilities) {
        return response(capabilities, AuthPlugin.MYSQL_NATIVE_PASSWORD,
                NativePassword.scramble(PASSWORD.getBytes(StandardCharsets.UTF_8), nonce));
    }

    private static byte[] response(int capabilities, AuthPlugin plugin, byte[] proof) {
        PayloadWriter p = PayloadWriter.allocate(UnpooledByteBufAllocator.DEFAULT, 96);
        new HandshakeResponse41(capabilities, 1 << 24, 45, "u", proof, null, plugin.protocolName(), Map.of())
                .writeTo(p);
        return bytes(p);
    }

    /** Frames the payloads with sequence ids from {@code firstId}, "encrypted" for the stand-in. */
    private static ByteBuf overTls(int firstId, byte[]... payloads) {
        ByteBuf plain = Unpooled.buffer();
        int id = firstId;
        for (byte[] payload : payloads) {
            frame(plain, id++, payload);
        }
        ByteBuf out = Unpooled.buffer(plain.readableBytes());
        while (plain.isReadable()) {
            out.writeByte(plain.readByte() ^ KEY);
        }
        plain.release();
        return out;
    }

    /** Starts TLS on a greeted channel and sends a caching_sha2_password response the fast path cannot accept. */
    private void sha2ResponseItCannotCheck() {
        ByteBuf request = Unpooled.buffer();
        frame(request, 1, sslRequest());
        channel.writeInbound(request);
        // a proof against another nonce: what a client whose password the server has not cached looks like to it
        byte[] proof = CachingSha2Password.scramble(PASSWORD.getBytes(StandardCharsets.UTF_8), new byte[20]);
        channel.writeInbound(overTls(2, response(CLIENT | Capability.SSL, AuthPlugin.CACHING_SHA2_PASSWORD,
                proof)));
    }

    private ByteBuf next() {
        ByteBuf frame = channel.readOutbound();
        assertThat(frame).as("a packet").isNotNull();
        return frame;
    }

    private static byte[] bytes(PayloadWriter p) {
        ByteBuf frame = p.frame();
        byte[] payload = new byte[frame.writerIndex() - PacketDecoder.HEADER_SIZE];
        frame.getBytes(PacketDecoder.HEADER_SIZE, payload);
        frame.release();
        return payload;
    }

    private static void frame(ByteBuf out, int sequenceId, byte[] payload) {
        out.writeMediumLE(payload.length).writeByte(sequenceId).writeBytes(payload);
    }

    /** Stands in for an SslHandler: "decrypts" by XOR. */
    private static final class XorTls extends ChannelInboundHandlerAdapter {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ByteBuf in = (ByteBuf) msg;
            ByteBuf out = ctx.alloc().buffer(in.readableBytes());
            while (in.isReadable()) {
                out.writeByte(in.readByte() ^ KEY);
            }
            in.release();
            ctx.fireChannelRead(out);
        }
    }
}
