package io.tessera.admin;

/**
 * One of the server's caches as {@code show @@cache} reports it (MyCat's {@code CacheStatic}).
 *
 * @param name             MyCat's name for the cache when it has one ({@code SQLRouteCache}, {@code ER_SQL2PARENTID})
 * @param max              its bound, in the units of {@code current}; -1 when it has none
 * @param current          what it holds now
 * @param accesses         lookups since it was built
 * @param hits             lookups that found an entry
 * @param puts             entries added or replaced
 * @param lastAccessMillis epoch milliseconds of the last lookup, 0 before the first
 * @param lastPutMillis    epoch milliseconds of the last put, 0 before the first
 */
public record CacheCounts(String name, long max, long current, long accesses, long hits, long puts,
        long lastAccessMillis, long lastPutMillis) {
}
