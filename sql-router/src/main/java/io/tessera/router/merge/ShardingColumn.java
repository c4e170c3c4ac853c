package io.tessera.router.merge;

import com.alibaba.druid.sql.SQLUtils;
import com.alibaba.druid.sql.ast.SQLExpr;
import com.alibaba.druid.sql.ast.expr.SQLIdentifierExpr;
import com.alibaba.druid.sql.ast.expr.SQLPropertyExpr;
import java.util.Locale;
import java.util.Set;

/**
 * The sharding column of a sharded table in the statement, with the names the statement may qualify it by. Rows that
 * differ in it may live on different nodes, but rows with the same value never do.
 */
public record ShardingColumn(Set<String> qualifiers, String column, boolean onlyTable) {

    public ShardingColumn {
        qualifiers = Set.copyOf(qualifiers);
    }

    /** Whether {@code expr} is this column, bare ({@code id}, when the table is the only one) or qualified. */
    boolean is(SQLExpr expr) {
        if (expr instanceof SQLIdentifierExpr id) {
            return onlyTable && SQLUtils.normalize(id.getName()).equalsIgnoreCase(column);
        }
        return expr instanceof SQLPropertyExpr p && p.getOwner() instanceof SQLIdentifierExpr owner
                && qualifiers.contains(SQLUtils.normalize(owner.getName()).toLowerCase(Locale.ROOT))
                && SQLUtils.normalize(p.getName()).equalsIgnoreCase(column);
    }
}
