package io.tessera.router.parse;

import com.alibaba.druid.sql.SQLUtils;
import com.alibaba.druid.sql.ast.SQLExpr;
import com.alibaba.druid.sql.ast.SQLObject;
import com.alibaba.druid.sql.ast.expr.SQLIdentifierExpr;
import com.alibaba.druid.sql.ast.expr.SQLPropertyExpr;
import com.alibaba.druid.sql.ast.statement.SQLExprTableSource;
import com.alibaba.druid.sql.ast.statement.SQLSelectQueryBlock;
import com.alibaba.druid.sql.ast.statement.SQLTableSource;
import com.alibaba.druid.sql.ast.statement.SQLWithSubqueryClause;
import com.alibaba.druid.sql.dialect.mysql.ast.statement.MySqlDeleteStatement;
import com.alibaba.druid.sql.dialect.mysql.visitor.MySqlASTVisitorAdapter;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;

/**
 * Collects every table a statement reads or writes, skipping names of common table expressions and {@code DUAL}
 * (MySQL's name for no table).
 */
final class TableCollector extends MySqlASTVisitorAdapter {

    private final Set<TableReference> tables = new LinkedHashSet<>();
    private final Set<String> cteNames = new HashSet<>();

    Set<TableReference> tables() {
        return tables;
    }

    @Override
    public boolean visit(SQLWithSubqueryClause.Entry entry) {
        cteNames.add(entry.getAlias().toLowerCase(Locale.ROOT));
        return true;
    }

    @Override
    public boolean visit(SQLExprTableSource source) {
        add(source.getExpr(), source.getAlias() == null ? null : SQLUtils.normalize(source.getAlias()));
        return true;
    }

    @Override
    public boolean visit(SQLSelectQueryBlock block) {
        return true;
    }

    /**
     * {@code DELETE t1, t2 FROM ...} / {@code DELETE FROM t1 USING ...}: the names before FROM (or after it, with
     * USING) are the tables of the join that rows are deleted from, often by alias; the join names the tables.
     */
    @Override
    public boolean visit(MySqlDeleteStatement delete) {
        SQLTableSource tables = delete.getFrom() != null ? delete.getFrom() : delete.getUsing();
        if (tables == null) {
            return true;
        }
        if (delete.getWith() != null) {
            delete.getWith().accept(this);
        }
        tables.accept(this);
        for (SQLObject part : new SQLObject[] {delete.getWhere(), delete.getOrderBy()}) {
            if (part != null) {
                part.accept(this);
            }
        }
        return false;
    }

    void add(SQLExpr expr) {
        add(expr, null);
    }

    private void add(SQLExpr expr, String alias) {
        if (expr instanceof SQLIdentifierExpr id) {
            String name = SQLUtils.normalize(id.getName());
            if (!cteNames.contains(name.toLowerCase(Locale.ROOT)) && !name.equalsIgnoreCase("dual")) {
                tables.add(new TableReference(null, name, alias));
            }
        } else if (expr instanceof SQLPropertyExpr prop && prop.getOwner() instanceof SQLIdentifierExpr owner) {
            tables.add(new TableReference(SQLUtils.normalize(owner.getName()), SQLUtils.normalize(prop.getName()),
                    alias));
        }
    }
}
