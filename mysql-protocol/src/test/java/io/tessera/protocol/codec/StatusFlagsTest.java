package io.tessera.protocol.codec;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;

class StatusFlagsTest {

    @Test
    void readsAnEofsStatusAfterItsWarnings() {
        ByteBuf eof = Unpooled.buffer().writeByte(0xFE).writeShortLE(3).writeShortLE(0x0022);

        assertThat(StatusFlags.ofEof(eof)).isEqualTo(0x0022);
        assertThat(eof.readerIndex()).isZero();
    }

    @Test
    void readsAnOksStatusAfterItsLengthEncodedCounters() {
        ByteBuf ok = Unpooled.buffer().writeByte(0x00).writeByte(0xFC).writeShortLE(300) // 300 affected rows
                .writeByte(7).writeShortLE(0x4003).writeShortLE(1);

        assertThat(StatusFlags.ofOk(ok)).isEqualTo(0x4003);
        assertThat(ok.readerIndex()).isZero();
    }

    @Test
    void aPacketTooShortToHaveThemHasNone() {
        assertThat(StatusFlags.ofEof(Unpooled.wrappedBuffer(new byte[] {(byte) 0xFE}))).isZero();
        assertThat(StatusFlags.ofOk(Unpooled.wrappedBuffer(new byte[] {0, 0, 0}))).isZero();
    }
}
