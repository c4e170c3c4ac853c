package io.tessera.router.function;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;

/**
 * A sharding column's value as a statement gives it. MyCat hands its functions the value as text (the literal's
 * digits, or a string literal without quotes); {@link #text()} is exactly that, and {@link Int} spares the common
 * integer case the round trip through a string.
 */
public sealed interface SqlValue permits SqlValue.Int, SqlValue.Text, SqlValue.Binary, SqlValue.Null {

    /** The value as MyCat's {@code calculate(String)} receives it; {@code null} for SQL NULL. */
    String text();

    static SqlValue of(long value) {
        return new Int(value);
    }

    static SqlValue of(String text) {
        return text == null ? Null.INSTANCE : new Text(text);
    }

    /** An integer literal that fits a long. */
    record Int(long value) implements SqlValue {

        @Override
        public String text() {
            return Long.toString(value);
        }
    }

    /** Any other literal: a string, a decimal, an integer beyond long, a date. */
    record Text(String value) implements SqlValue {

        public Text {
            Objects.requireNonNull(value, "value");
        }

        @Override
        public String text() {
            return value;
        }

        /** True when the text is an optionally signed run of decimal digits (a number written as a string). */
        public boolean isInteger() {
            int start = !value.isEmpty() && (value.charAt(0) == '-' || value.charAt(0) == '+') ? 1 : 0;
            if (start == value.length()) {
                return false;
            }
            for (int i = start; i < value.length(); i++) {
                if (value.charAt(i) < '0' || value.charAt(i) > '9') {
                    return false;
                }
            }
            return true;
        }

        public BigInteger toBigInteger() {
            return new BigInteger(value);
        }
    }

    /**
     * A hex or bit literal ({@code X'6162'}, {@code 0x6162}, {@code b'0110000101100010'}): MySQL reads it as the binary
     * string of its bytes where it meets a string, and as an unsigned integer where it meets a number. Which one a
     * sharding column holds, the function tells ({@link ShardingFunction#readsText}); the router hands the function
     * {@link #asText()} or {@link #asNumber()}, never this value itself. {@link #text()} is the number's digits.
     * Holds the array it is given, which nobody may change afterwards.
     */
    record Binary(byte[] bytes) implements SqlValue {

        public Binary {
            Objects.requireNonNull(bytes, "bytes");
        }

        @Override
        public String text() {
            return new BigInteger(1, bytes).toString();
        }

        /** The number: an {@link Int} when it fits a long, else the digits as {@link Text}. */
        public SqlValue asNumber() {
            BigInteger number = new BigInteger(1, bytes);
            return number.bitLength() < Long.SIZE ? new Int(number.longValue()) : new Text(number.toString());
        }

        /**
         * The string of the bytes in a utf8 / utf8mb4 column, as MySQL compares it there. Bytes that are no UTF-8 are
         * read one char per byte (ISO-8859-1): a latin1 column's text, and in any case the same chars every time, so
         * binary keys written as hex always meet.
         */
        public Text asText() {
            try {
                return new Text(StandardCharsets.UTF_8.newDecoder()
                        .onMalformedInput(CodingErrorAction.REPORT)
                        .onUnmappableCharacter(CodingErrorAction.REPORT)
                        .decode(ByteBuffer.wrap(bytes))
                        .toString());
            } catch (CharacterCodingException e) {
                return new Text(new String(bytes, StandardCharsets.ISO_8859_1));
            }
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
            return "Binary[" + bytes.length + " bytes]";
        }
    }

    /** SQL NULL. */
    enum Null implements SqlValue {
        INSTANCE;

        @Override
        public String text() {
            return null;
        }
    }
}
