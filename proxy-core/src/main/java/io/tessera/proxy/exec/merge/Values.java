package io.tessera.proxy.exec.merge;

import io.netty.buffer.ByteBuf;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;

/** Comparing and reading text-protocol values in place, without making strings of them where that can be avoided. */
final class Values {

    private Values() {
    }

    /** Compares two non-NULL values of {@code type} (COLLATED values are compared by their weights elsewhere). */
    static int compare(ValueType type, ByteBuf a, int aStart, int aLength, ByteBuf b, int bStart, int bLength) {
        return switch (type) {
            case INTEGER -> Long.compare(parseLong(a, aStart, aLength), parseLong(b, bStart, bLength));
            case UNSIGNED -> Long.compareUnsigned(parseUnsigned(a, aStart, aLength), parseUnsigned(b, bStart, bLength));
            case DECIMAL -> compareDecimal(a, aStart, aLength, b, bStart, bLength);
            case APPROXIMATE -> Double.compare(parseDouble(a, aStart, aLength), parseDouble(b, bStart, bLength));
            case TIME -> Long.compare(timeMicros(a, aStart, aLength), timeMicros(b, bStart, bLength));
            case TEMPORAL, BYTES, COLLATED, UNORDERED -> compareBytes(a, aStart, aLength, b, bStart, bLength);
        };
    }

    static int compareBytes(ByteBuf a, int aStart, int aLength, ByteBuf b, int bStart, int bLength) {
        int n = Math.min(aLength, bLength);
        for (int i = 0; i < n; i++) {
            int d = a.getUnsignedByte(aStart + i) - b.getUnsignedByte(bStart + i);
            if (d != 0) {
                return d;
            }
        }
        return Integer.compare(aLength, bLength);
    }

    static long parseLong(ByteBuf buf, int start, int length) {
        boolean negative = length > 0 && buf.getByte(start) == '-';
        long value = 0;
        for (int i = negative ? 1 : 0; i < length; i++) {
            value = value * 10 - (buf.getByte(start + i) - '0'); // accumulate negatively: Long.MIN_VALUE fits
        }
        return negative ? value : -value;
    }

    static long parseUnsigned(ByteBuf buf, int start, int length) {
        long value = 0;
        for (int i = 0; i < length; i++) {
            value = value * 10 + (buf.getByte(start + i) - '0');
        }
        return value;
    }

    static double parseDouble(ByteBuf buf, int start, int length) {
        return Double.parseDouble(text(buf, start, length));
    }

    static BigDecimal parseDecimal(ByteBuf buf, int start, int length) {
        return new BigDecimal(text(buf, start, length));
    }

    static String text(ByteBuf buf, int start, int length) {
        return buf.toString(start, length, StandardCharsets.ISO_8859_1);
    }

    /**
     * Compares DECIMAL texts ({@code -123.450}) digit by digit: sign, then the integer digits' count, then the
     * digits, the fraction padded with zeros.
     */
    static int compareDecimal(ByteBuf a, int aStart, int aLength, ByteBuf b, int bStart, int bLength) {
        boolean aNegative = a.getByte(aStart) == '-';
        boolean bNegative = b.getByte(bStart) == '-';
        boolean aZero = isZero(a, aStart, aLength);
        boolean bZero = isZero(b, bStart, bLength);
        int aSign = aZero ? 0 : aNegative ? -1 : 1;
        int bSign = bZero ? 0 : bNegative ? -1 : 1;
        if (aSign != bSign || aSign == 0) {
            return Integer.compare(aSign, bSign);
        }
        int magnitude = compareMagnitude(a, aStart + (aNegative ? 1 : 0), aLength - (aNegative ? 1 : 0),
                b, bStart + (bNegative ? 1 : 0), bLength - (bNegative ? 1 : 0));
        return aSign < 0 ? -magnitude : magnitude;
    }

    private static boolean isZero(ByteBuf buf, int start, int length) {
        for (int i = 0; i < length; i++) {
            byte c = buf.getByte(start + i);
            if (c >= '1' && c <= '9') {
                return false;
            }
        }
        return true;
    }

    private static int compareMagnitude(ByteBuf a, int aStart, int aLength, ByteBuf b, int bStart, int bLength) {
        int aEnd = aStart + aLength;
        int bEnd = bStart + bLength;
        int aFrom = skipZeros(a, aStart, aEnd);
        int bFrom = skipZeros(b, bStart, bEnd);
        int aDot = dot(a, aFrom, aEnd);
        int bDot = dot(b, bFrom, bEnd);
        if (aDot - aFrom != bDot - bFrom) {
            return Integer.compare(aDot - aFrom, bDot - bFrom);
        }
        for (int i = aFrom, j = bFrom; i < aDot; i++, j++) {
            int d = a.getByte(i) - b.getByte(j);
            if (d != 0) {
                return d;
            }
        }
        for (int i = aDot + 1, j = bDot + 1; i < aEnd || j < bEnd; i++, j++) {
            int d = (i < aEnd ? a.getByte(i) : '0') - (j < bEnd ? b.getByte(j) : '0');
            if (d != 0) {
                return d;
            }
        }
        return 0;
    }

    /** Past the integer part's leading zeros, keeping one before the point. */
    private static int skipZeros(ByteBuf buf, int from, int end) {
        int i = from;
        while (i < end - 1 && buf.getByte(i) == '0' && buf.getByte(i + 1) != '.') {
            i++;
        }
        return i;
    }

    private static int dot(ByteBuf buf, int from, int end) {
        int i = from;
        while (i < end && buf.getByte(i) != '.') {
            i++;
        }
        return i;
    }

    /** TIME text {@code [-]h..hh:mm:ss[.ffffff]} as signed microseconds. */
    static long timeMicros(ByteBuf buf, int start, int length) {
        int i = start;
        int end = start + length;
        boolean negative = buf.getByte(i) == '-';
        if (negative) {
            i++;
        }
        long hours = 0;
        while (i < end && buf.getByte(i) != ':') {
            hours = hours * 10 + (buf.getByte(i++) - '0');
        }
        long minutes = (buf.getByte(i + 1) - '0') * 10L + (buf.getByte(i + 2) - '0');
        long seconds = (buf.getByte(i + 4) - '0') * 10L + (buf.getByte(i + 5) - '0');
        i += 6;
        long micros = 0;
        int digits = 0;
        if (i < end && buf.getByte(i) == '.') {
            for (i++; i < end; i++, digits++) {
                micros = micros * 10 + (buf.getByte(i) - '0');
            }
        }
        for (; digits < 6; digits++) {
            micros *= 10;
        }
        long total = ((hours * 60 + minutes) * 60 + seconds) * 1_000_000 + micros;
        return negative ? -total : total;
    }
}
