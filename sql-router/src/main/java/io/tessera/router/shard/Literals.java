package io.tessera.router.shard;

import com.alibaba.druid.sql.ast.SQLExpr;
import com.alibaba.druid.sql.ast.expr.SQLBinaryExpr;
import com.alibaba.druid.sql.ast.expr.SQLBinaryOpExpr;
import com.alibaba.druid.sql.ast.expr.SQLBinaryOperator;
import com.alibaba.druid.sql.ast.expr.SQLBooleanExpr;
import com.alibaba.druid.sql.ast.expr.SQLHexExpr;
import com.alibaba.druid.sql.ast.expr.SQLIntegerExpr;
import com.alibaba.druid.sql.ast.expr.SQLMethodInvokeExpr;
import com.alibaba.druid.sql.ast.expr.SQLNullExpr;
import com.alibaba.druid.sql.ast.expr.SQLNumberExpr;
import com.alibaba.druid.sql.ast.expr.SQLTextLiteralExpr;
import com.alibaba.druid.sql.ast.expr.SQLUnaryExpr;
import com.alibaba.druid.sql.ast.expr.SQLUnaryOperator;
import io.tessera.router.error.RouteException;
import io.tessera.router.function.SqlValue;
import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * Literal expressions as sharding values: the value MySQL reads, as MyCat hands it to its functions. Integers by their
 * digits ({@code -5}), decimals in plain notation, strings by their value: Druid's lexer has already undone doubled
 * quotes and backslash escapes, dropped a character set introducer ({@code _utf8mb4'a'}) and joined adjacent literals
 * ({@code 'a' 'b'} is {@code ab}; after {@code N'a'} Druid writes the join as {@code CONCAT(N'a', 'b')}, read here as
 * the same string). Under {@code NO_BACKSLASH_ESCAPES} the parser hands Druid a text in which backslashes are already
 * literal ({@link io.tessera.router.parse.NoBackslashEscapes}). Hex and bit literals are {@link SqlValue.Binary}:
 * string or number, as the function's column reads them. Anything that is not a literal (a column, a function call, a
 * parameter) is {@code null}: it cannot be placed before running.
 */
public final class Literals {

    private static final BigInteger LONG_MIN = BigInteger.valueOf(Long.MIN_VALUE);
    private static final BigInteger LONG_MAX = BigInteger.valueOf(Long.MAX_VALUE);

    private Literals() {
    }

    public static SqlValue valueOf(SQLExpr expr) {
        SqlValue value = read(expr);
        PlacementTrace.read(value);
        return value;
    }

    /** {@link #valueOf} without telling an open {@link PlacementTrace}. */
    public static SqlValue untracedValueOf(SQLExpr expr) {
        return read(expr);
    }

    private static SqlValue read(SQLExpr expr) {
        if (expr instanceof SQLIntegerExpr i) {
            return integer(new BigInteger(i.getNumber().toString()));
        }
        if (expr instanceof SQLTextLiteralExpr t) {
            return SqlValue.of(t.getText()); // 'a', "a", _utf8mb4'a', N'a'
        }
        if (expr instanceof SQLNumberExpr n) {
            Number number = n.getNumber();
            if (number instanceof Double d && d == Math.rint(d) && Math.abs(d) < 0x1p63) {
                return SqlValue.of(d.longValue()); // 17E0 (a DOUBLE bound by a driver) is key 17, as MySQL compares
            }
            if (number instanceof BigDecimal d) {
                // 10.0 equals the integer 10 wherever MySQL compares it with an integer column, so it is key 10: as
                // text it would be hashed to another node than 10 (a DECIMAL bound by a driver reads as 10.0)
                return d.signum() == 0 || d.stripTrailingZeros().scale() <= 0
                        ? integer(d.toBigIntegerExact()) : SqlValue.of(d.toPlainString());
            }
            return SqlValue.of(String.valueOf(number));
        }
        if (expr instanceof SQLHexExpr h) {
            return new SqlValue.Binary(hexBytes(h.getHex()));
        }
        if (expr instanceof SQLBinaryExpr b) {
            return new SqlValue.Binary(bitBytes(b.getText()));
        }
        if (expr instanceof SQLNullExpr) {
            return SqlValue.Null.INSTANCE;
        }
        if (expr instanceof SQLBooleanExpr b) {
            return SqlValue.of(b.getBooleanValue() ? 1 : 0);
        }
        if (expr instanceof SQLMethodInvokeExpr call) {
            return concatenation(call);
        }
        if (expr instanceof SQLBinaryOpExpr op && op.getOperator() == SQLBinaryOperator.COLLATE
                && op.getLeft() instanceof SQLTextLiteralExpr) {
            return read(op.getLeft()); // 'a' COLLATE utf8mb4_bin: the collation compares, the value is 'a'
        }
        if (expr instanceof SQLUnaryExpr u && u.getOperator() == SQLUnaryOperator.Negative) {
            SqlValue inner = read(u.getExpr());
            if (inner instanceof SqlValue.Binary b) {
                inner = b.asNumber(); // -0x10 is the number -16
            }
            if (inner instanceof SqlValue.Int i) {
                return integer(BigInteger.valueOf(i.value()).negate());
            }
            if (inner instanceof SqlValue.Text t && !t.value().startsWith("-")) {
                return SqlValue.of("-" + t.value());
            }
        }
        return null;
    }

    /** {@code CONCAT} of string literals only (how Druid joins {@code N'a' 'b'}): their concatenation, as MySQL's. */
    private static SqlValue concatenation(SQLMethodInvokeExpr call) {
        if (!"concat".equalsIgnoreCase(call.getMethodName()) || call.getOwner() != null
                || call.getArguments().isEmpty()) {
            return null;
        }
        StringBuilder text = new StringBuilder();
        for (SQLExpr argument : call.getArguments()) {
            if (!(argument instanceof SQLTextLiteralExpr t)) {
                return null;
            }
            text.append(t.getText());
        }
        return SqlValue.of(text.toString());
    }

    /** {@code X'6162'} or {@code 0x6162}; an odd number of digits has a leading zero, as MySQL reads {@code 0xabc}. */
    private static byte[] hexBytes(String hex) {
        String digits = hex == null ? "" : hex.length() % 2 == 0 ? hex : "0" + hex;
        byte[] bytes = new byte[digits.length() / 2];
        for (int i = 0; i < bytes.length; i++) {
            int high = hexDigit(digits.charAt(2 * i));
            int low = hexDigit(digits.charAt(2 * i + 1));
            if (high < 0 || low < 0) { // Druid's lexer lets other characters into a hex literal; MySQL does not
                throw RouteException.syntax("You have an error in your SQL syntax: 0x" + hex
                        + " is not a hexadecimal literal");
            }
            bytes[i] = (byte) (high << 4 | low);
        }
        return bytes;
    }

    /** 0..15, or -1 for anything but an ASCII hex digit. */
    private static int hexDigit(char c) {
        return c < 128 ? Character.digit(c, 16) : -1;
    }

    /** {@code b'1100001'}: MySQL pads the bits on the left to whole bytes ({@code b'1'} is {@code X'01'}). */
    private static byte[] bitBytes(String bits) {
        int length = (bits.length() + 7) / 8;
        byte[] bytes = new byte[length];
        if (length > 0) {
            byte[] number = new BigInteger(bits, 2).toByteArray(); // may carry a leading sign byte, or be shorter
            int copy = Math.min(number.length, length);
            System.arraycopy(number, number.length - copy, bytes, length - copy, copy);
        }
        return bytes;
    }

    private static SqlValue integer(BigInteger value) {
        return value.compareTo(LONG_MIN) >= 0 && value.compareTo(LONG_MAX) <= 0
                ? SqlValue.of(value.longValue()) : SqlValue.of(value.toString());
    }
}
