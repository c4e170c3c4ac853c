package io.tessera.backend.pool;

import io.netty.channel.EventLoop;
import io.tessera.backend.BackendConnection;
import java.util.concurrent.CompletableFuture;

/**
 * One server's pool, whichever driver is behind it: {@link ServerPool} of native connections, or
 * {@code io.tessera.backend.jdbc.JdbcServerPool} on HikariCP. What a {@code Server} needs of it and nothing more.
 */
public interface ConnectionPool extends AutoCloseable {

    /**
     * Opens {@code minCon} connections. Completes when they are up; fails with the first one's error when the server
     * cannot be reached, after which the pool stays usable and tries again on demand.
     */
    CompletableFuture<Void> start();

    /**
     * A connection whose current database is {@code database} ({@code null} accepts any) and whose
     * CLIENT_FOUND_ROWS flag is {@code foundRows}; fails with a {@link io.tessera.backend.BackendException} after
     * {@code maxWait} or when none can be opened.
     *
     * @param preferred the borrower's event loop, or {@code null} for any
     */
    CompletableFuture<BackendConnection> borrow(String database, boolean foundRows, EventLoop preferred);

    /**
     * A connection to the same server that holds no slot of the pool and closes when released, logged in to
     * {@code database}: for a statement about the pool's borrowers ({@code KILL QUERY}, reading their lock waits),
     * which must not queue behind them when they hold every slot. A pool that cannot open one lends one of its own.
     */
    default CompletableFuture<BackendConnection> connectOutside(String database) {
        return borrow(database, false, null);
    }

    /** A consistent snapshot of the pool's counters ({@code show @@datasource}). */
    PoolStats stats();

    /** Closes the pool and every connection, lent ones included; waiting borrowers fail. */
    @Override
    void close();

    /** No more borrowing; idle connections close now, lent ones when they come back. */
    void drain();
}
