package io.tessera.backend.pool;

import io.netty.channel.EventLoopGroup;
import io.tessera.backend.BackendConnection;
import io.tessera.backend.mysql.BackendConnector;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Ends on the server the thread of a connection that Tessera closed in the middle of a statement: MySQL and MariaDB
 * notice a closed socket only when they next read or write it, so the statement runs on (holding its locks and its
 * thread) after its client has gone. The pool keeps that connection's slot counted until this has sent
 * {@code KILL <thread id>} and the thread is gone from the process list, so that the pool never has more threads on
 * the server than {@code maxCon}.
 *
 * <p>The {@code KILL} goes over a connection of the pool itself, borrowed ahead of every other borrower. It opens a
 * connection of its own instead when every slot of the pool is held by such a thread (no borrow could ever succeed),
 * or when no slot comes free within {@value #BORROW_WITHIN_MILLIS} ms: the other slots may be held by clients that
 * wait for this very slot (a client holding one connection and borrowing a second). Those are the moments the server
 * may have one thread more than {@code maxCon}, until the {@code KILL} lands.
 */
final class ServerThreadKiller {

    private static final Logger LOG = LogManager.getLogger(ServerThreadKiller.class);
    /** How often the process list is read until the killed thread has left it. */
    private static final long POLL_MILLIS = 10;
    /** How long a killed thread may take to end before its slot is given back all the same. */
    private static final long GONE_WITHIN_MILLIS = 5_000;
    /** How long the KILL waits for a slot of the pool before it opens a connection of its own. */
    static final long BORROW_WITHIN_MILLIS = 500;
    /** ER_NO_SUCH_THREAD: the thread had already ended. */
    private static final int NO_SUCH_THREAD = 1094;

    private final ServerPool pool;
    private final BackendConnector connector;
    private final EventLoopGroup group;

    ServerThreadKiller(ServerPool pool, BackendConnector connector, EventLoopGroup group) {
        this.pool = pool;
        this.connector = connector;
        this.group = group;
    }

    /**
     * Kills server thread {@code threadId} and runs {@code ended} once it is gone, or once it cannot be told (the
     * server cannot be reached: then its threads are cut off anyway).
     *
     * @param noSlotFree every slot of the pool is held by a thread being killed: do not wait for a pooled connection
     */
    void kill(long threadId, boolean foundRows, boolean noSlotFree, Runnable ended) {
        if (noSlotFree) {
            killOverOwnConnection(threadId, ended);
            return;
        }
        AtomicBoolean started = new AtomicBoolean(); // by the pooled connection, or by one of its own: not both
        CompletableFuture.delayedExecutor(BORROW_WITHIN_MILLIS, TimeUnit.MILLISECONDS, group.next()).execute(() -> {
            if (started.compareAndSet(false, true)) {
                killOverOwnConnection(threadId, ended);
            }
        });
        pool.borrowAhead(foundRows).whenComplete((connection, borrowFailed) -> {
            if (!started.compareAndSet(false, true)) {
                if (connection != null) {
                    connection.release(); // came too late: the KILL went over a connection of its own
                }
                return;
            }
            if (borrowFailed != null) {
                killOverOwnConnection(threadId, ended);
                return;
            }
            killOver(connection, threadId).whenComplete((gone, e) -> {
                connection.release();
                if (e == null) {
                    ended.run();
                } else {
                    killOverOwnConnection(threadId, ended);
                }
            });
        });
    }

    private void killOverOwnConnection(long threadId, Runnable ended) {
        connector.connect(group.next(), null, false, new UnpooledOwner())
                .thenCompose(connection -> killOver(connection, threadId)
                        .whenComplete((gone, e) -> connection.close()))
                .whenComplete((gone, e) -> {
                    if (e != null) {
                        LOG.warn("{}: could not kill thread {}, left running by a connection closed mid-statement:"
                                + " {}", connector.options().describe(), threadId, e.getMessage());
                    }
                    ended.run();
                });
    }

    /** Sends the KILL, then completes once the thread has left the process list (or after a bounded wait). */
    private CompletableFuture<Void> killOver(BackendConnection connection, long threadId) {
        return connection.query("KILL " + threadId).handle((ok, e) -> {
            if (e != null && connection.lastErrorCode() != NO_SUCH_THREAD) {
                throw new IllegalStateException("KILL " + threadId + " failed", e);
            }
            return ok;
        }).thenCompose(ok -> awaitGone(connection, threadId, System.nanoTime()
                + TimeUnit.MILLISECONDS.toNanos(GONE_WITHIN_MILLIS)));
    }

    private CompletableFuture<Void> awaitGone(BackendConnection connection, long threadId, long deadlineNanos) {
        return connection.query("SELECT 1 FROM information_schema.PROCESSLIST WHERE ID = " + threadId)
                .thenCompose(result -> {
                    if (result.rows().isEmpty() || System.nanoTime() > deadlineNanos) {
                        return CompletableFuture.completedFuture(null);
                    }
                    Executor shortly = CompletableFuture.delayedExecutor(POLL_MILLIS, TimeUnit.MILLISECONDS,
                            connection.eventLoop());
                    return CompletableFuture.runAsync(() -> { }, shortly)
                            .thenCompose(v -> awaitGone(connection, threadId, deadlineNanos));
                });
    }
}
