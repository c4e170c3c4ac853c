package io.tessera.proxy.exec;

import io.tessera.router.TableColumns;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The column order of tables, learnt from a data node ({@code SHOW COLUMNS}) the first time an INSERT without a
 * column list needs it, and forgotten when DDL through Tessera changes the table. Thread-safe; shared by all
 * sessions.
 */
public final class ColumnOrders implements TableColumns {

    private final Map<String, List<String>> columns = new ConcurrentHashMap<>();

    @Override
    public List<String> columns(String schema, String table) {
        return columns.get(key(schema, table));
    }

    public void learn(String schema, String table, List<String> names) {
        columns.put(key(schema, table), List.copyOf(names));
    }

    public void forget(String schema, String table) {
        columns.remove(key(schema, table));
    }

    private static String key(String schema, String table) {
        return schema + "." + table.toUpperCase(Locale.ROOT);
    }
}
