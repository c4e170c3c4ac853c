package io.tessera.router;

import com.alibaba.druid.sql.ast.SQLObject;
import io.tessera.router.error.RouteException;
import io.tessera.router.function.SqlValue;
import io.tessera.router.locality.Locality;
import io.tessera.router.locality.ResolvedTable;
import io.tessera.router.locality.WritePlacement;
import io.tessera.router.model.ErParent;
import io.tessera.router.model.LogicalTable;
import io.tessera.router.parse.TableReference;
import io.tessera.router.plan.Route;
import io.tessera.router.plan.ShardStatement;
import io.tessera.router.shard.InsertRows;
import io.tessera.router.shard.RowsStatement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Routes an INSERT or REPLACE: the rows of VALUES go to the node their sharding value (or their ER parent row) gives,
 * each node getting only its rows; into a global table every copy gets them; an {@code INSERT ... SELECT} runs where
 * its SELECT reads whole tables, or per node when each selected row's place is the node it was read from.
 */
final class InsertRoutes {

    private final RouteContext context;
    private final Function<TableReference, ResolvedTable> resolver;

    InsertRoutes(RouteContext context, Function<TableReference, ResolvedTable> resolver) {
        this.context = context;
        this.resolver = resolver;
    }

    Route route(RowsStatement insert, ResolvedTable target, String sql, boolean qualified) {
        InsertRows.requireRows(insert, target.displayName());
        Route route;
        if (insert.fromSelect()) {
            route = fromSelect(insert, target, sql, qualified);
        } else if (target.isSharded()) {
            route = placeRows(insert, target, sql, qualified);
        } else {
            route = toNodes(new WritePlacement(target.isGlobal() ? target.nodes() : List.of(target.nodes().get(0)),
                    target.isGlobal()), sql, qualified);
        }
        requireWholeSubqueries(insert, target, route);
        return route;
    }

    private Route fromSelect(RowsStatement insert, ResolvedTable target, String sql, boolean qualified) {
        int shardingItem = -1;
        LogicalTable table = target.table();
        if (target.isSharded() && table.rule() != null) {
            String column = table.rule().column();
            InsertRows.refuseMovingUpdate(insert, target.displayName(), column);
            shardingItem = InsertRows.positionOf(insert, insert.hasColumnList() ? null : tableColumns(target), column);
        }
        return toNodes(Locality.ofSelect(insert.query(), resolver).insertPlacement(insert.verb(), target,
                shardingItem), sql,
                qualified);
    }

    private Route placeRows(RowsStatement insert, ResolvedTable target, String sql, boolean qualified) {
        LogicalTable table = target.table();
        List<String> columns = insert.hasColumnList() ? null : tableColumns(target);
        List<Integer> nodes;
        if (table.rule() != null) {
            List<SqlValue> keys = InsertRows.keyValues(insert, target.displayName(), table.rule().column(), columns);
            nodes = InsertRows.place(keys, table.rule(), table.dataNodes().size(), target.displayName());
        } else {
            ErParent parent = table.parent();
            List<SqlValue> keys = InsertRows.keyValues(insert, target.displayName(), parent.joinKey(), columns);
            nodes = parentNodes(target, parent, keys);
        }
        Map<Integer, String> byNode = InsertRows.split(insert, sql, nodes);
        List<ShardStatement> shards = new ArrayList<>(byNode.size());
        boolean split = byNode.size() > 1;
        byNode.forEach((node, nodeSql) -> shards.add(new ShardStatement(table.dataNodes().get(node), nodeSql,
                qualified || split)));
        return new Route(shards);
    }

    /**
     * The column order an INSERT without a column list into a sharded table needs, when {@link
     * RouteContext#columns()} does not have it; {@code null} otherwise.
     */
    ColumnOrderNeeded columnOrderNeeded(RowsStatement insert, ResolvedTable target) {
        if (!target.isSharded() || insert.hasColumnList() || knownColumns(target) != null) {
            return null;
        }
        return new ColumnOrderNeeded(target.schema().name(), target.table().name(), target.table().dataNodes().get(0));
    }

    /**
     * The parent rows whose nodes placing the rows of an INSERT into an ER child (placed by its parent rows, not by
     * a rule) needs, when {@link RouteContext#parents()} does not know them; {@code null} otherwise, or when the
     * column order must be learnt first.
     */
    ParentRowsNeeded parentRowsNeeded(RowsStatement insert, ResolvedTable target) {
        LogicalTable table = target.table();
        if (!target.isSharded() || table.rule() != null || insert.fromSelect() || insert.rows().isEmpty()
                || !insert.hasColumnList() && knownColumns(target) == null) {
            return null;
        }
        ErParent parent = table.parent();
        List<SqlValue> keys = InsertRows.keyValues(insert, target.displayName(), parent.joinKey(),
                insert.hasColumnList() ? null : knownColumns(target));
        List<String> missing = new ArrayList<>();
        for (SqlValue key : keys) {
            String text = InsertRows.asMycatPasses(key).text();
            if (locate(target, parent, key) == null && !missing.contains(text)) {
                missing.add(text);
            }
        }
        return missing.isEmpty() ? null : new ParentRowsNeeded(target.schema().name(), parent.parentTable(),
                parent.parentKey(), missing, table.dataNodes());
    }

    private List<String> knownColumns(ResolvedTable target) {
        return context.columns().columns(target.schema().name(), target.table().name());
    }

    /** The table's columns in order, which the statement pipeline learnt before routing. */
    private List<String> tableColumns(ResolvedTable target) {
        List<String> columns = knownColumns(target);
        if (columns == null) {
            throw new IllegalStateException("column order of " + target.displayName() + " unknown: the statement"
                    + " pipeline learns it before routing (Router.columnOrderNeeded)");
        }
        return columns;
    }

    /** Each child row's node: its parent row's, which the statement pipeline located before routing. */
    private List<Integer> parentNodes(ResolvedTable child, ErParent parent, List<SqlValue> keys) {
        List<Integer> nodes = new ArrayList<>(keys.size());
        for (SqlValue key : keys) {
            Integer node = locate(child, parent, key);
            if (node == null) {
                throw new IllegalStateException("parent row of " + child.displayName() + " with " + parent.joinKey()
                        + " = " + InsertRows.asMycatPasses(key).text() + " not located: the statement pipeline looks"
                        + " parent rows up before routing (Router.parentRowsNeeded)");
            }
            nodes.add(node);
        }
        return nodes;
    }

    private Integer locate(ResolvedTable child, ErParent parent, SqlValue key) {
        return context.parents().nodeOf(child.schema().name(), parent.parentTable(), parent.parentKey(),
                InsertRows.asMycatPasses(key).text());
    }

    /** A subquery in VALUES or ON DUPLICATE KEY UPDATE runs where the rows go: it must be whole there. */
    private void requireWholeSubqueries(RowsStatement insert, ResolvedTable target, Route route) {
        List<SQLObject> expressions = new ArrayList<>(insert.rows());
        expressions.addAll(insert.duplicateKeyUpdate());
        List<String> whole = Locality.ofExpressions(expressions, resolver).wholeOn();
        List<String> nodes = route.shards().stream().map(ShardStatement::dataNode).toList();
        if (whole != null && !whole.containsAll(nodes)) {
            throw RouteException.notSupported(insert.verb() + " into " + target.displayName() + " on "
                    + String.join(", ", nodes) + " reads a subquery that is not whole there: a statement across data"
                    + " nodes is not supported");
        }
    }

    private static Route toNodes(WritePlacement placement, String sql, boolean qualified) {
        List<ShardStatement> shards = new ArrayList<>(placement.nodes().size());
        for (String node : placement.nodes()) {
            shards.add(new ShardStatement(node, sql, qualified));
        }
        return new Route(shards, placement.replicated());
    }
}
