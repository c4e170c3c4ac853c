package io.tessera.router.shard;

import com.alibaba.druid.sql.SQLUtils;
import com.alibaba.druid.sql.ast.SQLExpr;
import com.alibaba.druid.sql.ast.SQLStatement;
import com.alibaba.druid.sql.ast.expr.SQLBinaryOpExpr;
import com.alibaba.druid.sql.ast.expr.SQLBinaryOperator;
import com.alibaba.druid.sql.ast.expr.SQLIdentifierExpr;
import com.alibaba.druid.sql.ast.expr.SQLPropertyExpr;
import com.alibaba.druid.sql.ast.statement.SQLDeleteStatement;
import com.alibaba.druid.sql.ast.statement.SQLJoinTableSource;
import com.alibaba.druid.sql.ast.statement.SQLSelectQueryBlock;
import com.alibaba.druid.sql.ast.statement.SQLUpdateStatement;
import com.alibaba.druid.sql.dialect.mysql.visitor.MySqlASTVisitorAdapter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The column equalities {@code a.x = b.y} a statement's joins and WHERE clauses state in their AND chains: what
 * proves that two sharded tables meet only on matching data nodes.
 */
public final class JoinLinks {

    /** One {@code qualifier.column = qualifier.column}, names lower-case. */
    public record Link(String leftQualifier, String leftColumn, String rightQualifier, String rightColumn) {
    }

    private JoinLinks() {
    }

    public static List<Link> of(SQLStatement statement) {
        List<Link> links = new ArrayList<>();
        if (statement instanceof SQLUpdateStatement update) {
            collect(update.getWhere(), links);
        } else if (statement instanceof SQLDeleteStatement delete) {
            collect(delete.getWhere(), links);
        }
        statement.accept(new MySqlASTVisitorAdapter() {
            @Override
            public boolean visit(SQLJoinTableSource join) {
                collect(join.getCondition(), links);
                return true;
            }

            @Override
            public boolean visit(SQLSelectQueryBlock block) {
                collect(block.getWhere(), links);
                return true;
            }
        });
        return links;
    }

    private static void collect(SQLExpr condition, List<Link> links) {
        if (condition instanceof SQLBinaryOpExpr b) {
            if (b.getOperator() == SQLBinaryOperator.BooleanAnd) {
                collect(b.getLeft(), links);
                collect(b.getRight(), links);
            } else if (b.getOperator() == SQLBinaryOperator.Equality
                    && b.getLeft() instanceof SQLPropertyExpr l && b.getRight() instanceof SQLPropertyExpr r
                    && l.getOwner() instanceof SQLIdentifierExpr lo && r.getOwner() instanceof SQLIdentifierExpr ro) {
                links.add(new Link(lower(lo.getName()), lower(l.getName()), lower(ro.getName()), lower(r.getName())));
            }
        }
    }

    private static String lower(String name) {
        return SQLUtils.normalize(name).toLowerCase(Locale.ROOT);
    }
}
