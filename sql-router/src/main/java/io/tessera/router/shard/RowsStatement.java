package io.tessera.router.shard;

import com.alibaba.druid.sql.ast.SQLExpr;
import com.alibaba.druid.sql.ast.SQLStatement;
import com.alibaba.druid.sql.ast.statement.SQLExprTableSource;
import com.alibaba.druid.sql.ast.statement.SQLInsertStatement;
import com.alibaba.druid.sql.ast.statement.SQLInsertStatement.ValuesClause;
import com.alibaba.druid.sql.ast.statement.SQLReplaceStatement;
import com.alibaba.druid.sql.ast.statement.SQLSelect;
import com.alibaba.druid.sql.dialect.mysql.ast.statement.MySqlInsertStatement;
import java.util.List;

/**
 * An {@code INSERT} or a {@code REPLACE} (whichever form: {@code VALUES}, {@code SET}, {@code SELECT}), seen as what
 * placing its rows needs. Druid keeps the two in unrelated classes; both place their rows the same way.
 */
public final class RowsStatement {

    private final SQLStatement ast;
    private final List<SQLExpr> columns;
    private final List<ValuesClause> rows;
    private final boolean fromSelect;
    private final List<SQLExpr> duplicateKeyUpdate;

    private RowsStatement(SQLStatement ast, List<SQLExpr> columns, List<ValuesClause> rows, boolean fromSelect,
            List<SQLExpr> duplicateKeyUpdate) {
        this.ast = ast;
        this.columns = columns;
        this.rows = rows;
        this.fromSelect = fromSelect;
        this.duplicateKeyUpdate = duplicateKeyUpdate;
    }

    /** The INSERT or REPLACE {@code ast} is, or {@code null} for any other statement. */
    public static RowsStatement of(SQLStatement ast) {
        if (ast instanceof SQLInsertStatement insert) {
            return new RowsStatement(ast, insert.getColumns(), insert.getValuesList(), insert.getQuery() != null,
                    insert instanceof MySqlInsertStatement mysql ? mysql.getDuplicateKeyUpdate() : List.of());
        }
        if (ast instanceof SQLReplaceStatement replace) {
            return new RowsStatement(ast, replace.getColumns(), replace.getValuesList(), replace.getQuery() != null,
                    List.of());
        }
        return null;
    }

    /** "INSERT" or "REPLACE", for messages. */
    public String verb() {
        return ast instanceof SQLReplaceStatement ? "REPLACE" : "INSERT";
    }

    /** Whether the statement names its columns; without a list, its values are in the table's column order. */
    public boolean hasColumnList() {
        return !columns.isEmpty();
    }

    /** The column list, empty when the statement has none. */
    public List<SQLExpr> columns() {
        return columns;
    }

    /** The rows of VALUES (a SET form is one row). */
    public List<ValuesClause> rows() {
        return rows;
    }

    /** {@code INSERT ... SELECT} / {@code REPLACE ... SELECT}. */
    public boolean fromSelect() {
        return fromSelect;
    }

    /** The SELECT of {@code INSERT ... SELECT}, or {@code null}. */
    public SQLSelect query() {
        if (ast instanceof SQLInsertStatement insert) {
            return insert.getQuery();
        }
        SQLReplaceStatement replace = (SQLReplaceStatement) ast;
        return replace.getQuery() == null ? null : replace.getQuery().getSubQuery();
    }

    /** The table rows go into. */
    public SQLExprTableSource table() {
        return ast instanceof SQLInsertStatement insert ? insert.getTableSource()
                : ((SQLReplaceStatement) ast).getTableSource();
    }

    /** The assignments of {@code ON DUPLICATE KEY UPDATE} (none for REPLACE). */
    public List<SQLExpr> duplicateKeyUpdate() {
        return duplicateKeyUpdate;
    }

    /** A copy of the statement with only {@code keep} as its rows. */
    SQLStatement withRows(List<ValuesClause> keep) {
        SQLStatement copy = ast.clone();
        List<ValuesClause> copyRows = copy instanceof SQLInsertStatement insert ? insert.getValuesList()
                : ((SQLReplaceStatement) copy).getValuesList();
        copyRows.clear();
        for (ValuesClause row : keep) {
            ValuesClause clone = row.clone();
            clone.setParent(copy);
            copyRows.add(clone);
        }
        return copy;
    }
}
