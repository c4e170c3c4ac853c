package io.tessera.backend.mysql;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongConsumer;

/**
 * The statements one connection keeps prepared for {@link NativeConnection#executePrepared}: (current database,
 * statement text) to the data host's statement id, least recently used first. The database is part of the key
 * because a pooled connection moves between the databases of the data nodes on its data host, and the server
 * resolves a statement's unqualified tables in the database that was current when it was prepared. It holds at most
 * {@code capacity}: adding one more evicts the least recently used and hands its id to {@code onEvict}, which closes
 * it on the server, because a data host caps the prepared statements of all its connections together
 * ({@code max_prepared_stmt_count}).
 *
 * <p>Not thread-safe: used on the connection's event loop.
 */
final class StatementCache {

    /** What {@link #get} returns for text that is not prepared: statement ids are unsigned 32-bit numbers. */
    static final long ABSENT = -1;

    private final Map<Key, Long> ids;
    private final LongConsumer onEvict;

    StatementCache(int capacity, LongConsumer onEvict) {
        this.onEvict = onEvict;
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity: " + capacity + " (expected: >= 1)");
        }
        this.ids = new LinkedHashMap<>(16, 0.75f, true) { // access order: a hit makes the entry the newest
            @Override
            protected boolean removeEldestEntry(Map.Entry<Key, Long> eldest) {
                if (size() <= capacity) {
                    return false;
                }
                onEvict.accept(eldest.getValue());
                return true;
            }
        };
    }

    /**
     * The statement id of {@code sql} prepared while {@code database} was current (may be {@code null}), now the most
     * recently used, or {@link #ABSENT}.
     */
    long get(String database, String sql) {
        Long id = ids.get(new Key(database, sql));
        return id == null ? ABSENT : id;
    }

    /** Remembers a statement just prepared; it is not in the cache. May evict the least recently used. */
    void put(String database, String sql, long statementId) {
        ids.put(new Key(database, sql), statementId);
    }

    int size() {
        return ids.size();
    }

    /** Closes (through {@code onEvict}) and forgets the {@code count} least recently used statements. */
    void evictOldest(int count) {
        var oldest = ids.entrySet().iterator();
        for (int i = 0; i < count && oldest.hasNext(); i++) {
            long id = oldest.next().getValue();
            oldest.remove();
            onEvict.accept(id);
        }
    }

    /** Forgets every statement, without closing: for when the server has dropped them (COM_RESET_CONNECTION). */
    void clear() {
        ids.clear();
    }

    private record Key(String database, String sql) {
    }
}
