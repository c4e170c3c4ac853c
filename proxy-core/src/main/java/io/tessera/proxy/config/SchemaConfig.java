package io.tessera.proxy.config;

import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A schema.xml {@code <schema>}: a logical database as clients see it.
 *
 * <p>MyCat treats logical table names case-insensitively (it upper-cases them); so do {@link #table(String)}
 * and {@link #childTable(String)}, while {@link TableConfig#name()} keeps the name as written.
 *
 * @param name the schema name clients use
 * @param checkSQLschema strip {@code name.} qualifiers from SQL before routing
 * @param sqlMaxLimit {@code LIMIT} added to multi-node SELECTs that have none; -1 for none
 * @param dataNode data node of the tables not listed; null when there is none
 * @param randomDataNode data node for statements that name no table; null when not set
 * @param tables the listed tables, keyed by their upper-cased name ({@link Locale#ROOT}), in document order
 */
public record SchemaConfig(
        String name,
        boolean checkSQLschema,
        int sqlMaxLimit,
        String dataNode,
        String randomDataNode,
        Map<String, TableConfig> tables) {

    public SchemaConfig {
        Objects.requireNonNull(name, "name");
        tables = Collections.unmodifiableMap(new LinkedHashMap<>(tables));
        for (Map.Entry<String, TableConfig> table : tables.entrySet()) {
            if (!table.getKey().equals(key(table.getValue().name()))) {
                throw new IllegalArgumentException("tables: key " + table.getKey() + " for table "
                        + table.getValue().name() + " (expected: " + key(table.getValue().name()) + ")");
            }
        }
    }

    /** The listed table with this name, whatever its case. */
    public Optional<TableConfig> table(String tableName) {
        return Optional.ofNullable(tables.get(key(tableName)));
    }

    /** The ER child table with this name, whatever its case, at any depth below a listed table. */
    public Optional<ChildTableConfig> childTable(String tableName) {
        Deque<ChildTableConfig> pending = new ArrayDeque<>();
        tables.values().forEach(table -> pending.addAll(table.childTables()));
        while (!pending.isEmpty()) {
            ChildTableConfig child = pending.poll();
            if (child.name().equalsIgnoreCase(tableName)) {
                return Optional.of(child);
            }
            pending.addAll(child.childTables());
        }
        return Optional.empty();
    }

    /** The listed table whose ER tree holds the child table with this name (its rule and data nodes apply). */
    public Optional<TableConfig> rootTableOf(String childTableName) {
        for (TableConfig table : tables.values()) {
            Deque<ChildTableConfig> pending = new ArrayDeque<>(table.childTables());
            while (!pending.isEmpty()) {
                ChildTableConfig child = pending.poll();
                if (child.name().equalsIgnoreCase(childTableName)) {
                    return Optional.of(table);
                }
                pending.addAll(child.childTables());
            }
        }
        return Optional.empty();
    }

    /** The key of a table name in {@link #tables()}. */
    public static String key(String tableName) {
        return tableName.toUpperCase(Locale.ROOT);
    }
}
