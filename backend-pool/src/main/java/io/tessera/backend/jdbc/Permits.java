package io.tessera.backend.jdbc;

import io.netty.channel.EventLoop;
import io.netty.util.concurrent.ScheduledFuture;
import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A server's {@code maxCon} slots, handed out without blocking: a borrower that finds none free waits in a FIFO
 * queue for at most {@code maxWait}, on a timer of its event loop. A JDBC pool's {@code getConnection} blocks its
 * thread while it waits; taking a slot first means the business executor's threads only ever run
 * {@code getConnection} when a connection is free or may be opened, so that borrowers waiting for a connection
 * cannot take every thread from the statements that would give one back.
 */
final class Permits {

    private final int max;
    private final ArrayDeque<CompletableFuture<Void>> waiting = new ArrayDeque<>(); // guarded by this
    private int taken; // guarded by this

    Permits(int max) {
        if (max < 1) {
            throw new IllegalArgumentException("max: " + max + " (expected: >= 1)");
        }
        this.max = max;
    }

    /** A slot now, or once one is freed; fails with a {@link TimeoutException} after {@code maxWaitMillis}. */
    CompletableFuture<Void> acquire(EventLoop timers, long maxWaitMillis) {
        CompletableFuture<Void> slot = new CompletableFuture<>();
        synchronized (this) {
            if (taken < max) {
                taken++;
                slot.complete(null);
                return slot;
            }
            waiting.add(slot);
        }
        ScheduledFuture<?> timer = timers.schedule(() -> {
            synchronized (this) {
                if (!waiting.remove(slot)) {
                    return; // handed a slot meanwhile
                }
            }
            slot.completeExceptionally(new TimeoutException());
        }, maxWaitMillis, TimeUnit.MILLISECONDS);
        slot.whenComplete((ok, error) -> timer.cancel(false));
        return slot;
    }

    /** Gives a slot back: to the longest waiting borrower if there is one. */
    void release() {
        CompletableFuture<Void> next;
        synchronized (this) {
            next = waiting.poll();
            if (next == null) {
                taken--;
                return;
            }
        }
        next.complete(null);
    }

    /** Fails every waiting borrower with {@code cause} (the pool closes). */
    void failWaiting(Throwable cause) {
        CompletableFuture<?>[] failed;
        synchronized (this) {
            failed = waiting.toArray(CompletableFuture<?>[]::new);
            waiting.clear();
        }
        for (CompletableFuture<?> f : failed) {
            f.completeExceptionally(cause);
        }
    }

    synchronized int waiting() {
        return waiting.size();
    }

    synchronized int taken() {
        return taken;
    }
}
