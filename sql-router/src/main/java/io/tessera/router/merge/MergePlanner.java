package io.tessera.router.merge;

import com.alibaba.druid.sql.ast.SQLExpr;
import com.alibaba.druid.sql.ast.SQLLimit;
import com.alibaba.druid.sql.ast.SQLOrderBy;
import com.alibaba.druid.sql.ast.SQLOrderingSpecification;
import com.alibaba.druid.sql.ast.expr.SQLAggregateExpr;
import com.alibaba.druid.sql.ast.expr.SQLIntegerExpr;
import com.alibaba.druid.sql.ast.statement.SQLSelectGroupByClause;
import com.alibaba.druid.sql.ast.statement.SQLSelectItem;
import com.alibaba.druid.sql.ast.statement.SQLSelectOrderByItem;
import com.alibaba.druid.sql.ast.statement.SQLSelectQueryBlock;
import com.alibaba.druid.sql.ast.statement.SQLSelectStatement;
import io.tessera.router.error.RouteException;
import io.tessera.router.parse.SelectListSkipper;
import io.tessera.router.plan.Aggregate;
import io.tessera.router.plan.AggregateColumn;
import io.tessera.router.plan.Columns;
import io.tessera.router.plan.Concat;
import io.tessera.router.plan.Distinct;
import io.tessera.router.plan.Filter;
import io.tessera.router.plan.Limit;
import io.tessera.router.plan.OrderedMerge;
import io.tessera.router.plan.PlanNode;
import io.tessera.router.plan.Predicate;
import io.tessera.router.plan.Project;
import io.tessera.router.plan.Route;
import io.tessera.router.plan.Sort;
import io.tessera.router.plan.SortKey;
import io.tessera.router.plan.SortKeyTypes;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * Plans a SELECT that several data nodes answer. Each node gets the statement with what the merge needs added (sort
 * keys and their collation weights as hidden columns, an ORDER BY on the group keys, {@code SUM} and {@code COUNT}
 * for each {@code AVG}, {@code LIMIT m+n} for {@code LIMIT m,n}, no HAVING when groups span nodes); the plan above
 * the route merges the rows. Shapes whose per-node results cannot be combined exactly are refused (1235).
 */
public final class MergePlanner {

    private final SQLSelectStatement statement;
    private final SQLSelectQueryBlock block;
    private final List<ShardingColumn> shardingColumns;
    private final SelectList select;
    private final long implicitLimit;
    private final SortKeyTypes keyTypes;

    private MergePlanner(SQLSelectStatement statement, SQLSelectQueryBlock block, List<ShardingColumn> shardingColumns,
            long implicitLimit, SortKeyTypes keyTypes) {
        this.statement = statement;
        this.block = block;
        this.shardingColumns = shardingColumns;
        this.select = new SelectList(block, shardingColumns.size() == 1 && shardingColumns.get(0).onlyTable());
        this.implicitLimit = implicitLimit;
        this.keyTypes = keyTypes;
    }

    /**
     * The plan for {@code statement} on {@code nodes}.
     *
     * @param clientSql the statement as the client wrote it, whose select-list texts label the result's columns
     * @param sql the text each node runs when nothing needs adding (the client's, or with qualifiers stripped)
     * @param rewritten whether {@code sql} already differs from the client's text
     * @param shardingColumns the sharding columns of the statement's sharded tables
     * @param implicitLimit the LIMIT of a SELECT that has none (the schema's {@code sqlMaxLimit}, the session's
     *     {@code sql_select_limit}); -1 for none
     * @param keyTypes the sort keys known not to be strings, which the nodes need not weigh
     */
    public static PlanNode plan(SQLSelectStatement statement, String clientSql, String sql, boolean rewritten,
            List<String> nodes, List<ShardingColumn> shardingColumns, long implicitLimit, SortKeyTypes keyTypes) {
        return plan(statement, clientSql, nodes, shardingColumns, implicitLimit, keyTypes,
                NodeTexts.same(statement, sql, rewritten));
    }

    /** As above, weighing every key that may be a string. */
    public static PlanNode plan(SQLSelectStatement statement, String clientSql, String sql, boolean rewritten,
            List<String> nodes, List<ShardingColumn> shardingColumns, long implicitLimit) {
        return plan(statement, clientSql, sql, rewritten, nodes, shardingColumns, implicitLimit,
                SortKeyTypes.UNKNOWN);
    }

    /**
     * As {@link #plan(SQLSelectStatement, String, String, boolean, List, List, long)}, with each node's text given by
     * {@code texts} once the merge has rewritten the statement.
     *
     * @param clientSql the client's text, whose select-list texts label the result's columns; {@code null} when the
     *     statement's items carry their labels already
     */
    static PlanNode plan(SQLSelectStatement statement, String clientSql, List<String> nodes,
            List<ShardingColumn> shardingColumns, long implicitLimit, SortKeyTypes keyTypes, NodeTexts texts) {
        SQLSelectQueryBlock block = (SQLSelectQueryBlock) statement.getSelect().getQuery();
        Refusals.check(block);
        MergePlanner planner = new MergePlanner(statement, block, shardingColumns, implicitLimit, keyTypes);
        return planner.plan(clientSql, nodes, texts);
    }

    private PlanNode plan(String clientSql, List<String> nodes, NodeTexts texts) {
        Aggregates aggregates = new Aggregates(select, shardingColumns);
        boolean groupsOnOneNode = groupsStayOnOneNode();
        boolean grouped = block.getGroupBy() != null && !block.getGroupBy().getItems().isEmpty();
        boolean merging = !groupsOnOneNode && (grouped || aggregates.anyIn(select.visible()));
        LimitClause limit = LimitClause.of(block.getLimit(), implicitLimit);
        Shape shape = merging ? planGroups(aggregates, limit) : planRows(limit, groupsOnOneNode);
        boolean changed = shape.nodeSqlChanged || select.hiddenCount() > 0;
        if (changed && clientSql != null) {
            select.keepLabels(SelectListSkipper.itemTexts(clientSql));
        }
        return shape.build(new Route(texts.shards(nodes, changed)));
    }

    /** A SELECT whose rows need no combining: each comes from exactly one node. */
    private Shape planRows(LimitClause limit, boolean groupsOnOneNode) {
        Shape shape = new Shape();
        List<int[]> keys = new ArrayList<>();   // {handle, descending}
        SQLOrderBy orderBy = block.getOrderBy();
        if (orderBy != null) {
            for (SQLSelectOrderByItem item : orderBy.getItems()) {
                keys.add(new int[] {select.resolve(item.getExpr()), descending(item)});
            }
        }
        boolean distinct = isDistinct() && !groupsOnOneNode && !distinctRowsDiffer();
        if (distinct) {
            if (select.hasStar()) {
                throw RouteException.notSupported("SELECT DISTINCT * over several data nodes is not supported: name"
                        + " the columns");
            }
            for (int[] key : keys) {
                if (select.isHidden(key[0])) {
                    throw RouteException.notSupported("SELECT DISTINCT ordered by an expression that is not selected"
                            + " cannot be merged from several data nodes");
                }
            }
            for (int i = 0; i < select.visible().size(); i++) {
                int handle = i;
                if (keys.stream().noneMatch(k -> k[0] == handle)) {
                    keys.add(new int[] {handle, 0});
                }
            }
            setNodeOrder(keys);
            groupByEverySelected(); // not DISTINCT: the hidden weights must not make 'a' and 'a ' two rows
            shape.nodeSqlChanged = true;
        }
        List<KeyWeight> weights = weightsOf(keys, distinct);
        shape.limitOnNodes(limit, block);
        shape.merge = route -> keys.isEmpty() ? new Concat(route) : new OrderedMerge(sortKeys(keys, weights), route);
        if (distinct) {
            shape.steps.add(input -> new Distinct(sortKeys(keys, weights), input));
        }
        shape.limit(limit);
        shape.project(select);
        return shape;
    }

    /** A SELECT whose groups (or the one group of an aggregate without GROUP BY) span nodes. */
    private Shape planGroups(Aggregates aggregates, LimitClause limit) {
        if (isDistinct()) {
            throw RouteException.notSupported("SELECT DISTINCT with GROUP BY or aggregates over several data nodes is"
                    + " not supported");
        }
        if (select.hasStar()) {
            throw RouteException.notSupported("* together with aggregates or GROUP BY cannot be merged from several"
                    + " data nodes: name the columns");
        }
        Shape shape = new Shape();
        shape.nodeSqlChanged = true;
        for (int i = 0; i < select.visible().size(); i++) {
            aggregates.addVisible(select.visible().get(i).getExpr(), i);
        }
        SQLSelectGroupByClause groupBy = block.getGroupBy();
        List<int[]> groupKeys = new ArrayList<>();
        if (groupBy != null) {
            for (SQLExpr item : groupBy.getItems()) {
                groupKeys.add(new int[] {select.resolve(item), 0});
            }
        }
        Predicate having = null;
        if (groupBy != null && groupBy.getHaving() != null) {
            having = new HavingCompiler(select, aggregates, groupKeys.stream().map(key -> key[0]).toList())
                    .compile(groupBy.getHaving());
            groupBy.setHaving(null);
        }
        List<int[]> orderKeys = new ArrayList<>();
        if (block.getOrderBy() != null && !groupKeys.isEmpty()) {
            for (SQLSelectOrderByItem item : block.getOrderBy().getItems()) {
                orderKeys.add(new int[] {orderHandle(item.getExpr(), aggregates), descending(item)});
            }
        }
        boolean sortAfter = !isPrefix(orderKeys, groupKeys);
        for (int i = 0; i < groupKeys.size(); i++) {
            if (!sortAfter && i < orderKeys.size()) {
                groupKeys.get(i)[1] = orderKeys.get(i)[1]; // the nodes sort the groups in the client's order
            }
        }
        setNodeOrder(groupKeys);
        List<KeyWeight> groupWeights = weightsOf(groupKeys, true);
        List<KeyWeight> orderWeights = new ArrayList<>();
        for (int[] key : orderKeys) {
            int group = indexOfHandle(groupKeys, key[0]);
            orderWeights.add(group >= 0 ? groupWeights.get(group)
                    : new KeyWeight(aggregates.weightOf(key[0], select), null));
        }
        if (having == null && !sortAfter && !groupKeys.isEmpty()) {
            shape.limitOnNodes(limit, block); // the first m+n groups in key order are among each node's first m+n
        } else {
            block.setLimit(null);
        }
        List<AggregateColumn> columns = aggregates.columns(select);
        shape.merge = route -> groupKeys.isEmpty() ? new Concat(route)
                : new OrderedMerge(sortKeys(groupKeys, groupWeights), route);
        shape.steps.add(input -> new Aggregate(sortKeys(groupKeys, groupWeights), columns, input));
        if (having != null) {
            Predicate predicate = having;
            shape.steps.add(input -> new Filter(predicate, input));
        }
        if (sortAfter && !orderKeys.isEmpty()) {
            shape.steps.add(input -> new Sort(sortKeys(orderKeys, orderWeights), input));
        }
        shape.limit(limit);
        shape.project(select);
        return shape;
    }

    /** An ORDER BY item of a grouped SELECT: a selected item, an aggregate, or a group expression. */
    private int orderHandle(SQLExpr expr, Aggregates aggregates) {
        if (!(expr instanceof SQLIntegerExpr)) {
            int visible = select.hasStar() ? -1 : select.visibleMatch(expr);
            if (visible < 0 && expr instanceof SQLAggregateExpr aggregate) {
                return aggregates.handleOf(aggregate);
            }
        }
        return select.resolve(expr);
    }

    /** GROUP BY names a sharding column: every group's rows live on one node, so each node's groups are final. */
    private boolean groupsStayOnOneNode() {
        SQLSelectGroupByClause groupBy = block.getGroupBy();
        if (groupBy == null) {
            return false;
        }
        for (SQLExpr item : groupBy.getItems()) {
            SQLExpr expr = item;
            if (expr instanceof SQLIntegerExpr || select.visibleMatch(expr) >= 0 && !select.hasStar()) {
                int handle = select.resolve(expr);
                expr = select.expression(handle);
            }
            if (isShardingColumn(expr)) {
                return true;
            }
        }
        return false;
    }

    /** SELECT DISTINCT that selects a sharding column: rows from different nodes always differ. */
    private boolean distinctRowsDiffer() {
        for (SQLSelectItem item : select.visible()) {
            if (isShardingColumn(item.getExpr())) {
                return true;
            }
        }
        return false;
    }

    private boolean isShardingColumn(SQLExpr expr) {
        return shardingColumns.stream().anyMatch(c -> c.is(expr));
    }

    private boolean isDistinct() {
        return block.getDistionOption() != 0;
    }

    /** The nodes sort by {@code keys}: the merge relies on it. */
    private void setNodeOrder(List<int[]> keys) {
        if (keys.isEmpty()) {
            return;
        }
        SQLOrderBy order = new SQLOrderBy();
        for (int[] key : keys) {
            SQLExpr expr = select.isHidden(key[0]) ? select.expression(key[0]).clone()
                    : new SQLIntegerExpr(key[0] + 1);
            SQLSelectOrderByItem item = new SQLSelectOrderByItem(expr);
            item.setType(key[1] != 0 ? SQLOrderingSpecification.DESC : SQLOrderingSpecification.ASC);
            order.addItem(item);
        }
        block.setOrderBy(order);
    }

    /** Each key's weight item; none for a key that earlier runs of the statement's shape showed is no string. */
    private List<KeyWeight> weightsOf(List<int[]> keys, boolean grouped) {
        List<KeyWeight> weights = new ArrayList<>(keys.size());
        for (int[] key : keys) {
            String expression = select.text(select.expression(key[0]));
            weights.add(new KeyWeight(keyTypes.notString(expression) ? null : select.weight(key[0], grouped),
                    expression));
        }
        return weights;
    }

    /**
     * SELECT DISTINCT as the nodes run it: GROUP BY every selected item, which groups under the collation as
     * DISTINCT does, and lets each hidden weight be one group's ({@code MIN}), so a node's LIMIT counts distinct rows.
     */
    private void groupByEverySelected() {
        block.setDistionOption(0);
        SQLSelectGroupByClause groupBy = new SQLSelectGroupByClause();
        for (int i = 0; i < select.visible().size(); i++) {
            groupBy.addItem(new SQLIntegerExpr(i + 1));
        }
        block.setGroupBy(groupBy);
    }

    private List<SortKey> sortKeys(List<int[]> keys, List<KeyWeight> weights) {
        List<SortKey> sortKeys = new ArrayList<>(keys.size());
        for (int i = 0; i < keys.size(); i++) {
            KeyWeight weight = weights.get(i);
            sortKeys.add(new SortKey(select.column(keys.get(i)[0]),
                    weight.handle() == null ? Columns.NONE : select.column(weight.handle()), keys.get(i)[1] != 0,
                    weight.expression()));
        }
        return sortKeys;
    }

    private static boolean isPrefix(List<int[]> order, List<int[]> groups) {
        if (order.size() > groups.size()) {
            return false;
        }
        for (int i = 0; i < order.size(); i++) {
            if (order.get(i)[0] != groups.get(i)[0]) {
                return false;
            }
        }
        return true;
    }

    private static int indexOfHandle(List<int[]> keys, int handle) {
        for (int i = 0; i < keys.size(); i++) {
            if (keys.get(i)[0] == handle) {
                return i;
            }
        }
        return -1;
    }

    private static int descending(SQLSelectOrderByItem item) {
        return item.getType() == SQLOrderingSpecification.DESC ? 1 : 0;
    }

    /**
     * A sort key's weight item, {@code null} when it has none, and the key's text when a run may learn whether it is a
     * string ({@link SortKey#expression}).
     */
    private record KeyWeight(Integer handle, String expression) {
    }

    /** The merge steps above the route, and what the nodes' SQL needs. */
    private static final class Shape {
        Function<Route, PlanNode> merge;
        final List<UnaryOperator<PlanNode>> steps = new ArrayList<>();
        boolean nodeSqlChanged;

        /** Each node returns at most {@code m+n} rows for {@code LIMIT m,n}: the merge needs no more. */
        void limitOnNodes(LimitClause limit, SQLSelectQueryBlock block) {
            if (limit == null) {
                return;
            }
            if (limit.offset() != 0 || block.getLimit() == null || !LimitClause.writtenAsIntegers(block.getLimit())) {
                block.setLimit(new SQLLimit(new SQLIntegerExpr(limit.offset() + limit.count())));
                nodeSqlChanged = true;
            }
        }

        void limit(LimitClause limit) {
            if (limit != null) {
                steps.add(input -> new Limit(limit.offset(), limit.count(), input));
            }
        }

        void project(SelectList select) {
            if (select.hiddenCount() > 0) {
                int hidden = select.hiddenCount();
                steps.add(input -> new Project(hidden, input));
            }
        }

        PlanNode build(Route route) {
            PlanNode node = merge.apply(route);
            for (UnaryOperator<PlanNode> step : steps) {
                node = step.apply(node);
            }
            return node;
        }
    }
}
