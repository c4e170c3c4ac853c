package io.tessera.proxy.local;

import io.tessera.proxy.exec.Executor;
import io.tessera.proxy.local.DerivedTable.Column;
import io.tessera.proxy.session.ClientChannel;
import io.tessera.router.local.VirtualTables;
import io.tessera.router.model.LogicalSchema;
import io.tessera.router.model.LogicalTable;
import io.tessera.router.model.SchemaCatalog;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * The rows of the {@code information_schema} tables Tessera answers itself ({@link VirtualTables}), as the SELECT of
 * a derived table that takes the real table's place in the statement a data node runs:
 *
 * <ul>
 *   <li>{@code SCHEMATA}: the user's logical schemas, as SHOW DATABASES lists them; each schema's default character
 *       set and collation are its first data node's database's (a schema whose nodes differ has no single one);
 *       MySQL 8's columns, or MariaDB's ({@code SCHEMA_COMMENT} for {@code DEFAULT_ENCRYPTION}) when Tessera
 *       presents itself as MariaDB ({@code fakeMySQLVersion});</li>
 *   <li>{@code PROCESSLIST}: what SHOW FULL PROCESSLIST lists ({@link ProcessList}), in MySQL 8's columns;</li>
 *   <li>{@code TABLES}, {@code COLUMNS}, {@code STATISTICS}, {@code KEY_COLUMN_USAGE}, {@code REFERENTIAL_CONSTRAINTS},
 *       {@code TABLE_CONSTRAINTS}: the logical catalog ({@link LogicalCatalog}), in MySQL 8's columns or
 *       MariaDB's;</li>
 *   <li>{@code KEYWORDS}: MySQL 8.0's keywords in its columns, or the data host's own when Tessera presents itself
 *       as MariaDB ({@link Keywords}).</li>
 * </ul>
 */
public final class InformationSchema {

    private static final String DATABASE_CHARSET = "SELECT DEFAULT_CHARACTER_SET_NAME, DEFAULT_COLLATION_NAME"
            + " FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = DATABASE()";
    private static final DerivedTable PROCESSES = new DerivedTable(List.of(Column.unsigned("ID"),
            Column.text("USER", 32), Column.text("HOST", 261), Column.text("DB", 64), Column.text("COMMAND", 16),
            Column.signed("TIME"), Column.text("STATE", 64), Column.longText("INFO")));
    /** Rows of COLUMNS, STATISTICS and the keys held at most: some tens of MB, for thousands of tables. */
    private static final int CACHED_CATALOG_ROWS = 100_000;

    private final SchemaCatalog catalog;
    private final Executor executor;
    private final ProcessList processList;
    private final boolean mariaDb;
    private final DerivedTable schemata;
    private final CatalogCache catalogCache = new CatalogCache(CACHED_CATALOG_ROWS);
    private final LogicalCatalog logicalCatalog;
    private final String keywords;

    /** @param serverVersion the version Tessera presents itself with: MariaDB's columns when it names MariaDB */
    public InformationSchema(SchemaCatalog catalog, Executor executor, ProcessList processList, String serverVersion) {
        this.catalog = catalog;
        this.executor = executor;
        this.processList = processList;
        this.mariaDb = serverVersion.contains("MariaDB");
        this.schemata = new DerivedTable(List.of(Column.text("CATALOG_NAME", 512), Column.text("SCHEMA_NAME", 64),
                Column.text("DEFAULT_CHARACTER_SET_NAME", 32), Column.text("DEFAULT_COLLATION_NAME", 32),
                Column.text("SQL_PATH", 512),
                mariaDb ? Column.text("SCHEMA_COMMENT", 1024) : Column.text("DEFAULT_ENCRYPTION", 3)));
        this.logicalCatalog = new LogicalCatalog(catalog, executor, catalogCache, mariaDb);
        this.keywords = Keywords.select(mariaDb);
    }

    /** DDL has run through Tessera: the logical tables' columns, indexes and keys are read again when next asked. */
    public void forgetTableDefinitions() {
        catalogCache.forget();
    }

    /**
     * The SELECT of each table of {@code tables} for {@code client}, by name ({@link VirtualTables#SCHEMATA}, ...).
     * Completes on the client's event loop; fails when a data node cannot be read.
     */
    public CompletableFuture<Map<String, String>> derivedTables(ClientChannel client, Set<String> tables) {
        Map<String, String> selects = new LinkedHashMap<>();
        if (tables.contains(VirtualTables.PROCESSLIST)) {
            selects.put(VirtualTables.PROCESSLIST, processes(client));
        }
        if (tables.contains(VirtualTables.KEYWORDS)) {
            selects.put(VirtualTables.KEYWORDS, keywords);
        }
        CompletableFuture<Map<String, String>> all = CompletableFuture.completedFuture(selects);
        for (String table : tables) {
            if (logicalCatalog.answers(table)) {
                all = all.thenCompose(ignored -> logicalCatalog.select(client, table)).thenApply(select -> {
                    selects.put(table, select);
                    return selects;
                });
            }
        }
        if (!tables.contains(VirtualTables.SCHEMATA)) {
            return all;
        }
        return all.thenCompose(ignored -> schemata(client)).thenApply(select -> {
            selects.put(VirtualTables.SCHEMATA, select);
            return selects;
        });
    }

    private String processes(ClientChannel client) {
        List<List<Object>> rows = new ArrayList<>();
        for (ProcessList.Process p : processList.visibleTo(client.session())) {
            rows.add(Arrays.asList(p.id(), p.user(), p.host(), p.db(), p.command(), p.time(), p.state(),
                    p.info()));
        }
        return PROCESSES.select(rows);
    }

    /** The user's schemas, each with its first data node's character set and collation, asked of all at once. */
    private CompletableFuture<String> schemata(ClientChannel client) {
        List<String> names = new ArrayList<>();
        List<CompletableFuture<List<String>>> charsets = new ArrayList<>();
        for (String name : client.session().user().schemas()) {
            LogicalSchema schema = catalog.schema(name).orElse(null);
            if (schema == null) {
                continue; // as SHOW DATABASES: only schemas that exist
            }
            String node = firstNode(schema);
            names.add(name);
            charsets.add(node == null ? CompletableFuture.completedFuture(null)
                    : executor.query(client, node, DATABASE_CHARSET)
                            .thenApply(r -> r.rows().isEmpty() ? null : r.rows().get(0)));
        }
        return CompletableFuture.allOf(charsets.toArray(CompletableFuture[]::new)).thenApply(ignored -> {
            List<List<Object>> rows = new ArrayList<>();
            for (int i = 0; i < names.size(); i++) {
                List<String> charset = charsets.get(i).join();
                rows.add(Arrays.asList("def", names.get(i), charset == null ? null : charset.get(0),
                        charset == null ? null : charset.get(1), null, mariaDb ? "" : "NO"));
            }
            return schemata.select(rows);
        });
    }

    /** Where the schema's tables not in schema.xml live, else its first table's first node; null without either. */
    static String firstNode(LogicalSchema schema) {
        if (schema.defaultDataNode() != null) {
            return schema.defaultDataNode();
        }
        for (LogicalTable table : schema.allTables()) {
            return table.dataNodes().get(0);
        }
        return null;
    }
}
