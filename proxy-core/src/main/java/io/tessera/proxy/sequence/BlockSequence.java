package io.tessera.proxy.sequence;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * One sequence's ids, handed out from blocks that a {@link Reserver} takes elsewhere (a durable file write, a data
 * node's table), so that most calls cost a lock and an addition. At most one reservation is in flight: callers
 * that the current block cannot serve queue behind it in arrival order, and each reservation is for the caller at
 * the head of the queue, so no caller causes two blocks and no id is handed out twice. A count larger than what
 * is left of the block skips the rest (a gap), since a caller's ids are consecutive. A failed reservation fails
 * every caller waiting for it; the next call tries again.
 */
final class BlockSequence {

    /** Takes a block of at least {@code count} consecutive ids, durably, before completing. */
    interface Reserver {
        CompletableFuture<Block> reserve(int count);
    }

    /** Ids {@code first..last}, both included. */
    record Block(long first, long last) {
    }

    private record Waiter(int count, CompletableFuture<Long> future) {
    }

    private final Reserver reserver;
    private final ArrayDeque<Waiter> waiting = new ArrayDeque<>();
    private long next = 1;
    private long last;            // next > last: nothing left
    private boolean reserving;    // invariant: waiting is empty while no reservation is in flight

    BlockSequence(Reserver reserver) {
        this.reserver = reserver;
    }

    CompletableFuture<Long> next(int count) {
        if (count < 1) {
            throw new IllegalArgumentException("count: " + count + " (expected: >= 1)");
        }
        CompletableFuture<Long> future = new CompletableFuture<>();
        synchronized (this) {
            if (!reserving && left() >= count) {
                long first = next;
                next += count;
                return CompletableFuture.completedFuture(first);
            }
            waiting.add(new Waiter(count, future));
            if (reserving) {
                return future;
            }
            reserving = true;
        }
        reserve(count);
        return future;
    }

    private long left() {
        return last - next + 1;
    }

    private void reserve(int count) {
        CompletableFuture<Block> block;
        try {
            block = reserver.reserve(count);
        } catch (RuntimeException e) {
            block = CompletableFuture.failedFuture(e);
        }
        block.whenComplete(this::reserved);
    }

    private void reserved(Block block, Throwable failure) {
        List<Runnable> completions = new ArrayList<>();
        int again = 0;
        synchronized (this) {
            if (failure != null) {
                Throwable cause = failure instanceof CompletionException && failure.getCause() != null
                        ? failure.getCause() : failure;
                waiting.forEach(waiter -> completions.add(() -> waiter.future().completeExceptionally(cause)));
                waiting.clear();
            } else {
                next = block.first();
                last = block.last();
                while (!waiting.isEmpty() && left() >= waiting.peek().count()) {
                    Waiter waiter = waiting.poll();
                    long first = next;
                    next += waiter.count();
                    completions.add(() -> waiter.future().complete(first));
                }
                if (!waiting.isEmpty()) {
                    again = waiting.peek().count();
                }
            }
            reserving = again > 0;
        }
        completions.forEach(Runnable::run); // outside the lock: a caller's continuation may call next() again
        if (again > 0) {
            reserve(again);
        }
    }
}
