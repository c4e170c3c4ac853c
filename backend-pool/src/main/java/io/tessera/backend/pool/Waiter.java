package io.tessera.backend.pool;

import io.netty.channel.EventLoop;
import io.netty.util.concurrent.ScheduledFuture;
import io.tessera.backend.BackendConnection;
import java.util.concurrent.CompletableFuture;

/** One borrow request: what the borrower needs, its promise, and its place in the wait queue. */
final class Waiter {

    final String database;
    final boolean foundRows;
    final EventLoop loop;
    final long deadlineMillis;
    final CompletableFuture<BackendConnection> future = new CompletableFuture<>();

    /** Guarded by the pool's lock: the maxWait timer while queued. */
    ScheduledFuture<?> timer;
    /** Guarded by the pool's lock: the connection being opened for this waiter, if any. */
    PooledConnection opening;

    Waiter(String database, boolean foundRows, EventLoop loop, long deadlineMillis) {
        this.database = database;
        this.foundRows = foundRows;
        this.loop = loop;
        this.deadlineMillis = deadlineMillis;
    }

    /** Leaves the queue: stops the timer and lets go of the connection being opened for it. */
    void dequeued() {
        if (timer != null) {
            timer.cancel(false);
            timer = null;
        }
        if (opening != null) {
            opening.assigned = null;
            opening = null;
        }
    }
}
