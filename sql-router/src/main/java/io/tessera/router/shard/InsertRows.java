package io.tessera.router.shard;

import com.alibaba.druid.sql.SQLUtils;
import com.alibaba.druid.sql.ast.SQLExpr;
import com.alibaba.druid.sql.ast.expr.SQLIdentifierExpr;
import com.alibaba.druid.sql.ast.expr.SQLPropertyExpr;
import com.alibaba.druid.sql.ast.expr.SQLBinaryOpExpr;
import com.alibaba.druid.sql.ast.statement.SQLInsertStatement.ValuesClause;
import io.tessera.router.error.RouteException;
import io.tessera.router.function.SqlValue;
import io.tessera.router.model.ShardingRule;
import io.tessera.router.parse.SqlText;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Places each row of an {@code INSERT/REPLACE ... VALUES} into a sharded table by its sharding column's value, and
 * writes one statement per data node holding only that node's rows. A statement whose rows all go to one node is
 * left as the client wrote it.
 */
public final class InsertRows {

    private InsertRows() {
    }

    /**
     * The value of {@code column} in each row, in row order, checked: the statement has VALUES, names the column
     * (or {@code tableColumns} gives its position when there is no column list), gives it as a literal, and does
     * not move it in ON DUPLICATE KEY UPDATE. A NULL stays {@link SqlValue.Null}, told apart from the string
     * {@code 'NULL'} until {@link #asMycatPasses} turns it into that text.
     *
     * @param column the column whose value places a row: the sharding column, or an ER child's join key
     * @param tableColumns the table's columns in order, for an INSERT without a column list
     */
    public static List<SqlValue> keyValues(RowsStatement insert, String table, String column,
            List<String> tableColumns) {
        if (insert.fromSelect()) {
            throw RouteException.notSupported(insert.verb() + " ... SELECT into sharded table " + table
                    + " is not supported: the selected rows would have to be placed one by one");
        }
        int index = positionOf(insert, tableColumns, column);
        if (index < 0) {
            throw RouteException.notSupported(insert.verb() + " into sharded table " + table
                    + " must give the sharding column " + column);
        }
        refuseMovingUpdate(insert, table, column);
        List<SqlValue> values = new ArrayList<>(insert.rows().size());
        for (ValuesClause row : insert.rows()) {
            if (index >= row.getValues().size()) {
                throw RouteException.syntax("Column count doesn't match value count in " + insert.verb() + " into "
                        + table);
            }
            SQLExpr expr = row.getValues().get(index);
            SqlValue value = Literals.valueOf(expr);
            if (value == null) {
                throw RouteException.notSupported("the sharding column " + column + " of " + table
                        + " must be given as a literal, not " + SQLUtils.toMySqlString(expr));
            }
            values.add(value);
        }
        return values;
    }

    /** A key as MyCat's insert parser hands it on: a NULL as the text {@code NULL}, anything else as it is. */
    public static SqlValue asMycatPasses(SqlValue key) {
        return key instanceof SqlValue.Null ? SqlValue.of("NULL") : key;
    }

    /**
     * Where {@code column} stands in the statement's rows: in its column list, or (without one) in the table's
     * columns {@code tableColumns}; -1 when it is not there.
     */
    public static int positionOf(RowsStatement insert, List<String> tableColumns, String column) {
        return insert.columns().isEmpty() ? indexIn(tableColumns, column) : columnIndex(insert.columns(), column);
    }

    /** Refuses an {@code ON DUPLICATE KEY UPDATE} that sets {@code column}: the row would have to move. */
    public static void refuseMovingUpdate(RowsStatement insert, String table, String column) {
        for (SQLExpr update : insert.duplicateKeyUpdate()) {
            if (update instanceof SQLBinaryOpExpr assign && isColumn(assign.getLeft(), column)) {
                throw RouteException.notSupported("ON DUPLICATE KEY UPDATE of sharding column " + column + " of "
                        + table + " would move the row to another data node");
            }
        }
    }

    /** Refuses, as MySQL does, the {@code INSERT INTO t} without VALUES, SET or SELECT that Druid accepts. */
    public static void requireRows(RowsStatement insert, String table) {
        if (insert.rows().isEmpty() && !insert.fromSelect()) {
            throw RouteException.syntax("You have an error in your SQL syntax: " + insert.verb() + " into " + table
                    + " has no VALUES");
        }
    }

    /** The node of {@code value} through the table's rule; refused (1235) when it maps to none. */
    public static int place(SqlValue value, ShardingRule rule, int tableNodes, String table) {
        return Placement.nodeOf(rule, value, tableNodes, table);
    }

    /** The node of each value through the table's rule. */
    public static List<Integer> place(List<SqlValue> values, ShardingRule rule, int tableNodes, String table) {
        List<Integer> nodes = new ArrayList<>(values.size());
        for (SqlValue value : values) {
            nodes.add(Placement.nodeOf(rule, value, tableNodes, table));
        }
        return nodes;
    }

    /**
     * Node index to the SQL that node runs, in first-row order, given each row's node; a single entry keeps
     * {@code sql} itself, so an INSERT whose rows all go to one node is sent as the client wrote it.
     */
    public static Map<Integer, String> split(RowsStatement insert, String sql, List<Integer> nodePerRow) {
        Map<Integer, List<ValuesClause>> rowsByNode = new LinkedHashMap<>();
        List<ValuesClause> rows = insert.rows();
        for (int i = 0; i < rows.size(); i++) {
            rowsByNode.computeIfAbsent(nodePerRow.get(i), n -> new ArrayList<>()).add(rows.get(i));
        }
        Map<Integer, String> sqlByNode = new LinkedHashMap<>();
        if (rowsByNode.size() == 1) {
            sqlByNode.put(rowsByNode.keySet().iterator().next(), sql);
            return sqlByNode;
        }
        for (Map.Entry<Integer, List<ValuesClause>> entry : rowsByNode.entrySet()) {
            sqlByNode.put(entry.getKey(), SqlText.of(insert.withRows(entry.getValue())));
        }
        return sqlByNode;
    }

    private static int indexIn(List<String> names, String column) {
        for (int i = 0; i < names.size(); i++) {
            if (names.get(i).equalsIgnoreCase(column)) {
                return i;
            }
        }
        return -1;
    }

    private static int columnIndex(List<SQLExpr> columns, String column) {
        for (int i = 0; i < columns.size(); i++) {
            if (isColumn(columns.get(i), column)) {
                return i;
            }
        }
        return -1;
    }

    private static boolean isColumn(SQLExpr expr, String column) {
        String name = expr instanceof SQLIdentifierExpr id ? id.getName()
                : expr instanceof SQLPropertyExpr p ? p.getName() : null;
        return name != null && SQLUtils.normalize(name).equalsIgnoreCase(column);
    }
}
