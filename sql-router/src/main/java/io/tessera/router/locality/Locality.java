package io.tessera.router.locality;

import com.alibaba.druid.sql.SQLUtils;
import com.alibaba.druid.sql.ast.SQLExpr;
import com.alibaba.druid.sql.ast.SQLObject;
import com.alibaba.druid.sql.ast.expr.SQLIdentifierExpr;
import com.alibaba.druid.sql.ast.expr.SQLPropertyExpr;
import com.alibaba.druid.sql.ast.statement.SQLDeleteStatement;
import com.alibaba.druid.sql.ast.statement.SQLExprTableSource;
import com.alibaba.druid.sql.ast.statement.SQLJoinTableSource;
import com.alibaba.druid.sql.ast.statement.SQLSelect;
import com.alibaba.druid.sql.ast.statement.SQLSelectItem;
import com.alibaba.druid.sql.ast.statement.SQLTableSource;
import com.alibaba.druid.sql.ast.statement.SQLUpdateSetItem;
import com.alibaba.druid.sql.ast.statement.SQLUpdateStatement;
import io.tessera.router.error.RouteException;
import io.tessera.router.parse.TableReference;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;

/**
 * Where one statement can be answered exactly: on one node that holds every table it reads whole, or spread over
 * the nodes of its sharded tables with each node answering for its own rows. Built per statement from Druid's tree;
 * every question that has no exact answer ends in 1235.
 */
public final class Locality {

    private final Unit top;
    private final List<TableOccurrence> targets;
    private final Spreads spreads = new Spreads();

    private Locality(Unit top, List<TableOccurrence> targets) {
        this.top = top;
        this.targets = targets;
    }

    /** @param resolver a table's resolution; {@code null} for tables of MySQL's own databases, which are skipped */
    public static Locality ofSelect(SQLSelect select, Function<TableReference, ResolvedTable> resolver) {
        return new Locality(new BlockBuilder(resolver).select(select), List.of());
    }

    public static Locality ofUpdate(SQLUpdateStatement update, Function<TableReference, ResolvedTable> resolver) {
        Block block = new BlockBuilder(resolver).update(update);
        Set<TableOccurrence> targets = new LinkedHashSet<>();
        for (SQLUpdateSetItem item : update.getItems()) {
            targets.addAll(named(block, item.getColumn() instanceof SQLPropertyExpr column
                    && column.getOwner() instanceof SQLIdentifierExpr owner ? owner.getName() : null));
        }
        return new Locality(block, List.copyOf(targets));
    }

    public static Locality ofDelete(SQLDeleteStatement delete, Function<TableReference, ResolvedTable> resolver) {
        Block block = new BlockBuilder(resolver).delete(delete);
        boolean multiTable = delete.getFrom() != null || delete.getUsing() != null;
        List<String> names = new ArrayList<>();
        if (multiTable) {
            targetNames(delete.getTableSource(), names);
        }
        Set<TableOccurrence> targets = new LinkedHashSet<>();
        if (names.isEmpty()) {
            targets.addAll(named(block, null));
        }
        names.forEach(name -> targets.addAll(named(block, name)));
        return new Locality(block, List.copyOf(targets));
    }

    /** The subqueries of expressions that stand beside a statement's own table (an INSERT's VALUES). */
    public static Locality ofExpressions(List<? extends SQLObject> expressions,
            Function<TableReference, ResolvedTable> resolver) {
        return new Locality(new BlockBuilder(resolver).expressions(expressions), List.of());
    }

    /**
     * The data nodes on which the statement reads whole tables only, so that it runs there as written: {@code null}
     * when it reads no table (any node), empty when no node holds everything it reads.
     */
    public List<String> wholeOn() {
        return spreads.wholeOn(top);
    }

    /** Whether every table the statement reads is a global table: each copy answers the same. */
    public boolean readsGlobalTablesOnly() {
        return readsGlobalTablesOnly(top);
    }

    private static boolean readsGlobalTablesOnly(Unit unit) {
        if (unit instanceof UnionUnit union) {
            return union.branches().stream().allMatch(Locality::readsGlobalTablesOnly);
        }
        Block block = (Block) unit;
        for (Source source : block.sources()) {
            boolean global = source instanceof TableOccurrence occurrence ? occurrence.table().isGlobal()
                    : readsGlobalTablesOnly(((DerivedTable) source).body());
            if (!global) {
                return false;
            }
        }
        return block.subqueries().stream().allMatch(subquery -> readsGlobalTablesOnly(subquery.unit()));
    }

    /** Whether the statement's query is a UNION (or INTERSECT, EXCEPT) at its top. */
    public boolean isUnion() {
        return top instanceof UnionUnit;
    }

    /**
     * How a SELECT's rows spread over data nodes, for a statement that is not whole on any one node.
     *
     * @throws RouteException 1235 when no set of nodes can each answer for their own rows exactly
     */
    public Partition partition() {
        Block block = (Block) top;
        Spread spread = spreads.spread(block);
        return new Partition(spread.nodes(), spreads.shardingColumns(block, spread));
    }

    /**
     * Where each branch of a top-level UNION runs, for a union that is not whole on any one node: a branch whole
     * somewhere runs on one node, a spread branch on each of its nodes for its own rows.
     *
     * @throws RouteException 1235 for INTERSECT and EXCEPT, for ALL and DISTINCT unions mixed so that only some
     *     branches are made distinct, and for a spread branch that combines rows of several nodes
     */
    public List<UnionBranch> unionBranches() {
        UnionUnit union = (UnionUnit) top;
        if (!union.unionsOnly()) {
            throw RouteException.notSupported("INTERSECT or EXCEPT over " + String.join(", ",
                    Messages.tablesOf(union)) + " is not supported across data nodes");
        }
        if (union.mixed()) {
            throw RouteException.notSupported("UNION DISTINCT followed by UNION ALL over " + String.join(", ",
                    Messages.tablesOf(union)) + " is not supported across data nodes: write it as one kind of"
                    + " union, or put the DISTINCT part in a derived table on one node");
        }
        List<UnionBranch> branches = new ArrayList<>();
        for (int i = 0; i < union.branches().size(); i++) {
            Unit unit = union.branches().get(i);
            List<String> whole = spreads.wholeOn(unit);
            if (whole == null || !whole.isEmpty()) {
                branches.add(new UnionBranch(union.branchQueries().get(i), whole, false));
                continue;
            }
            if (!(unit instanceof Block block) || block.query() == null) {
                throw RouteException.notSupported("a parenthesized UNION over " + String.join(", ",
                        Messages.tablesOf(unit)) + " inside a UNION across data nodes is not supported");
            }
            Spread spread = spreads.spread(block);
            if (!spreads.rowsStayPerNode(block, spread)) {
                throw RouteException.notSupported("a UNION branch over " + String.join(", ", Messages.tablesOf(unit))
                        + " that groups, limits or makes distinct rows of several data nodes is not supported");
            }
            branches.add(new UnionBranch(union.branchQueries().get(i), spread.nodes(), true));
        }
        return branches;
    }

    /**
     * The nodes an UPDATE or DELETE runs on: a global table's every copy (each must change the same way, so all it
     * reads must be whole on each), the one node that holds all it reads, or the nodes of the sharded rows it changes.
     *
     * @param limited the statement has a LIMIT, which each node would apply to its own rows
     */
    public WritePlacement writePlacement(String verb, boolean limited) {
        if (targets.stream().anyMatch(t -> t.table().isGlobal())) {
            if (!targets.stream().allMatch(t -> t.table().isGlobal())) {
                throw RouteException.notSupported(verb + " of global table and other tables together ("
                        + Messages.names(List.copyOf(targets)) + ") is not supported: change them one at a time");
            }
            List<String> copies = copiesOf(targets);
            if (!Spreads.covers(wholeOn(), copies)) {
                throw RouteException.notSupported(verb + " of global table " + Messages.names(List.copyOf(targets))
                        + " reads " + String.join(", ", Messages.tablesOf(top)) + ", which is not whole on each of"
                        + " its copies (" + String.join(", ", copies) + "): every copy must change the same way");
            }
            return new WritePlacement(copies, true);
        }
        List<String> whole = wholeOn();
        if (whole != null && !whole.isEmpty()) {
            return new WritePlacement(List.of(whole.get(0)), false);
        }
        Spread spread = spreads.spread((Block) top);
        for (TableOccurrence target : targets) {
            if (!spread.parts().contains(target)) {
                throw RouteException.notSupported(verb + " of " + target.displayName() + " reads rows of "
                        + Messages.names(spread.parts()) + " from " + String.join(", ", spread.nodes())
                        + ": a change across data nodes is not supported");
            }
        }
        if (limited && spread.nodes().size() > 1) {
            throw RouteException.notSupported(verb + " ... LIMIT over " + Messages.names(spread.parts()) + " on data"
                    + " nodes " + String.join(", ", spread.nodes()) + " is not supported: each node would change its"
                    + " own LIMIT rows");
        }
        return new WritePlacement(spread.nodes(), false);
    }

    /**
     * The nodes an {@code INSERT ... SELECT} (this locality being its SELECT's) runs on, given its target table.
     *
     * @param verb INSERT or REPLACE, for messages
     * @param shardingItem for a sharded target, the select item that gives its sharding column (-1 when unknown)
     */
    public WritePlacement insertPlacement(String verb, ResolvedTable target, int shardingItem) {
        verb = verb + " ... SELECT into " + target.displayName();
        List<String> whole = wholeOn();
        if (target.isGlobal()) {
            if (!Spreads.covers(whole, target.nodes())) {
                throw RouteException.notSupported(verb + " (a global table) reads " + String.join(", ",
                        Messages.tablesOf(top)) + ", which is not whole on each copy: every copy must get the same"
                        + " rows");
            }
            return new WritePlacement(target.nodes(), true);
        }
        if (!target.isSharded()) {
            if (!Spreads.covers(whole, target.nodes())) {
                throw RouteException.notSupported(verb + " (on " + target.nodes().get(0) + ") reads " + String.join(
                        ", ", Messages.tablesOf(top)) + ", which is not whole there: a statement across data nodes is"
                        + " not supported");
            }
            return new WritePlacement(target.nodes(), false);
        }
        String rows = verb + " (sharded) must take each row from a node that also holds its place: ";
        if (!(top instanceof Block block) || block.query() == null || whole == null || !whole.isEmpty()) {
            throw RouteException.notSupported(rows + "select from a table sharded the same way, by its sharding"
                    + " column, or insert the rows with VALUES");
        }
        Spread spread = spreads.spread(block);
        List<SQLSelectItem> items = block.query().getSelectList();
        ColumnRef source = shardingItem >= 0 && shardingItem < items.size()
                ? block.resolve(items.get(shardingItem).getExpr()) : null;
        ShardKey targetKey = target.table().rule() == null ? null
                : new ShardKey(target.table().rule().function(), target.nodes());
        if (source == null || targetKey == null || !spread.parts().contains(source.source())
                || block.isNullSupplying(source.source())
                || !targetKey.equals(spreads.colocation().keyOf(source))) {
            throw RouteException.notSupported(rows + "its sharding column must be given by the sharding column of a"
                    + " table sharded by the same function over the same nodes");
        }
        if (!spreads.rowsStayPerNode(block, spread)) {
            throw RouteException.notSupported(rows + "the SELECT must not group, limit or make distinct rows of"
                    + " several data nodes");
        }
        return new WritePlacement(spread.nodes(), false);
    }

    private static List<String> copiesOf(List<TableOccurrence> globals) {
        Set<String> nodes = new LinkedHashSet<>();
        globals.forEach(t -> nodes.addAll(t.table().nodes()));
        return List.copyOf(nodes);
    }

    /** The block's tables that {@code qualifier} names; every table when it is {@code null} or names none. */
    private static List<TableOccurrence> named(Block block, String qualifier) {
        Source source = qualifier == null ? null
                : block.sourceNamed(SQLUtils.normalize(qualifier).toLowerCase(Locale.ROOT));
        if (source instanceof TableOccurrence occurrence) {
            return List.of(occurrence);
        }
        List<TableOccurrence> all = new ArrayList<>();
        for (Source candidate : block.sources()) {
            if (candidate instanceof TableOccurrence occurrence) {
                all.add(occurrence);
            }
        }
        return all;
    }

    /** {@code DELETE a, b FROM ...}: the names of the tables rows are deleted from. */
    private static void targetNames(SQLTableSource tables, List<String> names) {
        if (tables instanceof SQLJoinTableSource join) {
            targetNames(join.getLeft(), names);
            targetNames(join.getRight(), names);
        } else if (tables instanceof SQLExprTableSource table) {
            SQLExpr expr = table.getExpr();
            if (expr instanceof SQLIdentifierExpr id) {
                names.add(id.getName());
            } else if (expr instanceof SQLPropertyExpr property) {
                names.add(property.getName().equals("*") && property.getOwner() instanceof SQLIdentifierExpr owner
                        ? owner.getName() : property.getName());
            }
        }
    }
}
