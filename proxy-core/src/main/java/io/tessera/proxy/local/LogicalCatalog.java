package io.tessera.proxy.local;

import io.tessera.proxy.exec.Executor;
import io.tessera.proxy.session.ClientChannel;
import io.tessera.router.error.RouteException;
import io.tessera.router.local.VirtualTables;
import io.tessera.router.model.LogicalSchema;
import io.tessera.router.model.LogicalTable;
import io.tessera.router.model.SchemaCatalog;
import io.tessera.router.model.TableKind;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;

/**
 * The rows of {@code information_schema.TABLES}, {@code COLUMNS}, {@code STATISTICS}, of the keys
 * ({@code KEY_COLUMN_USAGE}, {@code REFERENTIAL_CONSTRAINTS}, {@code TABLE_CONSTRAINTS}), {@code CHECK_CONSTRAINTS},
 * {@code TRIGGERS} and {@code VIEWS} for the user's logical schemas: each logical table once (schema.xml's tables, and
 * the default data node's own tables, as SHOW TABLES lists them), under its logical schema's name, never a physical
 * database's. A table's columns, indexes, keys and checks are its first data node's, read once and held in the
 * {@link CatalogCache}; its triggers (a view's definition) are its first data node's, read afresh each time; its TABLES
 * row is its first data node's too, read afresh each time, with the rows and sizes of a sharded table summed over all
 * its data nodes (a global table's are one copy's). A table its data node does not have has no rows. The rows of
 * {@code ROUTINES}, {@code PARAMETERS} and {@code EVENTS} are a schema's own: all those of its first data node (where a
 * CALL in the schema runs), read afresh each time.
 */
final class LogicalCatalog {

    /** What TABLES sums over a sharded table's data nodes. */
    private static final List<String> SUMMED = List.of("TABLE_ROWS", "DATA_LENGTH", "INDEX_LENGTH", "DATA_FREE");
    /** The tables read afresh for each statement. */
    private static final Set<String> UNCACHED = Set.of(VirtualTables.TABLES, VirtualTables.TRIGGERS,
            VirtualTables.ROUTINES, VirtualTables.EVENTS, VirtualTables.VIEWS, VirtualTables.PARAMETERS);

    private final SchemaCatalog catalog;
    private final Executor executor;
    private final CatalogCache cache;
    private final Map<String, CatalogLayout> layouts;

    LogicalCatalog(SchemaCatalog catalog, Executor executor, CatalogCache cache, boolean mariaDb) {
        this.catalog = catalog;
        this.executor = executor;
        this.cache = cache;
        this.layouts = Map.ofEntries(Map.entry(VirtualTables.TABLES, CatalogLayout.tables(mariaDb)),
                Map.entry(VirtualTables.COLUMNS, CatalogLayout.columns(mariaDb)),
                Map.entry(VirtualTables.STATISTICS, CatalogLayout.statistics(mariaDb)),
                Map.entry(VirtualTables.KEY_COLUMN_USAGE, CatalogLayout.keyColumnUsage()),
                Map.entry(VirtualTables.REFERENTIAL_CONSTRAINTS, CatalogLayout.referentialConstraints()),
                Map.entry(VirtualTables.TABLE_CONSTRAINTS, CatalogLayout.tableConstraints(mariaDb)),
                Map.entry(VirtualTables.TRIGGERS, CatalogLayout.triggers()),
                Map.entry(VirtualTables.ROUTINES, CatalogLayout.routines()),
                Map.entry(VirtualTables.EVENTS, CatalogLayout.events()),
                Map.entry(VirtualTables.PARAMETERS, CatalogLayout.parameters()),
                Map.entry(VirtualTables.CHECK_CONSTRAINTS, CatalogLayout.checkConstraints(mariaDb)),
                Map.entry(VirtualTables.VIEWS, CatalogLayout.views(mariaDb)));
    }

    /** Whether {@code table} is one of the catalog's. */
    boolean answers(String table) {
        return layouts.containsKey(table);
    }

    /**
     * The SELECT of the derived table that stands in for {@code table} ({@link VirtualTables#TABLES}, ...) for
     * {@code client}'s user. Completes on the client's event loop; fails when a data node cannot be read.
     */
    CompletableFuture<String> select(ClientChannel client, String table) {
        CatalogLayout layout = layouts.get(table);
        List<LogicalSchema> schemas = new ArrayList<>();
        for (String name : client.session().user().schemas()) {
            catalog.schema(name).ifPresent(schemas::add);
        }
        Map<String, NodeCatalogRows> read = new HashMap<>();
        CompletableFuture<Void> reads = CompletableFuture.completedFuture(null);
        // one data node after the other: inside a transaction, the session's connection to a node is one
        Set<String> nodes = layout.ofSchema() ? firstNodes(schemas) : nodesToRead(schemas,
                table.equals(VirtualTables.TABLES));
        for (String node : nodes) {
            reads = reads.thenCompose(ignored -> read(client, table, node)).thenAccept(rows -> read.put(node, rows));
        }
        return reads.thenApply(ignored -> layout.select(rows(schemas, table, layout, read)));
    }

    /** Each schema's first data node, whose routines and events are the schema's. */
    private static Set<String> firstNodes(List<LogicalSchema> schemas) {
        Set<String> nodes = new LinkedHashSet<>();
        for (LogicalSchema schema : schemas) {
            String node = InformationSchema.firstNode(schema);
            if (node != null) {
                nodes.add(node);
            }
        }
        return nodes;
    }

    /** The data nodes whose rows {@code schemas}' tables take; for TABLES ({@code sums}), all of a sharded table's. */
    static Set<String> nodesToRead(List<LogicalSchema> schemas, boolean sums) {
        Set<String> nodes = new LinkedHashSet<>();
        for (LogicalSchema schema : schemas) {
            if (schema.defaultDataNode() != null) {
                nodes.add(schema.defaultDataNode());
            }
            for (LogicalTable table : schema.allTables()) {
                if (sums && table.kind() == TableKind.SHARDED) {
                    nodes.addAll(table.dataNodes());
                } else {
                    nodes.add(table.dataNodes().get(0));
                }
            }
        }
        return nodes;
    }

    private CompletableFuture<NodeCatalogRows> read(ClientChannel client, String table, String node) {
        // TABLES' statistics change with every write; triggers, routines, events and views are made by statements
        // Tessera does not all take for DDL
        boolean cached = !UNCACHED.contains(table);
        NodeCatalogRows held = cached ? cache.get(table, node) : null;
        if (held != null) {
            return CompletableFuture.completedFuture(held);
        }
        long generation = cache.generation();
        CatalogLayout layout = layouts.get(table);
        return executor.query(client, node, "SELECT * FROM information_schema." + table
                + " WHERE " + layout.databaseColumn() + " = DATABASE()").thenApply(result -> {
                    if (result.columns().stream().noneMatch(layout.tableColumn()::equalsIgnoreCase)) {
                        // MySQL 8's CHECK_CONSTRAINTS: rows that no logical table could be told by
                        throw RouteException.notSupported("information_schema." + table + " is not answered through"
                                + " Tessera: data node " + node + " names no " + layout.tableColumn() + " in it, so"
                                + " its rows cannot be told to logical tables");
                    }
                    NodeCatalogRows rows = NodeCatalogRows.of(result, layout.tableColumn());
                    if (cached) {
                        cache.put(table, node, rows, generation);
                    }
                    return rows;
                });
    }

    /** The rows of {@code table} for {@code schemas}' logical tables, from what the data nodes gave ({@code read}). */
    static List<List<Object>> rows(List<LogicalSchema> schemas, String table, CatalogLayout layout,
            Map<String, NodeCatalogRows> read) {
        List<List<Object>> rows = new ArrayList<>();
        for (LogicalSchema schema : schemas) {
            if (layout.ofSchema()) {
                schemaRows(schema, layout, read, rows);
                continue;
            }
            TreeMap<String, LogicalTable> tables = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
            for (LogicalTable logical : schema.allTables()) {
                tables.put(logical.name(), logical);
            }
            String defaultNode = schema.defaultDataNode();
            if (defaultNode != null) {
                for (String physical : read.get(defaultNode).tables().values()) {
                    tables.putIfAbsent(physical, null);
                }
            }
            for (Map.Entry<String, LogicalTable> entry : tables.entrySet()) {
                LogicalTable logical = entry.getValue();
                NodeCatalogRows source = read.get(logical == null ? defaultNode : logical.dataNodes().get(0));
                for (List<String> row : source.of(entry.getKey())) {
                    List<Object> values = layout.row(source.positions(), row, schema.name(), entry.getKey());
                    if (table.equals(VirtualTables.TABLES) && logical != null && logical.kind() == TableKind.SHARDED) {
                        sum(values, layout, logical, read);
                    }
                    rows.add(values);
                }
            }
        }
        return rows;
    }

    /** Adds the rows of {@code schema}'s own objects: all its first data node gave. */
    private static void schemaRows(LogicalSchema schema, CatalogLayout layout, Map<String, NodeCatalogRows> read,
            List<List<Object>> rows) {
        String node = InformationSchema.firstNode(schema);
        NodeCatalogRows source = node == null ? null : read.get(node);
        if (source == null) {
            return;
        }
        for (String name : source.tables().values()) {
            for (List<String> row : source.of(name)) {
                rows.add(layout.row(source.positions(), row, schema.name(), name));
            }
        }
    }

    /** Puts into {@code values} the {@link #SUMMED} statistics over all of {@code table}'s data nodes. */
    private static void sum(List<Object> values, CatalogLayout layout, LogicalTable table,
            Map<String, NodeCatalogRows> read) {
        Map<String, BigInteger> sums = new LinkedHashMap<>();
        for (String node : new LinkedHashSet<>(table.dataNodes())) {
            NodeCatalogRows rows = read.get(node);
            for (List<String> row : rows.of(table.name())) { // one row: a table's TABLES row
                for (String column : SUMMED) {
                    Integer position = rows.positions().get(column);
                    String value = position == null ? null : row.get(position);
                    if (value != null) {
                        sums.merge(column, new BigInteger(value.trim()), BigInteger::add);
                    }
                }
            }
        }
        for (String column : SUMMED) {
            values.set(layout.indexOf(column), sums.get(column));
        }
    }
}
