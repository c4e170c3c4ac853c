package io.tessera.admin;

/** One client connection of the 8066 port, as {@code show @@connection} reports it. */
public interface ConnectionView {

    /** MyCat's transaction isolation codes (its {@code Isolations}), which {@link #txIsolation()} returns. */
    int READ_UNCOMMITTED = 1;
    int READ_COMMITTED = 2;
    int REPEATABLE_READ = 3;
    int SERIALIZABLE = 4;

    /**
     * The I/O thread that serves the connection (PROCESSOR): MyCat names its NIO processors {@code Processor0},
     * {@code Processor1}...; Tessera names the Netty event loop the same way, by its index in the group.
     */
    String processor();

    /** The connection id the handshake gave the client (ID; what {@code CONNECTION_ID()} returns). */
    long id();

    /** The client's IP address (HOST). */
    String host();

    /** The client's TCP port (PORT). */
    int port();

    /** The server's TCP port of this connection, normally 8066 (LOCAL_PORT). */
    int localPort();

    /** The logged-in user, or null before the login completes (USER). */
    String user();

    /** The current schema ({@code USE}, {@code COM_INIT_DB}), or null when none is selected (SCHEMA). */
    String schema();

    /** The connection's character set name, e.g. {@code utf8mb4} (CHARSET, shown as {@code name:index}). */
    String charset();

    /** The collation id the connection uses, e.g. 45 for {@code utf8mb4_general_ci} (the index of CHARSET). */
    int charsetIndex();

    /** Bytes received from the client since the connection opened (NET_IN). */
    long netInBytes();

    /** Bytes sent to the client since the connection opened (NET_OUT). */
    long netOutBytes();

    /** When the connection was accepted, in epoch milliseconds; ALIVE_TIME(S) is the age in whole seconds. */
    long openedMillis();

    /**
     * Bytes received but not yet decoded, i.e. the size of the decoder's cumulation (RECV_BUFFER; MyCat shows its read
     * buffer's capacity). Default 0, for an implementation that cannot see it.
     */
    default int receiveBufferBytes() {
        return 0;
    }

    /** Messages queued for writing to the client and not yet flushed to the socket (SEND_QUEUE). */
    int sendQueueSize();

    /** The transaction isolation in force, as one of the codes above (txlevel). */
    int txIsolation();

    /** Whether autocommit is on (autocommit, shown {@code true}/{@code false}). */
    boolean autocommit();

    /** The statement the connection runs now or ran last, or null if it ran none ({@code show @@connection.sql}). */
    String lastSql();

    /** When {@link #lastSql()} started, in epoch milliseconds; 0 when there is none (START_TIME). */
    long lastSqlStartMillis();

    /** How long {@link #lastSql()} ran, or has run so far while it runs, in milliseconds (EXECUTE_TIME). */
    long lastSqlMillis();
}
