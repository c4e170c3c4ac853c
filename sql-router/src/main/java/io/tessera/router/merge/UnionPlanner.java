package io.tessera.router.merge;

import com.alibaba.druid.sql.SQLUtils;
import com.alibaba.druid.sql.ast.SQLExpr;
import com.alibaba.druid.sql.ast.SQLOrderBy;
import com.alibaba.druid.sql.ast.expr.SQLAllColumnExpr;
import com.alibaba.druid.sql.ast.expr.SQLIdentifierExpr;
import com.alibaba.druid.sql.ast.expr.SQLIntegerExpr;
import com.alibaba.druid.sql.ast.expr.SQLPropertyExpr;
import com.alibaba.druid.sql.ast.statement.SQLSelect;
import com.alibaba.druid.sql.ast.statement.SQLSelectItem;
import com.alibaba.druid.sql.ast.statement.SQLSelectOrderByItem;
import com.alibaba.druid.sql.ast.statement.SQLSelectQuery;
import com.alibaba.druid.sql.ast.statement.SQLSelectQueryBlock;
import com.alibaba.druid.sql.ast.statement.SQLSelectStatement;
import com.alibaba.druid.sql.ast.statement.SQLSubqueryTableSource;
import com.alibaba.druid.sql.ast.statement.SQLUnionOperator;
import com.alibaba.druid.sql.ast.statement.SQLUnionQuery;
import com.alibaba.druid.sql.dialect.mysql.ast.statement.MySqlSelectQueryBlock;
import io.tessera.router.error.RouteException;
import io.tessera.router.parse.SelectListSkipper;
import io.tessera.router.parse.SqlText;
import io.tessera.router.plan.Concat;
import io.tessera.router.plan.Limit;
import io.tessera.router.plan.PlanNode;
import io.tessera.router.plan.Route;
import io.tessera.router.plan.ShardStatement;
import io.tessera.router.plan.SortKeyTypes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Plans a UNION whose branches run on different data nodes. Each node runs the branches it holds, joined by UNION
 * ALL, in the client's order. A UNION ALL is then the concatenation of the nodes' rows. A UNION (DISTINCT), or one
 * with its own ORDER BY or LIMIT, is run as a SELECT over a derived table, {@code SELECT [DISTINCT] u._1 AS label,
 * ... FROM (node's branches) u ORDER BY ... LIMIT ...}, which {@link MergePlanner} merges as any SELECT: the
 * distinct rows, order and limit are those of all nodes' rows together.
 */
public final class UnionPlanner {

    private static final String DERIVED = "u";

    private final SQLSelectStatement statement;
    private final SQLUnionQuery union;
    private final Map<String, List<SQLSelectQuery>> branchesByNode;

    private UnionPlanner(SQLSelectStatement statement, Map<String, List<SQLSelectQuery>> branchesByNode) {
        this.statement = statement;
        this.union = (SQLUnionQuery) statement.getSelect().getQuery();
        this.branchesByNode = branchesByNode;
    }

    /**
     * @param branchesByNode each node's branches, in the client's order; the first node runs the client's first
     *     branch first, so that its column names label the result
     * @param clientSql the client's text, whose first select list labels the result's columns
     * @param implicitLimit the LIMIT of a union that has none (sqlMaxLimit, sql_select_limit); -1 for none
     */
    public static PlanNode plan(SQLSelectStatement statement, Map<String, List<SQLSelectQuery>> branchesByNode,
            String clientSql, long implicitLimit) {
        return new UnionPlanner(statement, branchesByNode).plan(clientSql, implicitLimit);
    }

    private PlanNode plan(String clientSql, long implicitLimit) {
        SQLSelectQueryBlock first = union.getFirstQueryBlock();
        if (first instanceof MySqlSelectQueryBlock mysql && mysql.isCalcFoundRows()) {
            throw RouteException.notSupported("SQL_CALC_FOUND_ROWS in a UNION across data nodes is not supported");
        }
        boolean distinct = union.getOperator() == SQLUnionOperator.UNION
                || union.getOperator() == SQLUnionOperator.DISTINCT;
        if (!distinct && union.getOrderBy() == null && union.getLimit() == null) {
            List<ShardStatement> shards = new ArrayList<>(branchesByNode.size());
            branchesByNode.forEach((node, branches) -> shards.add(new ShardStatement(node,
                    SqlText.of(unionAll(branches, false)), true)));
            PlanNode concat = new Concat(new Route(shards));
            return implicitLimit < 0 ? concat : new Limit(0, implicitLimit, concat);
        }
        return overDerivedTable(first, distinct, clientSql, implicitLimit);
    }

    private PlanNode overDerivedTable(SQLSelectQueryBlock first, boolean distinct, String clientSql,
            long implicitLimit) {
        List<String> labels = labels(first, clientSql);
        MySqlSelectQueryBlock outer = new MySqlSelectQueryBlock();
        if (distinct) {
            outer.setDistionOption(com.alibaba.druid.sql.ast.SQLSetQuantifier.DISTINCT);
        }
        for (int i = 0; i < labels.size(); i++) {
            outer.addSelectItem(new SQLSelectItem(new SQLPropertyExpr(DERIVED, column(i)),
                    "`" + labels.get(i).replace("`", "``") + "`"));
        }
        SQLSubqueryTableSource derived = new SQLSubqueryTableSource(new SQLSelect(new MySqlSelectQueryBlock()),
                DERIVED);
        outer.setFrom(derived);
        outer.setOrderBy(orderBy(labels));
        outer.setLimit(union.getLimit() == null ? null : union.getLimit().clone());
        SQLSelectStatement wrapper = new SQLSelectStatement(new SQLSelect(outer));
        List<String> nodes = new ArrayList<>(branchesByNode.keySet());
        NodeTexts texts = (planned, rewritten) -> {
            List<ShardStatement> shards = new ArrayList<>(planned.size());
            for (String node : planned) {
                derived.setSelect(new SQLSelect(unionAll(branchesByNode.get(node), true)));
                shards.add(new ShardStatement(node, SqlText.of(wrapper), true));
            }
            return shards;
        };
        return MergePlanner.plan(wrapper, null, nodes, List.of(), implicitLimit, SortKeyTypes.UNKNOWN, texts);
    }

    /**
     * The node's branches joined by UNION ALL. With {@code numbered}, the first branch's items are renamed
     * {@code _1, _2, ...}, the derived table's column names.
     */
    private static SQLSelectQuery unionAll(List<SQLSelectQuery> branches, boolean numbered) {
        SQLSelectQuery result = null;
        for (SQLSelectQuery branch : branches) {
            SQLSelectQuery copy = branch.clone();
            if (result == null) {
                if (numbered) {
                    number((SQLSelectQueryBlock) copy);
                }
                result = copy;
            } else {
                if (branches.size() > 1) {
                    copy.setParenthesized(true);
                }
                result = new SQLUnionQuery(result, SQLUnionOperator.UNION_ALL, copy);
            }
        }
        if (branches.size() > 1) {
            ((SQLUnionQuery) result).getFirstQueryBlock().setParenthesized(true);
        }
        return result;
    }

    /** Gives the items of a branch the derived table's column names, and its own ORDER BY the new aliases. */
    private static void number(SQLSelectQueryBlock block) {
        List<SQLSelectItem> items = block.getSelectList();
        for (int i = 0; i < items.size(); i++) {
            String old = items.get(i).getAlias();
            items.get(i).setAlias(column(i));
            if (old != null && block.getOrderBy() != null) {
                for (SQLSelectOrderByItem item : block.getOrderBy().getItems()) {
                    if (item.getExpr() instanceof SQLIdentifierExpr id && SQLUtils.normalize(id.getName())
                            .equalsIgnoreCase(SQLUtils.normalize(old))) {
                        item.setExpr(new SQLIdentifierExpr(column(i)));
                    }
                }
            }
        }
    }

    /** The union's ORDER BY over the derived table: by the position of the label or position it names. */
    private SQLOrderBy orderBy(List<String> labels) {
        SQLOrderBy order = union.getOrderBy();
        if (order == null) {
            return null;
        }
        SQLOrderBy mapped = new SQLOrderBy();
        for (SQLSelectOrderByItem item : order.getItems()) {
            int position = position(item.getExpr(), labels);
            if (position < 1) {
                throw RouteException.notSupported("ORDER BY " + item.getExpr() + " of a UNION across data nodes is"
                        + " not supported: order by the name or the position of a selected column");
            }
            SQLSelectOrderByItem copy = new SQLSelectOrderByItem(new SQLIntegerExpr(position));
            copy.setType(item.getType());
            mapped.addItem(copy);
        }
        return mapped;
    }

    private static int position(SQLExpr expr, List<String> labels) {
        if (expr instanceof SQLIntegerExpr n) {
            return n.getNumber().intValue() <= labels.size() ? n.getNumber().intValue() : -1;
        }
        if (expr instanceof SQLIdentifierExpr id) {
            String name = SQLUtils.normalize(id.getName());
            for (int i = 0; i < labels.size(); i++) {
                if (labels.get(i).equalsIgnoreCase(name)) {
                    return i + 1;
                }
            }
        }
        return -1;
    }

    /** MySQL's labels of the union's columns: those of the first branch (alias, column name, or text). */
    private static List<String> labels(SQLSelectQueryBlock first, String clientSql) {
        List<SQLSelectItem> items = first.getSelectList();
        List<String> texts = SelectListSkipper.itemTexts(clientSql);
        List<String> labels = new ArrayList<>(items.size());
        for (int i = 0; i < items.size(); i++) {
            SQLSelectItem item = items.get(i);
            SQLExpr expr = item.getExpr();
            if (expr instanceof SQLAllColumnExpr || expr instanceof SQLPropertyExpr p && p.getName().equals("*")) {
                throw RouteException.notSupported("SELECT * in a UNION DISTINCT, or one with ORDER BY or LIMIT,"
                        + " across data nodes is not supported: name the columns");
            }
            if (item.getAlias() != null) {
                labels.add(SQLUtils.normalize(item.getAlias()));
            } else if (expr instanceof SQLIdentifierExpr id) {
                labels.add(SQLUtils.normalize(id.getName()));
            } else if (expr instanceof SQLPropertyExpr property) {
                labels.add(SQLUtils.normalize(property.getName()));
            } else if (texts != null && texts.size() == items.size()) {
                labels.add(texts.get(i));
            } else {
                labels.add(SQLUtils.toMySqlString(expr));
            }
        }
        return labels;
    }

    private static String column(int index) {
        return "_" + (index + 1);
    }
}
