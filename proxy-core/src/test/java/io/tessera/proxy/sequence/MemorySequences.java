package io.tessera.proxy.sequence;

import io.tessera.protocol.error.ErrorCode;
import io.tessera.protocol.error.TesseraException;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Sequences held in memory, for tests: each configured name counts up from its first id to its last, and fails with
 * {@code SEQUENCE_RUN_OUT} past it; any other name fails with {@code UNKNOWN_SEQUENCES}. Thread-safe: blocks of
 * consecutive ids are taken atomically, as the real handlers must.
 */
public final class MemorySequences implements Sequences {

    private final Map<String, Counter> counters = new ConcurrentHashMap<>();

    /** A sequence named {@code name} whose first id is {@code first}, never running out. */
    public MemorySequences with(String name, long first) {
        return with(name, first, Long.MAX_VALUE);
    }

    /** A sequence named {@code name} handing out {@code first} to {@code last}, both included. */
    public MemorySequences with(String name, long first, long last) {
        counters.put(name, new Counter(first, last));
        return this;
    }

    /** The id {@code name} hands out next. */
    public long peek(String name) {
        return counters.get(name).next.get();
    }

    @Override
    public CompletableFuture<Long> next(String name, int count) {
        if (count < 1) {
            throw new IllegalArgumentException("count: " + count + " (expected: >= 1)");
        }
        Counter counter = counters.get(name);
        if (counter == null) {
            return CompletableFuture.failedFuture(ErrorCode.UNKNOWN_SEQUENCES.exception(name));
        }
        while (true) {
            long first = counter.next.get();
            if (first > counter.last - count + 1) {
                return CompletableFuture.failedFuture(new TesseraException(ErrorCode.SEQUENCE_RUN_OUT,
                        ErrorCode.SEQUENCE_RUN_OUT.message(name, count + " ids asked for, " + (counter.last - first + 1)
                                + " left before " + counter.last)));
            }
            if (counter.next.compareAndSet(first, first + count)) {
                return CompletableFuture.completedFuture(first);
            }
        }
    }

    @Override
    public boolean has(String name) {
        return counters.containsKey(name);
    }

    private static final class Counter {

        final AtomicLong next;
        final long last;

        Counter(long first, long last) {
            this.next = new AtomicLong(first);
            this.last = last;
        }
    }
}
