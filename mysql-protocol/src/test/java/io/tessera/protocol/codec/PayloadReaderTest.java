package io.tessera.protocol.codec;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.tessera.protocol.TrackingAllocator;
import java.nio.charset.Charset;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PayloadReaderTest {

    private final TrackingAllocator alloc = new TrackingAllocator();

    @AfterEach
    void releasedEverything() {
        alloc.assertAllReleased();
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
            "00,                          0",
            "fa,                          250",
            "fc fb 00,                    251",
            "fc ff ff,                    65535",
            "fd 00 00 01,                 65536",
            "fd ff ff ff,                 16777215",
            "fe 00 00 00 01 00 00 00 00,  16777216",
            "fe ff ff ff ff ff ff ff 7f,  9223372036854775807",
            // 2^64 - 1 has no Java long; it comes back as the same 64 bits, -1
            "fe ff ff ff ff ff ff ff ff,  -1",
            // a non-minimal encoding is still a valid one
            "fc 05 00,                    5",
    })
    void readsLengthEncodedIntegerAtEveryBoundary(String hex, long expected) {
        assertThat(read(hex, PayloadReader::lenencInt)).isEqualTo(expected);
    }

    @Test
    void readsNullMarkerAsMinusOneAndAsNullString() {
        assertThat(read("fb", PayloadReader::lenencInt)).isEqualTo(-1L);
        assertThat(read("fb", PayloadReader::lenencBytes)).isNull();
        assertThat(lenencUtf8("fb")).isNull();
    }

    @Test
    void readsFixedLengthIntegersLittleEndianAndUnsigned() {
        assertThat(read("fe", PayloadReader::int1)).isEqualTo(0xFE);
        assertThat(read("01 ff", PayloadReader::int2)).isEqualTo(0xFF01);
        assertThat(read("01 02 ff", PayloadReader::int3)).isEqualTo(0xFF0201);
        assertThat(read("ff ff ff ff", PayloadReader::int4)).isEqualTo(0xFFFF_FFFFL);
        assertThat(read("01 02 03 04 05 06 07 08", PayloadReader::int8)).isEqualTo(0x0807_0605_0403_0201L);
    }

    @Test
    void readsLengthEncodedStrings() {
        assertThat(lenencUtf8("05 68 65 6c 6c 6f")).isEqualTo("hello");
        assertThat(lenencUtf8("00")).isEmpty();
        assertThat(lenencUtf8("02 c3 a9")).isEqualTo("é");
        assertThat(this.<String>read("02 c4 e3", in -> in.lenencString(Charset.forName("GBK")))).isEqualTo("你");
    }

    @Test
    void readsLengthEncodedStringWithTwoByteLength() {
        byte[] value = new byte[300];
        ByteBuf buf = alloc.buffer().writeByte(0xFC).writeShortLE(300).writeBytes(value).writeByte(0x2A);
        try {
            PayloadReader in = new PayloadReader(buf);
            assertThat(in.lenencBytes()).hasSize(300);
            assertThat(in.int1()).isEqualTo(0x2A);
        } finally {
            buf.release();
        }
    }

    @Test
    void readsNulTerminatedStringAndConsumesTheNul() {
        String both = read("72 6f 6f 74 00 41", in -> in.nulTerminatedString() + "|" + in.restString(UTF_8));

        assertThat(both).isEqualTo("root|A");
        assertThat(this.<String>read("00", PayloadReader::nulTerminatedString)).isEmpty();
    }

    @Test
    void readsNulTerminatedStringWithoutNulToTheEnd() {
        assertThat(this.<String>read("6d 79 73 71 6c", PayloadReader::nulTerminatedString)).isEqualTo("mysql");
    }

    @Test
    void readsTheRestAndSkips() {
        assertThat(this.<byte[]>read("01 02 03 04", in -> {
            in.skip(1);
            assertThat(in.peekByte()).isEqualTo(0x02);
            assertThat(in.readableBytes()).isEqualTo(3);
            return in.restBytes();
        })).containsExactly(0x02, 0x03, 0x04);
        assertThat(read("", PayloadReader::hasRemaining)).isFalse();
    }

    @Test
    void rejectsTruncatedFixedLengthIntegers() {
        assertMalformed("", PayloadReader::int1, "malformed packet: needed 1 more bytes, 0 left");
        assertMalformed("01", PayloadReader::int2, "malformed packet: needed 2 more bytes, 1 left");
        assertMalformed("01 02", PayloadReader::int3, "malformed packet: needed 3 more bytes, 2 left");
        assertMalformed("01 02 03", PayloadReader::int4, "malformed packet: needed 4 more bytes, 3 left");
        assertMalformed("01 02 03 04 05 06 07", PayloadReader::int8, "malformed packet: needed 8 more bytes, 7 left");
        assertMalformed("", PayloadReader::peekByte, "malformed packet: needed 1 more bytes, 0 left");
    }

    @Test
    void rejectsTruncatedLengthEncodedIntegers() {
        assertMalformed("", PayloadReader::lenencInt, "malformed packet: needed 1 more bytes, 0 left");
        assertMalformed("fc 01", PayloadReader::lenencInt, "malformed packet: needed 2 more bytes, 1 left");
        assertMalformed("fd 01 02", PayloadReader::lenencInt, "malformed packet: needed 3 more bytes, 2 left");
        assertMalformed("fe 01 02 03 04 05 06 07", PayloadReader::lenencInt,
                "malformed packet: needed 8 more bytes, 7 left");
    }

    @Test
    void rejectsLengthEncodedIntegerPrefix0xFF() {
        assertMalformed("ff 00 00", PayloadReader::lenencInt,
                "malformed packet: length-encoded integer: prefix 0xFF");
    }

    @Test
    void rejectsLengthEncodedStringLongerThanThePayload() {
        assertMalformed("05 61 62", PayloadReader::lenencBytes,
                "malformed packet: length-encoded string: 5 bytes, 2 left");
        assertMalformed("fd 00 00 01 61", PayloadReader::lenencBytes,
                "malformed packet: length-encoded string: 65536 bytes, 1 left");
    }

    @Test
    void rejectsLengthEncodedStringWhoseLengthDoesNotFitALong() {
        // 0xFE with 2^64 - 1 is a length no payload can hold, not the NULL marker 0xFB
        assertThatThrownBy(() -> read("fe ff ff ff ff ff ff ff ff 61", PayloadReader::lenencBytes))
                .isInstanceOf(MalformedPacketException.class)
                .hasMessage("malformed packet: length-encoded string: 18446744073709551615 bytes, 1 left");
        assertThatThrownBy(() -> read("fe ff ff ff ff ff ff ff ff 61", in -> in.lenencString(UTF_8)))
                .isInstanceOf(MalformedPacketException.class);
    }

    @Test
    void rejectsTruncatedBytesAndSkips() {
        assertMalformed("01 02", in -> in.bytes(3), "malformed packet: needed 3 more bytes, 2 left");
        assertMalformed("01 02", in -> in.bytes(-1), "malformed packet: needed -1 more bytes, 2 left");
        assertMalformed("01 02", in -> {
            in.skip(3);
            return null;
        }, "malformed packet: needed 3 more bytes, 2 left");
    }

    private <T> T read(String hex, Function<PayloadReader, T> read) {
        ByteBuf buf = alloc.hex(hex);
        try {
            return read.apply(new PayloadReader(buf));
        } finally {
            buf.release();
        }
    }

    private String lenencUtf8(String hex) {
        return read(hex, in -> in.lenencString(UTF_8));
    }

    private void assertMalformed(String hex, Function<PayloadReader, ?> read, String message) {
        assertThatThrownBy(() -> read(hex, read))
                .isInstanceOf(MalformedPacketException.class)
                .hasMessage(message);
    }
}
