package io.tessera.router.sequence;

import com.alibaba.druid.sql.ast.SQLExpr;
import com.alibaba.druid.sql.ast.SQLName;
import com.alibaba.druid.sql.ast.expr.SQLDefaultExpr;
import com.alibaba.druid.sql.ast.expr.SQLIdentifierExpr;
import com.alibaba.druid.sql.ast.expr.SQLIntegerExpr;
import com.alibaba.druid.sql.ast.expr.SQLNullExpr;
import com.alibaba.druid.sql.ast.statement.SQLInsertStatement;
import com.alibaba.druid.sql.ast.statement.SQLInsertStatement.ValuesClause;
import com.alibaba.druid.sql.ast.statement.SQLReplaceStatement;
import io.tessera.router.parse.ParsedStatement;
import io.tessera.router.parse.SqlNames;
import io.tessera.router.parse.SqlText;
import java.util.ArrayList;
import java.util.List;

/**
 * An INSERT into a table whose primary key a sequence fills ({@code autoIncrement="true"} in schema.xml) with rows
 * that leave the key to be generated: its column list leaves the key out, or names it and some rows give it as
 * {@code NULL}, {@code DEFAULT} or (unless the sql_mode has NO_AUTO_VALUE_ON_ZERO) {@code 0}, which MySQL's
 * AUTO_INCREMENT reads as "generate one" (sysbench's {@code --auto_inc=on} inserts id 0). It gives the number of ids
 * needed and the statement with them written in. An INSERT without a column list, whose key's place Tessera cannot
 * tell, is left alone, as is REPLACE (MyCat fills INSERTs only).
 */
public final class KeylessInsert {

    private final SQLInsertStatement ast;
    /** The key's place in the column list, or -1 when the list leaves it out (every row then gets an id). */
    private final int keyIndex;
    /** The rows that get ids, in order. */
    private final List<ValuesClause> keyless;

    private KeylessInsert(SQLInsertStatement ast, int keyIndex, List<ValuesClause> keyless) {
        this.ast = ast;
        this.keyIndex = keyIndex;
        this.keyless = keyless;
    }

    /**
     * The INSERT {@code statement} is, when it has a column list and a row without a value of {@code key};
     * {@code null} for any other statement.
     *
     * @param zeroGenerates whether a key given as 0 is generated (MySQL's default; not under NO_AUTO_VALUE_ON_ZERO)
     */
    public static KeylessInsert of(ParsedStatement statement, String key, boolean zeroGenerates) {
        if (!(statement.ast() instanceof SQLInsertStatement insert) || insert.getColumns().isEmpty()) {
            return null;
        }
        List<SQLExpr> columns = insert.getColumns();
        for (int i = 0; i < columns.size(); i++) {
            if (key.equalsIgnoreCase(columnName(columns.get(i)))) {
                List<ValuesClause> keyless = new ArrayList<>();
                for (ValuesClause row : insert.getValuesList()) {
                    if (i < row.getValues().size() && generates(row.getValues().get(i), zeroGenerates)) {
                        keyless.add(row);
                    }
                }
                return keyless.isEmpty() ? null : new KeylessInsert(insert, i, keyless);
            }
        }
        return new KeylessInsert(insert, -1, insert.getValuesList());
    }

    private static boolean generates(SQLExpr value, boolean zeroGenerates) {
        return value instanceof SQLNullExpr || value instanceof SQLDefaultExpr
                || zeroGenerates && value instanceof SQLIntegerExpr integer
                        && "0".equals(integer.getNumber().toString());
    }

    /** The number of ids: one per row that leaves its key out; 0 for INSERT ... SELECT. */
    public int rows() {
        return keyless.size();
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
     * The statement with the key of its {@code i}-th keyless row set to {@code firstId + i}: column {@code key} added
     * last when the column list left it out, else the row's value replaced. Rewrites the tree in place; the text is
     * the tree's.
     */
    public ParsedStatement withKey(ParsedStatement statement, String key, long firstId) {
        if (fromSelect()) {
            throw new IllegalStateException("INSERT ... SELECT has no rows to give ids");
        }
        if (keyIndex < 0) {
            ast.addColumn(new SQLIdentifierExpr("`" + key.replace("`", "``") + "`"));
        }
        for (int i = 0; i < keyless.size(); i++) {
            SQLIntegerExpr id = new SQLIntegerExpr(firstId + i);
            if (keyIndex < 0) {
                keyless.get(i).addValue(id);
            } else {
                keyless.get(i).getValues().set(keyIndex, id);
                id.setParent(keyless.get(i));
            }
        }
        return new ParsedStatement(SqlText.of(ast), ast, statement.type(), statement.tables());
    }

    private static String columnName(SQLExpr column) {
        return SqlNames.normalize(column instanceof SQLName name ? name.getSimpleName() : column.toString());
    }
}
