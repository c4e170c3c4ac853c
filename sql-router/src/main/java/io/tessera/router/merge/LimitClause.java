package io.tessera.router.merge;

import com.alibaba.druid.sql.ast.SQLExpr;
import com.alibaba.druid.sql.ast.SQLLimit;
import com.alibaba.druid.sql.ast.expr.SQLIntegerExpr;
import io.tessera.router.error.RouteException;

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

    private static long value(SQLExpr expr, String what) {
        if (expr == null) {
            return 0;
        }
        if (expr instanceof SQLIntegerExpr integer && integer.getNumber().longValue() >= 0) {
            return integer.getNumber().longValue();
        }
        throw RouteException.notSupported("a LIMIT " + what + " that is not a number (" + expr + ") cannot be merged"
                + " from several data nodes");
    }
}
