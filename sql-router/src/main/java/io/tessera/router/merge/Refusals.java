package io.tessera.router.merge;

import com.alibaba.druid.sql.ast.expr.SQLAggregateExpr;
import com.alibaba.druid.sql.ast.statement.SQLSelectGroupByClause;
import com.alibaba.druid.sql.ast.statement.SQLSelectQueryBlock;
import com.alibaba.druid.sql.dialect.mysql.ast.statement.MySqlSelectQueryBlock;
import com.alibaba.druid.sql.dialect.mysql.visitor.MySqlASTVisitorAdapter;
import io.tessera.router.error.RouteException;

/**
 * SELECT features whose per-node answers cannot be merged into the answer over all rows. Subqueries and derived
 * tables are judged before, by where the rows they read live ({@link io.tessera.router.locality.Locality}).
 */
final class Refusals extends MySqlASTVisitorAdapter {

    private String refused;

    private Refusals() {
    }

    static void check(SQLSelectQueryBlock block) {
        if (block.getInto() != null) {
            refuse("SELECT ... INTO");
        }
        if (block instanceof MySqlSelectQueryBlock mysql && mysql.isCalcFoundRows()) {
            refuse("SQL_CALC_FOUND_ROWS (FOUND_ROWS() would count one node's rows)");
        }
        SQLSelectGroupByClause groupBy = block.getGroupBy();
        if (groupBy != null && groupBy.isWithRollUp()) {
            refuse("GROUP BY ... WITH ROLLUP");
        }
        Refusals visitor = new Refusals();
        block.accept(visitor);
        if (visitor.refused != null) {
            refuse(visitor.refused);
        }
    }

    private static void refuse(String what) {
        throw RouteException.notSupported(what + " over tables spread on several data nodes is not supported");
    }

    @Override
    public boolean visit(SQLAggregateExpr x) {
        if (x.getOver() != null || x.getOverRef() != null) {
            refused = "a window function (" + x.getMethodName() + " ... OVER)";
            return false;
        }
        return true;
    }
}
