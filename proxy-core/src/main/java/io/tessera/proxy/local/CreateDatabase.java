package io.tessera.proxy.local;

import io.tessera.protocol.result.ResultTable;
import io.tessera.proxy.exec.Executor;
import io.tessera.proxy.session.ClientChannel;
import io.tessera.router.local.ShowCreateDatabase;
import io.tessera.router.model.LogicalSchema;
import java.util.List;

/**
 * {@code SHOW CREATE DATABASE} of a logical schema: the statement that creates the first data node's database (its
 * character set and collation, as that server words it), under the logical schema's name, because that is the
 * database the client sees and mysqldump {@code --databases} writes into its dump.
 */
final class CreateDatabase {

    private final Executor executor;

    CreateDatabase(Executor executor) {
        this.executor = executor;
    }

    void show(ClientChannel client, LogicalSchema schema, ShowCreateDatabase show) {
        String node = firstNode(schema);
        executor.query(client, node, "SELECT DATABASE()").thenCompose(database -> executor.query(client, node,
                        "SHOW CREATE DATABASE " + (show.ifNotExists() ? "IF NOT EXISTS " : "")
                                + quoted(database.rows().get(0).get(0))))
                .whenComplete(client.guard((result, error) -> {
                    if (error != null) {
                        client.error(error);
                        return;
                    }
                    String text = result.rows().get(0).get(1);
                    int start = text.indexOf('`');
                    int end = text.indexOf('`', start + 1);
                    while (end + 1 < text.length() && text.charAt(end + 1) == '`') { // a doubled quote is part of it
                        end = text.indexOf('`', end + 2);
                    }
                    client.result(ResultTable.builder()
                            .column(ResultTable.varchar("Database"))
                            .column(ResultTable.varchar("Create Database"))
                            .row(schema.name(), text.substring(0, start) + quoted(schema.name())
                                    + text.substring(end + 1))
                            .build());
                }));
    }

    /** The default data node, else the first node of the first table: a schema has one of them (schema.xml). */
    private static String firstNode(LogicalSchema schema) {
        if (schema.defaultDataNode() != null) {
            return schema.defaultDataNode();
        }
        List<String> nodes = schema.allTables().iterator().next().dataNodes();
        return nodes.get(0);
    }

    private static String quoted(String name) {
        return "`" + name.replace("`", "``") + "`";
    }
}
