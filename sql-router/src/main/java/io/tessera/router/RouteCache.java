package io.tessera.router;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.tessera.router.parse.StatementType;
import io.tessera.router.plan.PlanNode;

/**
 * Routes already planned, keyed by (schema, statement text), so a repeated statement is neither parsed nor routed
 * again. Plans are immutable and shared by all sessions. Bounded by the total length of the cached statements;
 * cleared when DDL or a reload may change what a statement routes to. Thread-safe.
 */
public final class RouteCache {

    /** A cached plan and what the front end needs to know of its statement. */
    public record Entry(StatementType type, PlanNode plan) {
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

    public Entry get(String schema, String sql) {
        return cache.getIfPresent(new Key(schema, sql));
    }

    public void put(String schema, String sql, StatementType type, PlanNode plan) {
        cache.put(new Key(schema, sql), new Entry(type, plan));
    }

    public void clear() {
        cache.invalidateAll();
    }

    public long size() {
        return cache.estimatedSize();
    }

    private record Key(String schema, String sql) {
    }
}
