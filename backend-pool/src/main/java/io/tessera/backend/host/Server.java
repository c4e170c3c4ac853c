package io.tessera.backend.host;

import io.netty.channel.Channel;
import io.netty.channel.ChannelFactory;
import io.netty.channel.EventLoopGroup;
import io.tessera.backend.health.HealthCheck;
import io.tessera.backend.health.Heartbeat;
import io.tessera.backend.health.HeartbeatCheck;
import io.tessera.backend.health.HeartbeatSample;
import io.tessera.backend.health.HeartbeatStatus;
import io.tessera.backend.health.JdbcHeartbeat;
import io.tessera.backend.health.ReplicaStatus;
import io.tessera.backend.health.ReplicationState;
import io.tessera.backend.jdbc.JdbcServerPool;
import io.tessera.backend.mysql.BackendConnector;
import io.tessera.backend.pool.ConnectionPool;
import io.tessera.backend.pool.ServerPool;
import io.tessera.backend.pool.ServerSettings;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BiConsumer;

/**
 * One MySQL server of a {@link DataHost}, a {@code <writeHost>} or a {@code <readHost>} (MyCat's physical data
 * source, a row of {@code show @@datasource}): its pool and its heartbeat, over Tessera's own client or, for a
 * {@code dbDriver="jdbc"} data host ({@link ServerSettings#isJdbc()}), over JDBC on the business executor.
 *
 * <p>Thread safety: everything may be called from any thread.
 */
public final class Server implements AutoCloseable {

    /** How long a heartbeat may take before it counts as TIMEOUT: MyCat's DBHeartbeat default. */
    static final long HEARTBEAT_TIMEOUT_MILLIS = 30_000;

    /** What the server is in its data host. */
    public enum Role {
        /** A {@code <writeHost>}. */
        WRITE,
        /** A {@code <readHost>}, a replica of its write host. */
        READ
    }

    private final String name;
    private final Role role;
    private final int writeHostIndex;
    private final int weight;
    private final ServerSettings settings;
    private final ConnectionPool pool;
    private final HealthCheck heartbeat;
    private final LongAdder reads = new LongAdder();
    private final LongAdder writes = new LongAdder();

    /**
     * @param business where a JDBC server's blocking calls run; may be {@code null} when no server is JDBC
     * @param check what its heartbeats read from their answers
     * @param checked told the outcome of each of its heartbeats, on the heartbeat's event loop
     */
    Server(String name, Role role, int writeHostIndex, int weight, ServerSettings settings, EventLoopGroup group,
            ChannelFactory<? extends Channel> channelFactory, Executor business, Clock clock, HeartbeatCheck check,
            BiConsumer<Server, HeartbeatStatus> checked) {
        this.name = name;
        this.role = role;
        this.writeHostIndex = writeHostIndex;
        this.weight = weight;
        this.settings = settings;
        if (settings.isJdbc()) {
            if (business == null) {
                throw new IllegalArgumentException("business: null (expected: an executor for the JDBC server "
                        + settings.describe() + ")");
            }
            JdbcServerPool jdbc = new JdbcServerPool(settings, business, group);
            this.pool = jdbc;
            this.heartbeat = settings.heartbeatSql().isEmpty() ? null
                    : new JdbcHeartbeat(settings.describe(), jdbc::openUnpooled, settings.heartbeatSql(),
                            settings.heartbeatPeriodMillis(), HEARTBEAT_TIMEOUT_MILLIS, business, group.next(), clock,
                            check, status -> checked.accept(this, status));
            return;
        }
        this.pool = new ServerPool(settings, group, clock, channelFactory);
        this.heartbeat = settings.heartbeatSql().isEmpty() ? null
                : new Heartbeat(new BackendConnector(settings.connectOptions(), channelFactory),
                        settings.heartbeatSql(), settings.heartbeatPeriodMillis(), HEARTBEAT_TIMEOUT_MILLIS,
                        group.next(), clock, check, status -> checked.accept(this, status));
    }

    /** Its {@code host} attribute in schema.xml, e.g. {@code hostM1}. */
    public String name() {
        return name;
    }

    public Role role() {
        return role;
    }

    /** The index of its write host among the data host's write hosts: its own for a write host. */
    public int writeHostIndex() {
        return writeHostIndex;
    }

    /** Its {@code weight} attribute in schema.xml: its share of the reads it may take (0 by default). */
    public int weight() {
        return weight;
    }

    public ServerSettings settings() {
        return settings;
    }

    /**
     * Connections lent for reads since start ({@code show @@datasource} READ_LOAD, MyCat's {@code readCount}): one per
     * statement outside a transaction, one per data node and transaction inside.
     */
    public long readCount() {
        return reads.sum();
    }

    /** Connections lent for writes since start ({@code show @@datasource} WRITE_LOAD, MyCat's {@code writeCount}). */
    public long writeCount() {
        return writes.sum();
    }

    /** Counts a borrow with {@code intent} on this server. */
    void lending(Intent intent) {
        (intent == Intent.READ ? reads : writes).increment();
    }

    /** The pool of connections to this server. */
    public ConnectionPool pool() {
        return pool;
    }

    /** The outcome of the last heartbeat; INIT before the first, and always INIT when no heartbeat SQL is set. */
    public HeartbeatStatus heartbeat() {
        return heartbeat == null ? HeartbeatStatus.initial(HEARTBEAT_TIMEOUT_MILLIS) : heartbeat.status();
    }

    /**
     * Whether its last heartbeat found it answering (MyCat's {@code isAlive}); never without a heartbeat. Cheap: read
     * balancing asks on every borrow.
     */
    public boolean isAlive() {
        return heartbeat != null && heartbeat.isOk();
    }

    /** What its last heartbeat read of its replication ({@link HeartbeatStatus#replication()}). */
    public ReplicationState replication() {
        return heartbeat == null ? ReplicationState.NOT_CHECKED : heartbeat.status().replication();
    }

    /**
     * Skips its periodic heartbeats until {@code epochMillis} ({@code stop @@heartbeat}); see
     * {@link HealthCheck#pauseUntil}. Nothing to pause without a heartbeat.
     */
    public void pauseHeartbeat(long epochMillis) {
        if (heartbeat != null) {
            heartbeat.pauseUntil(epochMillis);
        }
    }

    /** Until when its heartbeats are skipped, in epoch milliseconds; 0 when they are not paused now. */
    public long heartbeatPausedUntil() {
        return heartbeat == null ? 0 : heartbeat.pausedUntil();
    }

    /** Its answered heartbeats of the last 30 minutes, oldest first; empty without a heartbeat. */
    public List<HeartbeatSample> heartbeatSamples() {
        return heartbeat == null ? List.of() : heartbeat.samples();
    }

    /** The {@code show slave status} row of its last heartbeat answer, when its heartbeat reads replication. */
    public Optional<ReplicaStatus> replicaStatus() {
        return heartbeat == null ? Optional.empty() : heartbeat.replica();
    }

    /** Whether a heartbeat runs: the data host has a {@code <heartbeat>} statement. */
    public boolean hasHeartbeat() {
        return heartbeat != null;
    }

    /** "data host host1 (127.0.0.1:3306)": how errors and logs name this server. */
    public String describe() {
        return settings.describe();
    }

    /** Starts the heartbeat and opens the pool's {@code minCon} connections; see {@link ConnectionPool#start()}. */
    CompletableFuture<Void> start() {
        if (heartbeat != null) {
            heartbeat.start();
        }
        return pool.start();
    }

    /** Stops the heartbeat and closes the pool, lent connections included. */
    @Override
    public void close() {
        if (heartbeat != null) {
            heartbeat.close();
        }
        pool.close();
    }

    /** Stops the heartbeat and lets the pool go once its lent connections come back ({@link ConnectionPool#drain}). */
    public void drain() {
        if (heartbeat != null) {
            heartbeat.close();
        }
        pool.drain();
    }

    @Override
    public String toString() {
        return "Server[" + name + ", " + role + ", " + settings.describe() + "]";
    }
}
