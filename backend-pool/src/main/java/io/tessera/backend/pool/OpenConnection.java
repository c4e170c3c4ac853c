package io.tessera.backend.pool;

import io.tessera.backend.mysql.NativeConnection;

/**
 * One connection a {@link ServerPool} holds open, as {@link ServerPool#connections()} saw it.
 *
 * @param id           the pool's serial number for it: 1 for the first connection the pool opened, and so on
 * @param connection   the connection, whose counters and session state are read live
 * @param borrowed     whether it was lent to a borrower (an idle one being pinged by the idle check is not)
 * @param openedMillis when it was logged in and settled in the pool, in the pool's clock's epoch milliseconds
 */
public record OpenConnection(long id, NativeConnection connection, boolean borrowed, long openedMillis) {
}
