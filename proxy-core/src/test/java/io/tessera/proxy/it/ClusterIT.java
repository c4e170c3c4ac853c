package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.mariadb.EmbeddedMariaDb;
import io.tessera.proxy.TesseraServer;
import io.tessera.proxy.cluster.ClusterMember;
import io.tessera.proxy.cluster.ConfigStore;
import io.tessera.proxy.config.ClusterSettings;
import io.tessera.proxy.config.ConfigLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.curator.test.TestingServer;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.apache.zookeeper.data.Stat;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Three Tessera nodes of one cluster in this JVM, a real ZooKeeper (Curator's {@link TestingServer}) and the local
 * MariaDB: the first node's {@code conf/} becomes the cluster's configuration, the other two start with nothing but
 * their {@code myid.properties}; a push and a {@code reload @@config_all} on one node reach all three; a version that
 * does not load leaves every node on the one it runs, saying why; without ZooKeeper every node keeps serving; the
 * database sequence gives 3 nodes x 8 threads x 5,000 distinct ids; with useZKSwitch a failover is decided once and
 * followed by every node, and so is an operator's {@code switch @@datasource}.
 */
@Tag("integration")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ClusterIT {

    private static final Logger LOG = LogManager.getLogger(ClusterIT.class);
    private static final String CLUSTER = "cluster-it";
    private static final List<String> MYIDS = List.of("n1", "n2", "n3");
    private static final long WAIT_MILLIS = 20_000;

    private static TestingServer zookeeper;
    private static DataHosts dataHosts;
    private static String db1;
    private static String db2;
    private static Path home;
    private static final List<TesseraServer> servers = new ArrayList<>();
    private static final List<ClusterMember> members = new ArrayList<>();

    @BeforeAll
    static void cluster() throws Exception {
        zookeeper = new TestingServer(true);
        dataHosts = DataHosts.get();
        db1 = DataHosts.databaseName(ClusterIT.class, "db1");
        db2 = DataHosts.databaseName(ClusterIT.class, "db2");
        dataHosts.createDatabase(db1);
        dataHosts.createDatabase(db2);
        dataHosts.executeIn(db2, "CREATE TABLE MYCAT_SEQUENCE (name VARCHAR(64) NOT NULL, current_value BIGINT NOT"
                + " NULL, increment INT NOT NULL DEFAULT 1, PRIMARY KEY (name)) ENGINE=InnoDB",
                "INSERT INTO MYCAT_SEQUENCE VALUES ('CLUSTERIDS', 0, 100)");
        home = Files.createTempDirectory("tessera-cluster-it-");
        for (String myid : MYIDS) {
            Path conf = Files.createDirectories(home.resolve(myid));
            Files.writeString(conf.resolve(ClusterSettings.FILE), "loadZk=true\nzkURL=" + zookeeper.getConnectString()
                    + "\nclusterId=" + CLUSTER + "\nmyid=" + myid + "\nclusterSize=3\nclusterNodes=n1,n2,n3\n");
        }
        writeConf(home.resolve("n1"), "orders"); // n2 and n3 start without any configuration of their own
        for (String myid : MYIDS) {
            start(home.resolve(myid));
        }
    }

    @AfterAll
    static void stop() throws Exception {
        servers.forEach(TesseraServer::close);
        if (zookeeper != null) {
            zookeeper.close();
        }
        if (dataHosts != null) {
            dataHosts.dropDatabase(db1);
            dataHosts.dropDatabase(db2);
        }
        if (home != null) {
            EmbeddedMariaDb.deleteRecursively(home);
        }
    }

    private static void start(Path conf) throws Exception {
        ClusterSettings settings = ClusterSettings.read(conf).orElseThrow();
        ClusterMember member = ClusterMember.connect(settings, conf, Duration.ofSeconds(10));
        member.prepare();
        members.add(member);
        servers.add(TesseraServer.start(ConfigLoader.load(conf), member));
    }

    @Test
    @Order(1)
    void everyNodeRunsTheFirstNodesConfigurationAndSeesTheOthers() throws Exception {
        for (TesseraServer server : servers) {
            assertThat(tables(server)).containsExactly("orders");
        }
        waitFor("all three members", () -> cluster(servers.get(2)).stream().filter(r -> r.get("STATE").equals("UP"))
                .count() == 3);
        List<Map<String, String>> rows = cluster(servers.get(0));
        assertThat(rows).extracting(r -> r.get("MYID")).containsExactly("n1", "n2", "n3");
        assertThat(rows).extracting(r -> r.get("CONFIG_VERSION")).containsOnly("1");
        assertThat(rows).extracting(r -> r.get("SELF")).containsExactly("YES", "NO", "NO");
        assertThat(rows.get(1).get("PORT")).isEqualTo(Integer.toString(servers.get(1).serverPort()));
    }

    @Test
    @Order(2)
    void aPushReachesEveryNode() throws Exception {
        Path pushed = Files.createDirectories(home.resolve("pushed"));
        writeConf(pushed, "orders", "customers");
        long start = System.nanoTime();
        long version = push(pushed);
        waitFor("version " + version + " on every node", () -> members.stream()
                .allMatch(member -> member.configVersion() == version));
        long millis = (System.nanoTime() - start) / 1_000_000;
        LOG.warn("ClusterIT: configuration version {} pushed and loaded by all 3 nodes in {} ms", version, millis);
        for (TesseraServer server : servers) {
            assertThat(tables(server)).containsExactly("customers", "orders");
        }
    }

    @Test
    @Order(3)
    void aReloadOnOneNodeIsPushedToTheOthers() throws Exception {
        writeConf(home.resolve("n2"), "orders", "customers", "items");
        assertThat(AdminRows.update(servers.get(1).managerPort(), "reload @@config_all")).isEqualTo(1);
        long version = members.get(1).configVersion();
        waitFor("version " + version + " on every node", () -> members.stream()
                .allMatch(member -> member.configVersion() == version));
        assertThat(tables(servers.get(2))).containsExactly("customers", "items", "orders");
        assertThat(cluster(servers.get(0))).extracting(r -> r.get("CONFIG_VERSION"))
                .containsOnly(Long.toString(version));
    }

    @Test
    @Order(4)
    void aVersionThatDoesNotLoadLeavesEveryNodeOnItsOwnAndSaysWhy() throws Exception {
        long running = members.get(0).configVersion();
        Path broken = Files.createDirectories(home.resolve("broken"));
        writeConf(broken, "orders");
        Files.writeString(broken.resolve("schema.xml"), Files.readString(broken.resolve("schema.xml"))
                .replace("dataNode=\"dn1,dn2\"", "dataNode=\"dn1,dn9\""));
        long version = push(broken);
        waitFor("every node's error about version " + version, () -> cluster(servers.get(0)).stream()
                .allMatch(r -> r.get("CONFIG_ERROR").startsWith("version " + version + ":")));
        assertThat(members).allMatch(member -> member.configVersion() == running);
        assertThat(cluster(servers.get(0)).get(0).get("CONFIG_ERROR")).contains("dn9");
        for (TesseraServer server : servers) {
            assertThat(tables(server)).contains("items");
        }
    }

    @Test
    @Order(5)
    void withoutZooKeeperEveryNodeKeepsServingAndCatchesUpWhenItIsBack() throws Exception {
        zookeeper.stop();
        waitFor("n1 to see ZooKeeper gone", () -> cluster(servers.get(0)).stream()
                .anyMatch(r -> r.get("STATE").equals("ZK_UNREACHABLE")));
        for (TesseraServer server : servers) {
            assertThat(tables(server)).contains("orders", "items");
        }
        zookeeper.restart();
        Path fixed = Files.createDirectories(home.resolve("fixed"));
        writeConf(fixed, "orders", "customers", "items", "shipments");
        long version = push(fixed);
        waitFor("version " + version + " on every node", () -> members.stream()
                .allMatch(member -> member.configVersion() == version));
        for (TesseraServer server : servers) {
            assertThat(tables(server)).contains("shipments");
        }
        assertThat(cluster(servers.get(0))).allMatch(r -> r.get("STATE").equals("UP")
                && r.get("CONFIG_ERROR").isEmpty());
    }

    @Test
    @Order(6)
    void theDatabaseSequenceGivesDistinctIdsOnEveryNode() throws Exception {
        int threadsPerNode = 8;
        int idsPerThread = 5_000;
        Set<Long> ids = ConcurrentHashMap.newKeySet();
        AtomicInteger duplicates = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(servers.size() * threadsPerNode);
        long start = System.nanoTime();
        try {
            List<Future<?>> runs = new ArrayList<>();
            for (TesseraServer server : servers) {
                for (int t = 0; t < threadsPerNode; t++) {
                    runs.add(pool.submit(() -> {
                        try (Connection c = connect(server); Statement s = c.createStatement()) {
                            for (int i = 0; i < idsPerThread; i++) {
                                try (ResultSet rs = s.executeQuery("SELECT next value for MYCATSEQ_CLUSTERIDS")) {
                                    rs.next();
                                    if (!ids.add(rs.getLong(1))) {
                                        duplicates.incrementAndGet();
                                    }
                                }
                            }
                        }
                        return null;
                    }));
                }
            }
            for (Future<?> run : runs) {
                run.get(5, TimeUnit.MINUTES);
            }
        } finally {
            pool.shutdownNow();
        }
        LOG.warn("ClusterIT: {} ids from 3 nodes x {} threads in {} ms", ids.size(), threadsPerNode,
                (System.nanoTime() - start) / 1_000_000);
        assertThat(duplicates.get()).isZero();
        assertThat(ids).hasSize(servers.size() * threadsPerNode * idsPerThread);
    }

    @Test
    @Order(7)
    void aFailoverIsDecidedOnceAndEveryNodeWritesToTheSameHost() throws Exception {
        waitFor("every node on firstDead's second writeHost", () -> servers.stream()
                .allMatch(server -> server.dataHosts().get("firstDead").activeWriteIndex() == 1));
        try (CuratorFramework client = zookeeperClient()) {
            Stat stat = new Stat();
            byte[] agreed = client.getData().storingStatIn(stat).forPath("/tessera/" + CLUSTER + "/failover/firstDead");
            assertThat(new String(agreed, StandardCharsets.UTF_8)).isEqualTo("1");
            assertThat(stat.getVersion()).as("written once: one node decided, the others followed").isZero();
        }
    }

    @Test
    @Order(8)
    void aSwitchOnOneNodesAdminPortIsFollowedByTheOthers() throws Exception {
        assertThat(AdminRows.update(servers.get(0).managerPort(), "switch @@datasource both:1")).isEqualTo(1);
        waitFor("every node on both's second writeHost", () -> servers.stream()
                .allMatch(server -> server.dataHosts().get("both").activeWriteIndex() == 1));
        assertThat(AdminRows.update(servers.get(2).managerPort(), "switch @@datasource both:0")).isEqualTo(1);
        waitFor("every node back on both's first writeHost", () -> servers.stream()
                .allMatch(server -> server.dataHosts().get("both").activeWriteIndex() == 0));
    }

    private static CuratorFramework zookeeperClient() throws InterruptedException {
        CuratorFramework client = CuratorFrameworkFactory.newClient(zookeeper.getConnectString(),
                new RetryOneTime(100));
        client.start();
        assertThat(client.blockUntilConnected(10, TimeUnit.SECONDS)).isTrue();
        return client;
    }

    private static long push(Path conf) throws Exception {
        try (CuratorFramework client = zookeeperClient()) {
            return new ConfigStore(client, CLUSTER).push(conf);
        }
    }

    /** The logical tables of TESTDB through {@code server}'s MySQL port. */
    private static List<String> tables(TesseraServer server) throws SQLException {
        try (Connection c = connect(server)) {
            return PlainTwin.rows(c, "SHOW TABLES").stream().map(row -> row.substring(0, row.length() - 1))
                    .sorted().toList();
        }
    }

    private static Connection connect(TesseraServer server) throws SQLException {
        return DriverManager.getConnection("jdbc:mysql://127.0.0.1:" + server.serverPort()
                + "/TESTDB?useSSL=false&allowPublicKeyRetrieval=true", RunningTessera.USER, RunningTessera.PASSWORD);
    }

    private static List<Map<String, String>> cluster(TesseraServer server) {
        try {
            return AdminRows.of(server.managerPort(), "show @@cluster");
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void waitFor(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.currentTimeMillis() + WAIT_MILLIS;
        while (!condition.getAsBoolean()) {
            if (System.currentTimeMillis() > deadline) {
                throw new AssertionError("waited " + WAIT_MILLIS + " ms for " + what);
            }
            Thread.sleep(20);
        }
    }

    /** A data host of two write hosts, switched after one failed heartbeat, its data nodes used by no table. */
    private static String twoWriteHosts(String name, String first, String second) {
        String user = "\" user=\"" + dataHosts.user() + "\" password=\"" + dataHosts.password() + "\"/>\n";
        return "    <dataHost name=\"" + name + "\" maxCon=\"4\" minCon=\"1\" balance=\"0\" writeType=\"0\""
                + " dbType=\"mysql\" dbDriver=\"native\" switchType=\"1\" maxRetryCount=\"1\">\n"
                + "        <heartbeat>select user()</heartbeat>\n"
                + "        <writeHost host=\"" + name + "A\" url=\"" + first + user
                + "        <writeHost host=\"" + name + "B\" url=\"" + second + user
                + "    </dataHost>\n";
    }

    /**
     * A conf/ with TESTDB's {@code tables} sharded by id over dn1 and dn2, free ports, user test, useZKSwitch; and two
     * data hosts of two write hosts each: {@code both} (both alive) and {@code firstDead}.
     */
    private static void writeConf(Path conf, String... tables) throws Exception {
        String real = dataHosts.host() + ":" + dataHosts.port();
        Files.writeString(conf.resolve("server.xml"), """
                <?xml version="1.0" encoding="UTF-8"?>
                <mycat:server xmlns:mycat="http://io.mycat/">
                    <system>
                        <property name="serverPort">0</property>
                        <property name="managerPort">0</property>
                        <property name="bindIp">127.0.0.1</property>
                        <property name="sequenceHandlerType">1</property>
                        <property name="useZKSwitch">true</property>
                        <property name="dataNodeHeartbeatPeriod">300</property>
                    </system>
                    <user name="test">
                        <property name="password">test</property>
                        <property name="schemas">TESTDB</property>
                    </user>
                </mycat:server>
                """, StandardCharsets.UTF_8);
        StringBuilder schema = new StringBuilder("""
                <?xml version="1.0" encoding="UTF-8"?>
                <mycat:schema xmlns:mycat="http://io.mycat/">
                    <schema name="TESTDB" checkSQLschema="true" dataNode="dn1">
                """);
        for (String table : tables) {
            schema.append("        <table name=\"").append(table)
                    .append("\" dataNode=\"dn1,dn2\" rule=\"mod-long\"/>\n");
        }
        schema.append("    </schema>\n")
                .append("    <dataNode name=\"dn1\" dataHost=\"host1\" database=\"").append(db1).append("\"/>\n")
                .append("    <dataNode name=\"dn2\" dataHost=\"host1\" database=\"").append(db2).append("\"/>\n")
                .append("    <dataHost name=\"host1\" maxCon=\"10\" minCon=\"1\" balance=\"0\" writeType=\"0\"")
                .append(" dbType=\"mysql\" dbDriver=\"native\" switchType=\"1\">\n")
                .append("        <heartbeat>select user()</heartbeat>\n")
                .append("        <writeHost host=\"hostM1\" url=\"").append(dataHosts.host()).append(':')
                .append(dataHosts.port()).append("\" user=\"").append(dataHosts.user()).append("\" password=\"")
                .append(dataHosts.password()).append("\"/>\n")
                .append("    </dataHost>\n")
                .append("    <dataNode name=\"dn3\" dataHost=\"both\" database=\"").append(db1).append("\"/>\n")
                .append("    <dataNode name=\"dn4\" dataHost=\"firstDead\" database=\"").append(db2).append("\"/>\n")
                .append(twoWriteHosts("both", real, real))
                .append(twoWriteHosts("firstDead", "127.0.0.1:1", real))
                .append("</mycat:schema>\n");
        Files.writeString(conf.resolve("schema.xml"), schema, StandardCharsets.UTF_8);
        Files.writeString(conf.resolve("sequence_db_conf.properties"), "CLUSTERIDS=dn2\n");
        Files.writeString(conf.resolve("rule.xml"), """
                <?xml version="1.0" encoding="UTF-8"?>
                <mycat:rule xmlns:mycat="http://io.mycat/">
                    <tableRule name="mod-long">
                        <rule>
                            <columns>id</columns>
                            <algorithm>mod-long</algorithm>
                        </rule>
                    </tableRule>
                    <function name="mod-long" class="io.mycat.route.function.PartitionByMod">
                        <property name="count">2</property>
                    </function>
                </mycat:rule>
                """, StandardCharsets.UTF_8);
    }
}
