package io.tessera.backend.mysql;

/**
 * Who a {@link BackendConnection} belongs to, such as a pool: told when the borrower gives the connection back
 * and when it closes. Called on the connection's event loop.
 */
public interface ConnectionOwner {

    /** The borrower is done and the connection is idle and usable. */
    void released(BackendConnection connection);

    /** The connection closed, for any reason; called once. */
    void closed(BackendConnection connection);

    /**
     * A borrower sent a query: {@link BackendConnection#execute}, {@link BackendConnection#query},
     * {@link BackendConnection#prepare} or {@link BackendConnection#executePrepared}.
     */
    void querySent();
}
