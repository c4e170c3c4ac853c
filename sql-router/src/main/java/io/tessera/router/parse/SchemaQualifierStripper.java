package io.tessera.router.parse;

import com.alibaba.druid.sql.SQLUtils;
import com.alibaba.druid.sql.ast.SQLStatement;
import com.alibaba.druid.sql.ast.expr.SQLIdentifierExpr;
import com.alibaba.druid.sql.ast.expr.SQLPropertyExpr;
import com.alibaba.druid.sql.ast.statement.SQLExprTableSource;
import com.alibaba.druid.sql.dialect.mysql.visitor.MySqlASTVisitorAdapter;
import java.util.Set;

/**
 * Removes logical-schema qualifiers from table names ({@code TESTDB.company} becomes {@code company}), because a
 * data node's database has another name. Qualifiers of other databases ({@code information_schema}) stay.
 */
public final class SchemaQualifierStripper extends MySqlASTVisitorAdapter {

    private final Set<String> logicalSchemas;

    private SchemaQualifierStripper(Set<String> logicalSchemas) {
        this.logicalSchemas = logicalSchemas;
    }

    /** Rewrites {@code ast} in place and returns its MySQL text. */
    public static String strip(SQLStatement ast, Set<String> logicalSchemas) {
        ast.accept(new SchemaQualifierStripper(logicalSchemas));
        return SqlText.of(ast);
    }

    @Override
    public boolean visit(SQLExprTableSource source) {
        if (source.getExpr() instanceof SQLPropertyExpr prop && prop.getOwner() instanceof SQLIdentifierExpr owner
                && logicalSchemas.contains(SQLUtils.normalize(owner.getName()))) {
            source.setExpr(new SQLIdentifierExpr(prop.getName()));
        }
        return true;
    }
}
