package io.tessera.router.shape;

import io.tessera.router.function.SqlValue;
import io.tessera.router.parse.SqlShape;
import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * A literal's value read from its text alone, as {@link io.tessera.router.shard.Literals} reads it from Druid's tree:
 * an integer by its digits, a decimal without a fraction as that integer, a string in single quotes by its
 * characters. Other literals ({@link SqlShape#OTHER}) are not read here: {@code null}.
 */
final class ShapeLiteral {

    private static final BigInteger LONG_MAX = BigInteger.valueOf(Long.MAX_VALUE);

    private ShapeLiteral() {
    }

    static SqlValue valueOf(SqlShape.Lexed lexed, int literal) {
        return switch (lexed.kind(literal)) {
            case SqlShape.INTEGER -> integer(lexed.text(literal));
            case SqlShape.DECIMAL -> decimal(new BigDecimal(lexed.text(literal)));
            case SqlShape.STRING -> string(lexed.text(literal));
            default -> null;
        };
    }

    private static SqlValue integer(String digits) {
        if (digits.length() < 19) {
            return SqlValue.of(Long.parseLong(digits));
        }
        BigInteger value = new BigInteger(digits);
        return value.compareTo(LONG_MAX) <= 0 ? SqlValue.of(value.longValue()) : SqlValue.of(value.toString());
    }

    private static SqlValue decimal(BigDecimal value) {
        return value.signum() == 0 || value.stripTrailingZeros().scale() <= 0
                ? integer(value.toBigIntegerExact().toString()) : SqlValue.of(value.toPlainString());
    }

    /** {@code 'a''b'}: the characters between the quotes, a doubled quote read as one. */
    private static SqlValue string(String quoted) {
        String inner = quoted.substring(1, quoted.length() - 1);
        return SqlValue.of(inner.indexOf('\'') < 0 ? inner : inner.replace("''", "'"));
    }
}
