package io.tessera.router.shard;

import com.alibaba.druid.sql.SQLUtils;
import com.alibaba.druid.sql.ast.SQLExpr;
import com.alibaba.druid.sql.ast.expr.SQLIdentifierExpr;
import com.alibaba.druid.sql.ast.expr.SQLPropertyExpr;
import com.alibaba.druid.sql.ast.statement.SQLInsertStatement;
import com.alibaba.druid.sql.ast.statement.SQLInsertStatement.ValuesClause;
import com.alibaba.druid.sql.dialect.mysql.ast.statement.MySqlInsertStatement;
import io.tessera.router.error.RouteException;
import io.tessera.router.function.SqlValue;
import io.tessera.router.model.ShardingRule;
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
     * Node index to the SQL that node runs, in first-row order; a single entry keeps {@code sql} itself.
     *
     * @param column the column whose value places a row: the sharding column, or an ER child's join key
     * @param tableNodes how many data nodes the table has
     * @param tableColumns the table's columns in order, used when the INSERT has no column list ({@code null}
     *     when unknown: the caller must have fetched them)
     */
    public static Map<Integer, String> split(SQLInsertStatement insert, String sql, String table, String column,
            ShardingRule rule, int tableNodes, List<String> tableColumns) {
        if (insert.getQuery() != null) {
            throw RouteException.notSupported("INSERT ... SELECT into sharded table " + table
                    + " is not supported: the selected rows would have to be placed one by one");
        }
        int index = insert.getColumns().isEmpty()
                ? indexIn(tableColumns, column) : columnIndex(insert.getColumns(), column);
        if (index < 0) {
            throw RouteException.notSupported("INSERT into sharded table " + table + " must give the sharding column "
                    + column);
        }
        if (insert instanceof MySqlInsertStatement mysql) {
            for (SQLExpr update : mysql.getDuplicateKeyUpdate()) {
                if (update instanceof com.alibaba.druid.sql.ast.expr.SQLBinaryOpExpr assign
                        && isColumn(assign.getLeft(), column)) {
                    throw RouteException.notSupported("ON DUPLICATE KEY UPDATE of sharding column " + column + " of "
                            + table + " would move the row to another data node");
                }
            }
        }
        Map<Integer, List<ValuesClause>> rowsByNode = new LinkedHashMap<>();
        for (ValuesClause row : insert.getValuesList()) {
            if (index >= row.getValues().size()) {
                throw RouteException.syntax("Column count doesn't match value count in INSERT into " + table);
            }
            SQLExpr expr = row.getValues().get(index);
            SqlValue value = Literals.valueOf(expr);
            if (value instanceof SqlValue.Null) {
                value = SqlValue.of("NULL"); // MyCat's insert parser hands a NULL to the function as the text NULL
            }
            if (value == null) {
                throw RouteException.notSupported("the sharding column " + column + " of " + table
                        + " must be given as a literal, not " + SQLUtils.toMySqlString(expr));
            }
            int node = Placement.nodeOf(rule, value, tableNodes, table);
            rowsByNode.computeIfAbsent(node, n -> new ArrayList<>()).add(row);
        }
        Map<Integer, String> sqlByNode = new LinkedHashMap<>();
        if (rowsByNode.size() == 1) {
            sqlByNode.put(rowsByNode.keySet().iterator().next(), sql);
            return sqlByNode;
        }
        for (Map.Entry<Integer, List<ValuesClause>> entry : rowsByNode.entrySet()) {
            SQLInsertStatement part = insert.clone();
            part.getValuesList().clear();
            for (ValuesClause row : entry.getValue()) {
                part.addValueCause(row.clone());
            }
            sqlByNode.put(entry.getKey(), SQLUtils.toMySqlString(part));
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
