package io.tessera.proxy;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.tessera.admin.server.AdminServer;
import io.tessera.admin.server.AdminSettings;
import io.tessera.backend.host.DataHost;
import io.tessera.protocol.auth.TransportSecurity;
import io.tessera.proxy.admin.AdminUsers;
import io.tessera.proxy.admin.DataHostViews;
import io.tessera.proxy.admin.ProxyAdminActions;
import io.tessera.proxy.admin.ProxyAdminContext;
import io.tessera.proxy.admin.SystemLog;
import io.tessera.proxy.cluster.Cluster;
import io.tessera.proxy.config.SystemConfig;
import io.tessera.proxy.config.TesseraConfig;
import io.tessera.proxy.exec.DataNode;
import io.tessera.proxy.exec.DeadlockDetector;
import io.tessera.proxy.exec.DeadlockStats;
import io.tessera.proxy.exec.TransactionCoordinator;
import io.tessera.proxy.exec.xa.XaCoordinator;
import io.tessera.proxy.exec.xa.XaLog;
import io.tessera.proxy.exec.xa.XaRecovery;
import io.tessera.proxy.exec.xa.Xids;
import io.tessera.proxy.frontend.ClientTls;
import io.tessera.proxy.frontend.FrontendServer;
import io.tessera.proxy.metrics.MetricsServer;
import io.tessera.proxy.metrics.TesseraMetrics;
import io.tessera.proxy.sequence.Sequences;
import io.tessera.proxy.sequence.SequencesFactory;
import io.tessera.proxy.session.ClientConnections;
import io.tessera.proxy.stat.SqlStats;
import io.tessera.proxy.topology.ConfigReloader;
import io.tessera.proxy.topology.Topology;
import io.tessera.proxy.topology.TopologyBuilder;
import io.tessera.proxy.topology.TopologyHolder;
import java.nio.file.Path;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

/**
 * A running Tessera: one event-loop group for client, admin and backend channels, the business executor for
 * blocking work (JDBC data hosts), the data hosts (a pool and a heartbeat per server), the router, the executor, the
 * 8066 listener, the 9066 admin port and, when {@code metricsPort} is set, the Prometheus endpoint. {@link #close()}
 * stops everything it started.
 */
public final class TesseraServer implements AutoCloseable {

    private static final long XA_RECOVERY_AT_START_SECONDS = 30;

    /** The Tessera version, as the jar manifest gives it. */
    public static final String VERSION = versionFromManifest();

    private final EventLoopGroup group;
    private final BusinessExecutor business;
    private final TopologyHolder topologies;
    private final TopologyBuilder builder;
    private final FrontendServer frontend;
    private final AdminServer admin;
    private final XaLog xaLog;
    private final TesseraMetrics metrics; // null, as metricsServer, when metricsPort is 0
    private final MetricsServer metricsServer;
    private final Sequences sequences;
    private final Cluster cluster;

    private TesseraServer(EventLoopGroup group, BusinessExecutor business, TopologyHolder topologies,
            TopologyBuilder builder, FrontendServer frontend, AdminServer admin, XaLog xaLog, TesseraMetrics metrics,
            MetricsServer metricsServer, Sequences sequences, Cluster cluster) {
        this.group = group;
        this.business = business;
        this.topologies = topologies;
        this.builder = builder;
        this.frontend = frontend;
        this.admin = admin;
        this.xaLog = xaLog;
        this.metrics = metrics;
        this.metricsServer = metricsServer;
        this.sequences = sequences;
        this.cluster = cluster;
    }

    /**
     * Starts Tessera on {@code config}: builds its topology (opening the {@code minCon} connections of every data
     * host's servers; a server that is down is reported and retried on demand, not fatal), settles what a crash left
     * prepared, and binds the client and admin ports. A port that cannot be listened on fails the start before
     * anything is opened.
     *
     * @throws java.io.UncheckedIOException when a port cannot be listened on; everything opened is closed again
     */
    public static TesseraServer start(TesseraConfig config) throws InterruptedException {
        return start(config, Cluster.STANDALONE);
    }

    /**
     * Starts Tessera on {@code config} as a node of {@code cluster}, which it joins once it serves and leaves when
     * closed; a start that fails closes the cluster too.
     */
    public static TesseraServer start(TesseraConfig config, Cluster cluster) throws InterruptedException {
        // read once, at start: a reload keeps the handler (see SequencesFactory)
        return start(config, (dataNodes, blocking) -> SequencesFactory.create(config, dataNodes, blocking,
                cluster.zooKeeper()), cluster);
    }

    /**
     * Starts Tessera on {@code config} as {@link #start(TesseraConfig)} does, its statements taking their global ids
     * from {@code sequences} instead of server.xml's handler.
     */
    public static TesseraServer start(TesseraConfig config, Sequences sequences) throws InterruptedException {
        return start(config, (dataNodes, blocking) -> sequences, Cluster.STANDALONE);
    }

    /** Opens the global sequences of a starting Tessera. */
    @FunctionalInterface
    private interface SequencesSource {

        /**
         * @param dataNodes the data node of a name in the topology running when it is called
         * @param blocking where file writes and other blocking work run
         */
        Sequences open(Function<String, DataNode> dataNodes, java.util.concurrent.Executor blocking);
    }

    private static TesseraServer start(TesseraConfig config, SequencesSource sequencesSource, Cluster cluster)
            throws InterruptedException {
        long startupMillis = System.currentTimeMillis();
        SystemConfig system = config.system();
        ListenPorts.requireFree(system.bindIp(), system.serverPort(), system.managerPort(), system.metricsPort());
        TransportSecurity tls = ClientTls.of(config); // before anything starts: a bad certificate stops the start
        boolean epoll = Epoll.isAvailable();
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(system.processors(),
                epoll ? EpollIoHandler.newFactory() : NioIoHandler.newFactory());
        Class<? extends ServerChannel> serverChannel =
                epoll ? EpollServerSocketChannel.class : NioServerSocketChannel.class;
        BusinessExecutor business = new BusinessExecutor(system.processorExecutor());
        AtomicReference<TopologyHolder> running = new AtomicReference<>();
        FrontendServer frontend = null;
        XaLog xaLog = null;
        TesseraMetrics metrics = null;
        MetricsServer metricsServer = null;
        Sequences sequences = null;
        AtomicReference<ConfigReloader> reloaded = new AtomicReference<>();
        TesseraServer server;
        try {
            sequences = sequencesSource.open(name -> running.get().current().dataNodes().get(name), business);
            xaLog = XaLog.open(xaLogFile(config));
            Xids xids = new Xids(system.mycatNodeId(), startupMillis);
            // recovery asks the data hosts of the topology running when it passes
            XaRecovery recovery = new XaRecovery(() -> {
                Topology topology = running.get().current();
                return XaRecovery.hosts(topology.dataHosts(), firstDatabases(topology.config()));
            }, xaLog, xids, group);
            TransactionCoordinator transactions = new TransactionCoordinator(system.handleDistributedTransactions(),
                    xids, new XaCoordinator(xaLog, recovery));
            ClientConnections connections = new ClientConnections();
            String version = serverVersion(system);
            SqlStats sqlStats = new SqlStats(system.useSqlStat(), system.sqlRecordCount(), system.maxResultSet());
            DeadlockStats deadlocks = new DeadlockStats();
            TopologyBuilder builder = new TopologyBuilder(group, business, transactions, connections, sqlStats,
                    version, sequences, cluster.writeHostPolicy(system.useZkSwitch()),
                    new DeadlockDetector(connections, group.next(), deadlocks));
            running.set(new TopologyHolder(await(builder.build(config, null))));
            recovery.recoverAtStart(XA_RECOVERY_AT_START_SECONDS); // prepared branches hold locks: settle them first
            if (system.metricsPort() != 0) {
                TopologyHolder topologies = running.get();
                metrics = new TesseraMetrics(connections, () -> DataHostViews.of(topologies.current()), deadlocks);
            }
            frontend = FrontendServer.bind(system, tls, running.get(), connections, version,
                    metrics == null ? null : metrics.queryMeter(), group, serverChannel);
            AtomicReference<AdminServer> adminServer = new AtomicReference<>();
            ConfigReloader reloader = new ConfigReloader(config.confDir(), builder, running.get(), business,
                    installed -> adminServer.get().users(AdminUsers.of(installed)), Clock.systemUTC(),
                    startupMillis);
            AdminServer admin = AdminServer.bind(new AdminSettings(system.bindIp(), system.managerPort(),
                    system.maxPacketSize(), system.authTimeout().toMillis(), AdminUsers.of(config)),
                    new ProxyAdminContext(version, startupMillis, running.get(), reloader, connections, sqlStats,
                            group, List.of(business), SystemLog.ofLog4j(business), cluster, deadlocks),
                    new ProxyAdminActions(connections, running.get(), reloader, cluster), group, serverChannel);
            adminServer.set(admin);
            if (metrics != null) {
                metricsServer = MetricsServer.bind(system.bindIp(), system.metricsPort(), metrics);
            }
            reloaded.set(reloader);
            server = new TesseraServer(group, business, running.get(), builder, frontend, admin, xaLog, metrics,
                    metricsServer, sequences, cluster);
        } catch (Throwable e) { // whatever stopped the start, even a checked exception Netty rethrew unchecked
            cluster.close();
            if (metricsServer != null) {
                metricsServer.close();
            }
            if (metrics != null) {
                metrics.close();
            }
            if (frontend != null) {
                frontend.close();
            }
            if (xaLog != null) {
                xaLog.close();
            }
            if (running.get() != null) {
                running.get().close();
            }
            if (sequences != null) {
                sequences.close();
            }
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
            business.close();
            throw e;
        }
        try {
            TopologyHolder topologies = server.topologies;
            cluster.join(Cluster.Endpoint.of(system.bindIp(), server.serverPort(), server.managerPort(), VERSION),
                    () -> reloaded.get().reload(ConfigReloader.Scope.ALL),
                    name -> topologies.current().dataHosts().get(name));
        } catch (RuntimeException e) {
            server.close();
            throw e;
        }
        return server;
    }

    /** The value of a future that completes during the start, its failure thrown as it is. */
    private static <T> T await(CompletableFuture<T> future) {
        try {
            return future.join();
        } catch (CompletionException e) {
            throw e.getCause() instanceof RuntimeException cause ? cause : e;
        }
    }

    /** The XA coordinator log: {@code XARecoveryLogBaseDir} (relative to the directory above conf/) and name. */
    private static Path xaLogFile(TesseraConfig config) {
        Path home = config.confDir().toAbsolutePath().normalize().getParent();
        return home.resolve(config.system().xaRecoveryLogBaseDir()).resolve(config.system().xaRecoveryLogBaseName());
    }

    /** For each data host, the database of its first data node: what recovery logs into. */
    private static Map<String, String> firstDatabases(TesseraConfig config) {
        Map<String, String> databases = new LinkedHashMap<>();
        config.dataNodes().values().forEach(node -> databases.putIfAbsent(node.dataHost(), node.database()));
        return databases;
    }

    /** What clients see as the server version: MySQL's part, then Tessera's. */
    static String serverVersion(SystemConfig system) {
        return system.fakeMySQLVersion().orElse("8.0.36") + "-Tessera-" + VERSION;
    }

    public int serverPort() {
        return frontend.port();
    }

    public int managerPort() {
        return admin.port();
    }

    /** The port of the Prometheus endpoint; 0 when {@code metricsPort} is 0 and there is none. */
    public int metricsPort() {
        return metricsServer == null ? 0 : metricsServer.port();
    }

    /** The data hosts Tessera reaches now, by name. */
    public Map<String, DataHost> dataHosts() {
        return topologies.current().dataHosts();
    }

    /** The topology Tessera runs on now. */
    public Topology topology() {
        return topologies.current();
    }

    /**
     * Builds the topology of {@code config} completely, then swaps it in: new commands run on it, commands running
     * finish on the one they started with, and the data hosts only the old one had drain once those are done. The
     * old topology stays if the build fails. (This is what {@code reload @@config} will use.)
     *
     * @return the new topology, once it is in place
     */
    public CompletableFuture<Topology> swapTopology(TesseraConfig config) {
        return builder.build(config, topologies.current()).thenApply(next -> {
            topologies.swap(next);
            return next;
        });
    }

    /** The global sequences of the handler server.xml names, built at start and kept across reloads. */
    public Sequences sequences() {
        return sequences;
    }

    @Override
    public void close() {
        cluster.close(); // first: the other nodes see this one leave before its ports close
        if (metricsServer != null) {
            metricsServer.close();
            metrics.close();
        }
        admin.close();
        frontend.close();
        topologies.close();
        sequences.close();
        group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
        business.close();
        xaLog.close();
    }

    private static String versionFromManifest() {
        String v = TesseraServer.class.getPackage().getImplementationVersion();
        return v == null ? "0.1.0-SNAPSHOT" : v;
    }
}
