package io.tessera.protocol.binary;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.tessera.protocol.TrackingAllocator;
import io.tessera.protocol.codec.MalformedPacketException;
import io.tessera.protocol.codec.PacketDecoder;
import io.tessera.protocol.codec.PayloadReader;
import io.tessera.protocol.codec.PayloadWriter;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class PrepareOkTest {

    private final TrackingAllocator alloc = new TrackingAllocator();

    @AfterEach
    void releasedEverything() {
        alloc.assertAllReleased();
    }

    @Test
    void writesTheManualsLayout() {
        assertThat(hex(new PrepareOk(1, 2, 3, 4))).isEqualTo("00" + "01000000" + "0200" + "0300" + "00" + "0400");
    }

    @Test
    void roundTripKeepsEveryFieldAtItsLimits() {
        PrepareOk ok = new PrepareOk(0xFFFF_FFFFL, 0xFFFF, 0xFFFF, 0xFFFF);

        assertThat(hex(ok)).isEqualTo("00" + "ffffffff" + "ffff" + "ffff" + "00" + "ffff");
        assertThat(read(hex(ok))).isEqualTo(ok);
    }

    @Test
    void readsWithoutWarningsAsZeroAndIgnoresAMetadataFollowsByte() {
        assertThat(read("00 07000000 0100 0000 00")).isEqualTo(new PrepareOk(7, 1, 0, 0));
        assertThat(read("00 07000000 0100 0000 00 0200 01")).isEqualTo(new PrepareOk(7, 1, 0, 2));
    }

    @Test
    void rejectsAnotherHeaderOrATruncatedPacket() {
        assertThatThrownBy(() -> read("ff 07000000 0100 0000 00 0000"))
                .isInstanceOf(MalformedPacketException.class)
                .hasMessage("malformed packet: COM_STMT_PREPARE_OK: header 0xff (expected: 0x00)");
        assertThatThrownBy(() -> read("00 07000000 0100 00"))
                .isInstanceOf(MalformedPacketException.class)
                .hasMessage("malformed packet: COM_STMT_PREPARE_OK: 8 bytes (expected: at least 10)");
    }

    @Test
    void rejectsFieldsOutsideTheirWireWidth() {
        assertThatThrownBy(() -> new PrepareOk(1L << 32, 0, 0, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("statementId: 4294967296 (expected: 0..4294967295)");
        assertThatThrownBy(() -> new PrepareOk(1, 0, 65_536, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("paramCount: 65536 (expected: 0..65535)");
        assertThatThrownBy(() -> new PrepareOk(1, -1, 0, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("columnCount: -1 (expected: 0..65535)");
    }

    private String hex(PrepareOk ok) {
        PayloadWriter out = PayloadWriter.allocate(alloc, 12);
        try {
            ok.writeTo(out);
            return ByteBufUtil.hexDump(out.frame(), PacketDecoder.HEADER_SIZE, out.payloadLength());
        } finally {
            out.release();
        }
    }

    private PrepareOk read(String hex) {
        ByteBuf payload = alloc.hex(hex);
        try {
            return PrepareOk.read(new PayloadReader(payload));
        } finally {
            payload.release();
        }
    }
}
