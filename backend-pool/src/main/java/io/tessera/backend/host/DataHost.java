package io.tessera.backend.host;

import io.netty.channel.Channel;
import io.netty.channel.ChannelFactory;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.tessera.backend.BackendConnection;
import io.tessera.backend.BackendException;
import io.tessera.backend.health.HeartbeatCheck;
import io.tessera.backend.health.HeartbeatStatus;
import io.tessera.backend.mysql.BackendConnector;
import io.tessera.backend.pool.ConnectionPool;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Function;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * MyCat's {@code <dataHost>}: a group of MySQL servers, its write hosts and their read hosts, each a {@link Server}
 * with its own pool and heartbeat, and the index of the active write host. {@link #borrow} picks the server for
 * what the borrower will do ({@link Intent}).
 *
 * <p>A write goes to the active write host; a read goes where {@link Balance} says ({@code ReadBalancer}: the read
 * hosts and other write hosts whose heartbeat is OK, and with a {@code slaveThreshold} in sync, picked by
 * {@link BalanceType} and weight, else the active write host). When the active write
 * host fails its heartbeat {@code maxRetryCount} times in a row and the {@link SwitchType} allows it, the next write
 * host whose heartbeat is OK becomes the active one ({@code WriteFailover}): new borrows go there at once, one WARN
 * names the switch, and the {@link WriteHostSwitchListener} is told the new index. Nothing switches back on its own;
 * {@link #switchTo} switches on an operator's request.
 * With {@link WriteType#RANDOM_NODE} (1) each borrow for a write, and each read that balance 0 leaves to the write
 * hosts, goes to a write host at random among the live ones, and nothing switches; {@link WriteType#ALL_NODES} (2),
 * which MyCat 1.6 cannot serve either, writes to the active write host alone. Every server has its
 * pool and heartbeat, so that its state is real in {@code show @@datasource} and {@code show @@heartbeat}.
 *
 * <p>Thread safety: everything may be called from any thread.
 */
public final class DataHost implements ConnectionSource, AutoCloseable {

    private static final Logger LOG = LogManager.getLogger(DataHost.class);

    private final DataHostSettings settings;
    private final List<Server> servers;
    private final List<Server> writeHosts;
    private final WriteFailover failover;
    private final WriteHostSwitchListener listener;
    private final SwitchArbiter arbiter;
    /** A switch is being agreed with the other nodes: heartbeats meanwhile ask for none. Guarded by switching. */
    private boolean deciding;
    /** Held while a heartbeat's outcome is weighed, so that switches happen one at a time, in order. */
    private final Object switching = new Object();
    /** Closed or draining: heartbeats that still end switch nothing. */
    private volatile boolean leaving;
    /** Where borrows go now; replaced as a whole on a switch, so that a borrower sees the old route or the new one. */
    private volatile Route route;

    /**
     * Where borrows go.
     *
     * @param index the index of {@code active} among the write hosts
     * @param active the active write host: every write, and every read the balance sends nowhere else
     * @param reads where reads go; {@code null} when all go to {@code active} (balance 0, or nothing else to spread
     *     them to)
     */
    private record Route(int index, Server active, ReadBalancer reads) {
    }

    /** A data host whose channels match {@code group}'s transport (NIO or epoll), writing to its first write host. */
    public DataHost(DataHostSettings settings, EventLoopGroup group, Clock clock) {
        this(settings, 0, group, clock, BackendConnector.socketChannelFactory(group));
    }

    /**
     * A data host whose channels come from {@code channelFactory}, which must suit {@code group}.
     *
     * @param activeWriteIndex the write host to write to, counting {@code <writeHost>}s from 0 (MyCat's
     *     {@code dnindex.properties})
     */
    public DataHost(DataHostSettings settings, int activeWriteIndex, EventLoopGroup group, Clock clock,
            ChannelFactory<? extends Channel> channelFactory) {
        this(settings, activeWriteIndex, WriteHostSwitchListener.NONE, group, clock, channelFactory);
    }

    /**
     * A data host that tells {@code listener} of every switch of its active write host.
     *
     * @param activeWriteIndex the write host to write to, counting {@code <writeHost>}s from 0 (MyCat's
     *     {@code dnindex.properties})
     */
    public DataHost(DataHostSettings settings, int activeWriteIndex, WriteHostSwitchListener listener,
            EventLoopGroup group, Clock clock, ChannelFactory<? extends Channel> channelFactory) {
        this(settings, activeWriteIndex, listener, group, null, clock, channelFactory);
    }

    /**
     * A data host whose JDBC servers ({@code dbDriver="jdbc"}) run their blocking calls on {@code business}.
     *
     * @param business the business executor; may be {@code null} when no server is JDBC
     */
    public DataHost(DataHostSettings settings, int activeWriteIndex, WriteHostSwitchListener listener,
            EventLoopGroup group, Executor business, Clock clock, ChannelFactory<? extends Channel> channelFactory) {
        this(settings, activeWriteIndex, listener, SwitchArbiter.LOCAL, group, business, clock, channelFactory);
    }

    /**
     * A data host whose automatic switches {@code arbiter} decides (in a cluster of Tessera nodes, once for all).
     *
     * @param business the business executor; may be {@code null} when no server is JDBC
     */
    public DataHost(DataHostSettings settings, int activeWriteIndex, WriteHostSwitchListener listener,
            SwitchArbiter arbiter, EventLoopGroup group, Executor business, Clock clock,
            ChannelFactory<? extends Channel> channelFactory) {
        if (activeWriteIndex < 0 || activeWriteIndex >= settings.writeHosts().size()) {
            throw new IllegalArgumentException("activeWriteIndex: " + activeWriteIndex + " (expected: 0.."
                    + (settings.writeHosts().size() - 1) + ")");
        }
        this.settings = settings;
        HeartbeatCheck check = HeartbeatCheck.of(settings.switchType().code(), settings.slaveThreshold(),
                settings.heartbeatSql());
        List<Server> all = new ArrayList<>();
        List<Server> writes = new ArrayList<>();
        for (int i = 0; i < settings.writeHosts().size(); i++) {
            WriteHostSettings write = settings.writeHosts().get(i);
            Server writeHost = new Server(write.name(), Server.Role.WRITE, i, write.weight(), write.server(), group,
                    channelFactory, business, clock, check, this::checked);
            all.add(writeHost);
            writes.add(writeHost);
            for (ReadHostSettings read : write.readHosts()) {
                all.add(new Server(read.name(), Server.Role.READ, i, read.weight(), read.server(), group,
                        channelFactory, business, clock, check, this::checked));
            }
        }
        this.servers = List.copyOf(all);
        this.writeHosts = List.copyOf(writes);
        this.failover = new WriteFailover(settings.switchType(), settings.writeType(), settings.maxRetryCount(),
                writeHosts);
        this.listener = listener;
        this.arbiter = arbiter;
        this.route = route(activeWriteIndex);
    }

    private Route route(int index) {
        return new Route(index, writeHosts.get(index), ReadBalancer.of(settings, servers, index,
                ReadBalancer.Probe.LIVE));
    }

    /** A heartbeat of {@code server} ended with {@code status}: switch if the active write host is given up. */
    private void checked(Server server, HeartbeatStatus status) {
        synchronized (switching) {
            if (leaving) {
                return;
            }
            Route current = route;
            if (!failover.givesUp(current.index(), server, status)) {
                return;
            }
            int next = failover.nextAlive(current.index());
            if (next < 0) {
                if (status.errorCount() == failover.maxRetryCount()) {
                    LOG.warn("data host {}: writeHost {} ({}) failed {} heartbeats in a row, but no other writeHost's"
                            + " heartbeat is OK (with switchType 2, and had caught up with it): writes stay on it",
                            settings.name(), server.name(), server.describe(), status.errorCount());
                }
                return;
            }
            if (arbiter == SwitchArbiter.LOCAL) {
                switchAfterFailure(next, server, status, "");
            } else if (!deciding) {
                deciding = true;
                int from = current.index();
                arbiter.decide(settings.name(), from, next).whenComplete((agreed, error) -> decided(from, agreed,
                        error, server, status));
            }
        }
    }

    /** The cluster's answer to a switch this data host asked for: switch to what was agreed, or stay. */
    private void decided(int from, Integer agreed, Throwable error, Server failed, HeartbeatStatus status) {
        synchronized (switching) {
            deciding = false;
            if (leaving || route.index() != from) {
                return; // closed, or switched meanwhile (an operator, or a decision of another node)
            }
            if (error != null) {
                LOG.warn("data host {}: writeHost {} ({}) failed {} heartbeats in a row, but the switch could not be"
                        + " agreed with the other Tessera nodes ({}): writes stay on it", settings.name(),
                        failed.name(), failed.describe(), status.errorCount(), error.getMessage());
            } else if (agreed != from) {
                switchAfterFailure(agreed, failed, status, ", as agreed with the other Tessera nodes");
            }
        }
    }

    private void switchAfterFailure(int next, Server failed, HeartbeatStatus status, String how) {
        route = route(next);
        Server standby = writeHosts.get(next);
        LOG.warn("data host {}: switched writes from writeHost {} ({}) to writeHost {} ({}) after {} failed heartbeats"
                + " in a row ({}){}; it does not switch back on its own", settings.name(), failed.name(),
                failed.describe(), standby.name(), standby.describe(), status.errorCount(), status.lastError(), how);
        recordSwitch(next, standby);
    }

    /**
     * Makes write host {@code index} the active one because the Tessera nodes sharing this data host agreed on it
     * (another node's failover or {@code switch @@datasource}): new borrows go there at once, whatever this node's
     * own heartbeats say, so that every node writes to the same server.
     *
     * @return whether the active write host changed
     * @throws IllegalArgumentException when {@code index} names no write host
     */
    public boolean follow(int index) {
        if (index < 0 || index >= writeHosts.size()) {
            throw new IllegalArgumentException("data host " + settings.name() + " has no writeHost " + index
                    + " (expected: 0.." + (writeHosts.size() - 1) + ")");
        }
        synchronized (switching) {
            Route current = route;
            if (leaving || current.index() == index) {
                return false;
            }
            route = route(index);
            Server target = writeHosts.get(index);
            LOG.warn("data host {}: switched writes from writeHost {} ({}) to writeHost {} ({}), as the Tessera nodes"
                    + " of the cluster agreed", settings.name(), current.active().name(), current.active().describe(),
                    target.name(), target.describe());
            recordSwitch(index, target);
            return true;
        }
    }

    /**
     * Makes write host {@code index} the active one on an operator's request ({@code switch @@datasource}, MyCat's
     * {@code switchSource}): new borrows go there at once, the {@link WriteHostSwitchListener} is told, and one WARN
     * names the switch. Allowed whatever the switch type, since it is explicit.
     *
     * @return whether the active write host changed (false when {@code index} is the active one already)
     * @throws IllegalArgumentException when {@code index} names no write host
     * @throws IllegalStateException when the write host's heartbeat last failed: writes sent there would fail
     */
    public boolean switchTo(int index) {
        if (index < 0 || index >= writeHosts.size()) {
            throw new IllegalArgumentException("data host " + settings.name() + " has no writeHost " + index
                    + " (expected: 0.." + (writeHosts.size() - 1) + ")");
        }
        Server target = writeHosts.get(index);
        synchronized (switching) {
            Route current = route;
            if (current.index() == index) {
                return false;
            }
            HeartbeatStatus status = target.heartbeat();
            if (status.status() == HeartbeatStatus.Status.ERROR || status.status() == HeartbeatStatus.Status.TIMEOUT) {
                throw new IllegalStateException("writeHost " + target.name() + " (" + target.describe()
                        + ") failed its last heartbeat (" + status.status() + ": " + status.lastError()
                        + "): writes stay on writeHost " + current.active().name());
            }
            route = route(index);
            LOG.warn("data host {}: switched writes from writeHost {} ({}) to writeHost {} ({}) on request",
                    settings.name(), current.active().name(), current.active().describe(), target.name(),
                    target.describe());
            recordSwitch(index, target);
            return true;
        }
    }

    /** Tells the listener of a switch; a failure to record it does not undo the switch. */
    private void recordSwitch(int index, Server target) {
        try {
            listener.switched(settings.name(), index);
        } catch (RuntimeException e) {
            LOG.error("data host {}: the switch to writeHost {} could not be recorded", settings.name(),
                    target.name(), e);
        }
    }

    /**
     * Starts every server: its heartbeat, and its pool's {@code minCon} connections. Completes when the active write
     * host's connections are up or could not be opened: the other servers take reads only once their heartbeat is OK,
     * so a standby or a read host that is slow to answer does not hold the start up; theirs open meanwhile. A server
     * that cannot be reached is logged and stays usable (its pool tries again on every borrow), so the future never
     * fails.
     */
    public CompletableFuture<Void> start() {
        CompletableFuture<Void> activeStarted = CompletableFuture.completedFuture(null);
        for (Server server : servers) {
            CompletableFuture<Void> started = server.start().exceptionally(error -> {
                LOG.warn("{}: could not open its minimum connections: {}", server.describe(), error.getMessage());
                return null;
            });
            if (server == route.active()) {
                activeStarted = started;
            }
        }
        return activeStarted;
    }

    /**
     * A connection for a borrower that will do {@code intent}, from the server that serves it ({@link #serverFor});
     * see {@link io.tessera.backend.pool.ConnectionPool#borrow} for {@code database},
     * {@code foundRows}, {@code preferred} and how the future fails.
     */
    @Override
    public CompletableFuture<BackendConnection> borrow(String database, boolean foundRows, EventLoop preferred,
            Intent intent) {
        Server server = serverFor(intent);
        server.lending(intent);
        return server.pool().borrow(database, foundRows, preferred);
    }

    /**
     * The server a borrow with {@code intent} goes to: for a write the active write host; for a read the one
     * {@link Balance} picks among the servers whose heartbeat is OK, or the active write host when none is.
     */
    public Server serverFor(Intent intent) {
        Route current = route;
        if (intent == Intent.WRITE || current.reads() == null) {
            return settings.writeType() == WriteType.RANDOM_NODE ? anyLiveWriteHost(current.active())
                    : current.active();
        }
        return current.reads().pick();
    }

    /**
     * MyCat's {@code WRITE_RANDOM_NODE}: a write host at random among those whose heartbeat is OK, {@code fallback}
     * when none is (for multi-primary clusters such as Galera, where every node takes writes).
     */
    private Server anyLiveWriteHost(Server fallback) {
        int live = 0;
        for (Server server : writeHosts) {
            live += server.isAlive() ? 1 : 0;
        }
        if (live > 0) {
            int pick = ThreadLocalRandom.current().nextInt(live);
            for (Server server : writeHosts) {
                if (server.isAlive() && pick-- == 0) {
                    return server;
                }
            }
        }
        return fallback; // none alive, or a heartbeat failed between the two passes
    }

    /**
     * A connection to the server {@code lent} is a connection of, for a statement about it (MySQL's KILL must reach
     * the same server from another connection); fails when {@code lent} is of none of this data host's servers.
     */
    @Override
    public CompletableFuture<BackendConnection> borrowBeside(BackendConnection lent) {
        return beside(lent, pool -> pool.borrow(lent.database(), false, null));
    }

    /** As {@link #borrowBeside}, but outside the server's pool ({@link ConnectionPool#connectOutside}). */
    @Override
    public CompletableFuture<BackendConnection> connectBeside(BackendConnection lent) {
        return beside(lent, pool -> pool.connectOutside(lent.database()));
    }

    private CompletableFuture<BackendConnection> beside(BackendConnection lent,
            Function<ConnectionPool, CompletableFuture<BackendConnection>> connect) {
        for (Server server : servers) {
            if (server.describe().equals(lent.dataHost())) {
                return connect.apply(server.pool());
            }
        }
        return CompletableFuture.failedFuture(new BackendException(lent.dataHost(), "not a server of data host "
                + settings.name()));
    }

    public String name() {
        return settings.name();
    }

    public DataHostSettings settings() {
        return settings;
    }

    /** Every server in schema.xml order: each write host followed by its read hosts. */
    public List<Server> servers() {
        return servers;
    }

    /** The write hosts in schema.xml order. */
    public List<Server> writeHosts() {
        return writeHosts;
    }

    /** The index of the active write host among {@link #writeHosts()} (MyCat's {@code dnindex.properties}). */
    public int activeWriteIndex() {
        return route.index();
    }

    /** Closes every server: its heartbeat, and its pool with every connection, lent ones included. */
    @Override
    public void close() {
        leaving = true;
        servers.forEach(Server::close);
    }

    /**
     * Lets the data host go without cutting what runs on it: no more borrowing or heartbeats, and each server's
     * connections close as they come back (a configuration that no longer has this data host, or has it changed).
     */
    public void drain() {
        leaving = true;
        servers.forEach(Server::drain);
    }

    @Override
    public String toString() {
        return "DataHost[" + settings.name() + ", servers=" + servers + ", activeWriteIndex=" + route.index()
                + "]";
    }
}
