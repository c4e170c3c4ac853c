package io.tessera.protocol.codec;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.tessera.protocol.TrackingAllocator;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PayloadWriterTest {

    private final TrackingAllocator alloc = new TrackingAllocator();

    @AfterEach
    void releasedEverything() {
        alloc.assertAllReleased();
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
            "0,                    00",
            "250,                  fa",
            "251,                  fcfb00",
            "65535,                fcffff",
            "65536,                fd000001",
            "16777215,             fdffffff",
            "16777216,             fe0000000100000000",
            "9223372036854775807,  feffffffffffffff7f",
            // read as unsigned: -1 is 2^64 - 1, the largest value the encoding holds
            "-1,                   feffffffffffffffff",
            "-9223372036854775808, fe0000000000000080",
    })
    void writesLengthEncodedIntegerAtEveryBoundary(long value, String hex) {
        assertThat(payloadHex(out -> out.lenencInt(value))).isEqualTo(hex);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"0", "250", "251", "65535", "65536", "16777215", "16777216", "9223372036854775807", "-1"})
    void lengthEncodedIntegerReadsBackAsWritten(long value) {
        PayloadWriter out = PayloadWriter.allocate(alloc, 9).lenencInt(value).int1(0x2A);
        try {
            PayloadReader in = new PayloadReader(out.frame().skipBytes(PacketDecoder.HEADER_SIZE));
            assertThat(in.lenencInt()).isEqualTo(value);
            assertThat(in.int1()).as("the byte after it").isEqualTo(0x2A);
        } finally {
            out.release();
        }
    }

    @Test
    void reservesRoomForTheHeader() {
        PayloadWriter out = PayloadWriter.allocate(alloc, 0);
        try {
            assertThat(out.payloadLength()).isZero();
            assertThat(out.frame().writerIndex()).isEqualTo(PacketDecoder.HEADER_SIZE);
            out.int1(7);
            assertThat(out.payloadLength()).isEqualTo(1);
        } finally {
            out.release();
        }
    }

    @Test
    void writesFixedLengthIntegersLittleEndian() {
        assertThat(payloadHex(out -> out.int1(0xFE))).isEqualTo("fe");
        assertThat(payloadHex(out -> out.int2(0xFF01))).isEqualTo("01ff");
        assertThat(payloadHex(out -> out.int3(0xFF0201))).isEqualTo("0102ff");
        assertThat(payloadHex(out -> out.int4(0xFFFF_FFFFL))).isEqualTo("ffffffff");
        assertThat(payloadHex(out -> out.int8(0x0807_0605_0403_0201L))).isEqualTo("0102030405060708");
    }

    @Test
    void writesNullMarkerForNullString() {
        assertThat(payloadHex(out -> out.lenencString(null))).isEqualTo("fb");
        assertThat(payloadHex(out -> out.lenencString(null, StandardCharsets.UTF_8))).isEqualTo("fb");
    }

    @Test
    void writesStrings() {
        assertThat(payloadHex(out -> out.lenencString("hello"))).isEqualTo("0568656c6c6f");
        assertThat(payloadHex(out -> out.lenencString(""))).isEqualTo("00");
        assertThat(payloadHex(out -> out.lenencString("é", StandardCharsets.UTF_8))).isEqualTo("02c3a9");
        assertThat(payloadHex(out -> out.lenencBytes(new byte[] {0, (byte) 0xFB}))).isEqualTo("0200fb");
        assertThat(payloadHex(out -> out.nulTerminated("root"))).isEqualTo("726f6f7400");
        assertThat(payloadHex(out -> out.nulTerminated(new byte[] {1, 2}))).isEqualTo("010200");
        assertThat(payloadHex(out -> out.string("42000", StandardCharsets.US_ASCII))).isEqualTo("3432303030");
        assertThat(payloadHex(out -> out.zeros(3))).isEqualTo("000000");
    }

    @Test
    void writesLengthEncodedStringOf251BytesWithTwoByteLength() {
        String hex = payloadHex(out -> out.lenencString("x".repeat(251)));

        assertThat(hex).startsWith("fcfb00" + "78").hasSize((3 + 251) * 2);
    }

    @Test
    void copiesReadableBytesOfAnotherBuffer() {
        ByteBuf source = alloc.hex("00 01 02 03");
        try {
            source.skipBytes(1);
            assertThat(payloadHex(out -> out.bytes(source))).isEqualTo("010203");
            assertThat(source.readerIndex()).as("source untouched").isEqualTo(1);
        } finally {
            source.release();
        }
    }

    private String payloadHex(Consumer<PayloadWriter> write) {
        PayloadWriter out = PayloadWriter.allocate(alloc, 16);
        try {
            write.accept(out);
            return ByteBufUtil.hexDump(out.frame(), PacketDecoder.HEADER_SIZE, out.payloadLength());
        } finally {
            out.release();
        }
    }
}
