package io.tessera.proxy.local;

import io.tessera.backend.QueryResult;
import io.tessera.protocol.result.ResultTable;
import io.tessera.proxy.exec.Executor;
import io.tessera.proxy.local.DerivedTable.Column;
import io.tessera.proxy.session.ClientChannel;
import io.tessera.router.local.ShowObjects;
import io.tessera.router.local.ShowObjects.Kind;
import io.tessera.router.model.LogicalSchema;
import io.tessera.router.model.LogicalTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Pattern;

/**
 * {@code SHOW PROCEDURE STATUS}, {@code SHOW FUNCTION STATUS}, {@code SHOW TRIGGERS} and {@code SHOW EVENTS} of
 * logical schemas, in the columns the data nodes answer with, never naming a physical database or a data host account.
 *
 * <ul>
 *   <li>A schema's routines and events are those of its first data node (the default {@code dataNode}, else its first
 *       table's), where a CALL in that schema runs; {@code Db} is the logical schema. PROCEDURE and FUNCTION STATUS
 *       list every schema of the user's, as MySQL lists every database; TRIGGERS and EVENTS the one named, or the
 *       session's.</li>
 *   <li>A logical table's triggers are those of its first data node, under the logical table's name, each once; a
 *       table of the default data node that schema.xml does not name has its own.</li>
 *   <li>{@code Definer} is NULL: it is an account of the data host, not one of Tessera's.</li>
 * </ul>
 *
 * A LIKE pattern matches the name (the table for TRIGGERS) here; a WHERE condition is evaluated by a data node over a
 * derived table of these rows, so that it means what it means on MySQL.
 */
final class StoredObjects {

    /** MySQL 8.0's columns, for an answer without a data node to take them from. */
    private static final Map<Kind, List<String>> COLUMNS = Map.of(
            Kind.PROCEDURE, List.of("Db", "Name", "Type", "Definer", "Modified", "Created", "Security_type",
                    "Comment", "character_set_client", "collation_connection", "Database Collation"),
            Kind.FUNCTION, List.of("Db", "Name", "Type", "Definer", "Modified", "Created", "Security_type",
                    "Comment", "character_set_client", "collation_connection", "Database Collation"),
            Kind.TRIGGERS, List.of("Trigger", "Event", "Table", "Statement", "Timing", "Created", "sql_mode",
                    "Definer", "character_set_client", "collation_connection", "Database Collation"),
            Kind.EVENTS, List.of("Db", "Name", "Definer", "Time zone", "Type", "Execute at", "Interval value",
                    "Interval field", "Starts", "Ends", "Status", "Originator", "character_set_client",
                    "collation_connection", "Database Collation"));

    private final Executor executor;

    StoredObjects(Executor executor) {
        this.executor = executor;
    }

    /** Answers {@code show} for {@code schemas}, the user's that it names (all of them, or one). */
    void show(ClientChannel client, List<LogicalSchema> schemas, ShowObjects show) {
        List<String> columns = new ArrayList<>(COLUMNS.get(show.kind()));
        List<List<Object>> rows = new ArrayList<>();
        String[] anyNode = new String[1];
        CompletableFuture<Void> reads = CompletableFuture.completedFuture(null);
        // one data node after the other: inside a transaction, the session's connection to a node is one
        for (LogicalSchema schema : schemas) {
            for (String node : nodes(schema, show.kind())) {
                reads = reads.thenCompose(ignored -> executor.query(client, node, nodeStatement(show.kind())))
                        .thenAccept(result -> {
                            if (anyNode[0] == null) {
                                anyNode[0] = node;
                                columns.clear();
                                columns.addAll(result.columns());
                            }
                            add(rows, columns, result, schema, node, show);
                        });
            }
        }
        reads.whenComplete(client.guard((ignored, error) -> {
            if (error != null) {
                client.error(error);
            } else if (show.where() == null || anyNode[0] == null) {
                client.result(table(columns, rows));
            } else {
                filtered(client, anyNode[0], columns, rows, show.where());
            }
        }));
    }

    /** The data nodes whose objects {@code schema}'s are. */
    private static List<String> nodes(LogicalSchema schema, Kind kind) {
        if (kind == Kind.TRIGGERS) {
            return List.copyOf(LogicalCatalog.nodesToRead(List.of(schema), false));
        }
        String node = InformationSchema.firstNode(schema);
        return node == null ? List.of() : List.of(node);
    }

    private static String nodeStatement(Kind kind) {
        return switch (kind) {
            case PROCEDURE -> "SHOW PROCEDURE STATUS WHERE Db = DATABASE()";
            case FUNCTION -> "SHOW FUNCTION STATUS WHERE Db = DATABASE()";
            case TRIGGERS -> "SHOW TRIGGERS";
            case EVENTS -> "SHOW EVENTS";
        };
    }

    /** Adds the rows of {@code result}, which {@code node} gave for {@code schema}, in {@code columns}' order. */
    private static void add(List<List<Object>> rows, List<String> columns, QueryResult result, LogicalSchema schema,
            String node, ShowObjects show) {
        Pattern like = show.like() == null ? null : ShowStatements.likePattern(show.like());
        for (List<String> row : result.rows()) {
            List<Object> values = new ArrayList<>(columns.size());
            for (String column : columns) {
                int at = result.columns().indexOf(column);
                values.add(at < 0 ? null : row.get(at));
            }
            set(values, columns, "Db", schema.name());
            set(values, columns, "Definer", null);
            int tableAt = columns.indexOf("Table");
            if (show.kind() == Kind.TRIGGERS && tableAt >= 0) {
                String table = (String) values.get(tableAt);
                if (!holds(schema, table, node)) {
                    continue; // another copy or shard of the table, or a table of no logical schema
                }
                schema.table(table).ifPresent(logical -> values.set(tableAt, logical.name()));
            }
            int nameAt = columns.indexOf(show.kind().nameColumn());
            if (like != null && (nameAt < 0 || !like.matcher(String.valueOf(values.get(nameAt))).matches())) {
                continue;
            }
            rows.add(values);
        }
    }

    /**
     * Whether {@code node} holds the triggers of {@code schema}'s table {@code table} (named as the node writes it):
     * a logical table's first data node, the default data node for a table schema.xml does not name.
     */
    static boolean holds(LogicalSchema schema, String table, String node) {
        LogicalTable logical = schema.table(table).orElse(null);
        return logical == null ? node.equals(schema.defaultDataNode()) : logical.dataNodes().get(0).equals(node);
    }

    private static void set(List<Object> values, List<String> columns, String column, Object value) {
        int at = columns.indexOf(column);
        if (at >= 0) {
            values.set(at, value);
        }
    }

    /**
     * The rows {@code where} keeps, as a data node evaluates it over a derived table of {@code rows} (also when there
     * are none: a condition MySQL would refuse is refused).
     */
    private void filtered(ClientChannel client, String node, List<String> columns, List<List<Object>> rows,
            String where) {
        List<Column> derived = new ArrayList<>(columns.size());
        for (String column : columns) {
            derived.add(Column.longText(column));
        }
        String sql = "SELECT * FROM (" + new DerivedTable(derived).select(rows) + ") `objects` WHERE " + where;
        executor.query(client, node, sql).whenComplete(client.guard((result, error) -> {
            if (error != null) {
                client.error(error);
                return;
            }
            List<List<Object>> kept = new ArrayList<>(result.rows().size());
            for (List<String> row : result.rows()) {
                kept.add(new ArrayList<>(row));
            }
            client.result(table(columns, kept));
        }));
    }

    private static ResultTable table(List<String> columns, List<List<Object>> rows) {
        ResultTable.Builder table = ResultTable.builder();
        for (String column : columns) {
            table.column(ResultTable.varchar(column));
        }
        for (List<Object> row : rows) {
            table.row(row.toArray());
        }
        return table.build();
    }
}
