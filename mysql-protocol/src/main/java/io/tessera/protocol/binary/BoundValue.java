package io.tessera.protocol.binary;

import io.netty.buffer.ByteBufUtil;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.util.Arrays;

/**
 * One parameter value of a COM_STMT_EXECUTE (MySQL manual: "Binary Protocol Value"). It writes itself as a SQL
 * literal, so that Tessera can run a prepared statement as COM_QUERY text on a data node. Every literal is one
 * token; a negative number starts with {@code -}, so a template must not put a {@code -} right before it.
 */
public sealed interface BoundValue {

    /** SQL NULL: a set bit in the NULL bitmap, or a parameter of type {@code MYSQL_TYPE_NULL}. */
    Null NULL = new Null();

    /** The largest fraction of a second: six digits. */
    int MAX_MICROS = 999_999;

    /**
     * Appends this value as a literal that MySQL reads back as the same value.
     *
     * @param clientCharset the character set of the client's connection, which text parameters are written in
     * @param backslashEscapes false when the data node's sql_mode has NO_BACKSLASH_ESCAPES
     * @throws IllegalArgumentException for a value that has no SQL literal (NaN, infinities) or text that is not
     *     valid in {@code clientCharset}; the caller answers ERR
     */
    void appendLiteral(StringBuilder sql, Charset clientCharset, boolean backslashEscapes);

    /**
     * A lower bound of the length of {@link #appendLiteral}'s literal, known without writing it: a caller that
     * only wants short literals skips a megabyte blob without building its hex.
     */
    default long minLiteralLength() {
        return 1;
    }

    /**
     * The value of a parameter whose bytes came in COM_STMT_SEND_LONG_DATA packets instead of the
     * COM_STMT_EXECUTE: raw bytes for the blob types, BIT and GEOMETRY, text in the client's charset otherwise.
     */
    static BoundValue ofLongData(ParameterType type, byte[] data) {
        return type.binary() ? new Binary(data) : new Text(data);
    }

    /** SQL NULL. */
    record Null() implements BoundValue {
        @Override
        public void appendLiteral(StringBuilder sql, Charset clientCharset, boolean backslashEscapes) {
            sql.append("NULL");
        }
    }

    /** TINY, SHORT, YEAR, INT24, LONG or LONGLONG; {@code unsigned} LONGLONG values above 2^63 are negative here. */
    record Int(long value, boolean unsigned) implements BoundValue {
        @Override
        public void appendLiteral(StringBuilder sql, Charset clientCharset, boolean backslashEscapes) {
            sql.append(unsigned ? Long.toUnsignedString(value) : Long.toString(value));
        }
    }

    /** FLOAT: written with the float's own shortest digits, so 0.1f reads back as 0.1, not 0.10000000149. */
    record Float32(float value) implements BoundValue {
        @Override
        public void appendLiteral(StringBuilder sql, Charset clientCharset, boolean backslashEscapes) {
            if (Float.isNaN(value) || Float.isInfinite(value)) {
                throw new IllegalArgumentException("FLOAT parameter " + value + " has no SQL literal");
            }
            appendWithExponent(sql, Float.toString(value));
        }
    }

    /** DOUBLE: written with Java's round-trip digits, which MySQL parses back to the same double. */
    record Float64(double value) implements BoundValue {
        @Override
        public void appendLiteral(StringBuilder sql, Charset clientCharset, boolean backslashEscapes) {
            if (Double.isNaN(value) || Double.isInfinite(value)) {
                throw new IllegalArgumentException("DOUBLE parameter " + value + " has no SQL literal");
            }
            appendWithExponent(sql, Double.toString(value));
        }
    }

    /** DECIMAL or NEWDECIMAL: the client's digits, checked to be a number so that they can go into SQL as is. */
    record Decimal(String text) implements BoundValue {

        public Decimal {
            if (!isNumber(text)) {
                throw new IllegalArgumentException("DECIMAL parameter '" + text
                        + "' (expected: digits with an optional sign, one dot and an exponent)");
            }
        }

        @Override
        public void appendLiteral(StringBuilder sql, Charset clientCharset, boolean backslashEscapes) {
            sql.append(text);
        }

        /** {@code [+-] digits [. digits] [(e|E) [+-] digits]}, with at least one digit before the exponent. */
        private static boolean isNumber(String s) {
            int i = 0;
            int n = s.length();
            if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
                i++;
            }
            int digits = 0;
            for (; i < n && isDigit(s.charAt(i)); i++) {
                digits++;
            }
            if (i < n && s.charAt(i) == '.') {
                for (i++; i < n && isDigit(s.charAt(i)); i++) {
                    digits++;
                }
            }
            if (digits == 0) {
                return false;
            }
            if (i < n && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
                i++;
                if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
                    i++;
                }
                int start = i;
                while (i < n && isDigit(s.charAt(i))) {
                    i++;
                }
                if (i == start) {
                    return false;
                }
            }
            return i == n;
        }

        private static boolean isDigit(char c) {
            return c >= '0' && c <= '9';
        }
    }

    /**
     * DATE ({@code dateOnly}), DATETIME or TIMESTAMP. A value sent with length 0 is all zeros, written
     * {@code '0000-00-00 00:00:00'}; the fraction is written only when {@code micros} is not 0.
     */
    record DateTime(boolean dateOnly, int year, int month, int day, int hour, int minute, int second, int micros)
            implements BoundValue {

        public DateTime {
            checkClock(year | month | day | hour | minute | second, micros);
        }

        @Override
        public void appendLiteral(StringBuilder sql, Charset clientCharset, boolean backslashEscapes) {
            sql.append('\'');
            pad(sql, year, 4).append('-');
            pad(sql, month, 2).append('-');
            pad(sql, day, 2);
            if (!dateOnly) {
                sql.append(' ');
                appendClock(sql, hour, minute, second, micros);
            }
            sql.append('\'');
        }
    }

    /** TIME: {@code days} and {@code hour} are written as one hour count, as in {@code '-838:59:59.000001'}. */
    record Time(boolean negative, long days, int hour, int minute, int second, int micros) implements BoundValue {

        public Time {
            checkClock(days | hour | minute | second, micros);
        }

        @Override
        public void appendLiteral(StringBuilder sql, Charset clientCharset, boolean backslashEscapes) {
            sql.append('\'');
            if (negative) {
                sql.append('-');
            }
            appendClock(sql, days * 24 + hour, minute, second, micros);
            sql.append('\'');
        }
    }

    /**
     * A string of the client's charset (VARCHAR, CHAR, ENUM, SET, JSON, …): decoded, quoted, {@code '} doubled and
     * {@code \} doubled when backslashes escape; bytes that do not decode are written as a hex literal. Holds the
     * array it is given, which nobody may change afterwards.
     */
    record Text(byte[] bytes) implements BoundValue {
        @Override
        public long minLiteralLength() {
            return 2 + (bytes.length + 3) / 4; // quoted, at least one character for every four bytes
        }

        @Override
        public void appendLiteral(StringBuilder sql, Charset clientCharset, boolean backslashEscapes) {
            String text;
            try {
                text = clientCharset.newDecoder()
                        .onMalformedInput(CodingErrorAction.REPORT)
                        .onUnmappableCharacter(CodingErrorAction.REPORT)
                        .decode(ByteBuffer.wrap(bytes))
                        .toString();
            } catch (CharacterCodingException e) {
                // bytes that are no text of the client's charset (a driver binding byte[] as a string): a binary
                // string, which is what the data host would see in them
                sql.append("X'").append(ByteBufUtil.hexDump(bytes)).append('\'');
                return;
            }
            sql.append('\'');
            for (int i = 0; i < text.length(); i++) {
                char c = text.charAt(i);
                if (c == '\'' || (c == '\\' && backslashEscapes)) {
                    sql.append(c);
                }
                sql.append(c);
            }
            sql.append('\'');
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Text t && Arrays.equals(bytes, t.bytes);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(bytes);
        }

        @Override
        public String toString() {
            return "Text[" + bytes.length + " bytes]"; // never the bytes
        }
    }

    /**
     * Bytes that are never decoded (the blob types, GEOMETRY, BIT), written as a hex literal {@code X'…'}. Holds
     * the array it is given, which nobody may change afterwards.
     */
    record Binary(byte[] bytes) implements BoundValue {
        @Override
        public long minLiteralLength() {
            return 3 + 2L * bytes.length;
        }

        @Override
        public void appendLiteral(StringBuilder sql, Charset clientCharset, boolean backslashEscapes) {
            sql.append("X'").append(ByteBufUtil.hexDump(bytes)).append('\'');
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Binary b && Arrays.equals(bytes, b.bytes);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(bytes);
        }

        @Override
        public String toString() {
            return "Binary[" + bytes.length + " bytes]"; // never the bytes
        }
    }

    /** An approximate-value literal: without an exponent, MySQL would read {@code 0.1} as an exact DECIMAL. */
    private static void appendWithExponent(StringBuilder sql, String javaText) {
        sql.append(javaText);
        if (javaText.indexOf('E') < 0) {
            sql.append("E0");
        }
    }

    /** Fields are unsigned on the wire; a fraction of more than six digits would write a different value. */
    private static void checkClock(long fieldsOred, int micros) {
        if (fieldsOred < 0) {
            throw new IllegalArgumentException("date and time fields must not be negative");
        }
        if (micros < 0 || micros > MAX_MICROS) {
            throw new IllegalArgumentException("micros: " + micros + " (expected: 0.." + MAX_MICROS + ")");
        }
    }

    private static void appendClock(StringBuilder sql, long hours, int minute, int second, int micros) {
        pad(sql, hours, 2).append(':');
        pad(sql, minute, 2).append(':');
        pad(sql, second, 2);
        if (micros != 0) {
            pad(sql.append('.'), micros, 6);
        }
    }

    /** {@code value} in decimal with leading zeros up to {@code width} digits. */
    private static StringBuilder pad(StringBuilder sql, long value, int width) {
        String digits = Long.toString(value);
        for (int i = digits.length(); i < width; i++) {
            sql.append('0');
        }
        return sql.append(digits);
    }
}
