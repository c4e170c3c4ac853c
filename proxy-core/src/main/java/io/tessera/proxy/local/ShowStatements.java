package io.tessera.proxy.local;

import io.tessera.protocol.error.ErrorCode;
import io.tessera.protocol.result.ResultTable;
import io.tessera.proxy.exec.Executor;
import io.tessera.proxy.session.ClientChannel;
import io.tessera.proxy.session.ClientConnections;
import io.tessera.proxy.session.Session;
import io.tessera.router.error.RouteException;
import io.tessera.router.local.LocalStatements;
import io.tessera.router.local.ShowCreate;
import io.tessera.router.local.ShowCreateDatabase;
import io.tessera.router.local.ShowObjects;
import io.tessera.router.local.ShowTableStatus;
import io.tessera.router.local.ShowTables;
import io.tessera.router.model.LogicalSchema;
import io.tessera.router.model.LogicalTable;
import io.tessera.router.model.SchemaCatalog;
import io.tessera.router.parse.ParsedStatement;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * {@code SHOW DATABASES} (the user's logical schemas), {@code SHOW [FULL] TABLES [FROM schema] [LIKE pattern]}
 * (the schema's logical tables, plus the tables of its default data node, which are reachable too),
 * {@code SHOW WARNINGS} (the warnings of the session's last statement), and the logical view of what a data host
 * would tell of itself: {@code SHOW GRANTS} ({@link Grants}), {@code SHOW PROCESSLIST} ({@link ProcessList}),
 * {@code SHOW STATUS} ({@link StatusVariables}); {@code SHOW TABLE STATUS} ({@link TableStatus}) and {@code SHOW CREATE
 * DATABASE} ({@link CreateDatabase}) of a logical schema; SHOW PROCEDURE / FUNCTION STATUS, TRIGGERS and EVENTS of
 * logical schemas ({@link StoredObjects}), and SHOW CREATE of one such object or of a view ({@link ObjectDefinitions}).
 */
public final class ShowStatements {

    private final SchemaCatalog catalog;
    private final Executor executor;
    private final Grants grants;
    private final ProcessList processList;
    private final StatusVariables status;
    private final TableStatus tableStatus;
    private final CreateDatabase createDatabase;
    private final StoredObjects storedObjects;
    private final ObjectDefinitions objectDefinitions;

    public ShowStatements(SchemaCatalog catalog, Executor executor, ClientConnections connections) {
        this.catalog = catalog;
        this.executor = executor;
        this.grants = new Grants(catalog);
        this.processList = new ProcessList(connections);
        this.status = new StatusVariables(connections);
        this.tableStatus = new TableStatus(executor);
        this.createDatabase = new CreateDatabase(executor);
        this.storedObjects = new StoredObjects(executor);
        this.objectDefinitions = new ObjectDefinitions(executor);
    }

    /**
     * SHOW PROCEDURE / FUNCTION STATUS (every schema of the user's) and SHOW TRIGGERS / EVENTS (the one named, or the
     * session's) of logical schemas ({@link StoredObjects}).
     */
    public void storedObjects(ClientChannel client, ParsedStatement statement) {
        ShowCreate create = ShowCreate.of(statement);
        if (create != null) {
            LogicalSchema schema = schemaNamed(client, create.schema());
            if (schema != null) {
                objectDefinitions.show(client, schema, create);
            }
            return;
        }
        ShowObjects show = ShowObjects.of(statement);
        List<LogicalSchema> schemas = new ArrayList<>();
        if (show.kind() == ShowObjects.Kind.PROCEDURE || show.kind() == ShowObjects.Kind.FUNCTION) {
            for (String name : client.session().user().schemas()) {
                catalog.schema(name).ifPresent(schemas::add);
            }
        } else {
            LogicalSchema schema = schemaNamed(client, show.schema());
            if (schema == null) {
                return;
            }
            schemas.add(schema);
        }
        storedObjects.show(client, schemas, show);
    }

    /**
     * SHOW CREATE TABLE of a table of {@code schema}'s default data node, which schema.xml does not name: it may be a
     * view, whose text names the physical database and the data host account ({@link ObjectDefinitions}). False when
     * the statement is no such SHOW CREATE TABLE, and goes to its table's data node as any other.
     */
    public boolean createTableOfDefaultNode(ClientChannel client, ParsedStatement statement) {
        ShowCreate show = ShowCreate.of(statement);
        if (show == null || show.kind() != ShowCreate.Kind.TABLE) {
            return false;
        }
        String schemaName = show.schema() != null ? show.schema() : client.session().schema();
        LogicalSchema schema = schemaName == null ? null : catalog.schema(schemaName).orElse(null);
        if (schema == null || schema.defaultDataNode() == null || schema.table(show.name()).isPresent()
                || !client.session().user().schemas().contains(schemaName)) {
            return false;
        }
        objectDefinitions.show(client, schema, show);
        return true;
    }

    /** The user's schema {@code name}, or the session's when {@code null}; null, with the client told, when none. */
    private LogicalSchema schemaNamed(ClientChannel client, String name) {
        String schemaName = name != null ? name : client.session().schema();
        if (schemaName == null) {
            client.error(RouteException.noDatabaseSelected());
            return null;
        }
        LogicalSchema schema = catalog.schema(schemaName).orElse(null);
        if (schema == null || !client.session().user().schemas().contains(schemaName)) {
            client.error(RouteException.unknownDatabase(schemaName));
            return null;
        }
        return schema;
    }

    public void tableStatus(ClientChannel client, ParsedStatement statement) {
        ShowTableStatus show = ShowTableStatus.of(statement);
        LogicalSchema schema = schemaNamed(client, show.schema());
        if (schema != null) {
            tableStatus.show(client, schema, show);
        }
    }

    /** 1049 for a schema that does not exist, 1044 for one the user may not use, as MySQL answers. */
    public void createDatabase(ClientChannel client, ParsedStatement statement) {
        ShowCreateDatabase show = ShowCreateDatabase.of(statement);
        Session session = client.session();
        LogicalSchema schema = catalog.schema(show.schema()).orElse(null);
        if (schema == null) {
            client.error(ErrorCode.BAD_DB_ERROR.exception(show.schema()));
        } else if (!session.user().schemas().contains(schema.name())) {
            client.error(ErrorCode.DBACCESS_DENIED_ERROR.exception(session.user().name(), session.remoteHost(),
                    schema.name()));
        } else {
            createDatabase.show(client, schema, show);
        }
    }

    public void grants(ClientChannel client, ParsedStatement statement) {
        grants.show(client, statement);
    }

    public void processList(ClientChannel client, ParsedStatement statement) {
        processList.show(client, statement);
    }

    public void status(ClientChannel client, ParsedStatement statement) {
        status.show(client, statement);
    }

    public void databases(ClientChannel client) {
        ResultTable.Builder table = ResultTable.builder().column(ResultTable.varchar("Database"));
        for (String schema : client.session().user().schemas()) {
            if (catalog.schema(schema).isPresent()) {
                table.row(schema);
            }
        }
        client.result(table.build());
    }

    public void tables(ClientChannel client, ParsedStatement statement) {
        ShowTables show = LocalStatements.showTables(statement);
        LogicalSchema schema = schemaNamed(client, show.schema());
        if (schema == null) {
            return;
        }
        String schemaName = show.schema() != null ? show.schema() : client.session().schema(); // as written
        if (show.where()) {
            client.error(RouteException.notSupported("SHOW TABLES ... WHERE is not supported; use LIKE"));
            return;
        }
        Pattern like = show.like() == null ? null : likePattern(show.like());
        // each table's name as written, and its type: a configured table is a base table, a default-node table (or
        // view) is what its data node says
        TreeMap<String, String[]> names = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        for (LogicalTable t : schema.allTables()) {
            names.put(t.name(), new String[] {t.name(), "BASE TABLE"});
        }
        if (schema.defaultDataNode() == null) {
            client.result(tableList(schemaName, show.full(), names, like));
            return;
        }
        executor.query(client, schema.defaultDataNode(), "SHOW FULL TABLES").whenComplete(client.guard((result,
                error) -> {
            if (error != null) {
                client.error(error);
                return;
            }
            for (List<String> row : result.rows()) {
                names.putIfAbsent(row.get(0), new String[] {row.get(0), row.get(1)});
            }
            client.result(tableList(schemaName, show.full(), names, like));
        }));
    }

    private static ResultTable tableList(String schema, boolean full, TreeMap<String, String[]> names, Pattern like) {
        ResultTable.Builder table = ResultTable.builder().column(ResultTable.varchar("Tables_in_" + schema));
        if (full) {
            table.column(ResultTable.varchar("Table_type"));
        }
        for (String[] name : names.values()) {
            if (like != null && !like.matcher(name[0]).matches()) {
                continue;
            }
            if (full) {
                table.row(name[0], name[1]);
            } else {
                table.row(name[0]);
            }
        }
        return table.build();
    }

    public void warnings(ClientChannel client) {
        ResultTable warnings = client.session().warnings();
        if (warnings == null) {
            warnings = ResultTable.builder()
                    .column(ResultTable.varchar("Level"))
                    .column(ResultTable.integer("Code"))
                    .column(ResultTable.varchar("Message"))
                    .build();
        }
        client.result(warnings);
    }

    /** A LIKE pattern as a case-insensitive regex: {@code %} any run, {@code _} one character, {@code \} escapes. */
    static Pattern likePattern(String pattern) {
        StringBuilder regex = new StringBuilder();
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c == '\\' && i + 1 < pattern.length()) {
                regex.append(Pattern.quote(String.valueOf(pattern.charAt(++i))));
            } else if (c == '%') {
                regex.append(".*");
            } else if (c == '_') {
                regex.append('.');
            } else {
                regex.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return Pattern.compile(regex.toString(), Pattern.CASE_INSENSITIVE | Pattern.DOTALL | Pattern.UNICODE_CASE);
    }
}
