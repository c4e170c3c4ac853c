package io.tessera.protocol.binary;

import io.netty.buffer.ByteBuf;
import io.tessera.protocol.codec.MalformedPacketException;
import io.tessera.protocol.codec.PayloadReader;
import io.tessera.protocol.codec.PayloadWriter;
import io.tessera.protocol.constant.ColumnFlag;
import io.tessera.protocol.packet.ColumnDefinition41;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Turns text-protocol rows (MySQL manual: "Text Resultset Row": each value a length-encoded string, 0xFB for NULL)
 * into binary-protocol rows ("Binary Protocol Resultset Row", "Binary Protocol Value"), so that a prepared
 * statement run on a data node as COM_QUERY answers the client in the format it asked for:
 *
 * <pre>
 * 0x00 | NULL bitmap, (columns + 7 + 2) / 8 bytes, column i at bit i + 2 | the non-NULL values, in column order
 * </pre>
 *
 * Integers become 1, 2, 4 or 8 bytes, FLOAT and DOUBLE their IEEE bits, DATE / DATETIME / TIMESTAMP and TIME
 * MySQL's shortest binary form; every other type (DECIMAL, strings, blobs, BIT, ENUM, SET, JSON, GEOMETRY) keeps
 * its length-encoded bytes. Built once per result; a row costs no allocation beyond the output buffer, except
 * for a FLOAT or DOUBLE whose digits are too many for an exact conversion, which goes through a String.
 * A text value that does not parse as its column's type means a bug and throws {@link IllegalArgumentException}.
 */
public final class BinaryRowEncoder {

    /** How one column's text becomes binary; chosen once per result from its type and flags. */
    private enum Encoding { INT1, INT2, INT4, INT8, FLOAT, DOUBLE, DATE, TIME, COPY }

    private static final int ROW_HEADER = 0x00;
    private static final int BITMAP_OFFSET = 2;
    /** The shown part of a value that does not parse. */
    private static final int MAX_SHOWN = 64;
    private static final long MAX_UNSIGNED_DIV_10 = Long.divideUnsigned(-1L, 10);
    /** Integers up to these are exact in a double / float, and so are the powers of ten in the tables below. */
    private static final long MAX_EXACT_DOUBLE = 1L << 53;
    private static final long MAX_EXACT_FLOAT = 1L << 24;
    private static final double[] DOUBLE_POWERS = {
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18,
        1e19, 1e20, 1e21, 1e22,
    };
    private static final float[] FLOAT_POWERS = {1e0f, 1e1f, 1e2f, 1e3f, 1e4f, 1e5f, 1e6f, 1e7f, 1e8f, 1e9f, 1e10f};

    private final List<ColumnDefinition41> columns;
    private final Encoding[] encodings;
    private final boolean[] unsigned;

    public BinaryRowEncoder(List<ColumnDefinition41> columns) {
        this.columns = List.copyOf(columns);
        this.encodings = new Encoding[this.columns.size()];
        this.unsigned = new boolean[this.columns.size()];
        for (int i = 0; i < encodings.length; i++) {
            ColumnDefinition41 column = this.columns.get(i);
            unsigned[i] = (column.flags() & ColumnFlag.UNSIGNED) != 0;
            encodings[i] = switch (column.type()) {
                case TINY -> Encoding.INT1;
                case SHORT, YEAR -> Encoding.INT2;
                case INT24, LONG -> Encoding.INT4;
                case LONGLONG -> Encoding.INT8;
                case FLOAT -> Encoding.FLOAT;
                case DOUBLE -> Encoding.DOUBLE;
                case DATE, DATETIME, TIMESTAMP -> Encoding.DATE;
                case TIME -> Encoding.TIME;
                default -> Encoding.COPY;
            };
        }
    }

    /**
     * Appends the binary form of one whole text row payload (16 MiB continuations joined) to {@code out}.
     * Reads {@code textRow} from its reader index to its writer index without moving either.
     *
     * @throws MalformedPacketException when the row does not hold exactly one length-encoded value per column
     * @throws IllegalArgumentException when a value does not parse as its column's type
     */
    public void encode(ByteBuf textRow, PayloadWriter out) {
        ByteBuf buf = out.frame();
        int count = encodings.length;
        buf.writeByte(ROW_HEADER);
        int bitmap = buf.writerIndex();
        buf.writeZero((count + 7 + BITMAP_OFFSET) / 8);
        int pos = textRow.readerIndex();
        int end = textRow.writerIndex();
        for (int i = 0; i < count; i++) {
            if (pos >= end) {
                throw new MalformedPacketException("text row: " + i + " values (expected: " + count + ")");
            }
            int first = textRow.getUnsignedByte(pos);
            if (first == PayloadReader.NULL_MARKER) {
                int at = bitmap + ((i + BITMAP_OFFSET) >> 3);
                buf.setByte(at, buf.getByte(at) | 1 << ((i + BITMAP_OFFSET) & 7));
                pos++;
                continue;
            }
            // length-encoded length: 1 byte below 0xFB, else a 0xFC / 0xFD / 0xFE prefix and 2, 3 or 8 bytes
            int prefix = first < 0xFB ? 1 : first == 0xFC ? 3 : first == 0xFD ? 4 : first == 0xFE ? 9 : -1;
            if (prefix < 0 || prefix > end - pos) {
                throw new MalformedPacketException(String.format("text row: value %d has a bad length prefix 0x%02x",
                        i, first));
            }
            long length = switch (prefix) {
                case 1 -> first;
                case 3 -> textRow.getUnsignedShortLE(pos + 1);
                case 4 -> textRow.getUnsignedMediumLE(pos + 1);
                default -> textRow.getLongLE(pos + 1);
            };
            int start = pos + prefix;
            if (length < 0 || length > end - start) {
                throw new MalformedPacketException("text row: value " + i + " of " + Long.toUnsignedString(length)
                        + " bytes, " + (end - start) + " left");
            }
            int len = (int) length;
            switch (encodings[i]) {
                case INT1 -> buf.writeByte((int) integer(textRow, start, len, i, 1));
                case INT2 -> buf.writeShortLE((int) integer(textRow, start, len, i, 2));
                case INT4 -> buf.writeIntLE((int) integer(textRow, start, len, i, 4));
                case INT8 -> buf.writeLongLE(integer(textRow, start, len, i, 8));
                case FLOAT -> buf.writeFloatLE((float) real(textRow, start, len, i, true));
                case DOUBLE -> buf.writeDoubleLE(real(textRow, start, len, i, false));
                case DATE -> date(textRow, start, len, i, buf);
                case TIME -> time(textRow, start, len, i, buf);
                default -> buf.writeBytes(textRow, pos, prefix + len);
            }
            pos = start + len;
        }
        if (pos != end) {
            throw new MalformedPacketException("text row: " + (end - pos) + " bytes after the last of " + count
                    + " values");
        }
    }

    /** Decimal digits with an optional {@code -}, in the range of a {@code bytes}-byte integer of its signedness. */
    private long integer(ByteBuf text, int start, int len, int column, int bytes) {
        int end = start + len;
        int i = start;
        boolean negative = len > 0 && text.getByte(i) == '-';
        if (negative) {
            i++;
        }
        if (i == end || (negative && unsigned[column])) {
            throw unparsable(text, start, len, column);
        }
        long value = 0;
        if (unsigned[column]) {
            for (; i < end; i++) {
                int d = text.getByte(i) - '0';
                if (d < 0 || d > 9 || Long.compareUnsigned(value, MAX_UNSIGNED_DIV_10) > 0
                        || (value == MAX_UNSIGNED_DIV_10 && d > 5)) {
                    throw unparsable(text, start, len, column);
                }
                value = value * 10 + d;
            }
            if (bytes < 8 && Long.compareUnsigned(value, (1L << (8 * bytes)) - 1) > 0) {
                throw unparsable(text, start, len, column);
            }
            return value;
        }
        for (; i < end; i++) { // accumulated as a negative number, which reaches Long.MIN_VALUE
            int d = text.getByte(i) - '0';
            if (d < 0 || d > 9 || value < (Long.MIN_VALUE + d) / 10) {
                throw unparsable(text, start, len, column);
            }
            value = value * 10 - d;
        }
        if (!negative) {
            if (value == Long.MIN_VALUE) {
                throw unparsable(text, start, len, column);
            }
            value = -value;
        }
        long half = 1L << (8 * bytes - 1);
        if (bytes < 8 && (value < -half || value >= half)) {
            throw unparsable(text, start, len, column);
        }
        return value;
    }

    /**
     * {@code [-] digits [. digits] [(e|E) [+-] digits]}, rounded correctly to a float ({@code single}) or a double.
     * Few digits and a small exponent take the exact path (one rounding of exact operands); the rest parse a String.
     */
    private double real(ByteBuf text, int start, int len, int column, boolean single) {
        int end = start + len;
        int i = start;
        boolean negative = i < end && text.getByte(i) == '-';
        if (negative) {
            i++;
        }
        long limit = single ? MAX_EXACT_FLOAT : MAX_EXACT_DOUBLE;
        long mantissa = 0;
        boolean exact = true;
        int digits = 0;
        int scale = 0;
        boolean fraction = false;
        for (; i < end; i++) {
            byte b = text.getByte(i);
            if (b == '.' && !fraction) {
                fraction = true;
                continue;
            }
            int d = b - '0';
            if (d < 0 || d > 9) {
                break;
            }
            digits++;
            if (fraction) {
                scale++;
            }
            if (mantissa > (limit - d) / 10) {
                exact = false;
            } else if (exact) {
                mantissa = mantissa * 10 + d;
            }
        }
        int exponent = 0;
        if (i < end && (text.getByte(i) == 'e' || text.getByte(i) == 'E')) {
            i++;
            boolean negativeExponent = i < end && text.getByte(i) == '-';
            if (i < end && (text.getByte(i) == '-' || text.getByte(i) == '+')) {
                i++;
            }
            int exponentStart = i;
            for (; i < end && text.getByte(i) >= '0' && text.getByte(i) <= '9'; i++) {
                exponent = Math.min(exponent * 10 + text.getByte(i) - '0', 100_000); // far past any double
            }
            if (i == exponentStart) {
                throw unparsable(text, start, len, column);
            }
            if (negativeExponent) {
                exponent = -exponent;
            }
        }
        if (digits == 0 || i != end) {
            throw unparsable(text, start, len, column);
        }
        int power = exponent - scale;
        if (exact && single && Math.abs(power) < FLOAT_POWERS.length) {
            float v = power >= 0 ? mantissa * FLOAT_POWERS[power] : mantissa / FLOAT_POWERS[-power];
            return negative ? -v : v;
        }
        if (exact && !single && Math.abs(power) < DOUBLE_POWERS.length) {
            double v = power >= 0 ? mantissa * DOUBLE_POWERS[power] : mantissa / DOUBLE_POWERS[-power];
            return negative ? -v : v;
        }
        String digitsText = text.toString(start, len, StandardCharsets.US_ASCII);
        return single ? Float.parseFloat(digitsText) : Double.parseDouble(digitsText);
    }

    /**
     * {@code YYYY-MM-DD[ hh:mm:ss[.f{1,6}]]} as {@code length | 2 year | month | day | hour | minute | second |
     * 4 micros}, with the length MySQL uses: 0 when all is zero, 4 without a time, 7 without micros, else 11.
     */
    private void date(ByteBuf text, int start, int len, int column, ByteBuf out) {
        boolean layout = (len == 10 || len == 19 || (len >= 21 && len <= 26))
                && text.getByte(start + 4) == '-' && text.getByte(start + 7) == '-'
                && (len == 10 || (text.getByte(start + 10) == ' ' && text.getByte(start + 13) == ':'
                        && text.getByte(start + 16) == ':'))
                && (len <= 19 || text.getByte(start + 19) == '.');
        if (!layout) {
            throw unparsable(text, start, len, column);
        }
        int year = digits(text, start, 4);
        int month = digits(text, start + 5, 2);
        int day = digits(text, start + 8, 2);
        int hour = len > 10 ? digits(text, start + 11, 2) : 0;
        int minute = len > 10 ? digits(text, start + 14, 2) : 0;
        int second = len > 10 ? digits(text, start + 17, 2) : 0;
        int micros = len > 19 ? micros(text, start + 20, len - 20) : 0;
        if ((year | month | day | hour | minute | second | micros) < 0) {
            throw unparsable(text, start, len, column);
        }
        if (micros != 0) {
            out.writeByte(11).writeShortLE(year).writeByte(month).writeByte(day)
                    .writeByte(hour).writeByte(minute).writeByte(second).writeIntLE(micros);
        } else if ((hour | minute | second) != 0) {
            out.writeByte(7).writeShortLE(year).writeByte(month).writeByte(day)
                    .writeByte(hour).writeByte(minute).writeByte(second);
        } else if ((year | month | day) != 0) {
            out.writeByte(4).writeShortLE(year).writeByte(month).writeByte(day);
        } else {
            out.writeByte(0);
        }
    }

    /**
     * {@code [-]h…h:mm:ss[.f{1,6}]} as {@code length | is_negative | 4 days | hour | minute | second | 4 micros},
     * with days = hours / 24: length 0 when all is zero, 8 without micros, else 12.
     */
    private void time(ByteBuf text, int start, int len, int column, ByteBuf out) {
        int end = start + len;
        int i = start;
        boolean negative = i < end && text.getByte(i) == '-';
        if (negative) {
            i++;
        }
        int colon = text.indexOf(i, end, (byte) ':');
        int hourDigits = colon - i;
        // hours, then ":mm:ss" and an optional fraction of one to six digits
        int rest = end - colon;
        if (colon < 0 || hourDigits < 1 || hourDigits > 9 || !(rest == 6 || (rest >= 8 && rest <= 13))
                || text.getByte(colon + 3) != ':' || (rest > 6 && text.getByte(colon + 6) != '.')) {
            throw unparsable(text, start, len, column);
        }
        int hours = digits(text, i, hourDigits);
        int minute = digits(text, colon + 1, 2);
        int second = digits(text, colon + 4, 2);
        int micros = rest > 6 ? micros(text, colon + 7, rest - 7) : 0;
        if ((hours | minute | second | micros) < 0) {
            throw unparsable(text, start, len, column);
        }
        int days = hours / 24;
        int hour = hours % 24;
        if (micros != 0) {
            out.writeByte(12).writeByte(negative ? 1 : 0).writeIntLE(days)
                    .writeByte(hour).writeByte(minute).writeByte(second).writeIntLE(micros);
        } else if ((days | hour | minute | second) != 0) {
            out.writeByte(8).writeByte(negative ? 1 : 0).writeIntLE(days)
                    .writeByte(hour).writeByte(minute).writeByte(second);
        } else {
            out.writeByte(0);
        }
    }

    /** One to six fraction digits as microseconds ({@code .5} is 500000), or -1. */
    private static int micros(ByteBuf text, int at, int count) {
        int value = digits(text, at, count);
        for (int i = count; i < 6 && value >= 0; i++) {
            value *= 10;
        }
        return value;
    }

    /** {@code count} (at most 9) decimal digits, or -1 if any is not a digit. */
    private static int digits(ByteBuf text, int at, int count) {
        int value = 0;
        for (int i = at; i < at + count; i++) {
            int d = text.getByte(i) - '0';
            if (d < 0 || d > 9) {
                return -1;
            }
            value = value * 10 + d;
        }
        return value;
    }

    private IllegalArgumentException unparsable(ByteBuf text, int start, int len, int column) {
        ColumnDefinition41 definition = columns.get(column);
        String shown = text.toString(start, Math.min(len, MAX_SHOWN), StandardCharsets.UTF_8);
        return new IllegalArgumentException("column " + column + " '" + definition.name() + "' ("
                + definition.type() + (unsigned[column] ? " UNSIGNED" : "") + "): text value '" + shown
                + (len > MAX_SHOWN ? "…" : "") + "' does not parse as its type");
    }
}
