package io.tessera.router;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.tessera.router.parse.ParsedStatement;
import io.tessera.router.parse.StatementType;
import io.tessera.router.parse.TableReference;
import io.tessera.router.plan.PlanNode;
import java.util.List;

/**
 * Routes already planned, keyed by (schema, statement text), so a repeated statement is neither parsed nor routed
 * again. Plans are immutable and shared by all sessions. A text with a backslash is read differently under
 * {@code NO_BACKSLASH_ESCAPES}, so its key also tells the session's escaping; any other text has one plan for both.
 * Bounded by the total length of the cached statements; cleared when DDL or a reload may change what a statement
 * routes to. Thread-safe.
 */
public final class RouteCache {

    /**
     * A cached plan and what the front end needs to know of its statement.
     *
     * @param schemas the schemas its statement names in qualifiers ({@code OTHERDB.t}), which a session taking the
     *     plan must be allowed to use
     * @param locksRows its statement locks the rows it reads ({@link ParsedStatement#locksRows}): only the write
     *     host may answer it
     * @param tables the tables its statement names ({@link ParsedStatement#tables}), which the SQL statistics count
     */
    public record Entry(StatementType type, PlanNode plan, List<String> schemas, boolean locksRows,
            List<TableReference> tables) {

        public Entry {
            schemas = List.copyOf(schemas);
            tables = List.copyOf(tables);
        }

        /** An entry whose statement names no table. */
        public Entry(StatementType type, PlanNode plan, List<String> schemas, boolean locksRows) {
            this(type, plan, schemas, locksRows, List.of());
        }
    }

    private final Cache<Key, Entry> cache;

    /** @param maxChars the most statement text, in characters, the cache holds (keys weigh their SQL length) */
    public RouteCache(long maxChars) {
        if (maxChars < 1) {
            throw new IllegalArgumentException("maxChars: " + maxChars + " (expected: >= 1)");
        }
        this.cache = Caffeine.newBuilder()
                .maximumWeight(maxChars)
                .weigher((Key key, Entry entry) -> key.sql().length() + 64)
                .executor(Runnable::run) // evict on the calling thread: no pool threads, a bound that always holds
                .build();
    }

    /** @param backslashEscapes false when the session's sql_mode has NO_BACKSLASH_ESCAPES */
    public Entry get(String schema, boolean backslashEscapes, String sql) {
        return cache.getIfPresent(Key.of(schema, backslashEscapes, sql));
    }

    /** @param backslashEscapes false when the session's sql_mode has NO_BACKSLASH_ESCAPES */
    public void put(String schema, boolean backslashEscapes, String sql, Entry entry) {
        cache.put(Key.of(schema, backslashEscapes, sql), entry);
    }

    public void clear() {
        cache.invalidateAll();
    }

    public long size() {
        return cache.estimatedSize();
    }

    /** @param literalBackslashes the text has a backslash, read as a plain character (NO_BACKSLASH_ESCAPES) */
    private record Key(String schema, String sql, boolean literalBackslashes) {

        static Key of(String schema, boolean backslashEscapes, String sql) {
            return new Key(schema, sql, !backslashEscapes && sql.indexOf('\\') >= 0);
        }
    }
}
