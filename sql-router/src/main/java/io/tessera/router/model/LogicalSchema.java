package io.tessera.router.model;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A logical schema as clients see it. Table names match case-insensitively, as in MyCat, and keep the
 * configured spelling for display.
 *
 * @param defaultDataNode the node of tables not listed ({@code <schema dataNode>}), or {@code null}
 * @param sqlMaxLimit the LIMIT added to a SELECT over several data nodes that has none; -1 for none
 */
public record LogicalSchema(String name, String defaultDataNode, int sqlMaxLimit, Map<String, LogicalTable> tables) {

    public LogicalSchema {
        LinkedHashMap<String, LogicalTable> byKey = new LinkedHashMap<>();
        tables.values().forEach(t -> byKey.put(key(t.name()), t));
        tables = java.util.Collections.unmodifiableMap(byKey);
    }

    public static LogicalSchema of(String name, String defaultDataNode, List<LogicalTable> tables) {
        return of(name, defaultDataNode, -1, tables);
    }

    public static LogicalSchema of(String name, String defaultDataNode, int sqlMaxLimit, List<LogicalTable> tables) {
        LinkedHashMap<String, LogicalTable> map = new LinkedHashMap<>();
        tables.forEach(t -> map.put(t.name(), t));
        return new LogicalSchema(name, defaultDataNode, sqlMaxLimit, map);
    }

    public Optional<LogicalTable> table(String tableName) {
        return Optional.ofNullable(tables.get(key(tableName)));
    }

    public Collection<LogicalTable> allTables() {
        return tables.values();
    }

    private static String key(String tableName) {
        return tableName.toUpperCase(Locale.ROOT);
    }
}
