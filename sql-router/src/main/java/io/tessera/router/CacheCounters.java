package io.tessera.router;

import java.util.concurrent.atomic.LongAdder;

/**
 * How one cache is used: lookups, hits, puts and when the last of each happened, as MyCat's {@code CacheStatic}
 * counts them for {@code show @@cache}. Lookups come from every event loop: the counts are {@link LongAdder}s, and the
 * times are written at most once per millisecond per thread, so the loops rarely touch the same cache line.
 */
public final class CacheCounters {

    private final LongAdder accesses = new LongAdder();
    private final LongAdder hits = new LongAdder();
    private final LongAdder puts = new LongAdder();
    private volatile long lastAccessMillis;
    private volatile long lastPutMillis;

    /** A lookup; {@code hit} when it found an entry. */
    public void accessed(boolean hit) {
        accesses.increment();
        if (hit) {
            hits.increment();
        }
        long now = System.currentTimeMillis();
        if (now != lastAccessMillis) {
            lastAccessMillis = now;
        }
    }

    /** An entry was added or replaced. */
    public void put() {
        puts.increment();
        long now = System.currentTimeMillis();
        if (now != lastPutMillis) {
            lastPutMillis = now;
        }
    }

    public long accesses() {
        return accesses.sum();
    }

    public long hits() {
        return hits.sum();
    }

    public long puts() {
        return puts.sum();
    }

    /** Epoch milliseconds of the last lookup, 0 before the first. */
    public long lastAccessMillis() {
        return lastAccessMillis;
    }

    /** Epoch milliseconds of the last put, 0 before the first. */
    public long lastPutMillis() {
        return lastPutMillis;
    }
}
