package io.tessera.router;

import com.alibaba.druid.sql.SQLUtils;
import com.alibaba.druid.sql.ast.SQLExpr;
import com.alibaba.druid.sql.ast.SQLStatement;
import com.alibaba.druid.sql.ast.expr.SQLCharExpr;
import com.alibaba.druid.sql.ast.expr.SQLIdentifierExpr;
import com.alibaba.druid.sql.ast.expr.SQLPropertyExpr;
import com.alibaba.druid.sql.ast.statement.SQLDeleteStatement;
import com.alibaba.druid.sql.ast.statement.SQLExprTableSource;
import com.alibaba.druid.sql.ast.statement.SQLSelectStatement;
import com.alibaba.druid.sql.ast.statement.SQLUpdateSetItem;
import com.alibaba.druid.sql.ast.statement.SQLUpdateStatement;
import com.alibaba.druid.sql.dialect.mysql.ast.statement.MySqlDeleteStatement;
import com.alibaba.druid.sql.dialect.mysql.ast.statement.MySqlLockTableStatement;
import com.alibaba.druid.sql.dialect.mysql.ast.statement.MySqlPrepareStatement;
import io.tessera.router.error.RouteException;
import io.tessera.router.locality.Locality;
import io.tessera.router.locality.ResolvedTable;
import io.tessera.router.locality.WritePlacement;
import io.tessera.router.model.LogicalSchema;
import io.tessera.router.model.SchemaCatalog;
import io.tessera.router.parse.LoadData;
import io.tessera.router.parse.LoadDataTree;
import io.tessera.router.parse.ParsedStatement;
import io.tessera.router.parse.SchemaQualifierStripper;
import io.tessera.router.parse.SqlParser;
import io.tessera.router.parse.StatementType;
import io.tessera.router.parse.TableReference;
import io.tessera.router.plan.PlanNode;
import io.tessera.router.plan.Route;
import io.tessera.router.plan.ShardStatement;
import io.tessera.router.shard.RowsStatement;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Plans a statement onto data nodes. A statement that one node holds whole (every table it reads there in full:
 * single-node tables, a global table's copy, sharded rows its WHERE clause keeps to that node) runs there as written;
 * a read of global tables only runs on any copy, a write on all. A statement over sharded rows spread on several
 * nodes runs on each of them when every node can answer for its own rows exactly (its sharded tables tied together
 * on their sharding columns, everything else it reads whole on each node), and the answers are merged; an INSERT is
 * split so each node gets its rows. Anything else is refused (1235), never guessed.
 */
public final class Router {

    private final SchemaCatalog catalog;
    private final SqlParser parser;
    private final Set<String> schemaNames;
    private final TableResolver tableResolver;

    /** A router whose syntax errors speak of a MySQL server. */
    public Router(SchemaCatalog catalog) {
        this(catalog, new SqlParser());
    }

    /** @param parser parses the statements that SQL's PREPARE names, in the words of the server Tessera presents */
    public Router(SchemaCatalog catalog, SqlParser parser) {
        this.catalog = catalog;
        this.parser = parser;
        this.schemaNames = catalog.schemas().stream().map(LogicalSchema::name).collect(Collectors.toSet());
        this.tableResolver = new TableResolver(catalog);
    }

    public SchemaCatalog catalog() {
        return catalog;
    }

    /**
     * The column order that routing {@code statement} needs and {@code context} does not have (an INSERT without a
     * column list into a sharded table), or {@code null}: the statement pipeline learns it before routing.
     */
    public ColumnOrderNeeded columnOrderNeeded(ParsedStatement statement, RouteContext context) {
        if (statement.ast() instanceof LoadDataTree tree) {
            return LoadRoutes.columnOrderNeeded(tree.load(), resolver(context, statement.type()), context);
        }
        RowsStatement insert = RowsStatement.of(statement.ast());
        if (insert == null) {
            return null;
        }
        InsertRoutes inserts = new InsertRoutes(context, resolver(context, statement.type()));
        return inserts.columnOrderNeeded(insert, insertTarget(insert, context, statement.type()));
    }

    /**
     * The ER parent rows that placing the rows of {@code statement} needs and {@code context} does not locate, or
     * {@code null}: the statement pipeline looks them up before routing, after {@link #columnOrderNeeded}.
     */
    public ParentRowsNeeded parentRowsNeeded(ParsedStatement statement, RouteContext context) {
        RowsStatement insert = RowsStatement.of(statement.ast());
        if (insert == null) {
            return null;
        }
        InsertRoutes inserts = new InsertRoutes(context, resolver(context, statement.type()));
        return inserts.parentRowsNeeded(insert, insertTarget(insert, context, statement.type()));
    }

    /**
     * Where the rows of a {@code LOAD DATA LOCAL INFILE} go, which the statement pipeline streams from the client; the
     * column order {@link #columnOrderNeeded} names must be in {@code context} already.
     */
    public LoadRoute routeLoad(LoadData load, RouteContext context) {
        return LoadRoutes.route(load, resolver(context, StatementType.LOAD_DATA), context);
    }

    private Function<TableReference, ResolvedTable> resolver(RouteContext context, StatementType type) {
        return tableResolver.resolver(context, type);
    }

    private ResolvedTable insertTarget(RowsStatement insert, RouteContext context, StatementType type) {
        return resolver(context, type).apply(tableOf(insert.table()));
    }

    /**
     * The plan for a data statement (SELECT, DML, DDL, SHOW about a table, ...): a {@link Route}, under merge steps
     * when a SELECT's rows come from several data nodes. The facts {@link #columnOrderNeeded} and {@link
     * #parentRowsNeeded} name must be in {@code context} already.
     */
    public PlanNode route(ParsedStatement statement, RouteContext context) {
        if (statement.abridged() && needsWholeText(statement)) {
            statement = parser.parseWhole(statement.sql()); // a rewrite needs the select list too
        }
        if (statement.ast() instanceof MySqlPrepareStatement prepare) {
            checkPreparedText(prepare, context);
        }
        if (statement.ast() instanceof MySqlLockTableStatement) {
            return lockTables(statement, context);
        }
        LogicalSchema current = tableResolver.current(context);
        List<ResolvedTable> tables = tableResolver.resolveAll(statement, current);
        boolean qualified = TableResolver.anyQualified(tables);
        if (tables.isEmpty()) {
            String node = tableResolver.nodeWithoutTables(current);
            return Route.single(new ShardStatement(node, sql(statement, qualified), qualified));
        }
        Function<TableReference, ResolvedTable> resolver = resolver(context, statement.type());
        SQLStatement ast = statement.ast();
        if (ast instanceof LoadDataTree tree) {
            return LoadRoutes.serverFile(tree.load(), tables.get(0));
        }
        RowsStatement insert = RowsStatement.of(ast);
        if (insert != null) {
            ResolvedTable target = insertTarget(insert, context, statement.type());
            return new InsertRoutes(context, resolver).route(insert, target, sql(statement, qualified), qualified);
        }
        if (ast instanceof SQLSelectStatement select) {
            return select(statement, select, Locality.ofSelect(select.getSelect(), resolver), qualified, tables,
                    context);
        }
        if (ast instanceof SQLUpdateStatement update) {
            refuseShardingColumnUpdate(update, tables);
            WritePlacement placement = Locality.ofUpdate(update, resolver).writePlacement("UPDATE",
                    update.getLimit() != null);
            return toNodes(placement, sql(statement, qualified), qualified);
        }
        if (ast instanceof SQLDeleteStatement delete) {
            WritePlacement placement = Locality.ofDelete(delete, resolver).writePlacement("DELETE",
                    delete instanceof MySqlDeleteStatement mysql && mysql.getLimit() != null);
            return toNodes(placement, sql(statement, qualified), qualified);
        }
        return onEveryNodeOfItsTables(statement, tables, sql(statement, qualified), qualified);
    }

    /** {@code LOCK TABLES} on every data node of the tables it names ({@link LockRoutes}). */
    public Route lockTables(ParsedStatement statement, RouteContext context) {
        if (!(statement.ast() instanceof MySqlLockTableStatement lock)) {
            throw new IllegalArgumentException("statement: " + statement.sql() + " (expected: LOCK TABLES)");
        }
        return LockRoutes.route(lock, resolver(context, StatementType.LOCK));
    }

    /** The data nodes that hold {@code ref}; none for a table of MySQL's own databases (information_schema, ...). */
    public List<String> nodesOf(TableReference ref, RouteContext context) {
        ResolvedTable table = resolver(context, StatementType.SELECT).apply(ref);
        return table == null ? List.of() : table.nodes();
    }

    private PlanNode select(ParsedStatement statement, SQLSelectStatement select, Locality locality,
            boolean qualified, List<ResolvedTable> tables, RouteContext context) {
        List<String> whole = locality.wholeOn();
        if (whole == null || !whole.isEmpty()) {
            String sql = sql(statement, qualified);
            return whole == null ? Route.single(new ShardStatement(nodeWithoutTables(context), sql, qualified))
                    : SelectRoutes.whole(locality, whole, sql, qualified);
        }
        if (statement.abridged()) {
            return route(parser.parseWhole(statement.sql()), context); // the merge rewrites the select list too
        }
        String sql = sql(statement, qualified);
        long limit = SelectLimits.of(select, tables, context.selectLimit());
        return SelectRoutes.spread(locality, select, statement.sql(), sql, qualified, limit,
                nodeWithoutTables(context), context.sortKeyTypes());
    }

    /**
     * DDL, SHOW about a table and the rest: on every node of the table (one node for SHOW, whose answer every node
     * shares). A statement that names several tables must find them on the same nodes.
     */
    private static PlanNode onEveryNodeOfItsTables(ParsedStatement statement, List<ResolvedTable> tables, String sql,
            boolean qualified) {
        List<String> nodes = tables.get(0).nodes();
        for (ResolvedTable table : tables) {
            if (!table.nodes().equals(nodes)) {
                throw RouteException.notSupported("the statement names tables on different data nodes ("
                        + tables.stream().map(t -> t.displayName() + " on " + String.join(", ", t.nodes()))
                        .distinct().collect(Collectors.joining("; ")) + "): it is not supported across data nodes");
            }
        }
        if (statement.type() == StatementType.SHOW_TABLE_INFO) {
            return Route.single(new ShardStatement(nodes.get(0), sql, qualified));
        }
        boolean allGlobal = tables.stream().allMatch(ResolvedTable::isGlobal);
        return toNodes(new WritePlacement(nodes, allGlobal), sql, qualified);
    }

    private static Route toNodes(WritePlacement placement, String sql, boolean qualified) {
        List<ShardStatement> shards = new ArrayList<>(placement.nodes().size());
        for (String node : placement.nodes()) {
            shards.add(new ShardStatement(node, sql, qualified));
        }
        return new Route(shards, placement.replicated());
    }

    /** The text data nodes run: the client's, or with logical schema qualifiers stripped. */
    private String sql(ParsedStatement statement, boolean qualified) {
        return qualified ? SchemaQualifierStripper.strip(statement.ast(), schemaNames) : statement.sql();
    }

    static TableReference tableOf(SQLExprTableSource source) {
        String alias = source.getAlias() == null ? null : SQLUtils.normalize(source.getAlias());
        if (source.getExpr() instanceof SQLPropertyExpr property
                && property.getOwner() instanceof SQLIdentifierExpr owner) {
            return new TableReference(SQLUtils.normalize(owner.getName()), SQLUtils.normalize(property.getName()),
                    alias);
        }
        return new TableReference(null, SQLUtils.normalize(((SQLIdentifierExpr) source.getExpr()).getName()), alias);
    }

    private static void refuseShardingColumnUpdate(SQLUpdateStatement update, List<ResolvedTable> tables) {
        for (SQLUpdateSetItem item : update.getItems()) {
            String column = columnName(item.getColumn());
            for (ResolvedTable t : tables) {
                if (t.isSharded() && t.table().rule() != null && column != null && t.table().rule().isColumn(column)) {
                    throw RouteException.notSupported("UPDATE of sharding column " + t.table().rule().column()
                            + " of " + t.displayName() + " is not supported: the row would have to move to another"
                            + " data node; delete it and insert it again");
                }
            }
        }
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
     * {@code ?} markers and all, with logical schema qualifiers stripped, for a data node that holds every table it
     * names (any node holds the same table definitions), or the node of statements without tables.
     */
    public ShardStatement describeSource(ParsedStatement statement, RouteContext context) {
        if (statement.abridged()) {
            statement = parser.parseWhole(statement.sql());
        }
        LogicalSchema current = tableResolver.current(context);
        List<ResolvedTable> tables = tableResolver.resolveAll(statement, current);
        boolean qualified = TableResolver.anyQualified(tables);
        String node = tables.isEmpty() ? tableResolver.nodeWithoutTables(current) : tables.get(0).nodes().get(0);
        List<String> common = null;
        for (ResolvedTable table : tables) {
            common = common == null ? new ArrayList<>(table.nodes()) : common;
            common.retainAll(table.nodes());
        }
        if (common != null && !common.isEmpty()) {
            node = common.get(0);
        }
        return new ShardStatement(node, sql(statement, qualified), qualified);
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
        ParsedStatement prepared = parser.parse(text.getText());
        if (columnOrderNeeded(prepared, context) != null || parentRowsNeeded(prepared, context) != null) {
            throw RouteException.notSupported("PREPARE of a statement whose rows Tessera must place by facts it has"
                    + " not learnt yet is not supported: SQL prepared statements run on data node " + here
                    + " as written; use the client's server-side prepared statements");
        }
        PlanNode inner = route(prepared, context);
        List<String> nodes = inner.route().shards().stream().map(ShardStatement::dataNode).toList();
        if (!(inner instanceof Route route) || !nodes.equals(List.of(here)) || route.shards().get(0).rewritten()) {
            throw RouteException.notSupported("PREPARE of a statement for data node(s) " + nodes + " is not supported:"
                    + " SQL prepared statements run on data node " + here + " as written; use the client's"
                    + " server-side prepared statements");
        }
    }

    /** The data node that runs the session's statements that name no table. */
    public String nodeWithoutTables(RouteContext context) {
        return tableResolver.nodeWithoutTables(tableResolver.current(context));
    }
}
