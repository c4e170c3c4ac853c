package io.tessera.proxy.frontend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ConnectionLimitTest {

    private final List<EmbeddedChannel> channels = new ArrayList<>();

    @AfterEach
    void closeChannels() {
        channels.forEach(EmbeddedChannel::finishAndReleaseAll);
    }

    private EmbeddedChannel accepted() {
        EmbeddedChannel channel = new EmbeddedChannel();
        channels.add(channel);
        return channel;
    }

    @Test
    void oneConnectionBeyondTheLimitGetsErr1040InPlaceOfTheGreetingAndIsClosed() {
        ConnectionLimit limit = new ConnectionLimit(2);
        assertThat(limit.admit(accepted())).isTrue();
        assertThat(limit.admit(accepted())).isTrue();

        EmbeddedChannel third = accepted();
        assertThat(limit.admit(third)).isFalse();

        ByteBuf frame = third.readOutbound();
        try {
            // header: length 3 bytes, sequence id 0; then 0xFF, 1040 little-endian, no '#' SQLSTATE marker
            assertThat(frame.getUnsignedMediumLE(0)).isEqualTo(frame.readableBytes() - 4);
            assertThat(frame.getByte(3)).isZero();
            assertThat(ByteBufUtil.hexDump(frame, 4, 3)).isEqualTo("ff1004");
            assertThat(frame.toString(7, frame.readableBytes() - 7, StandardCharsets.UTF_8)).isEqualTo(
                    "Too many connections: 2 client connections are open (maxConnections in server.xml)");
        } finally {
            frame.release();
        }
        assertThat(third.isOpen()).isFalse();
    }

    @Test
    void aClosedConnectionMakesRoomForANewOne() {
        ConnectionLimit limit = new ConnectionLimit(1);
        EmbeddedChannel first = accepted();
        assertThat(limit.admit(first)).isTrue();
        assertThat(limit.admit(accepted())).isFalse();

        first.close();

        assertThat(limit.admit(accepted())).isTrue();
        assertThat(limit.admit(accepted())).isFalse(); // the refused ones did not count
    }

    @Test
    void zeroMeansNoLimit() {
        ConnectionLimit limit = new ConnectionLimit(0);
        for (int i = 0; i < 100; i++) {
            assertThat(limit.admit(accepted())).isTrue();
        }
    }

    @Test
    void refusesANegativeLimit() {
        assertThatThrownBy(() -> new ConnectionLimit(-1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("maxConnections: -1 (expected: >= 0)");
    }
}
