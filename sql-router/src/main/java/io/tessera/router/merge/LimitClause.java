package io.tessera.router.merge;

import com.alibaba.druid.sql.ast.SQLExpr;
import com.alibaba.druid.sql.ast.SQLLimit;
import com.alibaba.druid.sql.ast.expr.SQLIntegerExpr;
import io.tessera.router.error.RouteException;

/** A SELECT's {@code LIMIT offset, count}, or the schema's {@code sqlMaxLimit} when it has none. */
record LimitClause(long offset, long count) {

    /** The limit of a SELECT, or {@code null} for none. */
    static LimitClause of(SQLLimit limit, long sqlMaxLimit) {
        if (limit == null) {
            return sqlMaxLimit > 0 ? new LimitClause(0, sqlMaxLimit) : null;
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
