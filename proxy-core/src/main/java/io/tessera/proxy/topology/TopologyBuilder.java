package io.tessera.proxy.topology;

import io.netty.channel.EventLoopGroup;
import io.tessera.backend.host.DataHost;
import io.tessera.backend.host.DataHostSettings;
import io.tessera.backend.host.WriteHostSettings;
import io.tessera.backend.host.WriteHostSwitchListener;
import io.tessera.backend.mysql.BackendConnector;
import io.tessera.proxy.cluster.WriteHostPolicy;
import io.tessera.proxy.config.DataNodeConfig;
import io.tessera.proxy.config.DnIndex;
import io.tessera.proxy.config.FirewallConfig;
import io.tessera.proxy.config.SystemConfig;
import io.tessera.proxy.config.TesseraConfig;
import io.tessera.proxy.exec.DataNode;
import io.tessera.proxy.exec.DeadlockDetector;
import io.tessera.proxy.exec.DataNodes;
import io.tessera.proxy.exec.Executor;
import io.tessera.proxy.exec.TransactionCoordinator;
import io.tessera.proxy.local.InformationSchema;
import io.tessera.proxy.local.KillStatement;
import io.tessera.proxy.local.LocalSelect;
import io.tessera.proxy.local.ProcessList;
import io.tessera.proxy.local.SessionFunctions;
import io.tessera.proxy.local.SetStatement;
import io.tessera.proxy.local.ShowStatements;
import io.tessera.proxy.local.Transactions;
import io.tessera.proxy.pipeline.LocalAnswers;
import io.tessera.proxy.pipeline.StatementPipeline;
import io.tessera.proxy.sequence.AutoIncrementTables;
import io.tessera.proxy.sequence.Sequences;
import io.tessera.proxy.session.Authenticator;
import io.tessera.proxy.session.ClientConnections;
import io.tessera.proxy.stat.SqlStats;
import io.tessera.router.Router;
import io.tessera.router.model.LogicalSchema;
import io.tessera.router.model.SchemaCatalog;
import io.tessera.router.parse.SqlParser;
import io.tessera.router.parse.SyntaxErrors;
import io.tessera.router.wall.SqlFirewall;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Builds a {@link Topology} from a configuration, completely, before anything uses it. A data host whose settings
 * the previous topology has unchanged is taken over as it is, connections and all; a new or changed one is started,
 * on the write host that {@code conf/dnindex.properties} names ({@link DnIndex}), or that the cluster agreed on
 * ({@link WriteHostPolicy}), and records its switches there.
 * What lives as long as the server (the event loops, the business executor, the transaction coordinator and its XA
 * log, the client connections) comes in through the constructor.
 */
public final class TopologyBuilder {

    private final EventLoopGroup group;
    private final java.util.concurrent.Executor business; // named in full: exec.Executor runs statements
    private final TransactionCoordinator transactions;
    private final ClientConnections connections;
    private final SqlStats sqlStats;
    private final String serverVersion;
    private final Sequences sequences;
    private final WriteHostPolicy writeHosts;
    private final DeadlockDetector deadlocks;
    private final AtomicLong generations = new AtomicLong();
    private DnIndex dnIndex; // guarded by this

    /**
     * @param business the business executor, where the blocking calls of JDBC data hosts run
     * @param sqlStats the SQL statistics the pipelines record
     * @param sequences the global sequences every topology's statements take ids from
     * @param writeHosts how new data hosts choose their active write host: alone, or as the cluster agrees
     * @param deadlocks what every topology's statements that wait for row locks report to
     */
    public TopologyBuilder(EventLoopGroup group, java.util.concurrent.Executor business,
            TransactionCoordinator transactions, ClientConnections connections, SqlStats sqlStats,
            String serverVersion, Sequences sequences, WriteHostPolicy writeHosts,
            DeadlockDetector deadlocks) {
        this.group = group;
        this.business = business;
        this.transactions = transactions;
        this.connections = connections;
        this.sqlStats = sqlStats;
        this.serverVersion = serverVersion;
        this.sequences = sequences;
        this.writeHosts = writeHosts;
        this.deadlocks = deadlocks;
    }

    /**
     * The topology of {@code config}, once the active write host of every new or changed data host has opened its
     * connections or failed to (a server that is down is logged and retried on demand, not fatal).
     *
     * @param previous the topology it will replace, whose unchanged data hosts it shares; {@code null} at start
     */
    public CompletableFuture<Topology> build(TesseraConfig config, Topology previous) {
        Map<String, DataHost> hosts = new LinkedHashMap<>();
        List<DataHost> started = new ArrayList<>();
        try {
            Map<String, DataHostSettings> all = DataHostMapper.settings(config);
            DnIndex dnIndex = dnIndex(config);
            DnIndex.Reading recorded = dnIndex.read(writeHostNames(all.values()));
            for (DataHostSettings settings : all.values()) {
                DataHost reused = previous == null ? null : previous.dataHosts().get(settings.name());
                if (reused != null && reused.settings().equals(settings)) {
                    hosts.put(settings.name(), reused);
                } else {
                    WriteHostSwitchListener switches = (name, index) -> {
                        dnIndex.switched(name, index);
                        writeHosts.recorder().switched(name, index);
                    };
                    DataHost host = new DataHost(settings, activeWriteIndex(settings, recorded), switches,
                            writeHosts.arbiter(), group, business, Clock.systemUTC(),
                            BackendConnector.socketChannelFactory(group));
                    hosts.put(settings.name(), host);
                    started.add(host);
                }
            }
        } catch (RuntimeException e) {
            started.forEach(DataHost::close);
            return CompletableFuture.failedFuture(e);
        }
        CompletableFuture<?>[] starts = started.stream().map(DataHost::start).toArray(CompletableFuture[]::new);
        return CompletableFuture.allOf(starts).thenApply(ignored -> assemble(config, hosts))
                .whenComplete((topology, error) -> {
                    if (error != null) {
                        started.forEach(DataHost::close);
                    }
                });
    }

    /** The write host a new data host starts on: the one the cluster agreed on, else dnindex.properties's. */
    private int activeWriteIndex(DataHostSettings settings, DnIndex.Reading recorded) {
        OptionalInt agreed = writeHosts.agreed().apply(settings.name());
        return agreed.isPresent() && agreed.getAsInt() < settings.writeHosts().size() ? agreed.getAsInt()
                : recorded.indexOf(settings.name());
    }

    /** One per file, so that the switches of all data hosts are written one after the other. */
    private synchronized DnIndex dnIndex(TesseraConfig config) {
        Path file = config.resolve(DnIndex.FILE);
        if (dnIndex == null || !dnIndex.file().equals(file)) {
            dnIndex = new DnIndex(file);
        }
        return dnIndex;
    }

    private static Map<String, List<String>> writeHostNames(Collection<DataHostSettings> hosts) {
        Map<String, List<String>> names = new LinkedHashMap<>();
        for (DataHostSettings host : hosts) {
            names.put(host.name(), host.writeHosts().stream().map(WriteHostSettings::name).toList());
        }
        return names;
    }

    private Topology assemble(TesseraConfig config, Map<String, DataHost> hosts) {
        SystemConfig system = config.system();
        SqlParser parser = new SqlParser(SyntaxErrors.forServer(serverVersion));
        Router router = new Router(ModelMapper.catalog(config), parser);
        List<DataNode> nodes = new ArrayList<>();
        for (DataNodeConfig node : config.dataNodes().values()) {
            nodes.add(new DataNode(node.name(), node.dataHost(), hosts.get(node.dataHost()), node.database()));
        }
        DataNodes dataNodes = new DataNodes(nodes, schemasByNode(router.catalog()));
        Executor executor = new Executor(dataNodes, transactions, system.mergeMemoryLimit(),
                system.sqlExecuteTimeout(), Duration.ofMillis(system.deadlockCheckPeriod()), deadlocks);
        Authenticator authenticator = new Authenticator(config.users(), config.firewall(), router.catalog());
        LocalAnswers locals = new LocalAnswers(
                new LocalSelect(serverVersion, LocalSelect.VERSION_COMMENT, system.maxPacketSize(), router, executor),
                new SetStatement(router, executor), new ShowStatements(router.catalog(), executor, connections),
                new Transactions(executor), new KillStatement(connections, executor), authenticator,
                new InformationSchema(router.catalog(), executor, new ProcessList(connections), serverVersion));
        FirewallConfig firewall = config.firewall();
        StatementPipeline pipeline = new StatementPipeline(router, parser, executor, authenticator, locals,
                new SessionFunctions(serverVersion, LocalSelect.VERSION_COMMENT), connections.status(),
                firewall.blacklistCheck() ? new SqlFirewall(firewall.blacklist()) : null, sqlStats, sequences,
                config.system().sequenceHandlerPattern(), AutoIncrementTables.of(config.schemas().values()));
        return new Topology(generations.incrementAndGet(), config, hosts, dataNodes, router, executor, authenticator,
                pipeline);
    }

    /** The logical schemas that use each data node (as their default dataNode or a table's), in schema.xml's order. */
    static Map<String, List<String>> schemasByNode(SchemaCatalog catalog) {
        Map<String, List<String>> schemas = new LinkedHashMap<>();
        for (LogicalSchema schema : catalog.schemas()) {
            Set<String> nodes = new LinkedHashSet<>();
            if (schema.defaultDataNode() != null) {
                nodes.add(schema.defaultDataNode());
            }
            schema.allTables().forEach(table -> nodes.addAll(table.dataNodes()));
            nodes.forEach(node -> schemas.computeIfAbsent(node, n -> new ArrayList<>()).add(schema.name()));
        }
        return schemas;
    }
}
