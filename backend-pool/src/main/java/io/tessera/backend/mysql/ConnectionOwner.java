package io.tessera.backend.mysql;

/**
 * Who a {@link NativeConnection} belongs to, such as a pool: told when the borrower gives the connection back
 * and when it closes. Called on the connection's event loop.
 */
public interface ConnectionOwner {

    /** The borrower is done and the connection is idle and usable. */
    void released(NativeConnection connection);

    /** The connection closed, for any reason; called once. */
    void closed(NativeConnection connection);

    /**
     * A borrower sent a query: {@link NativeConnection#execute}, {@link NativeConnection#query},
     * {@link NativeConnection#prepare} or {@link NativeConnection#executePrepared}.
     */
    void querySent();
}
