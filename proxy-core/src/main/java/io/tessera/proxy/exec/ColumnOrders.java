package io.tessera.proxy.exec;

import io.tessera.router.CacheCounters;
import io.tessera.router.TableColumns;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The column order of tables, learnt from a data node ({@code SHOW COLUMNS}) the first time an INSERT without a
 * column list needs it, and forgotten when DDL through Tessera changes the table. Thread-safe; shared by all
 * sessions. Unbounded: it holds at most the tables of schema.xml that INSERTs without a column list name.
 */
public final class ColumnOrders implements TableColumns {

    private final Map<String, List<String>> columns = new ConcurrentHashMap<>();
    private final CacheCounters counters = new CacheCounters();

    @Override
    public List<String> columns(String schema, String table) {
        List<String> names = columns.get(key(schema, table));
        counters.accessed(names != null);
        return names;
    }

    public void learn(String schema, String table, List<String> names) {
        columns.put(key(schema, table), List.copyOf(names));
        counters.put();
    }

    /** The tables whose column order it holds. */
    public int size() {
        return columns.size();
    }

    /** Its lookups, hits and puts ({@code show @@cache}). */
    public CacheCounters counters() {
        return counters;
    }

    public void forget(String schema, String table) {
        columns.remove(key(schema, table));
    }

    private static String key(String schema, String table) {
        return schema + "." + table.toUpperCase(Locale.ROOT);
    }
}
