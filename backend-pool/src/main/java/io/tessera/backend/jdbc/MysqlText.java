package io.tessera.backend.jdbc;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;

/**
 * Values as a MySQL server prints them in a text result set (MySQL manual: "Text Resultset Row"), for the rows a
 * non-MySQL JDBC data host answers with. The rules were read off MariaDB 10.11 and MySQL 8: a DOUBLE is its shortest
 * round-trip digits and a FLOAT its 6 significant digits, plain between 1e-15 and 1e15 and {@code 1.5e-20} outside;
 * a DECIMAL has exactly its column's scale; DATE, TIME and DATETIME have a fraction of exactly the column's
 * decimals.
 */
final class MysqlText {

    /** The significant digits MySQL prints of a FLOAT ({@code FLT_DIG}). */
    private static final MathContext FLOAT_DIGITS = new MathContext(6, RoundingMode.HALF_EVEN);
    /** Outside these decimal exponents a FLOAT or DOUBLE is printed as {@code 1.5e20}. */
    private static final int MIN_PLAIN_EXPONENT = -15;
    private static final int MAX_PLAIN_EXPONENT = 14;
    private static final int MAX_YEAR = 9999;
    private static final int MAX_FRACTION_DIGITS = 6;

    private MysqlText() {
    }

    static String ofDouble(double value) {
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException("DOUBLE " + value + " has no MySQL value");
        }
        if (value == 0) {
            return "0"; // -0.0 too: MySQL prints no sign
        }
        return general(new BigDecimal(Double.toString(value)));
    }

    static String ofFloat(float value) {
        if (!Float.isFinite(value)) {
            throw new IllegalArgumentException("FLOAT " + value + " has no MySQL value");
        }
        if (value == 0) {
            return "0";
        }
        return general(new BigDecimal(value).round(FLOAT_DIGITS));
    }

    /** {@code %g}-like: the significant digits without trailing zeros, plain or with an exponent. */
    private static String general(BigDecimal value) {
        BigDecimal digits = value.stripTrailingZeros();
        int exponent = digits.precision() - digits.scale() - 1;
        if (exponent >= MIN_PLAIN_EXPONENT && exponent <= MAX_PLAIN_EXPONENT) {
            return digits.toPlainString();
        }
        String unscaled = digits.unscaledValue().abs().toString();
        StringBuilder text = new StringBuilder(unscaled.length() + 8);
        if (digits.signum() < 0) {
            text.append('-');
        }
        text.append(unscaled.charAt(0));
        if (unscaled.length() > 1) {
            text.append('.').append(unscaled, 1, unscaled.length());
        }
        return text.append('e').append(exponent).toString();
    }

    /**
     * A DECIMAL with exactly {@code scale} digits after the point, as a DECIMAL(p, scale) column prints; a value
     * with more digits than that (an unconstrained NUMERIC, {@code scale} &lt; 0) keeps its own.
     */
    static String ofDecimal(BigDecimal value, int scale) {
        if (scale >= 0 && value.scale() <= scale) {
            return value.setScale(scale).toPlainString();
        }
        return value.toPlainString();
    }

    /** {@code 2024-01-02}. */
    static String ofDate(LocalDate date) {
        StringBuilder text = new StringBuilder(10);
        appendDate(text, date);
        return text.toString();
    }

    /** {@code 03:04:05}, or {@code 03:04:05.120} for {@code decimals} 3. */
    static String ofTime(LocalTime time, int decimals) {
        StringBuilder text = new StringBuilder(15);
        appendTime(text, time, decimals);
        return text.toString();
    }

    /** {@code 2024-01-02 03:04:05}, with {@code decimals} fraction digits. */
    static String ofDateTime(LocalDateTime dateTime, int decimals) {
        StringBuilder text = new StringBuilder(26);
        appendDate(text, dateTime.toLocalDate());
        text.append(' ');
        appendTime(text, dateTime.toLocalTime(), decimals);
        return text.toString();
    }

    private static void appendDate(StringBuilder text, LocalDate date) {
        int year = date.getYear();
        if (year < 0 || year > MAX_YEAR) {
            throw new IllegalArgumentException("date " + date + " is outside MySQL's years 0000..9999");
        }
        pad(text, year, 4).append('-');
        pad(text, date.getMonthValue(), 2).append('-');
        pad(text, date.getDayOfMonth(), 2);
    }

    private static void appendTime(StringBuilder text, LocalTime time, int decimals) {
        pad(text, time.getHour(), 2).append(':');
        pad(text, time.getMinute(), 2).append(':');
        pad(text, time.getSecond(), 2);
        int digits = Math.min(decimals, MAX_FRACTION_DIGITS);
        if (digits > 0) {
            int micros = time.getNano() / 1000;
            text.append('.');
            String fraction = Integer.toString(1_000_000 + micros).substring(1); // 6 digits, zero-padded
            text.append(fraction, 0, digits);
        }
    }

    private static StringBuilder pad(StringBuilder text, int value, int width) {
        String digits = Integer.toString(value);
        for (int i = digits.length(); i < width; i++) {
            text.append('0');
        }
        return text.append(digits);
    }
}
