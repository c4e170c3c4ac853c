package io.tessera.protocol.codec;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.UnpooledByteBufAllocator;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ComQueryTest {

    @Test
    void encodesTheCommandByteThenTheTextInABufferOfExactlyItsSize() {
        String sql = "SELECT 'café', X'" + "ab".repeat(100_000) + "'"; // long enough for exact allocation
        for (Charset charset : new Charset[] {StandardCharsets.UTF_8, Charset.forName("windows-1252")}) {
            ByteBuf payload = ComQuery.encode(UnpooledByteBufAllocator.DEFAULT, sql, charset);
            try {
                byte[] text = sql.getBytes(charset);
                assertThat(payload.readableBytes()).isEqualTo(1 + text.length).isEqualTo(payload.capacity());
                assertThat(payload.getByte(0)).isEqualTo((byte) 0x03);
                assertThat(ByteBufUtil.getBytes(payload, 1, text.length)).isEqualTo(text);
            } finally {
                payload.release();
            }
        }
    }
}
