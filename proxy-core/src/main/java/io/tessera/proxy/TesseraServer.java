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
import io.tessera.admin.server.AdminUser;
import io.tessera.backend.pool.DataHostPool;
import io.tessera.backend.pool.DataHostSettings;
import io.tessera.proxy.admin.ProxyAdminActions;
import io.tessera.proxy.admin.ProxyAdminContext;
import io.tessera.proxy.config.DataHostConfig;
import io.tessera.proxy.config.DataNodeConfig;
import io.tessera.proxy.config.SystemConfig;
import io.tessera.proxy.config.TesseraConfig;
import io.tessera.proxy.config.WriteHostConfig;
import io.tessera.proxy.exec.DataNode;
import io.tessera.proxy.exec.DataNodes;
import io.tessera.proxy.exec.Executor;
import io.tessera.proxy.exec.TransactionCoordinator;
import io.tessera.proxy.exec.xa.XaCoordinator;
import io.tessera.proxy.exec.xa.XaLog;
import io.tessera.proxy.exec.xa.XaRecovery;
import io.tessera.proxy.exec.xa.Xids;
import io.tessera.proxy.frontend.FrontendServer;
import io.tessera.router.Router;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * A running Tessera: one event-loop group for client, admin and backend channels, a pool per data host, the
 * router, the executor, the 8066 listener and the 9066 admin port. {@link #close()} stops everything it started.
 */
public final class TesseraServer implements AutoCloseable {

    private static final Logger LOG = LogManager.getLogger(TesseraServer.class);
    private static final long XA_RECOVERY_AT_START_SECONDS = 30;

    /** The Tessera version, as the jar manifest gives it. */
    public static final String VERSION = versionFromManifest();

    private final EventLoopGroup group;
    private final Map<String, DataHostPool> pools;
    private final FrontendServer frontend;
    private final AdminServer admin;
    private final XaLog xaLog;

    private TesseraServer(EventLoopGroup group, Map<String, DataHostPool> pools, FrontendServer frontend,
            AdminServer admin, XaLog xaLog) {
        this.group = group;
        this.pools = pools;
        this.frontend = frontend;
        this.admin = admin;
        this.xaLog = xaLog;
    }

    /**
     * Starts Tessera on {@code config}: opens each data host's {@code minCon} connections (a data host that is down
     * is reported and retried on demand, not fatal) and binds the client and admin ports. A port that cannot be
     * listened on fails the start before anything is opened.
     *
     * @throws java.io.UncheckedIOException when a port cannot be listened on; everything opened is closed again
     */
    public static TesseraServer start(TesseraConfig config) throws InterruptedException {
        long startupMillis = System.currentTimeMillis();
        SystemConfig system = config.system();
        ListenPorts.requireFree(system.bindIp(), system.serverPort(), system.managerPort());
        boolean epoll = Epoll.isAvailable();
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(system.processors(),
                epoll ? EpollIoHandler.newFactory() : NioIoHandler.newFactory());
        Class<? extends ServerChannel> serverChannel =
                epoll ? EpollServerSocketChannel.class : NioServerSocketChannel.class;
        Map<String, DataHostPool> pools = new LinkedHashMap<>();
        FrontendServer frontend = null;
        XaLog xaLog = null;
        try {
            for (DataHostConfig host : config.dataHosts().values()) {
                if (speaksMysql(host)) { // other dbTypes are a warning of the configuration load
                    pools.put(host.name(), new DataHostPool(settings(host, system), group, Clock.systemUTC()));
                }
            }
            List<CompletableFuture<Void>> starts = new ArrayList<>();
            pools.values().forEach(pool -> starts.add(pool.start().exceptionally(error -> {
                LOG.warn("{}: could not open its minimum connections: {}", pool.settings().describe(),
                        error.getMessage());
                return null;
            })));
            CompletableFuture.allOf(starts.toArray(CompletableFuture[]::new)).join();
            List<DataNode> nodes = new ArrayList<>();
            for (DataNodeConfig node : config.dataNodes().values()) {
                nodes.add(new DataNode(node.name(), node.dataHost(), pools.get(node.dataHost()), node.database()));
            }
            Router router = new Router(ModelMapper.catalog(config));
            DataNodes dataNodes = new DataNodes(nodes);
            xaLog = XaLog.open(xaLogFile(config));
            Xids xids = new Xids(system.mycatNodeId(), startupMillis);
            XaRecovery recovery = new XaRecovery(XaRecovery.hosts(pools, firstDatabases(config)), xaLog, xids, group);
            recovery.recoverAtStart(XA_RECOVERY_AT_START_SECONDS); // prepared branches hold locks: settle them first
            TransactionCoordinator transactions = new TransactionCoordinator(system.handleDistributedTransactions(),
                    xids, new XaCoordinator(xaLog, recovery));
            Executor executor = new Executor(dataNodes, transactions, system.mergeMemoryLimit());
            String version = serverVersion(system);
            frontend = FrontendServer.bind(system, config.users(), router, executor, version, group, serverChannel);
            List<AdminUser> adminUsers = config.users().values().stream()
                    .map(u -> new AdminUser(u.name(), u.password() == null ? "" : u.password())).toList();
            AdminServer admin = AdminServer.bind(new AdminSettings(system.bindIp(), system.managerPort(),
                    system.maxPacketSize(), system.authTimeout().toMillis(), adminUsers),
                    new ProxyAdminContext(version, startupMillis, config, pools, dataNodes, frontend.connections(),
                            group), new ProxyAdminActions(frontend.connections(), executor), group, serverChannel);
            return new TesseraServer(group, pools, frontend, admin, xaLog);
        } catch (Throwable e) { // whatever stopped the start, even a checked exception Netty rethrew unchecked
            if (frontend != null) {
                frontend.close();
            }
            if (xaLog != null) {
                xaLog.close();
            }
            pools.values().forEach(DataHostPool::close);
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
            throw e;
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

    /**
     * MySQL and MariaDB data hosts are reached with Tessera's own client, whatever their {@code dbDriver}: MyCat's
     * sample {@code dbDriver="jdbc"} with a {@code jdbc:mysql://} URL gets the same server over the native protocol.
     */
    private static boolean speaksMysql(DataHostConfig host) {
        return host.dbType().equalsIgnoreCase("mysql") || host.dbType().equalsIgnoreCase("mariadb");
    }

    private static DataHostSettings settings(DataHostConfig host, SystemConfig system) {
        WriteHostConfig write = host.writeHosts().get(0);
        int port = write.port() > 0 ? write.port() : 3306; // a jdbc:mysql:// URL may leave the port out
        return new DataHostSettings(host.name(), write.hostName(), port, write.user(), write.password(),
                host.minCon(), host.maxCon(), system.poolMaxWait().toMillis(), system.idleTimeout().toMillis(),
                system.dataNodeIdleCheckPeriod().toMillis(), host.heartbeatSql(),
                system.dataNodeHeartbeatPeriod().toMillis(), host.connectionInitSql(), system.maxPacketSize());
    }

    public int serverPort() {
        return frontend.port();
    }

    public int managerPort() {
        return admin.port();
    }

    public Map<String, DataHostPool> pools() {
        return pools;
    }

    @Override
    public void close() {
        admin.close();
        frontend.close();
        pools.values().forEach(DataHostPool::close);
        group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
        xaLog.close();
    }

    private static String versionFromManifest() {
        String v = TesseraServer.class.getPackage().getImplementationVersion();
        return v == null ? "0.1.0-SNAPSHOT" : v;
    }
}
