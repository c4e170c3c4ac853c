package io.tessera.proxy.local;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@code information_schema} rows other than {@code TABLES}' (columns, indexes, keys) the logical catalog has read
 * from data nodes, by table and data node: they change only with DDL, so the catalog reads them once, and
 * drops them all when DDL runs through Tessera ({@link #forget}); a reload builds a new topology, which starts with an
 * empty cache. Bounded by the rows it holds: the least recently used data node's rows go first. Thread-safe: every
 * session's event loop uses it.
 */
final class CatalogCache {

    private final int maxRows;
    private final LinkedHashMap<String, NodeCatalogRows> entries = new LinkedHashMap<>(16, 0.75f, true);
    private int rows;
    private long generation;

    /** @param maxRows how many rows it holds at most, over all data nodes */
    CatalogCache(int maxRows) {
        if (maxRows < 1) {
            throw new IllegalArgumentException("maxRows: " + maxRows + " (expected: >= 1)");
        }
        this.maxRows = maxRows;
    }

    /** The rows of {@code table} that {@code dataNode} gave, or null when they are not held. */
    synchronized NodeCatalogRows get(String table, String dataNode) {
        return entries.get(key(table, dataNode));
    }

    /** The generation to give {@link #put} for rows about to be read: one that {@link #forget} has not ended. */
    synchronized long generation() {
        return generation;
    }

    /**
     * Holds {@code found}, read from {@code dataNode} since {@code generation} was current, unless DDL has run since
     * (they may be stale) or they alone exceed the bound.
     */
    synchronized void put(String table, String dataNode, NodeCatalogRows found, long generation) {
        if (generation != this.generation || found.size() > maxRows) {
            return;
        }
        NodeCatalogRows old = entries.put(key(table, dataNode), found);
        rows += found.size() - (old == null ? 0 : old.size());
        Iterator<Map.Entry<String, NodeCatalogRows>> eldest = entries.entrySet().iterator();
        while (rows > maxRows) {
            rows -= eldest.next().getValue().size();
            eldest.remove();
        }
    }

    /** Drops every row held: DDL has run, and any table's columns or indexes may have changed. */
    synchronized void forget() {
        entries.clear();
        rows = 0;
        generation++;
    }

    private static String key(String table, String dataNode) {
        return table + '@' + dataNode;
    }
}
