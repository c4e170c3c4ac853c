package io.tessera.protocol.auth;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.tessera.protocol.codec.PacketDecoder;
import io.tessera.protocol.codec.PacketWriter;
import io.tessera.protocol.codec.PayloadReader;
import io.tessera.protocol.constant.Capability;
import io.tessera.protocol.packet.AuthSwitchRequest;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class AuthRoundTest {

    private static final int PLUGIN_AUTH = Capability.PROTOCOL_41 | Capability.SECURE_CONNECTION
            | Capability.PLUGIN_AUTH;

    private final EmbeddedChannel channel = new EmbeddedChannel();
    private final PacketWriter writer = new PacketWriter(channel);
    private final Scramble scramble = new Scramble(new SecureRandom());
    private final byte[] greeting = scramble.next();

    @AfterEach
    void leavesNothingUnwritten() {
        assertThat(channel.finish()).isFalse();
    }

    @Test
    void aProofWithTheServersPluginAnswersTheGreeting() {
        AuthRound round = AuthRound.start(AuthPlugin.CACHING_SHA2_PASSWORD, greeting, PLUGIN_AUTH,
                "caching_sha2_password", scramble, writer);

        assertThat(round.switching()).isFalse();
        assertThat(round.plugin()).isEqualTo(AuthPlugin.CACHING_SHA2_PASSWORD);
        assertThat(round.nonce()).isSameAs(greeting);
        assertThat(payloads()).isEmpty();
    }

    @Test
    void aClientNamingNoPluginUsesTheServers() {
        AuthRound round = AuthRound.start(AuthPlugin.CACHING_SHA2_PASSWORD, greeting, PLUGIN_AUTH, null, scramble,
                writer);

        assertThat(round.switching()).isFalse();
        assertThat(round.plugin()).isEqualTo(AuthPlugin.CACHING_SHA2_PASSWORD);
    }

    @Test
    void aClientWithoutPluginAuthProvesWithNativePassword() {
        AuthRound round = AuthRound.start(AuthPlugin.CACHING_SHA2_PASSWORD, greeting, Capability.PROTOCOL_41,
                "caching_sha2_password", scramble, writer);

        assertThat(round.switching()).isFalse();
        assertThat(round.plugin()).isEqualTo(AuthPlugin.MYSQL_NATIVE_PASSWORD);
        assertThat(round.nonce()).isSameAs(greeting);
    }

    @Test
    void anotherPluginIsSwitchedWithANewNonce() {
        writer.sequenceId(1);
        AuthRound round = AuthRound.start(AuthPlugin.MYSQL_NATIVE_PASSWORD, greeting, PLUGIN_AUTH,
                "caching_sha2_password", scramble, writer);

        assertThat(round.switching()).isTrue();
        assertThat(round.plugin()).isEqualTo(AuthPlugin.MYSQL_NATIVE_PASSWORD);
        assertThat(round.nonce()).hasSize(Scramble.LENGTH).isNotEqualTo(greeting);
        List<byte[]> sent = payloads();
        assertThat(sent).hasSize(1);
        AuthSwitchRequest request = AuthSwitchRequest.read(new PayloadReader(Unpooled.wrappedBuffer(sent.get(0))));
        assertThat(request.plugin()).isEqualTo("mysql_native_password");
        assertThat(request.nonce()).isEqualTo(round.nonce());
        assertThat(round.toString()).isEqualTo("AuthRound[plugin=mysql_native_password, switching=true]");
    }

    @Test
    void cachingSha2AcceptsWithFastAuthSuccessBeforeTheOk() {
        AuthRound round = AuthRound.start(AuthPlugin.CACHING_SHA2_PASSWORD, greeting, PLUGIN_AUTH, null, scramble,
                writer);

        round.accept(writer, 0x0002);

        List<byte[]> sent = payloads();
        assertThat(sent).hasSize(2);
        assertThat(sent.get(0)).containsExactly(0x01, CachingSha2Password.FAST_AUTH_SUCCESS);
        assertThat(sent.get(1)[0]).isZero();
    }

    @Test
    void nativePasswordAcceptsWithTheOkAlone() {
        AuthRound round = AuthRound.start(AuthPlugin.MYSQL_NATIVE_PASSWORD, greeting, PLUGIN_AUTH, null, scramble,
                writer);

        round.accept(writer, 0x0002);

        List<byte[]> sent = payloads();
        assertThat(sent).hasSize(1);
        assertThat(sent.get(0)[0]).isZero();
    }

    /** The payloads written so far, each frame's header dropped. */
    private List<byte[]> payloads() {
        List<byte[]> payloads = new ArrayList<>();
        ByteBuf frame;
        while ((frame = channel.readOutbound()) != null) {
            try {
                while (frame.isReadable()) {
                    int length = frame.readUnsignedMediumLE();
                    frame.skipBytes(PacketDecoder.HEADER_SIZE - 3);
                    payloads.add(ByteBufUtil.getBytes(frame.readSlice(length)));
                }
            } finally {
                frame.release();
            }
        }
        return payloads;
    }
}
