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
     * @param shape the statement with {@code ?} for each literal when the shape cache made the entry (the SQL
     *     statistics group by it), else {@code null}
     */
    public record Entry(StatementType type, PlanNode plan, List<String> schemas, boolean locksRows,
            List<TableReference> tables, String shape) {

        public Entry {
            schemas = List.copyOf(schemas);
            tables = List.copyOf(tables);
        }

        /** An entry of the text-keyed cache. */
        public Entry(StatementType type, PlanNode plan, List<String> schemas, boolean locksRows,
                List<TableReference> tables) {
            this(type, plan, schemas, locksRows, tables, null);
        }

        /** An entry whose statement names no table. */
        public Entry(StatementType type, PlanNode plan, List<String> schemas, boolean locksRows) {
            this(type, plan, schemas, locksRows, List.of());
        }
    }

    /** What a plan weighs beside its statement's text, in characters. */
    private static final int ENTRY_CHARS = 64;

    private final Cache<Key, Entry> cache;
    private final long maxChars;
    private final CacheCounters counters = new CacheCounters();

    /** @param maxChars the most statement text, in characters, the cache holds (keys weigh their SQL length) */
    public RouteCache(long maxChars) {
        if (maxChars < 1) {
            throw new IllegalArgumentException("maxChars: " + maxChars + " (expected: >= 1)");
        }
        this.maxChars = maxChars;
        this.cache = Caffeine.newBuilder()
                .maximumWeight(maxChars)
                .weigher((Key key, Entry entry) -> key.sql().length() + ENTRY_CHARS)
                .executor(Runnable::run) // evict on the calling thread: no pool threads, a bound that always holds
                .build();
    }

    /** @param backslashEscapes false when the session's sql_mode has NO_BACKSLASH_ESCAPES */
    public Entry get(String schema, boolean backslashEscapes, String sql) {
        Entry entry = cache.getIfPresent(Key.of(schema, backslashEscapes, sql));
        counters.accessed(entry != null);
        return entry;
    }

    /** @param backslashEscapes false when the session's sql_mode has NO_BACKSLASH_ESCAPES */
    public void put(String schema, boolean backslashEscapes, String sql, Entry entry) {
        cache.put(Key.of(schema, backslashEscapes, sql), entry);
        counters.put();
    }

    /** Forgets the plan of {@code sql}, when one made since is better. */
    public void remove(String schema, boolean backslashEscapes, String sql) {
        cache.invalidate(Key.of(schema, backslashEscapes, sql));
    }

    public void clear() {
        cache.invalidateAll();
    }

    /** The plans it holds. */
    public long size() {
        return cache.estimatedSize();
    }

    /** Its bound: the statement text it may hold, in characters, each plan weighing {@value #ENTRY_CHARS} more. */
    public long maxChars() {
        return maxChars;
    }

    /** The weight it holds now, in the units of {@link #maxChars()}. */
    public long chars() {
        return cache.policy().eviction().orElseThrow().weightedSize().orElse(0);
    }

    /** Its lookups, hits and puts ({@code show @@cache}). */
    public CacheCounters counters() {
        return counters;
    }

    /** @param literalBackslashes the text has a backslash, read as a plain character (NO_BACKSLASH_ESCAPES) */
    private record Key(String schema, String sql, boolean literalBackslashes) {

        static Key of(String schema, boolean backslashEscapes, String sql) {
            return new Key(schema, sql, !backslashEscapes && sql.indexOf('\\') >= 0);
        }
    }
}
