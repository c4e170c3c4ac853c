package io.tessera.router;

import com.alibaba.druid.sql.SQLUtils;
import com.alibaba.druid.sql.ast.SQLExpr;
import com.alibaba.druid.sql.ast.SQLStatement;
import com.alibaba.druid.sql.ast.expr.SQLCharExpr;
import com.alibaba.druid.sql.ast.expr.SQLIdentifierExpr;
import com.alibaba.druid.sql.ast.expr.SQLPropertyExpr;
import com.alibaba.druid.sql.ast.statement.SQLDeleteStatement;
import com.alibaba.druid.sql.ast.statement.SQLSelectQueryBlock;
import com.alibaba.druid.sql.ast.statement.SQLSelectStatement;
import com.alibaba.druid.sql.ast.statement.SQLUpdateSetItem;
import com.alibaba.druid.sql.ast.statement.SQLUpdateStatement;
import com.alibaba.druid.sql.dialect.mysql.ast.statement.MySqlPrepareStatement;
import io.tessera.router.error.RouteException;
import io.tessera.router.function.NodeSet;
import io.tessera.router.function.SqlValue;
import io.tessera.router.model.ErParent;
import io.tessera.router.model.LogicalSchema;
import io.tessera.router.model.LogicalTable;
import io.tessera.router.model.SchemaCatalog;
import io.tessera.router.model.ShardingRule;
import io.tessera.router.model.TableKind;
import io.tessera.router.parse.ParsedStatement;
import io.tessera.router.parse.SchemaQualifierStripper;
import io.tessera.router.parse.SqlParser;
import io.tessera.router.parse.StatementType;
import io.tessera.router.parse.TableReference;
import io.tessera.router.merge.MergePlanner;
import io.tessera.router.merge.ShardingColumn;
import io.tessera.router.plan.PlanNode;
import io.tessera.router.plan.Route;
import io.tessera.router.plan.ShardStatement;
import io.tessera.router.shard.InsertRows;
import io.tessera.router.shard.RowsStatement;
import io.tessera.router.shard.JoinLinks;
import io.tessera.router.shard.WhereNodes;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Plans a statement onto data nodes. Single-node tables and the schema's default node route as they are; a global
 * table is read from one node and written on all; a sharded table goes to the nodes its rule gives for the
 * statement's sharding values (every node without them), and an INSERT is split so each node gets only its rows.
 * Tables are combined only where that is exact: the same node, a global table, or sharded tables joined on their
 * sharding columns under the same rule (or an ER child on its join key). Anything else is refused (1235), never
 * guessed.
 */
public final class Router {

    /** Databases every MySQL server has; statements on them go to a data node unchanged. */
    private static final Set<String> SYSTEM_DATABASES =
            Set.of("information_schema", "mysql", "performance_schema", "sys");

    private final SchemaCatalog catalog;
    private final SqlParser parser = new SqlParser();
    private final Set<String> schemaNames;
    private final String fallbackDataNode;

    public Router(SchemaCatalog catalog) {
        this.catalog = catalog;
        this.schemaNames = catalog.schemas().stream().map(LogicalSchema::name).collect(Collectors.toSet());
        this.fallbackDataNode = catalog.schemas().stream()
                .map(Router::anyNodeOf)
                .filter(n -> n != null)
                .findFirst()
                .orElse(null);
    }

    public SchemaCatalog catalog() {
        return catalog;
    }

    /** A table of the statement, resolved: its logical table, or {@code null} for one on the default node. */
    private record Resolved(TableReference ref, LogicalSchema schema, LogicalTable table, List<String> nodes) {

        boolean isSharded() {
            return table != null && table.kind() == TableKind.SHARDED && table.dataNodes().size() > 1;
        }

        String displayName() {
            return schema.name() + "." + (table != null ? table.name() : ref.table());
        }
    }

    /**
     * The plan for a data statement (SELECT, DML, DDL, SHOW about a table, ...): a {@link Route}, under merge steps
     * when a SELECT's rows come from several data nodes.
     */
    public PlanNode route(ParsedStatement statement, RouteContext context) {
        if (statement.abridged() && needsWholeText(statement)) {
            statement = parser.parseWhole(statement.sql()); // a rewrite needs the select list too
        }
        if (statement.ast() instanceof MySqlPrepareStatement prepare) {
            checkPreparedText(prepare, context);
        }
        LogicalSchema current = context.schema() == null ? null : catalog.schema(context.schema()).orElse(null);
        List<Resolved> tables = resolveAll(statement, current);
        boolean qualified = anyQualified(tables);
        String sql = qualified ? SchemaQualifierStripper.strip(statement.ast(), schemaNames) : statement.sql();
        if (tables.isEmpty()) {
            return Route.single(new ShardStatement(nodeWithoutTables(current), sql, qualified));
        }
        boolean write = isWrite(statement.type());
        RowsStatement insert = RowsStatement.of(statement.ast());
        if (insert != null && tables.get(0).isSharded()) {
            return insertRoute(insert, sql, qualified, tables.get(0), context);
        }
        if (statement.ast() instanceof SQLUpdateStatement update) {
            refuseShardingColumnUpdate(update, tables);
        }
        checkShardedJoins(statement, tables);
        SQLExpr where = whereOf(statement.ast());
        Set<String> nodes = null;
        boolean allGlobal = true;
        for (Resolved t : tables) {
            allGlobal &= t.table() != null && t.table().kind() == TableKind.GLOBAL;
            List<String> candidates = candidates(t, where, tables.size() == 1);
            if (nodes == null) {
                nodes = new LinkedHashSet<>(candidates);
            } else {
                nodes.retainAll(candidates);
                if (nodes.isEmpty()) {
                    throw RouteException.notSupported("tables " + names(tables)
                            + " have no data node in common: cross-node statements are not supported");
                }
            }
        }
        if (nodes.isEmpty()) {
            // The sharding conditions contradict each other (id = 1 AND id = 2): no row matches; one node answers.
            nodes = Set.of(tables.get(0).nodes().get(0));
        }
        if (nodes.size() == 1) {
            return Route.single(new ShardStatement(nodes.iterator().next(), sql, qualified));
        }
        if (statement.type() == StatementType.SHOW_TABLE_INFO) {
            // DESC t, SHOW CREATE TABLE t: every node has the same definition
            return Route.single(new ShardStatement(nodes.iterator().next(), sql, qualified));
        }
        List<String> nodeList = List.copyOf(nodes);
        if (!allGlobal && statement.ast() instanceof SQLSelectStatement) {
            // the merge rewrites the statement: an abridged tree lacks the select list
            SQLSelectStatement select = (SQLSelectStatement) (statement.abridged()
                    ? parser.parseWhole(statement.sql()).ast() : statement.ast());
            return MergePlanner.plan(select, statement.sql(), sql, qualified, nodeList, shardingColumns(tables),
                    implicitLimit(tables, context.selectLimit()));
        }
        List<ShardStatement> shards = new ArrayList<>(nodes.size());
        for (String node : nodeList) {
            shards.add(new ShardStatement(node, sql, qualified));
        }
        return new Route(shards, allGlobal);
    }

    /** The sharding columns of the statement's sharded tables, for the merge's exactness checks. */
    private static List<ShardingColumn> shardingColumns(List<Resolved> tables) {
        List<ShardingColumn> columns = new ArrayList<>();
        for (Resolved t : tables) {
            if (t.isSharded() && t.table().rule() != null) {
                columns.add(new ShardingColumn(t.ref().qualifiers(), t.table().rule().column(), tables.size() == 1));
            }
        }
        return columns;
    }

    private Resolved resolve(TableReference ref, LogicalSchema current, StatementType type) {
        LogicalSchema schema = schemaOf(ref, current);
        LogicalTable table = schema.table(ref.table()).orElse(null);
        if (table != null) {
            return new Resolved(ref, schema, table, table.dataNodes());
        }
        if (schema.defaultDataNode() != null) {
            return new Resolved(ref, schema, null, List.of(schema.defaultDataNode()));
        }
        if (type == StatementType.DDL) {
            throw RouteException.notSupported("table " + schema.name() + "." + ref.table() + " is not in schema.xml"
                    + " and schema " + schema.name() + " has no default dataNode: declare it in schema.xml first");
        }
        throw RouteException.unknownTable(schema.name(), ref.table());
    }

    /** The nodes that may hold the rows the statement touches in one table. */
    private static List<String> candidates(Resolved t, SQLExpr where, boolean onlyTable) {
        ShardingRule rule = t.table() == null ? null : t.table().rule();
        if (!t.isSharded() || rule == null) {
            return t.nodes();
        }
        NodeSet allowed = new WhereNodes(rule, t.nodes().size(), t.ref().qualifiers(), onlyTable).of(where);
        if (allowed == null) {
            return t.nodes();
        }
        List<String> names = new ArrayList<>(allowed.count());
        allowed.forEach(i -> names.add(t.nodes().get(i)));
        return names;
    }

    private static Route insertRoute(RowsStatement insert, String sql, boolean qualified, Resolved target,
            RouteContext context) {
        LogicalTable table = target.table();
        InsertRows.requireRows(insert, target.displayName());
        List<String> columns = null;
        if (!insert.hasColumnList()) {
            columns = context.columns().columns(target.schema().name(), table.name());
            if (columns == null) {
                throw new ColumnsNeededException(target.schema().name(), table.name(), table.dataNodes().get(0));
            }
        }
        List<Integer> nodes;
        if (table.rule() != null) {
            List<SqlValue> keys = InsertRows.keyValues(insert, target.displayName(), table.rule().column(), columns);
            nodes = InsertRows.place(keys, table.rule(), table.dataNodes().size(), target.displayName());
        } else {
            ErParent parent = table.parent();
            List<SqlValue> keys = InsertRows.keyValues(insert, target.displayName(), parent.joinKey(), columns);
            nodes = parentNodes(target, parent, keys, context.parents());
        }
        Map<Integer, String> byNode = InsertRows.split(insert, sql, nodes);
        List<ShardStatement> shards = new ArrayList<>(byNode.size());
        boolean split = byNode.size() > 1;
        byNode.forEach((node, nodeSql) -> shards.add(new ShardStatement(table.dataNodes().get(node), nodeSql,
                qualified || split)));
        return new Route(shards);
    }

    /** Each child row's node: its parent row's, as the locator knows it; unknown parents must be looked up first. */
    private static List<Integer> parentNodes(Resolved child, ErParent parent, List<SqlValue> keys,
            ParentLocator locator) {
        String schema = child.schema().name();
        List<Integer> nodes = new ArrayList<>(keys.size());
        List<String> missing = new ArrayList<>();
        for (SqlValue key : keys) {
            Integer node = locator.nodeOf(schema, parent.parentTable(), parent.parentKey(), key.text());
            if (node == null) {
                if (!missing.contains(key.text())) {
                    missing.add(key.text());
                }
            } else {
                nodes.add(node);
            }
        }
        if (!missing.isEmpty()) {
            throw new ParentLookupNeededException(schema, parent.parentTable(), parent.parentKey(), missing,
                    child.table().dataNodes());
        }
        return nodes;
    }

    /**
     * The LIMIT of a SELECT over several data nodes that has none: the smaller of the schema's {@code sqlMaxLimit}
     * and the session's {@code sql_select_limit}; -1 for none.
     */
    private static long implicitLimit(List<Resolved> tables, long selectLimit) {
        long maxLimit = maxLimit(tables);
        return maxLimit < 0 || selectLimit >= 0 && selectLimit < maxLimit ? selectLimit : maxLimit;
    }

    /**
     * MyCat's {@code sqlMaxLimit}: the LIMIT of a SELECT over several data nodes that has none, unless a table of it
     * has {@code needAddLimit="false"}; -1 for none.
     */
    private static long maxLimit(List<Resolved> tables) {
        for (Resolved t : tables) {
            if (t.table() != null && !t.table().needAddLimit()) {
                return -1;
            }
        }
        int sqlMaxLimit = tables.get(0).schema().sqlMaxLimit();
        return sqlMaxLimit > 0 ? sqlMaxLimit : -1;
    }

    private static void refuseShardingColumnUpdate(SQLUpdateStatement update, List<Resolved> tables) {
        for (SQLUpdateSetItem item : update.getItems()) {
            String column = columnName(item.getColumn());
            for (Resolved t : tables) {
                if (t.isSharded() && t.table().rule() != null && column != null && t.table().rule().isColumn(column)) {
                    throw RouteException.notSupported("UPDATE of sharding column " + t.table().rule().column()
                            + " of " + t.displayName() + " is not supported: the row would have to move to another"
                            + " data node; delete it and insert it again");
                }
            }
        }
    }

    /**
     * Several sharded tables meet on the same nodes only when joined on their sharding columns under the same rule,
     * or as ER parent and child on the join key: every sharded table must be linked so to the others.
     */
    private static void checkShardedJoins(ParsedStatement statement, List<Resolved> tables) {
        List<Resolved> sharded = tables.stream().filter(Resolved::isSharded).toList();
        if (sharded.size() < 2) {
            return;
        }
        List<JoinLinks.Link> links = JoinLinks.of(statement.ast());
        int[] group = new int[sharded.size()];
        for (int i = 0; i < group.length; i++) {
            group[i] = i;
        }
        for (JoinLinks.Link link : links) {
            int a = indexOf(sharded, link.leftQualifier());
            int b = indexOf(sharded, link.rightQualifier());
            if (a >= 0 && b >= 0 && a != b && colocated(sharded.get(a), link.leftColumn(), sharded.get(b),
                    link.rightColumn())) {
                int from = group[b];
                int to = group[a];
                for (int i = 0; i < group.length; i++) {
                    if (group[i] == from) {
                        group[i] = to;
                    }
                }
            }
        }
        for (int g : group) {
            if (g != group[0]) {
                throw RouteException.notSupported("the sharded tables " + names(sharded) + " are not joined on their"
                        + " sharding columns under one rule (or as ER parent and child): a cross-node join is not"
                        + " supported");
            }
        }
    }

    private static boolean colocated(Resolved a, String aColumn, Resolved b, String bColumn) {
        LogicalTable ta = a.table();
        LogicalTable tb = b.table();
        if (ta.rule() != null && tb.rule() != null && ta.rule().function() == tb.rule().function()
                && ta.dataNodes().equals(tb.dataNodes()) && ta.rule().isColumn(aColumn)
                && tb.rule().isColumn(bColumn)) {
            return true;
        }
        return isErLink(ta, aColumn, tb, bColumn) || isErLink(tb, bColumn, ta, aColumn);
    }

    private static boolean isErLink(LogicalTable parent, String parentColumn, LogicalTable child, String childColumn) {
        return child.parent() != null && child.parent().parentTable().equalsIgnoreCase(parent.name())
                && child.parent().parentKey().equalsIgnoreCase(parentColumn)
                && child.parent().joinKey().equalsIgnoreCase(childColumn);
    }

    private static int indexOf(List<Resolved> tables, String qualifier) {
        int found = -1;
        for (int i = 0; i < tables.size(); i++) {
            if (tables.get(i).ref().qualifiers().contains(qualifier)) {
                if (found >= 0) {
                    return -1; // ambiguous: the same name for two tables
                }
                found = i;
            }
        }
        return found;
    }

    private static SQLExpr whereOf(SQLStatement ast) {
        if (ast instanceof SQLSelectStatement select
                && select.getSelect().getQuery() instanceof SQLSelectQueryBlock b) {
            return b.getWhere();
        }
        if (ast instanceof SQLUpdateStatement update) {
            return update.getWhere();
        }
        if (ast instanceof SQLDeleteStatement delete) {
            return delete.getWhere();
        }
        return null;
    }

    private static String columnName(SQLExpr column) {
        if (column instanceof SQLIdentifierExpr id) {
            return SQLUtils.normalize(id.getName());
        }
        if (column instanceof SQLPropertyExpr p) {
            return SQLUtils.normalize(p.getName());
        }
        return null;
    }

    private static String names(List<Resolved> tables) {
        return tables.stream().map(Resolved::displayName).distinct().collect(Collectors.joining(", "));
    }

    private static boolean isWrite(StatementType type) {
        return switch (type) {
            case SELECT, SHOW_TABLE_INFO, EXPLAIN -> false;
            default -> true;
        };
    }

    /** Whether an abridged SELECT names a table with a logical-schema qualifier, which the rewrite strips. */
    private boolean needsWholeText(ParsedStatement statement) {
        for (TableReference ref : statement.tables()) {
            if (ref.schema() != null && schemaNames.contains(ref.schema())) {
                return true;
            }
        }
        return false;
    }

    /**
     * Where a prepared statement learns its parameters and result columns before any value is bound: the statement,
     * {@code ?} markers and all, with logical schema qualifiers stripped, for the first data node of its first table
     * (any node holds the same table definition), or the node of statements without tables.
     */
    public ShardStatement describeSource(ParsedStatement statement, RouteContext context) {
        if (statement.abridged()) {
            statement = parser.parseWhole(statement.sql());
        }
        LogicalSchema current = context.schema() == null ? null : catalog.schema(context.schema()).orElse(null);
        List<Resolved> tables = resolveAll(statement, current);
        boolean qualified = anyQualified(tables);
        String sql = qualified ? SchemaQualifierStripper.strip(statement.ast(), schemaNames) : statement.sql();
        return new ShardStatement(tables.isEmpty() ? nodeWithoutTables(current) : tables.get(0).nodes().get(0), sql,
                qualified);
    }

    /** Whether a table is named with its schema, which the data nodes' text must then lose. */
    private static boolean anyQualified(List<Resolved> tables) {
        for (Resolved t : tables) {
            if (t.ref().schema() != null) {
                return true;
            }
        }
        return false;
    }

    /** The statement's tables, resolved; those of MySQL's own databases (information_schema, ...) left out. */
    private List<Resolved> resolveAll(ParsedStatement statement, LogicalSchema current) {
        List<Resolved> tables = new ArrayList<>();
        for (TableReference ref : statement.tables()) {
            if (ref.schema() == null || !SYSTEM_DATABASES.contains(ref.schema().toLowerCase(Locale.ROOT))) {
                tables.add(resolve(ref, current, statement.type()));
            }
        }
        return tables;
    }

    /**
     * SQL's {@code PREPARE} runs where the session's statements without tables run, and so do {@code EXECUTE} and
     * {@code DEALLOCATE}, which must find it: its statement must belong on that data node as it is written. A text
     * that needs other nodes (a sharded table), a rewrite, or that hides in a variable is refused.
     */
    private void checkPreparedText(MySqlPrepareStatement prepare, RouteContext context) {
        if (!(prepare.getFrom() instanceof SQLCharExpr text)) {
            throw RouteException.notSupported("PREPARE ... FROM a variable is not supported: Tessera cannot see which"
                    + " data nodes its statement needs; use the client's server-side prepared statements");
        }
        String here = nodeWithoutTables(context);
        PlanNode inner = route(parser.parse(text.getText()), context);
        List<String> nodes = inner.route().shards().stream().map(ShardStatement::dataNode).toList();
        if (!(inner instanceof Route route) || !nodes.equals(List.of(here)) || route.shards().get(0).rewritten()) {
            throw RouteException.notSupported("PREPARE of a statement for data node(s) " + nodes + " is not supported:"
                    + " SQL prepared statements run on data node " + here + " as written; use the client's"
                    + " server-side prepared statements");
        }
    }

    /** The data node that runs the session's statements that name no table. */
    public String nodeWithoutTables(RouteContext context) {
        return nodeWithoutTables(context.schema() == null ? null : catalog.schema(context.schema()).orElse(null));
    }

    private LogicalSchema schemaOf(TableReference ref, LogicalSchema current) {
        if (ref.schema() == null) {
            if (current == null) {
                throw RouteException.noDatabaseSelected();
            }
            return current;
        }
        return catalog.schema(ref.schema()).orElseThrow(() -> RouteException.unknownTable(ref.schema(), ref.table()));
    }

    private String nodeWithoutTables(LogicalSchema current) {
        String node = current == null ? null : anyNodeOf(current);
        if (node == null) {
            node = fallbackDataNode;
        }
        if (node == null) {
            throw RouteException.notSupported("no data node is configured to run statements without tables");
        }
        return node;
    }

    private static String anyNodeOf(LogicalSchema schema) {
        if (schema.defaultDataNode() != null) {
            return schema.defaultDataNode();
        }
        return schema.allTables().stream().map(t -> t.dataNodes().get(0)).findFirst().orElse(null);
    }
}
