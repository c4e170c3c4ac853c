package io.tessera.router;

import io.tessera.router.error.RouteException;
import io.tessera.router.locality.ResolvedTable;
import io.tessera.router.model.LogicalSchema;
import io.tessera.router.model.LogicalTable;
import io.tessera.router.model.SchemaCatalog;
import io.tessera.router.parse.ParsedStatement;
import io.tessera.router.parse.StatementType;
import io.tessera.router.parse.TableReference;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;

/**
 * Finds what a statement's table names mean in the catalog: the logical table and its data nodes, a table of a
 * schema's default data node, or nothing for MySQL's own databases; and the data node of statements without tables.
 */
final class TableResolver {

    /** Databases every MySQL server has; statements on them go to a data node unchanged. */
    private static final Set<String> SYSTEM_DATABASES =
            Set.of("information_schema", "mysql", "performance_schema", "sys");

    private final SchemaCatalog catalog;
    private final String fallbackDataNode;

    TableResolver(SchemaCatalog catalog) {
        this.catalog = catalog;
        this.fallbackDataNode = catalog.schemas().stream()
                .map(TableResolver::anyNodeOf)
                .filter(n -> n != null)
                .findFirst()
                .orElse(null);
    }

    /** The session's current schema, or {@code null} when none is selected. */
    LogicalSchema current(RouteContext context) {
        return context.schema() == null ? null : catalog.schema(context.schema()).orElse(null);
    }

    /** Resolves a reference of a statement of {@code type}; {@code null} for MySQL's own databases. */
    Function<TableReference, ResolvedTable> resolver(RouteContext context, StatementType type) {
        LogicalSchema current = current(context);
        return ref -> isSystem(ref) ? null : resolve(ref, current, type);
    }

    /** The statement's tables, resolved; those of MySQL's own databases (information_schema, ...) left out. */
    List<ResolvedTable> resolveAll(ParsedStatement statement, LogicalSchema current) {
        List<ResolvedTable> tables = new ArrayList<>();
        for (TableReference ref : statement.tables()) {
            if (!isSystem(ref)) {
                tables.add(resolve(ref, current, statement.type()));
            }
        }
        return tables;
    }

    /** Whether a table is named with its schema, which the data nodes' text must then lose. */
    static boolean anyQualified(List<ResolvedTable> tables) {
        for (ResolvedTable t : tables) {
            if (t.ref().schema() != null) {
                return true;
            }
        }
        return false;
    }

    /** The data node that runs the statements without tables of a session in {@code current} (may be null). */
    String nodeWithoutTables(LogicalSchema current) {
        String node = current == null ? null : anyNodeOf(current);
        if (node == null) {
            node = fallbackDataNode;
        }
        if (node == null) {
            throw RouteException.notSupported("no data node is configured to run statements without tables");
        }
        return node;
    }

    private ResolvedTable resolve(TableReference ref, LogicalSchema current, StatementType type) {
        LogicalSchema schema = schemaOf(ref, current);
        LogicalTable table = schema.table(ref.table()).orElse(null);
        if (table != null) {
            return new ResolvedTable(ref, schema, table, table.dataNodes());
        }
        if (schema.defaultDataNode() != null) {
            return new ResolvedTable(ref, schema, null, List.of(schema.defaultDataNode()));
        }
        if (type == StatementType.DDL) {
            throw RouteException.notSupported("table " + schema.name() + "." + ref.table() + " is not in schema.xml"
                    + " and schema " + schema.name() + " has no default dataNode: declare it in schema.xml first");
        }
        throw RouteException.unknownTable(schema.name(), ref.table());
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

    private static boolean isSystem(TableReference ref) {
        return ref.schema() != null && SYSTEM_DATABASES.contains(ref.schema().toLowerCase(Locale.ROOT));
    }

    private static String anyNodeOf(LogicalSchema schema) {
        if (schema.defaultDataNode() != null) {
            return schema.defaultDataNode();
        }
        return schema.allTables().stream().map(t -> t.dataNodes().get(0)).findFirst().orElse(null);
    }
}
