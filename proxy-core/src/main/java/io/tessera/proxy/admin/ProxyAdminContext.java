package io.tessera.proxy.admin;

import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.util.concurrent.EventExecutor;
import io.tessera.admin.AdminContext;
import io.tessera.admin.BackendConnectionView;
import io.tessera.admin.CacheCounts;
import io.tessera.admin.CommandCounts;
import io.tessera.admin.ConnectionView;
import io.tessera.admin.DataHostView;
import io.tessera.admin.DataNodeView;
import io.tessera.admin.DataSourceView;
import io.tessera.admin.HeartbeatSample;
import io.tessera.admin.HeartbeatStatus;
import io.tessera.admin.LogEntry;
import io.tessera.admin.PoolStats;
import io.tessera.admin.ProcessorView;
import io.tessera.admin.ReplicaStatusView;
import io.tessera.admin.RoutingCounts;
import io.tessera.admin.SchemaView;
import io.tessera.admin.SessionView;
import io.tessera.admin.SqlStatsView;
import io.tessera.admin.SystemParameterView;
import io.tessera.admin.ThreadPoolView;
import io.tessera.admin.WhiteHostView;
import io.tessera.backend.host.DataHost;
import io.tessera.backend.host.Server;
import io.tessera.proxy.config.DataHostConfig;
import io.tessera.proxy.config.ReadHostConfig;
import io.tessera.proxy.config.SchemaConfig;
import io.tessera.proxy.config.TableConfig;
import io.tessera.proxy.config.WriteHostConfig;
import io.tessera.proxy.exec.ColumnOrders;
import io.tessera.proxy.exec.DataNode;
import io.tessera.proxy.exec.ParentRows;
import io.tessera.proxy.pipeline.StatementPipeline;
import io.tessera.proxy.session.ClientChannel;
import io.tessera.proxy.session.ClientConnections;
import io.tessera.proxy.session.CommandCounters;
import io.tessera.proxy.session.RoutingCounters;
import io.tessera.proxy.session.Session;
import io.tessera.proxy.stat.SqlStats;
import io.tessera.proxy.topology.ConfigReloader;
import io.tessera.proxy.topology.Topology;
import io.tessera.proxy.topology.TopologyHolder;
import io.tessera.router.CacheCounters;
import io.tessera.router.RouteCache;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The running proxy as the admin port sees it. Every call builds fresh views from live objects; nothing blocks.
 * Every server of a data host shows its own pool (a JDBC server's ACTIVE and IDLE as HikariCP counts them) and
 * heartbeat, and counts the statements it served.
 */
public final class ProxyAdminContext implements AdminContext {

    private final String version;
    private final long startupMillis;
    private final TopologyHolder topologies;
    private final ConfigReloader reloader;
    private final ClientConnections connections;
    private final SqlStats sqlStats;
    private final Map<EventLoop, String> processorNames = new HashMap<>();
    private final List<ThreadPoolView> threadPools;
    private final SystemLog systemLog;
    private final ProcessorViews processors;

    /**
     * @param topologies the topology each view reads, once per view
     * @param reloader when the configuration in force was loaded or rolled back
     * @param sqlStats the SQL statistics the pipeline records
     * @param threadPools what {@code show @@threadpool} reports: the business executor
     * @param systemLog what {@code show @@syslog} reads
     */
    public ProxyAdminContext(String version, long startupMillis, TopologyHolder topologies, ConfigReloader reloader,
            ClientConnections connections, SqlStats sqlStats, EventLoopGroup group, List<ThreadPoolView> threadPools,
            SystemLog systemLog) {
        this.version = version;
        this.systemLog = systemLog;
        this.threadPools = List.copyOf(threadPools);
        this.startupMillis = startupMillis;
        this.topologies = topologies;
        this.reloader = reloader;
        this.connections = connections;
        this.sqlStats = sqlStats;
        int index = 0;
        for (EventExecutor loop : group) {
            processorNames.put((EventLoop) loop, "Processor" + index++);
        }
        this.processors = new ProcessorViews(processorNames, connections);
    }

    @Override
    public String version() {
        return version;
    }

    @Override
    public long startupMillis() {
        return startupMillis;
    }

    @Override
    public long reloadMillis() {
        return reloader.loadedMillis();
    }

    @Override
    public long rollbackMillis() {
        return reloader.rolledBackMillis();
    }

    @Override
    public boolean online() {
        return connections.online();
    }

    @Override
    public List<SchemaView> schemas() {
        List<SchemaView> views = new ArrayList<>();
        for (SchemaConfig schema : topologies.current().config().schemas().values()) {
            Set<String> nodes = new LinkedHashSet<>();
            if (schema.dataNode() != null) {
                nodes.add(schema.dataNode());
            }
            for (TableConfig table : schema.tables().values()) {
                nodes.addAll(table.dataNodes());
            }
            List<String> list = List.copyOf(nodes);
            views.add(new SchemaView() {
                @Override
                public String name() {
                    return schema.name();
                }

                @Override
                public List<String> dataNodes() {
                    return list;
                }
            });
        }
        return views;
    }

    @Override
    public List<DataNodeView> dataNodes() {
        List<DataNodeView> views = new ArrayList<>();
        for (DataNode node : topologies.current().dataNodes().all()) {
            views.add(new DataNodeView() {
                @Override
                public String name() {
                    return node.name();
                }

                @Override
                public String dataHost() {
                    return node.dataHost();
                }

                @Override
                public String database() {
                    return node.database();
                }

                @Override
                public long executeCount() {
                    return node.reads() + node.writes();
                }
            });
        }
        return views;
    }

    @Override
    public List<DataHostView> dataHosts() {
        return dataHosts(topologies.current());
    }

    /**
     * The data hosts of {@code topology} with their servers' live pools and heartbeats: what {@code show @@datasource}
     * and {@code show @@heartbeat} read, and the metrics endpoint too.
     */
    public static List<DataHostView> dataHosts(Topology topology) {
        List<DataHostView> views = new ArrayList<>();
        for (DataHostConfig host : topology.config().dataHosts().values()) {
            DataHost dataHost = topology.dataHosts().get(host.name());
            List<DataSourceView> list = sources(host, dataHost);
            int activeWriteIndex = dataHost == null ? 0 : dataHost.activeWriteIndex();
            views.add(new DataHostView() {
                @Override
                public String name() {
                    return host.name();
                }

                @Override
                public int activeWriteIndex() {
                    return activeWriteIndex;
                }

                @Override
                public List<DataSourceView> dataSources() {
                    return list;
                }
            });
        }
        return views;
    }

    /**
     * Every server of a data host in schema.xml order, as configured (HOST and PORT as written), each with its pool
     * and heartbeat when Tessera reaches the data host ({@code dataHost} not null).
     */
    private static List<DataSourceView> sources(DataHostConfig host, DataHost dataHost) {
        List<DataSourceView> sources = new ArrayList<>();
        for (WriteHostConfig write : host.writeHosts()) {
            sources.add(source(host, dataHost, sources.size(), write.host(), write.hostName(), write.port(), false));
            for (ReadHostConfig read : write.readHosts()) {
                sources.add(source(host, dataHost, sources.size(), read.host(), read.hostName(), read.port(), true));
            }
        }
        return List.copyOf(sources);
    }

    /** The {@code index}-th server of a data host. */
    private static Source source(DataHostConfig host, DataHost dataHost, int index, String name, String address,
            int port, boolean readHost) {
        Server server = dataHost == null ? null : dataHost.servers().get(index);
        return new Source(name, address, port, host.dbType(), readHost, server, host);
    }

    @Override
    public List<ThreadPoolView> threadPools() {
        return threadPools;
    }

    @Override
    public List<CommandCounts> commandCounts() {
        List<CommandCounts> counts = new ArrayList<>();
        processorNames.forEach((loop, name) -> {
            CommandCounters c = connections.commandCounters(loop);
            counts.add(new CommandCounts(name, c.initDb(), c.query(), c.stmtPrepare(), c.stmtExecute(),
                    c.stmtClose(), c.ping(), c.kill(), c.quit(), c.other()));
        });
        return counts;
    }

    @Override
    public CompletionStage<List<LogEntry>> systemLog(int limit) {
        return systemLog.last(limit);
    }

    @Override
    public List<RoutingCounts> routingCounts() {
        List<RoutingCounts> counts = new ArrayList<>();
        processorNames.forEach((loop, name) -> {
            RoutingCounters c = connections.routingCounters(loop);
            counts.add(new RoutingCounts(name, c.parses(), c.parseNanos(), c.maxParseNanos(), c.maxParseConnection(),
                    c.cachedRoutes(), c.routes(), c.routeNanos(), c.maxRouteNanos(), c.maxRouteConnection()));
        });
        return counts;
    }

    @Override
    public long routeCacheSize() {
        return topologies.current().pipeline().routeCache().size();
    }

    /**
     * MyCat's SQLRouteCache (bounded by the characters of its statements, so MAX and CUR count those) and
     * ER_SQL2PARENTID, then the column orders learnt for INSERTs without a column list, which MyCat does not have.
     */
    @Override
    public List<CacheCounts> caches() {
        StatementPipeline pipeline = topologies.current().pipeline();
        RouteCache routes = pipeline.routeCache();
        ParentRows parents = pipeline.parentRows();
        ColumnOrders columns = pipeline.columnOrders();
        return List.of(cache("SQLRouteCache", routes.maxChars(), routes.chars(), routes.counters()),
                cache("ER_SQL2PARENTID", ParentRows.MAX_ENTRIES, parents.size(), parents.counters()),
                cache("TableColumnOrderCache", -1, columns.size(), columns.counters()));
    }

    private static CacheCounts cache(String name, long max, long current, CacheCounters c) {
        return new CacheCounts(name, max, current, c.accesses(), c.hits(), c.puts(), c.lastAccessMillis(),
                c.lastPutMillis());
    }

    @Override
    public SqlStatsView sqlStats() {
        return sqlStats;
    }

    @Override
    public List<ConnectionView> connections() {
        List<ConnectionView> views = new ArrayList<>();
        int isolation = topologies.current().config().system().txIsolation().mycatCode();
        connections.snapshot().forEach(c -> views.add(new ClientConnectionView(c, processorNames, isolation)));
        return views;
    }

    @Override
    public List<BackendConnectionView> backends() {
        return BackendViews.of(topologies.current(), processorNames);
    }

    @Override
    public List<ProcessorView> processors() {
        return processors.of(backends());
    }

    /** Each session's pinned connections, read on its own event loop, where they change. */
    @Override
    public CompletionStage<List<SessionView>> sessions() {
        List<CompletableFuture<SessionView>> reads = new ArrayList<>();
        for (ClientChannel client : connections.snapshot()) {
            reads.add(CompletableFuture.supplyAsync(() -> sessionView(client.session()), client.channel().eventLoop())
                    .exceptionally(closedMeanwhile -> null));
        }
        return CompletableFuture.allOf(reads.toArray(CompletableFuture[]::new)).thenApply(done -> reads.stream()
                .map(CompletableFuture::join).filter(view -> view != null).toList());
    }

    private static SessionView sessionView(Session session) {
        if (session.pinned().isEmpty()) {
            return null;
        }
        List<String> backends = new ArrayList<>();
        session.pinned().forEach((node, backend) -> backends.add(node + ": " + backend.dataHost() + ", thread "
                + backend.connectionId()));
        return new SessionView(session.connectionId(), backends);
    }

    @Override
    public List<WhiteHostView> whiteHosts() {
        return SystemParameters.whiteHosts(topologies.current().config());
    }

    @Override
    public List<SystemParameterView> systemParameters() {
        return SystemParameters.of(topologies.current().config().system());
    }

    /**
     * One physical source: a server with its pool, heartbeat and counts, or ({@code server} null) one of a data host
     * Tessera does not reach.
     */
    private record Source(String name, String host, int port, String dbType, boolean isReadHost, Server server,
            DataHostConfig config) implements DataSourceView {

        @Override
        public PoolStats poolStats() {
            if (server == null) {
                return new PoolStats(0, 0, config.maxCon(), config.minCon(), 0, 0, 0);
            }
            io.tessera.backend.pool.PoolStats s = server.pool().stats();
            return new PoolStats(s.active(), s.idle(), s.maxCon(), s.minCon(), s.executeCount(), server.readCount(),
                    server.writeCount());
        }

        @Override
        public HeartbeatStatus heartbeat() {
            if (server == null) {
                return new HeartbeatStatus(HeartbeatStatus.INIT, 0, false, 0, 0, 0, 0, 0, 0, true);
            }
            io.tessera.backend.health.HeartbeatStatus h = server.heartbeat();
            long pausedUntil = server.heartbeatPausedUntil();
            boolean paused = pausedUntil > System.currentTimeMillis(); // the pool's clock is the system clock
            return new HeartbeatStatus(h.status().code(), h.errorCount(), h.checking(), h.timeoutMillis(),
                    h.meanMillis1m(), h.meanMillis10m(), h.meanMillis30m(), h.lastOkMillis(), paused ? pausedUntil : 0,
                    !server.hasHeartbeat() || paused);
        }

        @Override
        public List<HeartbeatSample> heartbeatSamples() {
            if (server == null) {
                return List.of();
            }
            return server.heartbeatSamples().stream()
                    .map(s -> new HeartbeatSample(s.atMillis(), s.roundTripMillis(), s.secondsBehind())).toList();
        }

        @Override
        public Optional<ReplicaStatusView> replicaStatus() {
            return server == null ? Optional.empty() : server.replicaStatus().map(r -> new ReplicaStatusView(
                    r.masterHost(), r.masterPort(), r.masterUser(), r.secondsBehind(), r.ioRunning(), r.sqlRunning(),
                    r.ioState(), r.connectRetry(), r.lastIoError(), r.lastSqlError(), r.lastSqlErrno()));
        }
    }
}
