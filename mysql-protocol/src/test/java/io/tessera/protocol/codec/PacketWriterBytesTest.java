package io.tessera.protocol.codec;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import org.junit.jupiter.api.Test;

class PacketWriterBytesTest {

    @Test
    void countsEveryFrameWithItsHeader() {
        EmbeddedChannel channel = new EmbeddedChannel();
        PacketWriter writer = new PacketWriter(channel);
        writer.write(writer.newPayload(8).int4(7));
        writer.writePayload(Unpooled.wrappedBuffer(new byte[10]));
        writer.writePayload(Unpooled.wrappedBuffer(new byte[PacketDecoder.MAX_PAYLOAD + 1]));
        assertThat(writer.bytesWritten()).isEqualTo((4 + 4) + (4 + 10) + (4 + PacketDecoder.MAX_PAYLOAD) + (4 + 1));
        writer.flush();
        ByteBuf out;
        while ((out = channel.readOutbound()) != null) {
            out.release();
        }
        assertThat(channel.finish()).isFalse();
    }
}
