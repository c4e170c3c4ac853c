package io.tessera.proxy.local;

import io.tessera.backend.QueryResult;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The rows one data node gave for one {@code information_schema} table of its database, by table: what the logical
 * catalog reads for each logical table of that node. Table names match in any case, as a logical table's name in
 * schema.xml need not be written as its physical tables are. Immutable.
 *
 * @param positions the position of each of the data node's columns, by upper-case name
 * @param tables the physical tables' names, in the data node's order, by lower-case name
 * @param rows the rows of each table, by lower-case name
 * @param size how many rows there are in all
 */
record NodeCatalogRows(Map<String, Integer> positions, Map<String, String> tables, Map<String, List<List<String>>> rows,
        int size) {

    NodeCatalogRows {
        positions = Map.copyOf(positions);
        tables = Collections.unmodifiableMap(new LinkedHashMap<>(tables));
        rows = Map.copyOf(rows);
    }

    /** The rows of {@code result}, whose {@code TABLE_NAME} column names each row's table. */
    static NodeCatalogRows of(QueryResult result) {
        return of(result, "TABLE_NAME");
    }

    /** The rows of {@code result}, whose column {@code tableName} names each row's table. */
    static NodeCatalogRows of(QueryResult result, String tableName) {
        Map<String, Integer> positions = new HashMap<>();
        for (int i = 0; i < result.columns().size(); i++) {
            positions.put(result.columns().get(i).toUpperCase(Locale.ROOT), i);
        }
        Integer tableColumn = positions.get(tableName);
        if (tableColumn == null) {
            throw new IllegalArgumentException("columns: " + result.columns() + " (expected: " + tableName
                    + " among them)");
        }
        Map<String, String> tables = new LinkedHashMap<>();
        Map<String, List<List<String>>> rows = new HashMap<>();
        for (List<String> row : result.rows()) {
            String table = row.get(tableColumn);
            String key = table.toLowerCase(Locale.ROOT);
            tables.putIfAbsent(key, table);
            rows.computeIfAbsent(key, k -> new ArrayList<>()).add(row);
        }
        rows.replaceAll((k, v) -> List.copyOf(v));
        return new NodeCatalogRows(positions, tables, rows, result.rows().size());
    }

    /** The rows of {@code table} (in any case); empty when the data node has no such table. */
    List<List<String>> of(String table) {
        return rows.getOrDefault(table.toLowerCase(Locale.ROOT), List.of());
    }
}
