package io.tessera.router.function;

/**
 * The decimal text of a {@code long} exactly as {@link Long#toString(long)} writes it, read one character at a time.
 * MyCat's hashing functions hash the text they receive, and for an integer literal that text is these characters;
 * reading them in place lets the integer path hash a value without building a string.
 */
final class DecimalText {

    /** 10^0 to 10^18: every power of ten below {@link Long#MAX_VALUE}. */
    private static final long[] POWERS_OF_TEN = new long[19];

    static {
        long power = 1;
        for (int i = 0; i < POWERS_OF_TEN.length; i++) {
            POWERS_OF_TEN[i] = power;
            power *= 10;
        }
    }

    private DecimalText() {
    }

    /** The length of {@code Long.toString(value)}: the digits, plus one for a minus sign. */
    static int length(long value) {
        long negative = value < 0 ? value : -value;     // -|value| cannot overflow, even for Long.MIN_VALUE
        int digits = 1;
        while (digits < POWERS_OF_TEN.length && negative <= -POWERS_OF_TEN[digits]) {
            digits++;
        }
        return value < 0 ? digits + 1 : digits;
    }

    /**
     * The character at {@code index} of {@code Long.toString(value)}.
     *
     * @param length {@link #length(long)} of the value, which the caller computes once
     */
    static char charAt(long value, int length, int index) {
        if (value < 0) {
            if (index == 0) {
                return '-';
            }
            // Division and remainder of a negative value stay negative, so Long.MIN_VALUE needs no special case.
            return (char) ('0' - (value / POWERS_OF_TEN[length - 1 - index]) % 10);
        }
        return (char) ('0' + (value / POWERS_OF_TEN[length - 1 - index]) % 10);
    }

    /** {@code Long.toString(value).hashCode()}. */
    static int hashCode(long value) {
        int length = length(value);
        int hash = 0;
        for (int i = 0; i < length; i++) {
            hash = 31 * hash + charAt(value, length, i);
        }
        return hash;
    }
}
