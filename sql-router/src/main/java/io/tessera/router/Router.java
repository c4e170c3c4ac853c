package io.tessera.router;

import io.tessera.router.error.RouteException;
import io.tessera.router.model.LogicalSchema;
import io.tessera.router.model.LogicalTable;
import io.tessera.router.model.SchemaCatalog;
import io.tessera.router.model.TableKind;
import io.tessera.router.parse.ParsedStatement;
import io.tessera.router.parse.SchemaQualifierStripper;
import io.tessera.router.parse.StatementType;
import io.tessera.router.parse.TableReference;
import io.tessera.router.plan.Route;
import io.tessera.router.plan.ShardStatement;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Plans statements whose tables can be answered by one data node: tables on a single node, tables not listed
 * (the schema's default node), global tables (read from one node). Statements that need several nodes get
 * ERR 1235 until the sharding router and the cross-node executor take them on; nothing is guessed.
 */
public final class Router {

    /** Databases every MySQL server has; statements on them go to a data node unchanged. */
    private static final Set<String> SYSTEM_DATABASES =
            Set.of("information_schema", "mysql", "performance_schema", "sys");

    private final SchemaCatalog catalog;
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

    /** The plan for a data statement (SELECT, DML, DDL, SHOW about a table, ...). */
    public Route route(ParsedStatement statement, RouteContext context) {
        LogicalSchema current = context.schema() == null ? null : catalog.schema(context.schema()).orElse(null);
        Set<String> nodes = null;
        boolean qualified = false;
        boolean allGlobal = true;
        for (TableReference ref : statement.tables()) {
            if (ref.schema() != null && SYSTEM_DATABASES.contains(ref.schema().toLowerCase(Locale.ROOT))) {
                continue;
            }
            LogicalSchema schema = schemaOf(ref, current);
            qualified |= ref.schema() != null;
            LogicalTable table = schema.table(ref.table()).orElse(null);
            List<String> tableNodes;
            if (table != null) {
                if (table.kind() == TableKind.SHARDED && table.dataNodes().size() > 1) {
                    throw RouteException.notSupported("table " + schema.name() + "." + table.name()
                            + " is sharded over " + table.dataNodes().size() + " data nodes: sharded routing is not"
                            + " available in this build");
                }
                allGlobal &= table.kind() == TableKind.GLOBAL;
                tableNodes = table.dataNodes();
            } else if (schema.defaultDataNode() != null) {
                allGlobal = false;
                tableNodes = List.of(schema.defaultDataNode());
            } else {
                throw RouteException.unknownTable(schema.name(), ref.table());
            }
            if (nodes == null) {
                nodes = new LinkedHashSet<>(tableNodes);
            } else {
                nodes.retainAll(tableNodes);
                if (nodes.isEmpty()) {
                    throw RouteException.notSupported("tables " + namesUpTo(statement, ref, current)
                            + " have no data node in common: cross-node statements are not supported");
                }
            }
        }
        String sql = qualified
                ? SchemaQualifierStripper.strip(statement.ast(), schemaNames)
                : statement.sql();
        if (nodes == null) {
            return Route.single(new ShardStatement(nodeWithoutTables(current), sql, qualified));
        }
        if (nodes.size() == 1 || (allGlobal && isRead(statement.type()))) {
            return Route.single(new ShardStatement(nodes.iterator().next(), sql, qualified));
        }
        List<ShardStatement> shards = new ArrayList<>(nodes.size());
        for (String node : nodes) {
            shards.add(new ShardStatement(node, sql, qualified));
        }
        return new Route(shards);
    }

    /** "TESTDB.a, TESTDB.b": the tables up to {@code last}, for the error message only. */
    private static String namesUpTo(ParsedStatement statement, TableReference last, LogicalSchema current) {
        StringBuilder names = new StringBuilder();
        for (TableReference ref : statement.tables()) {
            if (names.length() > 0) {
                names.append(", ");
            }
            names.append(ref.schema() != null ? ref.schema() : current.name()).append('.').append(ref.table());
            if (ref == last) {
                break;
            }
        }
        return names.toString();
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

    /** The data node that runs the session's statements that name no table. */
    public String nodeWithoutTables(RouteContext context) {
        return nodeWithoutTables(context.schema() == null ? null : catalog.schema(context.schema()).orElse(null));
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

    private static boolean isRead(StatementType type) {
        return type == StatementType.SELECT || type == StatementType.SHOW_TABLE_INFO;
    }
}
