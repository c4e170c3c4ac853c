package io.tessera.protocol.auth;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import io.tessera.protocol.codec.PacketDecoder;
import io.tessera.protocol.codec.PayloadReader;
import io.tessera.protocol.codec.PayloadWriter;
import io.tessera.protocol.constant.Capability;
import io.tessera.protocol.packet.HandshakeResponse41;
import io.tessera.protocol.packet.HandshakeV10;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link ServerLogin} with TLS offered, a stand-in for the TLS handler (it XORs the bytes it receives): the SSLRequest
 * starts "TLS", the login that follows goes through the stand-in, even when it arrives in the same read as the
 * SSLRequest; a plaintext login under {@code required} gets 3159.
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

    private HandshakeV10 greet(boolean required) {
        channel = new EmbeddedChannel(new PacketDecoder(),
                login().withTls(TransportSecurity.offered(ch -> new XorTls(), required)));
        ByteBuf greeting = channel.readOutbound();
        HandshakeV10 hello = HandshakeV10.read(new PayloadReader(greeting.skipBytes(PacketDecoder.HEADER_SIZE)));
        greeting.release();
        nonce = hello.nonce();
        return hello;
    }

    private static ServerLogin<String> login() {
        LoginVerifier<String> verifier = (user, host, plugin, n, proof, database) -> {
            assertThat(proof).isEqualTo(NativePassword.scramble(PASSWORD.getBytes(StandardCharsets.UTF_8), n));
            return user;
        };
        return new ServerLogin<>("8.0.36-test", 1, AuthPlugin.MYSQL_NATIVE_PASSWORD, 10_000,
                new Scramble(new SecureRandom()), verifier);
    }

    private static byte[] sslRequest() {
        PayloadWriter p = PayloadWriter.allocate(UnpooledByteBufAllocator.DEFAULT, 32);
        p.int4(CLIENT | Capability.SSL).int4(1 << 24).int1(45).zeros(23);
        return bytes(p);
    }

    private byte[] response(int capabilities) {
        PayloadWriter p = PayloadWriter.allocate(UnpooledByteBufAllocator.DEFAULT, 96);
        new HandshakeResponse41(capabilities, 1 << 24, 45, "u",
                NativePassword.scramble(PASSWORD.getBytes(StandardCharsets.UTF_8), nonce), null,
                "mysql_native_password", Map.of()).writeTo(p);
        return bytes(p);
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
