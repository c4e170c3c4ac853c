package io.tessera.proxy.exec.merge;

import java.math.BigDecimal;
import java.math.MathContext;

/**
 * A DOUBLE as MariaDB writes it in a text result: the shortest digits that read back as the same double, in plain
 * notation from 1e-15 up to 15 integer digits ({@code 123456789012345.6}, {@code 0.000000000000001}), otherwise as
 * {@code 1.5e15} / {@code 1e-16} (rules read off MariaDB 10.11's answers).
 */
final class DoubleText {

    private DoubleText() {
    }

    static String format(double value) {
        if (value == 0) {
            return "0";
        }
        BigDecimal shortest = shortest(value);
        String digits = shortest.unscaledValue().abs().toString();
        int decimalPoint = digits.length() - shortest.scale(); // value = 0.digits x 10^decimalPoint
        StringBuilder out = new StringBuilder(digits.length() + 8);
        if (value < 0) {
            out.append('-');
        }
        int trimmed = digits.length();
        while (trimmed > 1 && digits.charAt(trimmed - 1) == '0') {
            trimmed--;
        }
        digits = digits.substring(0, trimmed);
        boolean plain = decimalPoint >= -14 && decimalPoint <= 15 || decimalPoint == 16 && digits.length() > 16;
        if (plain) {
            if (decimalPoint <= 0) {
                out.append("0.").append("0".repeat(-decimalPoint)).append(digits);
            } else if (decimalPoint >= digits.length()) {
                out.append(digits).append("0".repeat(decimalPoint - digits.length()));
            } else {
                out.append(digits, 0, decimalPoint).append('.').append(digits, decimalPoint, digits.length());
            }
        } else {
            out.append(digits.charAt(0));
            if (digits.length() > 1) {
                out.append('.').append(digits, 1, digits.length());
            }
            out.append('e').append(decimalPoint - 1);
        }
        return out.toString();
    }

    /** The decimal with the fewest significant digits that parses back to {@code value}. */
    private static BigDecimal shortest(double value) {
        BigDecimal exact = new BigDecimal(value);
        for (int precision = 1; precision < 17; precision++) {
            BigDecimal candidate = exact.round(new MathContext(precision));
            if (candidate.doubleValue() == value) {
                return candidate;
            }
        }
        return exact.round(new MathContext(17));
    }
}
