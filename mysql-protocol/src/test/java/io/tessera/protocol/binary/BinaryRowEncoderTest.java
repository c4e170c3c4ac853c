package io.tessera.protocol.binary;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.tessera.protocol.TrackingAllocator;
import io.tessera.protocol.charset.Collations;
import io.tessera.protocol.codec.MalformedPacketException;
import io.tessera.protocol.codec.PacketDecoder;
import io.tessera.protocol.codec.PayloadWriter;
import io.tessera.protocol.constant.ColumnFlag;
import io.tessera.protocol.constant.ColumnType;
import io.tessera.protocol.packet.ColumnDefinition41;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

class BinaryRowEncoderTest {

    private final TrackingAllocator alloc = new TrackingAllocator();

    @AfterEach
    void releasedEverything() {
        alloc.assertAllReleased();
    }

    @ParameterizedTest(name = "{0} {1} ''{2}'' -> {3}")
    @CsvSource(delimiter = '|', value = {
            "TINY       | 0        | -1                         | ff",
            "TINY       | UNSIGNED | 255                        | ff",
            "TINY       | 0        | -128                       | 80",
            "SHORT      | 0        | -2                         | feff",
            "SHORT      | UNSIGNED | 65535                      | ffff",
            "YEAR       | UNSIGNED | 2024                       | e807",
            "YEAR       | UNSIGNED | 0000                       | 0000",
            "INT24      | 0        | -8388608                   | 000080ff",
            "INT24      | UNSIGNED | 16777215                   | ffffff00",
            "LONG       | 0        | 2147483647                 | ffffff7f",
            "LONG       | 0        | -2147483648                | 00000080",
            "LONG       | UNSIGNED | 4294967295                 | ffffffff",
            "LONG       | 0        | 0007                       | 07000000",
            "LONGLONG   | 0        | -9223372036854775808       | 0000000000000080",
            "LONGLONG   | 0        | 9223372036854775807        | ffffffffffffff7f",
            "LONGLONG   | UNSIGNED | 18446744073709551615       | ffffffffffffffff",
            "LONGLONG   | UNSIGNED | 9223372036854775808        | 0000000000000080",
            "FLOAT      | 0        | 0.1                        | cdcccc3d",
            "FLOAT      | 0        | -0                         | 00000080",
            "FLOAT      | 0        | 3.40282e38                 | eeff7f7f",
            "DOUBLE     | 0        | 0.1                        | 9a9999999999b93f",
            "DOUBLE     | 0        | 1e300                      | 9c7500883ce4377e",
            "DOUBLE     | 0        | 0.30000000000000004        | 343333333333d33f",
            "DECIMAL    | 0        | -12.50                     | 06 2d31322e3530",
            "NEWDECIMAL | 0        | 99999999999999999999.99    | 17 39393939393939393939393939393939393939392e3939",
            "DATE       | 0        | 2024-01-02                 | 04 e807 01 02",
            "DATE       | 0        | 0000-00-00                 | 00",
            "DATE       | 0        | 0000-01-00                 | 04 0000 01 00",
            "DATETIME   | 0        | 2024-01-02 03:04:05        | 07 e807 01 02 03 04 05",
            "DATETIME   | 0        | 2024-01-02 00:00:00        | 04 e807 01 02",
            "DATETIME   | 0        | 0000-00-00 00:00:00        | 00",
            "DATETIME   | 0        | 0000-00-00 00:00:01        | 07 0000 00 00 00 00 01",
            "DATETIME   | 0        | 2024-01-02 03:04:05.123456 | 0b e807 01 02 03 04 05 40e20100",
            "DATETIME   | 0        | 2024-01-02 03:04:05.5      | 0b e807 01 02 03 04 05 20a10700",
            "DATETIME   | 0        | 2024-01-02 03:04:05.123    | 0b e807 01 02 03 04 05 78e00100",
            "DATETIME   | 0        | 2024-01-02 00:00:00.000000 | 04 e807 01 02",
            "DATETIME   | 0        | 2024-01-02 00:00:00.000001 | 0b e807 01 02 00 00 00 01000000",
            "TIMESTAMP  | 0        | 2038-01-19 03:14:07        | 07 f607 01 13 03 0e 07",
            "TIMESTAMP  | 0        | 0000-00-00 00:00:00        | 00",
            "TIME       | 0        | 00:00:00                   | 00",
            "TIME       | 0        | -00:00:00                  | 00",
            "TIME       | 0        | 00:00:00.000               | 00",
            "TIME       | 0        | 01:02:03                   | 08 00 00000000 01 02 03",
            "TIME       | 0        | 24:00:00                   | 08 00 01000000 00 00 00",
            "TIME       | 0        | 838:59:59                  | 08 00 22000000 16 3b 3b",
            "TIME       | 0        | -838:59:59.500000          | 0c 01 22000000 16 3b 3b 20a10700",
            "TIME       | 0        | 12:00:00.250               | 0c 00 00000000 0c 00 00 90d00300",
            "TIME       | 0        | -01:00:00                  | 08 01 00000000 01 00 00",
            "TIME       | 0        | 1:00:00                    | 08 00 00000000 01 00 00",
            "VARCHAR    | 0        | abc                        | 03 616263",
            "VAR_STRING | 0        | ''                         | 00",
            "STRING     | 0        | x                          | 01 78",
            "ENUM       | 0        | red                        | 03 726564",
            "SET        | 0        | a,b                        | 03 612c62",
            "JSON       | 0        | {}                         | 02 7b7d",
            "BLOB       | 0        | é                          | 02 c3a9",
            "TINY_BLOB  | 0        | b                          | 01 62",
            "MEDIUM_BLOB | 0       | b                          | 01 62",
            "LONG_BLOB  | 0        | b                          | 01 62",
            "BIT        | UNSIGNED | ~                          | 01 7e",
            "GEOMETRY   | 0        | g                          | 01 67",
            "NULL       | 0        | n                          | 01 6e",
    })
    void encodesEveryColumnType(ColumnType type, String flag, String text, String valueHex) {
        int flags = flag.equals("UNSIGNED") ? ColumnFlag.UNSIGNED : 0;

        String row = encode(List.of(column(type, flags)), text);

        assertThat(row).isEqualTo("00" + "00" + valueHex.replace(" ", ""));
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(ColumnType.class)
    void everyColumnTypeTakesANull(ColumnType type) {
        assertThat(encode(List.of(column(type, 0)), (String) null)).isEqualTo("00" + "04");
    }

    @ParameterizedTest(name = "column {0}")
    @ValueSource(ints = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
    void setsTheNullBitOfColumnNAtBitNPlusTwo(int nullColumn) {
        List<ColumnDefinition41> columns = Collections.nCopies(10, column(ColumnType.TINY, 0));
        String[] values = new String[10];
        StringBuilder expectedValues = new StringBuilder();
        for (int i = 0; i < 10; i++) {
            if (i != nullColumn) {
                values[i] = Integer.toString(i);
                expectedValues.append(String.format("%02x", i));
            }
        }
        int bit = nullColumn + 2;
        int bitmap = 1 << bit;

        String row = encode(columns, values);

        // (10 + 7 + 2) / 8 = 2 bitmap bytes
        assertThat(row).isEqualTo("00" + String.format("%02x%02x", bitmap & 0xFF, bitmap >> 8) + expectedValues);
    }

    @Test
    void setsEveryNullBitOfAnAllNullRow() {
        String[] nulls = new String[10];

        assertThat(encode(Collections.nCopies(10, column(ColumnType.LONG, 0)), nulls)).isEqualTo("00" + "fc0f");
    }

    @Test
    void sizesTheBitmapForColumnsPlusTwoBits() {
        assertThat(encode(Collections.nCopies(6, column(ColumnType.TINY, 0)), "1", "2", "3", "4", "5", "6"))
                .isEqualTo("00" + "00" + "010203040506");
        assertThat(encode(Collections.nCopies(7, column(ColumnType.TINY, 0)), "1", "2", "3", "4", "5", "6", null))
                .isEqualTo("00" + "0001" + "010203040506");
    }

    @Test
    void encodesAMixedRowInColumnOrder() {
        List<ColumnDefinition41> columns = List.of(column(ColumnType.LONGLONG, ColumnFlag.UNSIGNED),
                column(ColumnType.VAR_STRING, 0), column(ColumnType.DOUBLE, 0), column(ColumnType.NEWDECIMAL, 0),
                column(ColumnType.DATETIME, 0), column(ColumnType.TIME, 0));

        String row = encode(columns, "18446744073709551615", null, "-1.5", "3.14", "2024-01-02 03:04:05.000006",
                "-25:00:00.001");

        assertThat(row).isEqualTo("00" + "08" + "ffffffffffffffff" + "000000000000f8bf" + "04332e3134"
                + "0be807010203040506000000" + "0c01010000000100 00e8030000".replace(" ", ""));
    }

    @Test
    void copiesLongValuesWithTheirLengthPrefix() {
        String text = "x".repeat(300);

        String row = encode(List.of(column(ColumnType.VAR_STRING, 0), column(ColumnType.TINY, 0)), text, "1");

        assertThat(row).isEqualTo("00" + "00" + "fc2c01" + "78".repeat(300) + "01");
    }

    @Test
    void leavesTheTextRowsIndicesAlone() {
        ByteBuf textRow = textRow("1", null);
        PayloadWriter out = PayloadWriter.allocate(alloc, 16);
        try {
            new BinaryRowEncoder(List.of(column(ColumnType.TINY, 0), column(ColumnType.TINY, 0)))
                    .encode(textRow, out);

            assertThat(textRow.readerIndex()).isZero();
            assertThat(textRow.writerIndex()).isEqualTo(3);
        } finally {
            textRow.release();
            out.release();
        }
    }

    @Test
    void appendsAfterWhatTheWriterHolds() {
        PayloadWriter out = PayloadWriter.allocate(alloc, 16);
        ByteBuf textRow = textRow("7");
        try {
            out.int1(0xAA);
            new BinaryRowEncoder(List.of(column(ColumnType.TINY, 0))).encode(textRow, out);

            assertThat(ByteBufUtil.hexDump(out.frame(), PacketDecoder.HEADER_SIZE, out.payloadLength()))
                    .isEqualTo("aa" + "00" + "00" + "07");
        } finally {
            textRow.release();
            out.release();
        }
    }

    @Test
    void floatsMatchJavasCorrectlyRoundedParse() {
        Random random = new Random(11);
        List<String> texts = new ArrayList<>(List.of("0", "-0", "1", "1.5", "3.14159", "1e20", "1E-7", "-1.17549e-38",
                "3.4028235e38", "1.4e-45", "16777217", "0.000001", "123456789", "8388608.5", ".5", "5."));
        for (int i = 0; i < 5_000; i++) {
            float value = Float.intBitsToFloat(random.nextInt());
            if (!Float.isNaN(value) && !Float.isInfinite(value)) {
                texts.add(mysqlStyle(Float.toString(value)));
                texts.add(String.format(Locale.ROOT, "%.6g", value).trim());
            }
            texts.add(random.nextInt(20_000_000) + "." + random.nextInt(1000) + "e" + (random.nextInt(30) - 15));
        }
        long[] encoded = encodeEach(ColumnType.FLOAT, texts);
        for (int i = 0; i < texts.size(); i++) {
            assertThat((int) encoded[i]).as(texts.get(i))
                    .isEqualTo(Float.floatToRawIntBits(Float.parseFloat(texts.get(i))));
        }
    }

    @Test
    void doublesMatchJavasCorrectlyRoundedParse() {
        Random random = new Random(13);
        List<String> texts = new ArrayList<>(List.of("0", "-0", "1", "0.1", "1e22", "1e23", "9007199254740993",
                "4.9e-324", "1.7976931348623157e308", "2.2250738585072014E-308", "123.456e-5", "-99999999999999.99"));
        for (int i = 0; i < 5_000; i++) {
            double value = Double.longBitsToDouble(random.nextLong());
            if (!Double.isNaN(value) && !Double.isInfinite(value)) {
                texts.add(mysqlStyle(Double.toString(value)));
            }
            texts.add(random.nextInt(1_000_000_000) + "." + random.nextInt(1_000_000) + "e"
                    + (random.nextInt(50) - 25));
            texts.add(Long.toString(random.nextLong() >> random.nextInt(64)));
        }
        long[] encoded = encodeEach(ColumnType.DOUBLE, texts);
        for (int i = 0; i < texts.size(); i++) {
            assertThat(encoded[i]).as(texts.get(i))
                    .isEqualTo(Double.doubleToRawLongBits(Double.parseDouble(texts.get(i))));
        }
    }

    @ParameterizedTest(name = "{0} {1} ''{2}''")
    @CsvSource(delimiter = '|', value = {
            "TINY     | 0        | 128",
            "TINY     | 0        | -129",
            "TINY     | UNSIGNED | 256",
            "TINY     | UNSIGNED | -1",
            "TINY     | UNSIGNED | 18446744073709551615",
            "SHORT    | 0        | 32768",
            "INT24    | 0        | 2147483648",
            "LONG     | UNSIGNED | 4294967296",
            "LONG     | 0        | abc",
            "LONG     | 0        | 1.5",
            "LONG     | 0        | -",
            "LONG     | 0        | +1",
            "LONG     | 0        | ' 1'",
            "LONGLONG | 0        | 9223372036854775808",
            "LONGLONG | 0        | -9223372036854775809",
            "LONGLONG | UNSIGNED | 18446744073709551616",
            "LONGLONG | UNSIGNED | 99999999999999999999",
            "FLOAT    | 0        | 1e",
            "FLOAT    | 0        | .",
            "DOUBLE   | 0        | 1.2.3",
            "DOUBLE   | 0        | NaN",
            "DOUBLE   | 0        | Infinity",
            "DOUBLE   | 0        | 0x1p3",
            "DOUBLE   | 0        | 1d",
            "DATE     | 0        | 2024-1-02",
            "DATE     | 0        | 2024/01/02",
            "DATE     | 0        | 2024-01-0x",
            "DATETIME | 0        | 2024-01-02T03:04:05",
            "DATETIME | 0        | 2024-01-02 03:04:05.",
            "DATETIME | 0        | 2024-01-02 03:04:05.1234567",
            "DATETIME | 0        | 2024-01-02 03:04",
            "TIME     | 0        | 12:3:04",
            "TIME     | 0        | 12:03",
            "TIME     | 0        | :03:04",
            "TIME     | 0        | 12:03:04.",
            "TIME     | 0        | 12:03:04.1234567",
            "TIME     | 0        | 1a:03:04",
            "TIME     | 0        | 1234567890:00:00",
    })
    void refusesTextThatDoesNotParseAsItsTypeNamingColumnAndValue(ColumnType type, String flag, String text) {
        int flags = flag.equals("UNSIGNED") ? ColumnFlag.UNSIGNED : 0;
        List<ColumnDefinition41> columns = List.of(column(ColumnType.TINY, 0), named("price", type, flags));

        assertThatThrownBy(() -> encode(columns, "1", text))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("column 1 'price' (" + type + (flags != 0 ? " UNSIGNED" : "") + "): text value '" + text
                        + "' does not parse as its type");
    }

    @Test
    void showsOnlyTheStartOfALongUnparsableValue() {
        assertThatThrownBy(() -> encode(List.of(named("n", ColumnType.LONG, 0)), "9".repeat(100)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("column 0 'n' (LONG): text value '" + "9".repeat(64) + "…' does not parse as its type");
    }

    @Test
    void refusesRowsThatDoNotHoldOneValuePerColumn() {
        List<ColumnDefinition41> two = List.of(column(ColumnType.TINY, 0), column(ColumnType.VARCHAR, 0));

        assertThatThrownBy(() -> encodeHex(two, "01 31"))
                .isInstanceOf(MalformedPacketException.class)
                .hasMessage("malformed packet: text row: 1 values (expected: 2)");
        assertThatThrownBy(() -> encodeHex(two, "01 31 01 61 01 62"))
                .isInstanceOf(MalformedPacketException.class)
                .hasMessage("malformed packet: text row: 2 bytes after the last of 2 values");
        assertThatThrownBy(() -> encodeHex(two, "01 31 05 6162"))
                .isInstanceOf(MalformedPacketException.class)
                .hasMessage("malformed packet: text row: value 1 of 5 bytes, 2 left");
        assertThatThrownBy(() -> encodeHex(two, "01 31 fc 01"))
                .isInstanceOf(MalformedPacketException.class)
                .hasMessage("malformed packet: text row: value 1 has a bad length prefix 0xfc");
        assertThatThrownBy(() -> encodeHex(two, "01 31 ff"))
                .isInstanceOf(MalformedPacketException.class)
                .hasMessage("malformed packet: text row: value 1 has a bad length prefix 0xff");
        assertThatThrownBy(() -> encodeHex(two, "01 31 fe ffffffffffffffff"))
                .isInstanceOf(MalformedPacketException.class)
                .hasMessage("malformed packet: text row: value 1 of 18446744073709551615 bytes, 0 left");
    }

    /**
     * The bits each text encodes to as a one-column FLOAT or DOUBLE row. The input is an untracked heap buffer:
     * paranoid leak detection records every read of a tracked one, which would take seconds here.
     */
    private long[] encodeEach(ColumnType type, List<String> texts) {
        BinaryRowEncoder encoder = new BinaryRowEncoder(List.of(column(type, 0)));
        long[] bits = new long[texts.size()];
        ByteBuf textRow = Unpooled.buffer(64);
        PayloadWriter out = PayloadWriter.allocate(alloc, 16);
        try {
            for (int i = 0; i < bits.length; i++) {
                textRow.clear();
                byte[] text = texts.get(i).getBytes(StandardCharsets.US_ASCII);
                textRow.writeByte(text.length).writeBytes(text);
                int at = out.frame().writerIndex() + 2; // after the row header and the one-byte NULL bitmap
                encoder.encode(textRow, out);
                bits[i] = type == ColumnType.FLOAT ? out.frame().getIntLE(at) : out.frame().getLongLE(at);
            }
        } finally {
            textRow.release();
            out.release();
        }
        return bits;
    }

    /** MySQL prints exponents as {@code 1e20}, {@code 1e-7}: no {@code .0}, lower case. */
    private static String mysqlStyle(String javaText) {
        return javaText.replace(".0E", "E").toLowerCase(Locale.ROOT);
    }

    private static ColumnDefinition41 column(ColumnType type, int flags) {
        return named("c", type, flags);
    }

    private static ColumnDefinition41 named(String name, ColumnType type, int flags) {
        return ColumnDefinition41.of(name, type, Collations.UTF8MB4_GENERAL_CI, 255, flags);
    }

    /** The binary row for text values ({@code null} for NULL), as hex without the frame header. */
    private String encode(List<ColumnDefinition41> columns, String... values) {
        ByteBuf textRow = textRow(values);
        try {
            return encode(columns, textRow);
        } finally {
            textRow.release();
        }
    }

    private String encodeHex(List<ColumnDefinition41> columns, String rowHex) {
        ByteBuf textRow = alloc.hex(rowHex);
        try {
            return encode(columns, textRow);
        } finally {
            textRow.release();
        }
    }

    private String encode(List<ColumnDefinition41> columns, ByteBuf textRow) {
        PayloadWriter out = PayloadWriter.allocate(alloc, 64);
        try {
            new BinaryRowEncoder(columns).encode(textRow, out);
            return ByteBufUtil.hexDump(out.frame(), PacketDecoder.HEADER_SIZE, out.payloadLength());
        } finally {
            out.release();
        }
    }

    private ByteBuf textRow(String... values) {
        ByteBuf row = alloc.buffer();
        for (String value : values) {
            if (value == null) {
                row.writeByte(0xFB);
            } else {
                byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
                if (bytes.length < 0xFB) {
                    row.writeByte(bytes.length);
                } else {
                    row.writeByte(0xFC).writeShortLE(bytes.length);
                }
                row.writeBytes(bytes);
            }
        }
        return row;
    }
}
