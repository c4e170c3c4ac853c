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
import io.tessera.backend.host.DataHost;
import io.tessera.backend.host.DataHostSettings;
import io.tessera.proxy.admin.ProxyAdminContext;
import io.tessera.proxy.config.DataNodeConfig;
import io.tessera.proxy.config.SystemConfig;
import io.tessera.proxy.config.TesseraConfig;
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

/**
 * A running Tessera: one event-loop group for client, admin and backend channels, the data hosts (a pool and a
 * heartbeat per server), the router, the executor, the 8066 listener and the 9066 admin port. {@link #close()} stops
 * everything it started.
 */
public final class TesseraServer implements AutoCloseable {

    private static final long XA_RECOVERY_AT_START_SECONDS = 30;

    /** The Tessera version, as the jar manifest gives it. */
    public static final String VERSION = versionFromManifest();

    private final EventLoopGroup group;
    private final Map<String, DataHost> dataHosts;
    private final FrontendServer frontend;
    private final AdminServer admin;
    private final XaLog xaLog;

    private TesseraServer(EventLoopGroup group, Map<String, DataHost> dataHosts, FrontendServer frontend,
            AdminServer admin, XaLog xaLog) {
        this.group = group;
        this.dataHosts = dataHosts;
        this.frontend = frontend;
        this.admin = admin;
        this.xaLog = xaLog;
    }

    /**
     * Starts Tessera on {@code config}: opens the {@code minCon} connections of every server of every data host (a
     * server that is down is reported and retried on demand, not fatal) and binds the client and admin ports. A port
     * that cannot be listened on fails the start before anything is opened.
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
        Map<String, DataHost> dataHosts = new LinkedHashMap<>();
        FrontendServer frontend = null;
        XaLog xaLog = null;
        try {
            for (DataHostSettings host : DataHostMapper.settings(config).values()) {
                dataHosts.put(host.name(), new DataHost(host, group, Clock.systemUTC()));
            }
            List<CompletableFuture<Void>> starts = new ArrayList<>();
            dataHosts.values().forEach(host -> starts.add(host.start())); // a server that is down is logged
            CompletableFuture.allOf(starts.toArray(CompletableFuture[]::new)).join();
            List<DataNode> nodes = new ArrayList<>();
            for (DataNodeConfig node : config.dataNodes().values()) {
                nodes.add(new DataNode(node.name(), node.dataHost(), dataHosts.get(node.dataHost()), node.database()));
            }
            Router router = new Router(ModelMapper.catalog(config));
            DataNodes dataNodes = new DataNodes(nodes);
            xaLog = XaLog.open(xaLogFile(config));
            Xids xids = new Xids(system.mycatNodeId(), startupMillis);
            XaRecovery recovery = new XaRecovery(XaRecovery.hosts(dataHosts, firstDatabases(config)), xaLog, xids,
                    group);
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
                    new ProxyAdminContext(version, startupMillis, config, dataHosts, dataNodes,
                            frontend.connections(), group), group, serverChannel);
            return new TesseraServer(group, dataHosts, frontend, admin, xaLog);
        } catch (Throwable e) { // whatever stopped the start, even a checked exception Netty rethrew unchecked
            if (frontend != null) {
                frontend.close();
            }
            if (xaLog != null) {
                xaLog.close();
            }
            dataHosts.values().forEach(DataHost::close);
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

    public int serverPort() {
        return frontend.port();
    }

    public int managerPort() {
        return admin.port();
    }

    /** The data hosts Tessera reaches, by name. */
    public Map<String, DataHost> dataHosts() {
        return dataHosts;
    }

    @Override
    public void close() {
        admin.close();
        frontend.close();
        dataHosts.values().forEach(DataHost::close);
        group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
        xaLog.close();
    }

    private static String versionFromManifest() {
        String v = TesseraServer.class.getPackage().getImplementationVersion();
        return v == null ? "0.1.0-SNAPSHOT" : v;
    }
}
