package io.tessera.router.function;

import java.math.BigInteger;
import java.util.Objects;

/**
 * A sharding column's value as a statement gives it. MyCat hands its functions the value as text (the literal's
 * digits, or a string literal without quotes); {@link #text()} is exactly that, and {@link Int} spares the common
 * integer case the round trip through a string.
 */
public sealed interface SqlValue permits SqlValue.Int, SqlValue.Text, SqlValue.Null {

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

    /** SQL NULL. */
    enum Null implements SqlValue {
        INSTANCE;

        @Override
        public String text() {
            return null;
        }
    }
}
