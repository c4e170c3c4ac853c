package io.tessera.backend.health;

import io.netty.channel.EventLoop;
import io.tessera.backend.QueryResult;
import io.tessera.backend.mysql.BackendConnector;
import io.tessera.backend.mysql.ConnectionOwner;
import io.tessera.backend.mysql.NativeConnection;
import java.time.Clock;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Runs a data host's {@code <heartbeat>} statement (MyCat's {@code select user()}) every period on a connection of
 * its own, so that a full pool never delays it, and keeps the outcome as MyCat's status codes: OK when the server
 * answered, ERROR when it could not be reached or answered ERR, TIMEOUT when it did not answer in time (the
 * connection is then dropped and the next check opens a new one). A status change is logged once, at WARN (the
 * first OK at INFO); steady states are not logged. Its {@link HeartbeatCheck} reads more from the answer where the
 * switch type asks: the replication state, or a Galera node's state (a node not ready is an ERROR).
 *
 * <p>Runs on one event loop, where all its state lives ({@link PeriodicHeartbeat}); {@link #status()} may be read
 * from any thread.
 */
public final class Heartbeat extends PeriodicHeartbeat {

    private static final Logger LOG = LogManager.getLogger(Heartbeat.class);

    private final BackendConnector connector;
    private final ConnectionOwner owner = new Owner();

    private NativeConnection connection; // event loop only

    /**
     * @param sql the statement to run, e.g. {@code select user()}
     * @param timeoutMillis how long one check may take before it counts as TIMEOUT
     */
    public Heartbeat(BackendConnector connector, String sql, long periodMillis, long timeoutMillis, EventLoop loop,
            Clock clock) {
        this(connector, sql, periodMillis, timeoutMillis, loop, clock, HeartbeatCheck.PLAIN, status -> { });
    }

    /**
     * A heartbeat that tells {@code checked} the outcome of every finished check, on its event loop, after
     * {@link #status()} shows it; {@code checked} must not block.
     *
     * @param sql the statement to run, e.g. {@code select user()}
     * @param timeoutMillis how long one check may take before it counts as TIMEOUT
     */
    public Heartbeat(BackendConnector connector, String sql, long periodMillis, long timeoutMillis, EventLoop loop,
            Clock clock, Consumer<HeartbeatStatus> checked) {
        this(connector, sql, periodMillis, timeoutMillis, loop, clock, HeartbeatCheck.PLAIN, checked);
    }

    /**
     * A heartbeat that reads its answers as {@code reader} says, and tells {@code checked} the outcome of every
     * finished check, on its event loop, after {@link #status()} shows it; {@code checked} must not block.
     *
     * @param sql the statement to run, e.g. {@code show slave status}
     * @param timeoutMillis how long one check may take before it counts as TIMEOUT
     */
    public Heartbeat(BackendConnector connector, String sql, long periodMillis, long timeoutMillis, EventLoop loop,
            Clock clock, HeartbeatCheck reader, Consumer<HeartbeatStatus> checked) {
        super(LOG, connector.options().describe(), sql, periodMillis, timeoutMillis, loop, clock, reader, checked);
        this.connector = connector;
    }

    @Override
    CompletableFuture<QueryResult> ask(CompletableFuture<HeartbeatStatus> check) {
        CompletableFuture<NativeConnection> ready = connection != null && connection.isUsable()
                ? CompletableFuture.completedFuture(connection)
                : connector.connect(loop(), null, false, owner);
        return ready.thenCompose(c -> run(c, check));
    }

    private CompletableFuture<QueryResult> run(NativeConnection c, CompletableFuture<HeartbeatStatus> check) {
        if (!current(check)) {
            // Stopped, or this check timed out while connecting: a later check owns the heartbeat now.
            if (c != connection) {
                c.close();
            }
            return CompletableFuture.failedFuture(new IllegalStateException("heartbeat check abandoned"));
        }
        connection = c;
        return c.query(sql());
    }

    @Override
    void dropConnection() {
        if (connection != null) {
            connection.close();
            connection = null;
        }
    }

    /** The heartbeat keeps its connection; it only needs to know when the connection closes. */
    private final class Owner implements ConnectionOwner {

        @Override
        public void released(NativeConnection released) {
            released.close();
        }

        @Override
        public void closed(NativeConnection closedConnection) {
            if (connection == closedConnection) {
                connection = null;
            }
        }

        @Override
        public void querySent() {
            // heartbeats are not the data host's queries
        }
    }
}
