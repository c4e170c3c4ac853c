package io.tessera.admin;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/** An {@link AdminContext} over fixed values, with a fixed clock: two data hosts, three data nodes, two schemas. */
public record FakeContext(String version, long startupMillis, Clock clock, List<SchemaView> schemas,
        List<DataNodeView> dataNodes, List<DataHostView> dataHosts, List<ThreadPoolView> threadPools,
        List<ConnectionView> connections, List<CommandCounts> commandCounts, FakeSqlStats sqlStats)
        implements AdminContext {

    /** 2024-05-01T10:00:00Z. */
    public static final long NOW = Instant.parse("2024-05-01T10:00:00Z").toEpochMilli();
    public static final String VERSION = "8.0.36-Tessera-0.1.0-test";

    public record Schema(String name, List<String> dataNodes) implements SchemaView {
    }

    public record Node(String name, String dataHost, String database, long executeCount) implements DataNodeView {
    }

    public record Host(String name, int activeWriteIndex, List<DataSourceView> dataSources) implements DataHostView {
    }

    public record Source(String name, String host, int port, String dbType, boolean isReadHost, PoolStats poolStats,
            HeartbeatStatus heartbeat, List<HeartbeatSample> heartbeatSamples,
            Optional<ReplicaStatusView> replicaStatus) implements DataSourceView {

        /** A source that neither replicates nor answered a heartbeat in the last 30 minutes. */
        public Source(String name, String host, int port, String dbType, boolean isReadHost, PoolStats poolStats,
                HeartbeatStatus heartbeat) {
            this(name, host, port, dbType, isReadHost, poolStats, heartbeat, List.of(), Optional.empty());
        }
    }

    public record Pool(String name, int poolSize, int activeCount, int queueSize, long completedTaskCount,
            long taskCount) implements ThreadPoolView {
    }

    public record Connection(String processor, long id, String host, int port, int localPort, String user,
            String schema, String charset, int charsetIndex, long netInBytes, long netOutBytes, long openedMillis,
            int receiveBufferBytes, int sendQueueSize, int txIsolation, boolean autocommit, String lastSql,
            long lastSqlStartMillis, long lastSqlMillis) implements ConnectionView {
    }

    /**
     * host1: hostM1 (write, active) and hostS1 (its read host); host2: hostM2 and hostM3 (two write hosts, the second
     * active). dn1 and dn10 live on host1, dn2 on host2; listed out of order on purpose.
     */
    public static FakeContext sample() {
        Source m1 = new Source("hostM1", "127.0.0.1", 3306, "mysql", false,
                new PoolStats(2, 8, 100, 10, 1234, 1000, 234),
                new HeartbeatStatus(HeartbeatStatus.OK, 0, false, 30_000, 1, 2, 3, NOW - 5_000, 0, false),
                List.of(new HeartbeatSample(NOW - 15_000, 2, -1), new HeartbeatSample(NOW - 5_000, 1, -1)),
                Optional.empty());
        Source s1 = new Source("hostS1", "127.0.0.2", 3307, "mysql", true,
                new PoolStats(0, 5, 50, 5, 77, 77, 0),
                new HeartbeatStatus(HeartbeatStatus.ERROR, 3, true, 30_000, 0, 0, 0, 0, 0, false),
                List.of(new HeartbeatSample(NOW - 40_000, 3, 7), new HeartbeatSample(NOW - 30_000, 4, -1),
                        new HeartbeatSample(NOW - 20_000, 2, 0)),
                Optional.of(new ReplicaStatusView("127.0.0.1", 3306, "repl", -1, "Yes", "No",
                        "Waiting for master to send event", 60, "", "Error 'x' on query", 1146)));
        Source m2 = new Source("hostM2", "10.0.0.2", 3306, "mysql", false,
                new PoolStats(0, 0, 100, 10, 0, 0, 0),
                new HeartbeatStatus(HeartbeatStatus.TIMEOUT, 1, false, 10_000, 12, 11, 10, NOW - 60_000, 0, false));
        Source m3 = new Source("hostM3", "10.0.0.3", 3306, "mysql", false,
                new PoolStats(1, 9, 100, 10, 42, 40, 2),
                new HeartbeatStatus(HeartbeatStatus.INIT, 0, false, 10_000, 0, 0, 0, 0, NOW + 65_500, true));
        return new FakeContext(VERSION, NOW - 3_723_000, Clock.fixed(Instant.ofEpochMilli(NOW), ZoneOffset.UTC),
                List.of(new Schema("TESTDB", List.of("dn10", "dn2", "dn1")), new Schema("LOGS", List.of("dn2"))),
                List.of(new Node("dn10", "host1", "db10", 10), new Node("dn2", "host2", "db2", 20),
                        new Node("dn1", "host1", "db1", 1)),
                List.of(new Host("host2", 1, List.of(m2, m3)), new Host("host1", 0, List.of(m1, s1))),
                List.of(new Pool("Timer", 2, 0, 0, 15, 15), new Pool("BusinessExecutor", 4, 1, 2, 100, 103)),
                List.of(new Connection("Processor1", 7, "127.0.0.1", 50_002, 8066, "test", "TESTDB", "utf8mb4", 45,
                                1_000, 20_000, NOW - 90_500, 0, 0, ConnectionView.READ_COMMITTED, false,
                                "select * from t1", NOW - 2_000, 1_500),
                        new Connection("Processor0", 3, "10.1.1.1", 50_001, 8066, "root", null, "utf8", 33, 10, 200,
                                NOW - 1_000, 4096, 1, ConnectionView.REPEATABLE_READ, true, null, 0, 0)),
                List.of(new CommandCounts("Processor1", 0, 7, 1, 2, 1, 3, 0, 0, 0),
                        new CommandCounts("Processor0", 2, 1_000, 0, 0, 0, 10, 1, 4, 5)),
                FakeSqlStats.sample());
    }

    /** Two entries, the newest first, the older one with a stack trace line. */
    @Override
    public CompletionStage<List<LogEntry>> systemLog(int limit) {
        List<LogEntry> entries = List.of(
                new LogEntry("2024-05-01 09:59:58.100", "WARN  [main] i.t.p.TesseraServer - second"),
                new LogEntry("2024-05-01 09:59:50.000", "ERROR [loop-1] i.t.b.Heartbeat - first\n\tat x.y(Z.java:1)"));
        return CompletableFuture.completedFuture(entries.subList(0, Math.min(limit, entries.size())));
    }

    /** Connection 7 holds two backends, 3 none (so it is left out, as the real context does). */
    @Override
    public CompletionStage<List<SessionView>> sessions() {
        return CompletableFuture.completedFuture(List.of(new SessionView(7, List.of("dn1 hostM1 (127.0.0.1:3306)"
                + " thread 41", "dn2 hostM2 (10.0.0.2:3306) thread 9"))));
    }

    /**
     * Three backend connections, out of order: two on Processor1 (one lent, in a transaction, one idle with the
     * server's default isolation and no database), one on Processor0 that has closed.
     */
    @Override
    public List<BackendConnectionView> backends() {
        return List.of(
                new BackendConnectionView("Processor1", 2, 41, "127.0.0.1", 3306, 40_002, 5_000, 700, NOW - 61_900,
                        false, true, 1, "db1", "utf8mb4", 45, ConnectionView.READ_COMMITTED, false, true),
                new BackendConnectionView("Processor0", 1, 9, "10.0.0.2", 3306, 40_001, 90, 80, NOW - 1_000, true,
                        false, 0, "db2", "utf8mb4", 45, ConnectionView.SERIALIZABLE, true, false),
                new BackendConnectionView("Processor1", 1, 40, "127.0.0.1", 3306, 40_000, 100, 60, NOW - 500,
                        false, false, 0, null, "latin1", 8, BackendConnectionView.SERVER_DEFAULT, true, false));
    }

    /** Two event loops, Processor1 first. */
    @Override
    public List<ProcessorView> processors() {
        return List.of(
                new ProcessorView("Processor1", 21_000, 1_000_000, 17, 2, 512, 3_000, 4_000, 25, 0, 1, 2),
                new ProcessorView("Processor0", 10, 200, 3, 0, 0, 3_000, 4_000, 25, 0, 1, 1));
    }

    /** Two white-list entries. */
    @Override
    public List<WhiteHostView> whiteHosts() {
        return List.of(new WhiteHostView("127.0.0.1", List.of("root", "test")), new WhiteHostView("10.0.0.*",
                List.of("test")));
    }

    /** Three settings. */
    @Override
    public List<SystemParameterView> systemParameters() {
        return List.of(new SystemParameterView("processors", "2", "event-loop threads"),
                new SystemParameterView("Mysql_maxPacketSize", "16777216", "largest packet"),
                new SystemParameterView("Mycat_serverPort", "8066", "client port"));
    }

    /** Two processors, listed out of order; Processor1 served no statement. */
    @Override
    public List<RoutingCounts> routingCounts() {
        return List.of(new RoutingCounts("Processor1", 0, 0, 0, 0, 0, 0, 0, 0, 0),
                new RoutingCounts("Processor0", 120, 61_234_567, 9_000_600, 7, 880, 118, 30_000_000, 2_500_000, 3));
    }

    @Override
    public long routeCacheSize() {
        return 42;
    }

    /** A used route cache and an unused parent-row cache. */
    @Override
    public List<CacheCounts> caches() {
        return List.of(new CacheCounts("SQLRouteCache", 16_777_216, 5_120, 1_000, 900, 100, NOW - 10, NOW - 5_000),
                new CacheCounts("ER_SQL2PARENTID", 100_000, 0, 0, 0, 0, 0, 0));
    }

    /** A node of a cluster of two, the other one absent. */
    @Override
    public List<ClusterNodeView> clusterNodes() {
        return List.of(new ClusterNodeView("n1", "UP", "127.0.0.1", 8066, 9066, "0.1.0", 4, "", true),
                new ClusterNodeView("n2", "ABSENT", "", 0, 0, "", 0, "", false));
    }

    /** Three cycles found, two victims (one cycle was gone before its victim's KILL), the default period. */
    @Override
    public DeadlockView deadlocks() {
        return new DeadlockView(3, 2, 240, 410, 200);
    }

    public FakeContext withDataHosts(List<DataHostView> hosts) {
        return new FakeContext(version, startupMillis, clock, schemas, dataNodes, hosts, threadPools, connections,
                commandCounts, sqlStats);
    }
}
