package io.tessera.router.locality;

import com.alibaba.druid.sql.ast.SQLObject;
import com.alibaba.druid.sql.ast.expr.SQLAggregateExpr;
import com.alibaba.druid.sql.ast.statement.SQLSelect;
import com.alibaba.druid.sql.ast.statement.SQLSelectItem;
import com.alibaba.druid.sql.ast.statement.SQLSelectQueryBlock;
import com.alibaba.druid.sql.dialect.mysql.visitor.MySqlASTVisitorAdapter;

/** What a query block computes over all its rows at once: aggregates, window functions. Its subqueries not counted. */
final class QueryFeatures extends MySqlASTVisitorAdapter {

    private boolean aggregate;
    private boolean window;

    private QueryFeatures() {
    }

    /** Whether the block's select list or HAVING holds an aggregate (not counting window functions). */
    static boolean aggregates(SQLSelectQueryBlock query) {
        return of(query).aggregate;
    }

    /** Whether the block uses a window function ({@code ... OVER (...)}). */
    static boolean windows(SQLSelectQueryBlock query) {
        return of(query).window;
    }

    private static QueryFeatures of(SQLSelectQueryBlock query) {
        QueryFeatures features = new QueryFeatures();
        for (SQLSelectItem item : query.getSelectList()) {
            item.accept(features);
        }
        accept(query.getGroupBy(), features);
        accept(query.getOrderBy(), features);
        return features;
    }

    private static void accept(SQLObject object, QueryFeatures features) {
        if (object != null) {
            object.accept(features);
        }
    }

    @Override
    public boolean visit(SQLAggregateExpr x) {
        if (x.getOver() != null || x.getOverRef() != null) {
            window = true;
        } else {
            aggregate = true;
        }
        return true;
    }

    @Override
    public boolean visit(SQLSelect x) {
        return false; // a subquery's aggregates are its own
    }
}
