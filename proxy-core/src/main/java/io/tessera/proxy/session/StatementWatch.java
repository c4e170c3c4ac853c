package io.tessera.proxy.session;

/**
 * Told how a statement that went to the data nodes ended ({@link ClientChannel#watch}): the SQL statistics' hook.
 * Called once, on the client's event loop.
 */
public interface StatementWatch {

    /**
     * The statement's whole answer has been written.
     *
     * @param bytesSent the bytes written to the client on its connection so far, this answer included
     */
    void succeeded(long bytesSent);

    /** The statement failed, or its client went away: it is not counted, and runs no more. */
    void abandoned();
}
