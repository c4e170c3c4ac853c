package io.tessera.proxy.admin;

import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.util.concurrent.EventExecutor;
import io.tessera.admin.AdminContext;
import io.tessera.admin.BackendConnectionView;
import io.tessera.admin.CacheCounts;
import io.tessera.admin.ClusterNodeView;
import io.tessera.admin.CommandCounts;
import io.tessera.admin.ConnectionView;
import io.tessera.admin.DataHostView;
import io.tessera.admin.DataNodeView;
import io.tessera.admin.DeadlockView;
import io.tessera.admin.LogEntry;
import io.tessera.admin.ProcessorView;
import io.tessera.admin.RoutingCounts;
import io.tessera.admin.SchemaView;
import io.tessera.admin.SessionView;
import io.tessera.admin.SqlStatsView;
import io.tessera.admin.SystemParameterView;
import io.tessera.admin.ThreadPoolView;
import io.tessera.admin.WhiteHostView;
import io.tessera.proxy.cluster.Cluster;
import io.tessera.proxy.config.SchemaConfig;
import io.tessera.proxy.config.TableConfig;
import io.tessera.proxy.exec.ColumnOrders;
import io.tessera.proxy.exec.DataNode;
import io.tessera.proxy.exec.DeadlockStats;
import io.tessera.proxy.exec.ParentRows;
import io.tessera.proxy.pipeline.StatementPipeline;
import io.tessera.proxy.session.ClientChannel;
import io.tessera.proxy.session.ClientConnections;
import io.tessera.proxy.session.CommandCounters;
import io.tessera.proxy.session.RoutingCounters;
import io.tessera.proxy.session.Session;
import io.tessera.proxy.stat.SqlStats;
import io.tessera.proxy.topology.ConfigReloader;
import io.tessera.proxy.topology.TopologyHolder;
import io.tessera.router.CacheCounters;
import io.tessera.router.RouteCache;
import io.tessera.router.shape.ShapeCache;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The running proxy as the admin port sees it. Every call builds fresh views from live objects; nothing blocks. The
 * data hosts come from {@link DataHostViews}, the processors from {@link ProcessorViews}, the backend connections
 * from {@link BackendViews}.
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
    private final Cluster cluster;
    private final DeadlockStats deadlocks;

    /**
     * @param topologies the topology each view reads, once per view
     * @param reloader when the configuration in force was loaded or rolled back
     * @param sqlStats the SQL statistics the pipeline records
     * @param threadPools what {@code show @@threadpool} reports: the business executor
     * @param systemLog what {@code show @@syslog} reads
     * @param cluster the cluster {@code show @@cluster} shows
     * @param deadlocks what the deadlock detector found ({@code show @@deadlock})
     */
    public ProxyAdminContext(String version, long startupMillis, TopologyHolder topologies, ConfigReloader reloader,
            ClientConnections connections, SqlStats sqlStats, EventLoopGroup group, List<ThreadPoolView> threadPools,
            SystemLog systemLog, Cluster cluster, DeadlockStats deadlocks) {
        this.version = version;
        this.deadlocks = deadlocks;
        this.cluster = cluster;
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
        return DataHostViews.of(topologies.current());
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
     * ER_SQL2PARENTID, then what MyCat does not have: the column orders learnt for INSERTs without a column list,
     * and the statement shapes (bounded by their characters as the route cache; PUT counts the plans learnt).
     */
    @Override
    public List<ClusterNodeView> clusterNodes() {
        return cluster.nodes();
    }

    @Override
    public DeadlockView deadlocks() {
        return new DeadlockView(deadlocks.detected(), deadlocks.victims(), deadlocks.lastDetectMillis(),
                deadlocks.maxDetectMillis(), topologies.current().config().system().deadlockCheckPeriod());
    }

    @Override
    public List<CacheCounts> caches() {
        StatementPipeline pipeline = topologies.current().pipeline();
        RouteCache routes = pipeline.routeCache();
        ParentRows parents = pipeline.parentRows();
        ColumnOrders columns = pipeline.columnOrders();
        ShapeCache shapes = pipeline.shapeCache();
        return List.of(cache("SQLRouteCache", routes.maxChars(), routes.chars(), routes.counters()),
                cache("ER_SQL2PARENTID", ParentRows.MAX_ENTRIES, parents.size(), parents.counters()),
                cache("TableColumnOrderCache", -1, columns.size(), columns.counters()),
                cache("SQLShapeCache", shapes.maxChars(), shapes.chars(), shapes.counters()));
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
}
