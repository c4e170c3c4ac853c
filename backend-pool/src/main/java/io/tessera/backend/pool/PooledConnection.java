package io.tessera.backend.pool;

import io.netty.channel.EventLoop;
import io.tessera.backend.mysql.ConnectionOwner;
import io.tessera.backend.mysql.NativeConnection;

/**
 * The pool's record of one connection slot, from the moment it is opened until it closes. Its fields are guarded
 * by the pool's lock, except the immutable ones.
 */
final class PooledConnection implements ConnectionOwner {

    enum State {
        /** Being opened; counts towards maxCon. */
        OPENING,
        /** Ready to lend. */
        IDLE,
        /** Taken out of the idle list by the idle check for a COM_PING. */
        CHECKING,
        /** Lent to a borrower. */
        IN_USE,
        /** Being closed by the pool, its slot already given back or reused. */
        RETIRED,
        /**
         * Closed by Tessera while the server ran a statement of it: the slot stays counted until the server thread
         * has been killed ({@code ServerThreadKiller}).
         */
        ABANDONED,
        /** Closed. */
        CLOSED
    }

    final ServerPool pool;
    final EventLoop loop;
    final boolean foundRows;
    /** The database to log in to: the one its waiter asked for, or {@code null}. */
    final String loginDatabase;

    NativeConnection connection;
    /** The pool's serial number for the connection (1 for the first it opened), set with {@link #connection}. */
    long id;
    /** When the connection was logged in and settled in the pool (the pool's clock). */
    long openedMillis;
    State state = State.OPENING;
    /** When the connection last became idle after being used or opened (the pool's clock). */
    long idleSince;
    /** The waiter this connection is being opened for, if it still wants it. */
    Waiter assigned;

    PooledConnection(ServerPool pool, EventLoop loop, boolean foundRows, String loginDatabase) {
        this.pool = pool;
        this.loop = loop;
        this.foundRows = foundRows;
        this.loginDatabase = loginDatabase;
    }

    @Override
    public void released(NativeConnection released) {
        pool.released(this);
    }

    @Override
    public void closed(NativeConnection closed) {
        pool.closed(this);
    }

    @Override
    public void querySent() {
        pool.querySent();
    }

    @Override
    public String toString() {
        return "PooledConnection[" + state + ", " + connection + "]";
    }
}
