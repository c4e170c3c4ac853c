package io.tessera.backend;

import io.netty.buffer.ByteBuf;
import io.netty.channel.EventLoop;
import io.netty.util.Attribute;
import io.netty.util.AttributeKey;
import java.nio.charset.Charset;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * One logged-in connection to a server of a data host, lent by its pool: what everything above the pools uses,
 * whichever driver is behind it (Tessera's native client, {@link io.tessera.backend.mysql.NativeConnection}; a
 * HikariCP-backed one can sit beside it). It runs one command at a time and streams each response, frame by frame
 * in the MySQL wire format, to a {@link ResponseHandler}.
 *
 * <p>Thread safety: every method may be called from any thread. Callbacks and the futures' completions run on
 * {@link #eventLoop()}.
 */
public interface BackendConnection {

    /** The server's thread id for this connection (what {@code KILL} takes). */
    long connectionId();

    /** The server's version as its greeting gave it, e.g. {@code 8.0.36} or {@code 5.5.5-10.11.19-MariaDB}. */
    String serverVersion();

    /** The current database, or {@code null} when none is selected. */
    String database();

    /** Whether the connection was opened with CLIENT_FOUND_ROWS (affected rows count matched rows). */
    boolean foundRows();

    /** The event loop where the connection's callbacks run and its futures complete. */
    EventLoop eventLoop();

    /** The server, as errors name it: "data host host1 (127.0.0.1:3306)". */
    String dataHost();

    /**
     * The error code of the ERR that ended the last command's response, or 0 when it ended well (or none ran). Read it
     * on the connection's event loop, or after a callback of the command that ran last.
     */
    int lastErrorCode();

    /**
     * Tells the connection which character sets its session variables now have, so that the text it sends itself
     * ({@link #query}, {@link #prepare}, ...) is encoded as {@code character_set_client} says and the rows of
     * {@link #query} decoded as {@code character_set_results} says. A connection starts (and {@link #reset}
     * returns) with utf8mb4 for both.
     */
    void characterSets(Charset client, Charset results);

    /**
     * Whether the server takes MySQL's session statements ({@code SET @@session.x = ...}): MySQL and MariaDB do; a
     * JDBC data host of another database does not, and only {@link #characterSets} and {@link #autocommit} change its
     * session.
     */
    default boolean speaksMysql() {
        return true;
    }

    /**
     * Switches autocommit as JDBC's {@code setAutoCommit} does, for a server that does not speak MySQL
     * ({@link #speaksMysql()}); MySQL servers take {@code SET autocommit} instead.
     */
    default CompletableFuture<Void> autocommit(boolean on) {
        return CompletableFuture.failedFuture(new UnsupportedOperationException(
                dataHost() + " takes SET autocommit"));
    }

    /** True while the connection is open and has not broken. */
    boolean isUsable();

    /**
     * Sends one command and streams its response to {@code handler}.
     *
     * @param commandPayload the command payload without header, e.g. {@code 0x03} + SQL bytes for COM_QUERY; the
     *     connection takes ownership
     * @param columnsOnly true for COM_FIELD_LIST, whose response is column definitions ended by an EOF
     */
    void execute(ByteBuf commandPayload, boolean columnsOnly, ResponseHandler handler);

    /**
     * Runs {@code sql} and collects its whole (small) answer: for internal statements, never for client results.
     * Fails with a {@link io.tessera.protocol.error.TesseraException} carrying the server's code, SQLSTATE and
     * message when the server answers ERR.
     */
    CompletableFuture<QueryResult> query(String sql);

    /**
     * Resets the session as a fresh login would have it (COM_RESET_CONNECTION: rolls back, drops temporary tables,
     * prepared statements, user variables and session settings; the current database stays).
     */
    CompletableFuture<Void> reset();

    /**
     * Prepares {@code sql} for its metadata: the parameter and column definitions the proxy answers its own
     * client's prepare with. The statement stays open on the server until {@link #closeStatement}, {@link #reset}
     * or the end of the connection. Fails with the server's error (e.g. 1064), after which the connection is still
     * usable.
     */
    CompletableFuture<PreparedMetadata> prepare(String sql);

    /** Closes a statement of {@link #prepare}; never between a command and its response. */
    void closeStatement(long statementId);

    /**
     * Runs the statement text {@code sql} as a server-side prepared statement and streams its (binary) response to
     * {@code handler}, as {@link #execute} does; the connection keeps the statements it executes prepared. The
     * connection takes ownership of the payloads and releases them whatever happens.
     *
     * @param longData COM_STMT_SEND_LONG_DATA payloads, sent before the execute
     * @param executePayload the COM_STMT_EXECUTE payload, binding the parameter types; any statement id in it is
     *     replaced with the connection's own
     * @throws IllegalArgumentException when a payload is not the command it should be (released all the same)
     */
    void executePrepared(String sql, List<ByteBuf> longData, ByteBuf executePayload, ResponseHandler handler);

    /**
     * Sends one packet of the file that the server asked the running command's {@link LocalFileHandler} for; an empty
     * {@code data} ends the file. The connection takes ownership of {@code data}. The future completes once the packet
     * is written to the socket, and fails when it cannot be (the connection is closed then).
     */
    default CompletableFuture<Void> sendLocalData(ByteBuf data) {
        data.release();
        return CompletableFuture.failedFuture(new UnsupportedOperationException(
                dataHost() + " does not take LOAD DATA LOCAL INFILE"));
    }

    /**
     * Backpressure: stops reading the response, which waits in the kernel buffers and, beyond them, in the server,
     * until {@link #resumeReading()}.
     */
    void pauseReading();

    /** Reads the response again after {@link #pauseReading()}. */
    void resumeReading();

    /**
     * A slot for state that the code above keeps with this connection for as long as it lives, such as the session
     * variables it has applied.
     */
    <T> Attribute<T> attr(AttributeKey<T> key);

    /**
     * Gives the connection back to its pool. A connection still in the middle of a response, or broken, is closed
     * instead, so that nobody gets a half-read stream. Reading is resumed. Releasing twice is a no-op.
     */
    void release();

    /**
     * Closes the connection and takes it out of its pool. A response in progress fails with
     * {@link ResponseHandler#onFailure}.
     */
    void close();
}
