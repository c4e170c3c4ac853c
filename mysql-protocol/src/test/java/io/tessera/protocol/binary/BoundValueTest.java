package io.tessera.protocol.binary;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.protocol.constant.ColumnType;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class BoundValueTest {

    private static final Charset LATIN1 = Charset.forName("windows-1252"); // MySQL's latin1
    private static final Charset GBK = Charset.forName("GBK");

    @Test
    void writesNullAndIntegers() {
        assertThat(literal(BoundValue.NULL)).isEqualTo("NULL");
        assertThat(literal(new BoundValue.Int(-5, false))).isEqualTo("-5");
        assertThat(literal(new BoundValue.Int(Long.MIN_VALUE, false))).isEqualTo("-9223372036854775808");
        assertThat(literal(new BoundValue.Int(-1, true))).isEqualTo("18446744073709551615");
        assertThat(literal(new BoundValue.Int(Long.MIN_VALUE, true))).isEqualTo("9223372036854775808");
    }

    @Test
    void writesDoublesWithAnExponentSoMySqlReadsADouble() {
        assertThat(literal(new BoundValue.Float64(17.0))).isEqualTo("17.0E0");
        assertThat(literal(new BoundValue.Float64(0.1))).isEqualTo("0.1E0");
        assertThat(literal(new BoundValue.Float64(1e300))).isEqualTo("1.0E300");
        assertThat(literal(new BoundValue.Float64(-0.0))).isEqualTo("-0.0E0");
        assertThat(literal(new BoundValue.Float64(-2.5e-8))).isEqualTo("-2.5E-8");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(doubles = {17.0, 0.1, 1e300, -0.0, 0.0, 4.9e-324, 1.7976931348623157e308, -1.5e-300,
            123456789.123, 1e7, 1e-3, 0.30000000000000004, Math.PI, -Math.E, 2.2250738585072014e-308})
    void doublesReadBackAsTheSameDouble(double value) {
        String text = literal(new BoundValue.Float64(value));

        assertThat(text).contains("E");
        assertThat(Double.compare(Double.parseDouble(text), value)).as(text).isZero();
    }

    @Test
    void randomDoublesReadBackAsTheSameDouble() {
        Random random = new Random(20_240_102);
        for (int i = 0; i < 20_000; i++) {
            double value = Double.longBitsToDouble(random.nextLong());
            if (Double.isNaN(value) || Double.isInfinite(value)) {
                continue;
            }
            String text = literal(new BoundValue.Float64(value));
            assertThat(Double.compare(Double.parseDouble(text), value)).as(text).isZero();
        }
    }

    @Test
    void writesFloatsWithTheFloatsOwnShortestDigits() {
        assertThat(literal(new BoundValue.Float32(0.1f))).isEqualTo("0.1E0");
        assertThat(Double.parseDouble(literal(new BoundValue.Float32(0.1f)))).isEqualTo(0.1);
        assertThat(literal(new BoundValue.Float32(1.0e10f))).isEqualTo("1.0E10");
        assertThat(literal(new BoundValue.Float32(-0.0f))).isEqualTo("-0.0E0");
    }

    @Test
    void randomFloatsReadBackAsTheSameFloat() {
        Random random = new Random(7);
        for (int i = 0; i < 20_000; i++) {
            float value = Float.intBitsToFloat(random.nextInt());
            if (Float.isNaN(value) || Float.isInfinite(value)) {
                continue;
            }
            String text = literal(new BoundValue.Float32(value));
            assertThat(text).contains("E");
            assertThat(Float.compare(Float.parseFloat(text), value)).as(text).isZero();
        }
    }

    @Test
    void refusesNanAndInfinitiesWhichSqlCannotWrite() {
        assertThatThrownBy(() -> literal(new BoundValue.Float64(Double.NaN)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("DOUBLE parameter NaN has no SQL literal");
        assertThatThrownBy(() -> literal(new BoundValue.Float64(Double.NEGATIVE_INFINITY)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("DOUBLE parameter -Infinity has no SQL literal");
        assertThatThrownBy(() -> literal(new BoundValue.Float32(Float.POSITIVE_INFINITY)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("FLOAT parameter Infinity has no SQL literal");
        assertThatThrownBy(() -> literal(new BoundValue.Float32(Float.NaN)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("FLOAT parameter NaN has no SQL literal");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"0", "-12.50", "+3", ".5", "5.", "1e10", "-1.5E-7", "1E+2", "12345678901234567890.123"})
    void writesDecimalDigitsAsSent(String digits) {
        assertThat(literal(new BoundValue.Decimal(digits))).isEqualTo(digits);
    }

    @ParameterizedTest(name = "''{0}''")
    @ValueSource(strings = {"", "-", ".", "1x", "1;DROP TABLE t", "1 ", "0x10", "1e", "1e+", "--1", "1.2.3", "NaN"})
    void refusesDecimalsThatAreNotNumbers(String text) {
        assertThatThrownBy(() -> new BoundValue.Decimal(text))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("DECIMAL parameter '" + text
                        + "' (expected: digits with an optional sign, one dot and an exponent)");
    }

    @Test
    void writesDatesAndDateTimesWithAFractionOnlyWhenThereIsOne() {
        assertThat(literal(new BoundValue.DateTime(true, 2024, 1, 2, 0, 0, 0, 0))).isEqualTo("'2024-01-02'");
        assertThat(literal(new BoundValue.DateTime(true, 0, 0, 0, 0, 0, 0, 0))).isEqualTo("'0000-00-00'");
        assertThat(literal(new BoundValue.DateTime(false, 2024, 1, 2, 3, 4, 5, 0)))
                .isEqualTo("'2024-01-02 03:04:05'");
        assertThat(literal(new BoundValue.DateTime(false, 2024, 1, 2, 3, 4, 5, 123_456)))
                .isEqualTo("'2024-01-02 03:04:05.123456'");
        assertThat(literal(new BoundValue.DateTime(false, 999, 12, 31, 23, 59, 59, 1)))
                .isEqualTo("'0999-12-31 23:59:59.000001'");
        assertThat(literal(new BoundValue.DateTime(false, 0, 0, 0, 0, 0, 0, 0))).isEqualTo("'0000-00-00 00:00:00'");
    }

    @Test
    void writesTimesAsOneHourCountWithTheirSign() {
        assertThat(literal(new BoundValue.Time(false, 0, 0, 0, 0, 0))).isEqualTo("'00:00:00'");
        assertThat(literal(new BoundValue.Time(false, 0, 1, 2, 3, 0))).isEqualTo("'01:02:03'");
        assertThat(literal(new BoundValue.Time(true, 34, 22, 59, 59, 1))).isEqualTo("'-838:59:59.000001'");
        assertThat(literal(new BoundValue.Time(true, 1, 0, 0, 0, 500_000))).isEqualTo("'-24:00:00.500000'");
    }

    @Test
    void refusesDateAndTimeFieldsThatCannotBeWritten() {
        assertThatThrownBy(() -> new BoundValue.DateTime(false, 2024, 1, 2, 3, 4, 5, 1_000_000))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("micros: 1000000 (expected: 0..999999)");
        assertThatThrownBy(() -> new BoundValue.Time(false, -1, 0, 0, 0, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("date and time fields must not be negative");
    }

    @Test
    void doublesQuotesInText() {
        assertThat(literal(text("it's"), UTF_8, true)).isEqualTo("'it''s'");
        assertThat(literal(text("''"), UTF_8, false)).isEqualTo("''''''");
    }

    @Test
    void doublesBackslashesOnlyWhenTheyEscape() {
        assertThat(literal(text("a\\b"), UTF_8, true)).isEqualTo("'a\\\\b'");
        assertThat(literal(text("a\\b"), UTF_8, false)).isEqualTo("'a\\b'");
        // a trailing backslash must not escape the closing quote
        assertThat(literal(text("x\\"), UTF_8, true)).isEqualTo("'x\\\\'");
        assertThat(literal(text("\\'"), UTF_8, true)).isEqualTo("'\\\\'''");
        assertThat(literal(text("\\'"), UTF_8, false)).isEqualTo("'\\'''");
    }

    @Test
    void decodesTextWithTheClientsCharset() {
        assertThat(literal(new BoundValue.Text("é中😀".getBytes(UTF_8)), UTF_8, true)).isEqualTo("'é中😀'");
        assertThat(literal(new BoundValue.Text(new byte[] {(byte) 0xE9, (byte) 0x80}), LATIN1, true))
                .isEqualTo("'é€'");
        assertThat(literal(new BoundValue.Text("é".getBytes(StandardCharsets.ISO_8859_1)), LATIN1, true))
                .isEqualTo("'é'");
    }

    @Test
    void aMultiByteCharacterEndingIn0x5cIsNotABackslash() {
        byte[] bytes = {(byte) 0x95, 0x5C}; // one GBK character whose second byte is '\'
        String character = new String(bytes, GBK);
        assertThat(character).hasSize(1).isNotEqualTo("\\");

        String sql = literal(new BoundValue.Text(bytes), GBK, true);

        assertThat(sql).isEqualTo("'" + character + "'");
        assertThat(sql.getBytes(GBK)).containsExactly('\'', 0x95 - 256, 0x5C, '\'');
    }

    @Test
    void writesTextThatIsNotValidInTheClientsCharsetAsHex() {
        assertThat(literal(new BoundValue.Text(new byte[] {'a', (byte) 0xE9}), UTF_8, true)).isEqualTo("X'61e9'");
    }

    @Test
    void writesBinaryAsHexWithoutDecoding() {
        assertThat(literal(new BoundValue.Binary(new byte[] {0x00, (byte) 0xFF, '\'', '\\'}))).isEqualTo("X'00ff275c'");
        assertThat(literal(new BoundValue.Binary(new byte[0]))).isEqualTo("X''");
    }

    @Test
    void longDataIsBinaryForBlobsBitAndGeometryAndTextOtherwise() {
        byte[] data = {1, 2};
        for (ColumnType type : new ColumnType[] {ColumnType.TINY_BLOB, ColumnType.MEDIUM_BLOB, ColumnType.LONG_BLOB,
                ColumnType.BLOB, ColumnType.GEOMETRY, ColumnType.BIT}) {
            assertThat(BoundValue.ofLongData(new ParameterType(type, false), data)).as(type.name())
                    .isEqualTo(new BoundValue.Binary(data));
        }
        for (ColumnType type : new ColumnType[] {ColumnType.VARCHAR, ColumnType.VAR_STRING, ColumnType.STRING,
                ColumnType.JSON, ColumnType.LONG}) {
            assertThat(BoundValue.ofLongData(new ParameterType(type, false), data)).as(type.name())
                    .isEqualTo(new BoundValue.Text(data));
        }
    }

    @Test
    void theLiteralIsNeverShorterThanItsLowerBound() {
        BoundValue[] values = {text("it's"), text("日本語"), text(""), new BoundValue.Binary(new byte[] {0, 1, 2}),
            new BoundValue.Binary(new byte[0]), new BoundValue.Int(-5, false), BoundValue.NULL,
            new BoundValue.Text(new byte[] {(byte) 0xFF, (byte) 0xFE})}; // not UTF-8: written as hex
        for (BoundValue value : values) {
            assertThat((long) literal(value).length()).as("%s", value).isGreaterThanOrEqualTo(value.minLiteralLength());
        }
        assertThat(new BoundValue.Binary(new byte[10_000_000]).minLiteralLength()).isEqualTo(20_000_003);
    }

    @Test
    void bytesValuesCompareByContentAndNeverPrintIt() {
        assertThat(text("secret")).isEqualTo(text("secret")).hasSameHashCodeAs(text("secret"))
                .isNotEqualTo(text("other")).hasToString("Text[6 bytes]");
        assertThat(new BoundValue.Binary(new byte[] {1})).isEqualTo(new BoundValue.Binary(new byte[] {1}))
                .hasToString("Binary[1 bytes]");
    }

    private static BoundValue.Text text(String s) {
        return new BoundValue.Text(s.getBytes(UTF_8));
    }

    private static String literal(BoundValue value) {
        return literal(value, UTF_8, true);
    }

    private static String literal(BoundValue value, Charset charset, boolean backslashEscapes) {
        StringBuilder sql = new StringBuilder();
        value.appendLiteral(sql, charset, backslashEscapes);
        return sql.toString();
    }
}
