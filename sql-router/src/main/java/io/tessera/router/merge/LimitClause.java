package io.tessera.router.merge;

import com.alibaba.druid.sql.SQLUtils;
import com.alibaba.druid.sql.ast.SQLExpr;
import com.alibaba.druid.sql.ast.SQLLimit;
import com.alibaba.druid.sql.ast.expr.SQLIntegerExpr;
import com.alibaba.druid.sql.ast.expr.SQLNumberExpr;
import io.tessera.router.error.RouteException;
import java.math.BigDecimal;

/**
 * A SELECT's {@code LIMIT offset, count}, or, when it has none, the implicit limit (the schema's {@code sqlMaxLimit},
 * the session's {@code sql_select_limit}).
 */
record LimitClause(long offset, long count) {

    /** The limit of a SELECT, or {@code null} for none; {@code implicitLimit} is -1 when there is none. */
    static LimitClause of(SQLLimit limit, long implicitLimit) {
        if (limit == null) {
            return implicitLimit >= 0 ? new LimitClause(0, implicitLimit) : null;
        }
        return new LimitClause(value(limit.getOffset(), "offset"), value(limit.getRowCount(), "row count"));
    }

    /**
     * Whether {@code limit} is written with integer literals only, so that a data node reads it as it stands: a
     * prepared statement's LIMIT bound as DOUBLE or DECIMAL is inlined as {@code 10.0E0} or {@code 10.0}, which
     * MariaDB takes as a bound value but refuses in a statement's text.
     */
    static boolean writtenAsIntegers(SQLLimit limit) {
        return limit.getRowCount() instanceof SQLIntegerExpr
                && (limit.getOffset() == null || limit.getOffset() instanceof SQLIntegerExpr);
    }

    private static long value(SQLExpr expr, String what) {
        if (expr == null) {
            return 0;
        }
        if (expr instanceof SQLIntegerExpr integer && integer.getNumber().longValue() >= 0) {
            return integer.getNumber().longValue();
        }
        if (expr instanceof SQLNumberExpr number) {
            // A DOUBLE or DECIMAL bound to LIMIT ? (Node's mysql2 binds every JS number as DOUBLE): MySQL takes a
            // whole value as that integer.
            Number n = number.getNumber();
            if (n instanceof Double d && d >= 0 && d == Math.rint(d) && d < 0x1p63) {
                return d.longValue();
            }
            if (n instanceof BigDecimal d && d.signum() >= 0 && d.stripTrailingZeros().scale() <= 0
                    && d.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) <= 0) {
                return d.longValueExact();
            }
        }
        throw RouteException.notSupported("a LIMIT " + what + " that is not a number ("
                + SQLUtils.toMySqlString(expr) + ") cannot be merged from several data nodes");
    }
}
