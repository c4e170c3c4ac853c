package io.tessera.proxy.pipeline;

import io.tessera.router.ParentLocator;
import io.tessera.router.TableColumns;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The facts routing one statement needs, as the pipeline learnt them: column orders and ER parent rows' nodes,
 * looked up here first, then in the shared caches, which other sessions' DDL may clear meanwhile.
 */
final class RunFacts implements TableColumns, ParentLocator {

    private final TableColumns shared;
    private final ParentLocator sharedParents;
    private Map<String, List<String>> columns;
    private Map<String, Integer> parents;

    RunFacts(TableColumns shared, ParentLocator sharedParents) {
        this.shared = shared;
        this.sharedParents = sharedParents;
    }

    @Override
    public List<String> columns(String schema, String table) {
        List<String> learnt = columns == null ? null : columns.get(key(schema, table, "", ""));
        return learnt != null ? learnt : shared.columns(schema, table);
    }

    @Override
    public Integer nodeOf(String schema, String parentTable, String parentKey, String value) {
        Integer learnt = parents == null ? null : parents.get(key(schema, parentTable, parentKey, value));
        return learnt != null ? learnt : sharedParents.nodeOf(schema, parentTable, parentKey, value);
    }

    void learnColumns(String schema, String table, List<String> names) {
        if (columns == null) {
            columns = new HashMap<>();
        }
        columns.put(key(schema, table, "", ""), List.copyOf(names));
    }

    void learnParent(String schema, String parentTable, String parentKey, String value, int node) {
        if (parents == null) {
            parents = new HashMap<>();
        }
        parents.put(key(schema, parentTable, parentKey, value), node);
    }

    private static String key(String schema, String table, String column, String value) {
        return schema + '\u0000' + table.toUpperCase(Locale.ROOT) + '\u0000' + column.toLowerCase(Locale.ROOT)
                + '\u0000' + value;
    }
}
