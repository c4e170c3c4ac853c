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
     * @param rows      the rows of the answer's result sets (0 for an answer without one)
     */
    void succeeded(long bytesSent, long rows);

    /** The statement failed, or its client went away: it is not counted, and runs no more. */
    void abandoned();
}
