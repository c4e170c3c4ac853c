package io.tessera.admin;

/**
 * One connection Tessera holds open to a server of a data host, as {@code show @@backend} reports it (MyCat's
 * {@code ShowBackend}).
 *
 * @param processor     the event loop the connection lives on, named as {@link ConnectionView#processor()} names
 *                      the front end's ({@code Processor0}...): Tessera serves client and backend channels with one
 *                      group
 * @param id            Tessera's number for the connection: the n-th its server's pool opened, so unique together
 *                      with {@code host} and {@code port} (id)
 * @param mysqlId       the server's thread id for it, what {@code KILL} and {@code information_schema.PROCESSLIST}
 *                      ID show (mysqlId)
 * @param host          the server's address as configured (host)
 * @param port          the server's port (port)
 * @param localPort     Tessera's TCP port of the connection (l_port)
 * @param netInBytes    bytes received from the server since login, headers included (net_in)
 * @param netOutBytes   bytes sent to the server since login, headers included (net_out)
 * @param openedMillis  when the connection was logged in, in epoch milliseconds; life is its age in whole seconds
 * @param closed        whether it has closed or broken and its pool has not yet let go of it (closed)
 * @param borrowed      whether it is lent to a statement or a session now (borrowed)
 * @param sendQueueSize messages written to it and not yet flushed to the socket, as {@link
 *                      ConnectionView#sendQueueSize()} counts them (SEND_QUEUE)
 * @param schema        the database selected on it, or null when none is (schema)
 * @param charset       the character set of its {@code collation_connection}, e.g. {@code utf8mb4} (charset, shown
 *                      as {@code name:index})
 * @param charsetIndex  the id of that collation, e.g. 45 for {@code utf8mb4_general_ci}
 * @param txIsolation   the isolation Tessera set on it, as a {@link ConnectionView} code, or
 *                      {@link #SERVER_DEFAULT} when Tessera never set one and the server's own default is in force
 *                      (txlevel)
 * @param autocommit    whether autocommit is on (autocommit)
 * @param txReadOnly    whether Tessera made its transactions read-only; false when Tessera never set it, the
 *                      server's default unless its global {@code transaction_read_only} is on (tx_readonly)
 */
public record BackendConnectionView(String processor, long id, long mysqlId, String host, int port, int localPort,
        long netInBytes, long netOutBytes, long openedMillis, boolean closed, boolean borrowed, int sendQueueSize,
        String schema, String charset, int charsetIndex, int txIsolation, boolean autocommit, boolean txReadOnly) {

    /** {@link #txIsolation()} when the server's default isolation is in force: shown as {@code DEFAULT}. */
    public static final int SERVER_DEFAULT = 0;
}
