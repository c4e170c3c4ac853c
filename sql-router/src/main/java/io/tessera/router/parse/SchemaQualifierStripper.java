package io.tessera.router.parse;

import com.alibaba.druid.sql.SQLUtils;
import com.alibaba.druid.sql.ast.SQLName;
import com.alibaba.druid.sql.ast.SQLStatement;
import com.alibaba.druid.sql.ast.expr.SQLIdentifierExpr;
import com.alibaba.druid.sql.ast.expr.SQLPropertyExpr;
import com.alibaba.druid.sql.ast.statement.SQLExprTableSource;
import com.alibaba.druid.sql.ast.statement.SQLShowColumnsStatement;
import com.alibaba.druid.sql.ast.statement.SQLShowCreateTableStatement;
import com.alibaba.druid.sql.ast.statement.SQLShowIndexesStatement;
import com.alibaba.druid.sql.dialect.mysql.visitor.MySqlASTVisitorAdapter;
import java.util.Set;

/**
 * Removes logical-schema qualifiers from table names ({@code TESTDB.company} becomes {@code company}), because a
 * data node's database has another name; so does the database of {@code SHOW COLUMNS / INDEX FROM t FROM TESTDB}.
 * Qualifiers of other databases ({@code information_schema}) stay.
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

    /** {@code SHOW [FULL] COLUMNS FROM TESTDB.t} and {@code ... FROM t FROM TESTDB}. */
    @Override
    public boolean visit(SQLShowColumnsStatement show) {
        show.setTable(unqualified(show.getTable()));
        if (show.getDatabase() != null && isLogical(show.getDatabase().getSimpleName())) {
            show.setDatabase(null);
        }
        return true;
    }

    /** {@code SHOW INDEX FROM t FROM TESTDB}; the table itself is a table source. */
    @Override
    public boolean visit(SQLShowIndexesStatement show) {
        if (show.getDatabase() != null && isLogical(show.getDatabase().getSimpleName())) {
            show.setDatabase((String) null);
        }
        return true;
    }

    /** {@code SHOW CREATE TABLE TESTDB.t}. */
    @Override
    public boolean visit(SQLShowCreateTableStatement show) {
        show.setName(unqualified(show.getName()));
        return true;
    }

    private SQLName unqualified(SQLName name) {
        if (name instanceof SQLPropertyExpr prop && prop.getOwner() instanceof SQLIdentifierExpr owner
                && isLogical(owner.getName())) {
            return new SQLIdentifierExpr(prop.getName());
        }
        return name;
    }

    private boolean isLogical(String name) {
        return logicalSchemas.contains(SQLUtils.normalize(name));
    }
}
