package io.tessera.backend.host;

/** What a borrower will do on the connection it asks a {@link DataHost} for, which decides the server it gets. */
public enum Intent {
    /**
     * Only read, outside a transaction: under MyCat's {@code balance} such a statement may go to a read host or a
     * standby write host.
     */
    READ,
    /** Write, or read where a write host must answer (inside a transaction, or for what a session keeps). */
    WRITE
}
