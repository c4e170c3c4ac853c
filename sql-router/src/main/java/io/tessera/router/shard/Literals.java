package io.tessera.router.shard;

import com.alibaba.druid.sql.ast.SQLExpr;
import com.alibaba.druid.sql.ast.expr.SQLBooleanExpr;
import com.alibaba.druid.sql.ast.expr.SQLCharExpr;
import com.alibaba.druid.sql.ast.expr.SQLHexExpr;
import com.alibaba.druid.sql.ast.expr.SQLIntegerExpr;
import com.alibaba.druid.sql.ast.expr.SQLNullExpr;
import com.alibaba.druid.sql.ast.expr.SQLNumberExpr;
import com.alibaba.druid.sql.ast.expr.SQLUnaryExpr;
import com.alibaba.druid.sql.ast.expr.SQLUnaryOperator;
import io.tessera.router.function.SqlValue;
import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * Literal expressions as sharding values, the way MyCat hands them to its functions: integers by their digits
 * ({@code -5}, {@code 0x1F} as 31), strings without quotes ({@code '42'} is the text 42), decimals in plain notation.
 * Anything that is not a literal (a column, a function call, a parameter) is {@code null}: it cannot be placed
 * before running.
 */
public final class Literals {

    private static final BigInteger LONG_MIN = BigInteger.valueOf(Long.MIN_VALUE);
    private static final BigInteger LONG_MAX = BigInteger.valueOf(Long.MAX_VALUE);

    private Literals() {
    }

    public static SqlValue valueOf(SQLExpr expr) {
        if (expr instanceof SQLIntegerExpr i) {
            return integer(new BigInteger(i.getNumber().toString()));
        }
        if (expr instanceof SQLCharExpr c) {
            return SqlValue.of(c.getText());
        }
        if (expr instanceof SQLNumberExpr n) {
            Number number = n.getNumber();
            if (number instanceof Double d && d == Math.rint(d) && Math.abs(d) < 0x1p63) {
                return SqlValue.of(d.longValue()); // 17E0 (a DOUBLE bound by a driver) is key 17, as MySQL compares
            }
            return number instanceof BigDecimal d
                    ? SqlValue.of(d.toPlainString()) : SqlValue.of(String.valueOf(number));
        }
        if (expr instanceof SQLHexExpr h) {
            return integer(new BigInteger(1, h.toBytes()));
        }
        if (expr instanceof SQLNullExpr) {
            return SqlValue.Null.INSTANCE;
        }
        if (expr instanceof SQLBooleanExpr b) {
            return SqlValue.of(b.getBooleanValue() ? 1 : 0);
        }
        if (expr instanceof SQLUnaryExpr u && u.getOperator() == SQLUnaryOperator.Negative) {
            SqlValue inner = valueOf(u.getExpr());
            if (inner instanceof SqlValue.Int i) {
                return integer(BigInteger.valueOf(i.value()).negate());
            }
            if (inner instanceof SqlValue.Text t && !t.value().startsWith("-")) {
                return SqlValue.of("-" + t.value());
            }
        }
        return null;
    }

    private static SqlValue integer(BigInteger value) {
        return value.compareTo(LONG_MIN) >= 0 && value.compareTo(LONG_MAX) <= 0
                ? SqlValue.of(value.longValue()) : SqlValue.of(value.toString());
    }
}
