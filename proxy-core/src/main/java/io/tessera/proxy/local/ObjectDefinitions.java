package io.tessera.proxy.local;

import io.tessera.backend.QueryResult;
import io.tessera.protocol.error.ErrorCode;
import io.tessera.protocol.error.TesseraException;
import io.tessera.protocol.result.ResultTable;
import io.tessera.proxy.exec.Executor;
import io.tessera.proxy.session.ClientChannel;
import io.tessera.router.local.ShowCreate;
import io.tessera.router.local.ShowCreate.Kind;
import io.tessera.router.model.LogicalSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * {@code SHOW CREATE PROCEDURE / FUNCTION / TRIGGER / VIEW / EVENT} of a logical schema's object, and
 * {@code SHOW CREATE TABLE} of a default data node's table (which may be a view): the data node that holds the object
 * answers, in its columns, with the text in logical terms ({@link DefinitionText}: the logical schema's name for the
 * physical database's, no DEFINER clause; any other data node's database as the client reads it in errors). The node
 * is the one {@link StoredObjects} and the logical catalog list the object from: a routine's or an event's is the
 * schema's first data node, a trigger's its table's first data node, a view's the schema's default data node. An
 * object that does not exist gets the data node's error, whose database names the client reads as logical ones (a
 * trigger that no data node holds for a logical table: 1360).
 */
final class ObjectDefinitions {

    /** The columns that hold an object's text. */
    private static final Set<String> TEXT_COLUMNS = Set.of("Create Procedure", "Create Function",
            "SQL Original Statement", "Create View", "Create Event", "Create Table");

    private final Executor executor;

    ObjectDefinitions(Executor executor) {
        this.executor = executor;
    }

    /** Answers {@code show}, of an object of {@code schema}. */
    void show(ClientChannel client, LogicalSchema schema, ShowCreate show) {
        node(client, schema, show).thenCompose(node -> executor.query(client, node, statement(show)).thenApply(
                result -> table(client, result, executor.dataNodes().get(node).database(), schema.name())))
                .whenComplete(client.guard((table, error) -> {
                    if (error != null) {
                        client.error(error);
                    } else {
                        client.result(table);
                    }
                }));
    }

    /** The data node that holds {@code show}'s object; fails as MySQL does when there is none. */
    private CompletableFuture<String> node(ClientChannel client, LogicalSchema schema, ShowCreate show) {
        if (show.kind() == Kind.TRIGGER) {
            return triggerNode(client, schema, show.name(), new ArrayList<>(LogicalCatalog.nodesToRead(
                    List.of(schema), false)), 0);
        }
        String node = show.kind() == Kind.VIEW || show.kind() == Kind.TABLE ? schema.defaultDataNode()
                : InformationSchema.firstNode(schema);
        return node != null ? CompletableFuture.completedFuture(node)
                : CompletableFuture.failedFuture(missing(schema, show));
    }

    /**
     * The first of {@code nodes} from {@code at} that holds a trigger {@code name} on a table whose triggers are its
     * ({@link StoredObjects#holds}), asked one node after the other.
     */
    private CompletableFuture<String> triggerNode(ClientChannel client, LogicalSchema schema, String name,
            List<String> nodes, int at) {
        if (at == nodes.size()) {
            return CompletableFuture.failedFuture(ErrorCode.TRG_DOES_NOT_EXIST.exception());
        }
        String node = nodes.get(at);
        String sql = "SELECT EVENT_OBJECT_TABLE FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = DATABASE()"
                + " AND TRIGGER_NAME = " + literal(name);
        return executor.query(client, node, sql).thenCompose(result -> {
            for (List<String> row : result.rows()) {
                if (StoredObjects.holds(schema, row.get(0), node)) {
                    return CompletableFuture.completedFuture(node);
                }
            }
            return triggerNode(client, schema, name, nodes, at + 1);
        });
    }

    private static TesseraException missing(LogicalSchema schema, ShowCreate show) {
        return switch (show.kind()) {
            case PROCEDURE, FUNCTION -> ErrorCode.SAVEPOINT_DOES_NOT_EXIST.exception(show.kind().name(),
                    schema.name() + "." + show.name());
            case EVENT -> ErrorCode.EVENT_DOES_NOT_EXIST.exception(show.name());
            case TRIGGER -> ErrorCode.TRG_DOES_NOT_EXIST.exception();
            case VIEW, TABLE -> ErrorCode.NO_SUCH_TABLE.exception(schema.name(), show.name());
        };
    }

    /** The statement the data node runs: the object's name alone, in the node's own database. */
    private static String statement(ShowCreate show) {
        return "SHOW CREATE " + show.kind().name().toUpperCase(Locale.ROOT) + " "
                + DefinitionText.quoted(show.name());
    }

    /**
     * The node's answer with each text in logical terms: its own database as {@code schema}, and then any data node's
     * database that stands as an identifier, quoted or not (a body may say {@code db2.t}), as the client reads them.
     */
    private static ResultTable table(ClientChannel client, QueryResult result, String database, String schema) {
        ResultTable.Builder table = ResultTable.builder();
        for (String column : result.columns()) {
            table.column(ResultTable.varchar(column));
        }
        for (List<String> row : result.rows()) {
            Object[] values = row.toArray();
            for (int i = 0; i < values.length; i++) {
                if (TEXT_COLUMNS.contains(result.columns().get(i))) {
                    values[i] = client.logical(DefinitionText.logical(row.get(i), database, schema));
                }
            }
            table.row(values);
        }
        return table.build();
    }

    private static String literal(String value) {
        return "'" + value.replace("\\", "\\\\").replace("'", "''") + "'";
    }
}
