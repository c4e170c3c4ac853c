package io.tessera.backend.host;

import io.netty.channel.EventLoop;
import io.tessera.backend.BackendConnection;
import java.util.concurrent.CompletableFuture;

/**
 * Where the statements of a data node get their connections: a {@link DataHost} of native servers today, a data host
 * of another kind (JDBC) beside it later, a recording one in the executor's unit tests.
 */
public interface ConnectionSource {

    /**
     * A connection for a borrower that will do {@code intent}, logged in to {@code database}.
     *
     * @param foundRows whether the connection must count matched rows as affected (CLIENT_FOUND_ROWS)
     * @param preferred the event loop the borrower runs on, where a connection is best found; {@code null} for any
     * @return a future that fails with a {@link io.tessera.backend.BackendException} when no connection can be had
     */
    CompletableFuture<BackendConnection> borrow(String database, boolean foundRows, EventLoop preferred,
            Intent intent);

    /**
     * A connection to the same server as {@code lent}, a connection this source lent, for a statement about it that
     * must come from another connection (MySQL's {@code KILL QUERY}).
     *
     * @return a future that fails with a {@link io.tessera.backend.BackendException} when no connection can be had
     */
    CompletableFuture<BackendConnection> borrowBeside(BackendConnection lent);

    /**
     * As {@link #borrowBeside}, but a connection that holds no slot of the server's pool and closes when released: for
     * a statement about the pool's borrowers ({@code KILL QUERY} of a deadlock's victim, reading lock waits), which
     * must not wait behind them when they hold every slot. A source that cannot open one lends one.
     */
    default CompletableFuture<BackendConnection> connectBeside(BackendConnection lent) {
        return borrowBeside(lent);
    }
}
