package io.tessera.router.locality;

import com.alibaba.druid.sql.SQLUtils;
import com.alibaba.druid.sql.ast.SQLExpr;
import com.alibaba.druid.sql.ast.expr.SQLAllColumnExpr;
import com.alibaba.druid.sql.ast.expr.SQLIdentifierExpr;
import com.alibaba.druid.sql.ast.expr.SQLIntegerExpr;
import com.alibaba.druid.sql.ast.expr.SQLPropertyExpr;
import com.alibaba.druid.sql.ast.statement.SQLSelectItem;
import com.alibaba.druid.sql.ast.statement.SQLSelectQueryBlock;
import io.tessera.router.error.RouteException;
import io.tessera.router.function.NodeSet;
import io.tessera.router.merge.ShardingColumn;
import io.tessera.router.model.ShardingRule;
import io.tessera.router.shard.WhereNodes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Decides where the units of one statement can be answered exactly. A unit is <em>whole</em> on a data node when
 * every table it reads is there in full (a single-node table, a copy of a global table, or a sharded table whose
 * WHERE clause keeps only rows of that node); it then runs there as written. A query block is <em>spread</em>
 * when its sharded tables are tied together on their sharding columns and everything else it reads is whole on
 * each of their nodes: each node then answers for its own rows, and the merge combines them.
 *
 * <p>Node lists are in configuration order; {@code null} stands for "any node" (a unit that reads no table).
 */
final class Spreads {

    private final Colocation colocation = new Colocation();
    private final Map<TableOccurrence, List<String>> whole = new HashMap<>();
    private final Map<DerivedTable, Spread> derived = new HashMap<>();

    /** The nodes on which the unit reads whole tables only; {@code null} when it reads none, empty when nowhere. */
    List<String> wholeOn(Unit unit) {
        List<String> nodes = null;
        if (unit instanceof UnionUnit union) {
            for (Unit branch : union.branches()) {
                nodes = intersect(nodes, wholeOn(branch));
            }
            return nodes;
        }
        Block block = (Block) unit;
        for (Source source : block.sources()) {
            nodes = intersect(nodes, wholeOn(source));
        }
        for (Subquery subquery : block.subqueries()) {
            nodes = intersect(nodes, wholeOn(subquery.unit()));
        }
        return nodes;
    }

    List<String> wholeOn(Source source) {
        if (source instanceof DerivedTable table) {
            return wholeOn(table.body());
        }
        return whole.computeIfAbsent((TableOccurrence) source, Spreads::wholeNodes);
    }

    private static List<String> wholeNodes(TableOccurrence occurrence) {
        ResolvedTable table = occurrence.table();
        if (!table.isSharded()) {
            return table.nodes();
        }
        NodeSet rows = restriction(occurrence);
        if (rows == null || rows.count() > 1) {
            return List.of();
        }
        // no row at all (id = 1 AND id = 2): every node answers the same, nothing
        return rows.count() == 0 ? table.nodes() : List.of(table.nodes().get(rows.toArray()[0]));
    }

    /** The nodes its block's WHERE clause lets a sharded table's rows come from; {@code null} for all. */
    private static NodeSet restriction(TableOccurrence occurrence) {
        ResolvedTable table = occurrence.table();
        ShardingRule rule = table.table().rule();
        if (rule == null) {
            return null; // an ER grandchild: placed by its parent rows, not by a value
        }
        Block block = occurrence.block();
        return new WhereNodes(rule, table.nodes().size(), occurrence.qualifiers(), block.sources().size() == 1)
                .of(block.where());
    }

    /**
     * How {@code block}'s rows spread over data nodes.
     *
     * @throws RouteException 1235 naming what keeps a node from answering exactly for its rows
     */
    Spread spread(Block block) {
        List<Source> parts = new ArrayList<>();
        for (Source source : block.sources()) {
            if (isSpread(source)) {
                parts.add(source);
            }
        }
        if (parts.isEmpty()) {
            throw RouteException.notSupported(Messages.noCommonNode(block));
        }
        for (Source part : parts) {
            if (part instanceof DerivedTable table) {
                derivedSpread(table); // learns which of its columns place rows, for the links below
            }
        }
        Colocation.Groups groups = new Colocation.Groups(parts);
        for (Link link : block.links()) {
            if (groups.contains(link.left().source()) && groups.contains(link.right().source())
                    && colocation.colocated(link.left(), link.right())) {
                groups.join(link.left().source(), link.right().source());
            }
        }
        if (!groups.allTogether()) {
            throw RouteException.notSupported(Messages.notJoinedOnShardingColumns(parts));
        }
        for (OuterJoin join : block.outerJoins()) {
            if (anyIn(join.nullSupplying(), parts) && !anyIn(join.preserved(), parts)) {
                throw RouteException.notSupported(Messages.outerJoinOfSpreadRows(join, parts));
            }
        }
        List<String> nodes = null;
        for (Source part : parts) {
            nodes = intersect(nodes, partNodes(part));
        }
        if (nodes.isEmpty()) {
            nodes = List.of(allNodes(parts.get(0)).get(0)); // the conditions contradict each other: no row anywhere
        }
        for (Source source : block.sources()) {
            if (!parts.contains(source) && !covers(wholeOn(source), nodes)) {
                throw RouteException.notSupported(Messages.notWholeOnEveryNode(source, parts, nodes));
            }
        }
        Set<Source> anchored = new LinkedHashSet<>(parts);
        for (Subquery subquery : block.subqueries()) {
            if (!isLocal(subquery, anchored, nodes)) {
                throw RouteException.notSupported(Messages.subqueryNotLocal(subquery, parts, nodes));
            }
        }
        return new Spread(nodes, parts);
    }

    /** A sharded table, or a derived table that is whole nowhere: its rows must come per node. */
    private boolean isSpread(Source source) {
        if (source instanceof TableOccurrence occurrence) {
            return occurrence.table().isSharded();
        }
        List<String> nodes = wholeOn(source);
        return nodes != null && nodes.isEmpty();
    }

    /** The nodes holding the rows of a part that its block reads. */
    private List<String> partNodes(Source part) {
        if (part instanceof DerivedTable table) {
            return derivedSpread(table).nodes();
        }
        TableOccurrence occurrence = (TableOccurrence) part;
        NodeSet rows = restriction(occurrence);
        if (rows == null) {
            return occurrence.table().nodes();
        }
        List<String> nodes = new ArrayList<>(rows.count());
        rows.forEach(i -> nodes.add(occurrence.table().nodes().get(i)));
        return nodes;
    }

    private List<String> allNodes(Source part) {
        return part instanceof TableOccurrence occurrence ? occurrence.table().nodes()
                : derivedSpread((DerivedTable) part).nodes();
    }

    /**
     * A derived table over sharded tables read per node: its own block must spread, and each node's rows of it must
     * be exactly the rows it would have over all nodes (no grouping, DISTINCT or LIMIT across nodes).
     */
    private Spread derivedSpread(DerivedTable table) {
        Spread known = derived.get(table);
        if (known != null) {
            return known;
        }
        if (table.recursive() || !(table.body() instanceof Block body) || body.query() == null) {
            throw RouteException.notSupported(Messages.derivedNotPerNode(table, Messages.tablesOf(table.body())));
        }
        Spread spread = spread(body);
        if (!rowsStayPerNode(body, spread)) {
            throw RouteException.notSupported(Messages.derivedNotPerNode(table, Messages.tablesOf(body)));
        }
        colocation.derivedKeys(table, outputKeys(table, body, spread));
        derived.put(table, spread);
        return spread;
    }

    /**
     * Whether a spread block's rows are, node by node, its rows over all nodes: nothing that combines rows of
     * several nodes (aggregates and GROUP BY unless by a sharding column, DISTINCT unless it selects one, LIMIT,
     * window functions).
     */
    boolean rowsStayPerNode(Block block, Spread spread) {
        SQLSelectQueryBlock query = block.query();
        if (query.getLimit() != null || QueryFeatures.windows(query)) {
            return false;
        }
        boolean grouped = query.getGroupBy() != null && !query.getGroupBy().getItems().isEmpty();
        if (grouped || QueryFeatures.aggregates(query)) {
            return grouped && !query.getGroupBy().isWithRollUp() && query.getGroupBy().getItems().stream()
                    .anyMatch(item -> placesRows(block, spread, selectedExpression(query, item)));
        }
        if (query.getDistionOption() != 0) {
            return query.getSelectList().stream().anyMatch(item -> placesRows(block, spread, item.getExpr()));
        }
        return true;
    }

    /** Whether {@code expr} is a sharding column of a part that is never NULL-supplied. */
    private boolean placesRows(Block block, Spread spread, SQLExpr expr) {
        ColumnRef ref = block.resolve(expr);
        return ref != null && spread.parts().contains(ref.source()) && !block.isNullSupplying(ref.source())
                && colocation.keyOf(ref) != null;
    }

    /** A GROUP BY item, with a position or an alias replaced by the selected expression it names. */
    private static SQLExpr selectedExpression(SQLSelectQueryBlock query, SQLExpr item) {
        List<SQLSelectItem> select = query.getSelectList();
        if (item instanceof SQLIntegerExpr position) {
            int n = position.getNumber().intValue();
            return n >= 1 && n <= select.size() ? select.get(n - 1).getExpr() : item;
        }
        if (item instanceof SQLIdentifierExpr id) {
            for (SQLSelectItem selected : select) {
                if (selected.getAlias() != null
                        && SQLUtils.normalize(selected.getAlias()).equalsIgnoreCase(SQLUtils.normalize(id.getName()))) {
                    return selected.getExpr();
                }
            }
        }
        return item;
    }

    /** The derived table's columns that carry a sharding column of its rows, by the names the outer block uses. */
    private Map<String, ShardKey> outputKeys(DerivedTable table, Block body, Spread spread) {
        Map<String, ShardKey> keys = new HashMap<>();
        List<SQLSelectItem> items = body.query().getSelectList();
        for (int i = 0; i < items.size(); i++) {
            SQLExpr expr = items.get(i).getExpr();
            if (expr instanceof SQLAllColumnExpr || expr instanceof SQLPropertyExpr p && p.getName().equals("*")) {
                if (table.columnNames().isEmpty()) {
                    starKeys(body, spread, expr, keys);
                }
                continue;
            }
            ColumnRef ref = body.resolve(expr);
            if (ref == null || !placesRows(body, spread, expr)) {
                continue;
            }
            String alias = items.get(i).getAlias();
            String name = !table.columnNames().isEmpty() ? (i < table.columnNames().size()
                    ? table.columnNames().get(i) : null) : alias != null ? SQLUtils.normalize(alias) : ref.column();
            if (name != null) {
                keys.put(name.toLowerCase(Locale.ROOT), colocation.keyOf(ref));
            }
        }
        return keys;
    }

    /** {@code *} or {@code t.*}: the sharding columns of the parts it selects pass on by their own names. */
    private void starKeys(Block body, Spread spread, SQLExpr star, Map<String, ShardKey> keys) {
        String qualifier = star instanceof SQLPropertyExpr p && p.getOwner() instanceof SQLIdentifierExpr owner
                ? SQLUtils.normalize(owner.getName()).toLowerCase(Locale.ROOT) : null;
        for (Source part : spread.parts()) {
            if (part instanceof TableOccurrence occurrence && !body.isNullSupplying(part)
                    && (qualifier == null || part.answersTo(qualifier)) && occurrence.table().table().rule() != null) {
                String column = occurrence.table().table().rule().column();
                keys.put(column.toLowerCase(Locale.ROOT), colocation.keyOf(part, column));
            }
        }
    }

    /**
     * Whether a subquery of a spread block gives every node the answer it would give over all rows: it is whole on
     * each of {@code nodes}, or its sharded tables are tied to {@code anchored} (the spread rows of the blocks
     * around it) by their sharding columns, so that the rows it reads for a node's row live on that node.
     */
    private boolean isLocal(Subquery subquery, Set<Source> anchored, List<String> nodes) {
        if (covers(wholeOn(subquery.unit()), nodes)) {
            return true;
        }
        if (!(subquery.unit() instanceof Block block)) {
            return false;
        }
        List<Source> parts = new ArrayList<>();
        for (Source source : block.sources()) {
            if (isSpread(source)) {
                parts.add(source);
                if (source instanceof DerivedTable table) {
                    derivedSpread(table);
                }
            } else if (!covers(wholeOn(source), nodes)) {
                return false;
            }
        }
        if (parts.isEmpty()) {
            return false; // whole nowhere for a nested subquery's sake, and nothing here ties that to the anchor
        }
        List<Source> members = new ArrayList<>(parts);
        members.addAll(anchored);
        Colocation.Groups groups = new Colocation.Groups(members);
        Source anchor = anchored.iterator().next();
        anchored.forEach(a -> groups.join(a, anchor));
        for (Link link : block.links()) {
            if (groups.contains(link.left().source()) && groups.contains(link.right().source())
                    && colocation.colocated(link.left(), link.right())) {
                groups.join(link.left().source(), link.right().source());
            }
        }
        ColumnRef selected = block.query() != null && block.query().getSelectList().size() == 1
                ? block.resolve(block.query().getSelectList().get(0).getExpr()) : null;
        if (subquery.filtering() && subquery.inLeft() != null && selected != null
                && anchored.contains(subquery.inLeft().source()) && parts.contains(selected.source())
                && colocation.colocated(subquery.inLeft(), selected)) {
            groups.join(selected.source(), anchor); // x IN (SELECT y ...) in WHERE: matching rows share a node
        }
        for (Source part : parts) {
            if (!groups.together(part, anchor)) {
                return false;
            }
        }
        Set<Source> inner = new LinkedHashSet<>(anchored);
        inner.addAll(parts);
        for (Subquery nested : block.subqueries()) {
            if (!isLocal(nested, inner, nodes)) {
                return false;
            }
        }
        return true;
    }

    /** The columns the merge of a spread top block may treat as placing rows. */
    List<ShardingColumn> shardingColumns(Block block, Spread spread) {
        boolean onlySource = block.sources().size() == 1;
        List<ShardingColumn> columns = new ArrayList<>();
        for (Source part : spread.parts()) {
            if (block.isNullSupplying(part)) {
                continue; // an outer join's NULL rows come from every node
            }
            if (part instanceof TableOccurrence occurrence && occurrence.table().table().rule() != null) {
                columns.add(new ShardingColumn(occurrence.qualifiers(),
                        occurrence.table().table().rule().column(), onlySource));
            } else if (part instanceof DerivedTable table && table.alias() != null) {
                for (String column : colocation.derivedColumns(table)) {
                    columns.add(new ShardingColumn(Set.of(table.alias()), column, onlySource));
                }
            }
        }
        return columns;
    }

    Colocation colocation() {
        return colocation;
    }

    /** Whether the nodes a unit is whole on include every one of {@code nodes}. */
    static boolean covers(List<String> wholeOn, List<String> nodes) {
        return wholeOn == null || wholeOn.containsAll(nodes);
    }

    static List<String> intersect(List<String> a, List<String> b) {
        if (a == null) {
            return b;
        }
        if (b == null) {
            return a;
        }
        Set<String> keep = new HashSet<>(b);
        return a.stream().filter(keep::contains).toList();
    }

    private static boolean anyIn(List<Source> sources, List<Source> parts) {
        return sources.stream().anyMatch(parts::contains);
    }
}
