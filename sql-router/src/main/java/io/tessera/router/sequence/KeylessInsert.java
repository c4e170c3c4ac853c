package io.tessera.router.sequence;

import com.alibaba.druid.sql.ast.SQLExpr;
import com.alibaba.druid.sql.ast.SQLName;
import com.alibaba.druid.sql.ast.expr.SQLIdentifierExpr;
import com.alibaba.druid.sql.ast.expr.SQLIntegerExpr;
import com.alibaba.druid.sql.ast.statement.SQLInsertStatement;
import com.alibaba.druid.sql.ast.statement.SQLInsertStatement.ValuesClause;
import com.alibaba.druid.sql.ast.statement.SQLReplaceStatement;
import io.tessera.router.parse.ParsedStatement;
import io.tessera.router.parse.SqlNames;
import io.tessera.router.parse.SqlText;
import java.util.List;

/**
 * An INSERT into a table whose primary key a sequence fills ({@code autoIncrement="true"} in schema.xml): whether it
 * leaves the key out, how many rows it has, and the statement with the key added, one id per row. An INSERT without a
 * column list gives every column, the key included, and is left alone, as is REPLACE (MyCat fills INSERTs only).
 */
public final class KeylessInsert {

    private final SQLInsertStatement ast;

    private KeylessInsert(SQLInsertStatement ast) {
        this.ast = ast;
    }

    /**
     * The INSERT {@code statement} is, when it has a column list without {@code key}; {@code null} for any other
     * statement.
     */
    public static KeylessInsert of(ParsedStatement statement, String key) {
        if (!(statement.ast() instanceof SQLInsertStatement insert) || insert.getColumns().isEmpty()) {
            return null;
        }
        for (SQLExpr column : insert.getColumns()) {
            if (key.equalsIgnoreCase(columnName(column))) {
                return null;
            }
        }
        return new KeylessInsert(insert);
    }

    /** The number of rows in VALUES, and so of ids; 0 for INSERT ... SELECT. */
    public int rows() {
        return ast.getValuesList().size();
    }

    /** The table an INSERT writes to, unquoted, or {@code null} for any other statement. */
    public static String tableOf(ParsedStatement statement) {
        return statement.ast() instanceof SQLInsertStatement insert
                ? SqlNames.normalize(insert.getTableName().getSimpleName()) : null;
    }

    /** The schema an INSERT names, unquoted, or {@code null} when it names none or is no INSERT. */
    public static String schemaOf(ParsedStatement statement) {
        return statement.ast() instanceof SQLInsertStatement insert
                ? SqlNames.normalize(insert.getTableSource().getSchema()) : null;
    }

    /** Whether {@code statement} is an INSERT ... SELECT or a REPLACE ... SELECT. */
    public static boolean insertsSelected(ParsedStatement statement) {
        return statement.ast() instanceof SQLInsertStatement insert && insert.getQuery() != null
                || statement.ast() instanceof SQLReplaceStatement replace && replace.getQuery() != null;
    }

    /** INSERT ... SELECT: the number of rows, and so of ids, is not known before it runs. */
    public boolean fromSelect() {
        return ast.getQuery() != null;
    }

    /**
     * The statement with column {@code key} added last, row {@code i} giving it {@code firstId + i}. Rewrites the
     * tree in place; the text is the tree's.
     */
    public ParsedStatement withKey(ParsedStatement statement, String key, long firstId) {
        if (fromSelect()) {
            throw new IllegalStateException("INSERT ... SELECT has no rows to give ids");
        }
        ast.addColumn(new SQLIdentifierExpr("`" + key.replace("`", "``") + "`"));
        List<ValuesClause> values = ast.getValuesList();
        for (int i = 0; i < values.size(); i++) {
            values.get(i).addValue(new SQLIntegerExpr(firstId + i));
        }
        return new ParsedStatement(SqlText.of(ast), ast, statement.type(), statement.tables());
    }

    private static String columnName(SQLExpr column) {
        return SqlNames.normalize(column instanceof SQLName name ? name.getSimpleName() : column.toString());
    }
}
