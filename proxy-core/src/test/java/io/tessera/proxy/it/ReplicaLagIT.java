package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.mariadb.EmbeddedMariaDb;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Replica lag end to end, on real MariaDB replication: hostM1 (server id 1, binary log) is the primary and the write
 * host; hostS1 (server id 2) replicates from it and is its read host, under {@code balance="1"},
 * {@code switchType="2"}, {@code slaveThreshold="2"} and the heartbeat {@code show slave status} every 500 ms. Every
 * read asks {@code @@server_id}, so its answer says which server took it. Reads go to the replica while it is in sync;
 * a replica held behind by a global read lock past 2 seconds, or whose SQL thread is stopped, takes none until it is
 * back.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ReplicaLagIT {

    private static final Logger MEASURED = LogManager.getLogger(ReplicaLagIT.class);

    private static final LogLines LOG = LogLines.capture();

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/replicas").withExtraHostOptions(List.of(
            List.of("--server-id=1", "--log-bin=mysql-bin", "--binlog-format=ROW"),
            List.of("--server-id=2")));

    private static final String PRIMARY = "1";
    private static final String REPLICA = "2";
    private static final String READ = "SELECT @@server_id, COUNT(*) FROM t";
    private static final int READS = 200;
    private static final long PERIOD_MILLIS = 500;
    private static final long THRESHOLD_MILLIS = 2000;

    @BeforeAll
    static void replicateThenCreateTheTable() throws Exception {
        EmbeddedMariaDb primary = tessera.extraHost(2);
        String file;
        long position;
        // Both servers already hold the test database: the replica starts at the primary's current binlog position.
        try (Connection c = direct(primary); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SHOW MASTER STATUS")) {
            assertThat(rs.next()).as("the primary writes a binary log").isTrue();
            file = rs.getString("File");
            position = rs.getLong("Position");
        }
        // The servers run without grant tables: the replica logs in as root with no password, as any client does.
        try (Connection c = direct(replica()); Statement s = c.createStatement()) {
            s.execute("CHANGE MASTER TO MASTER_HOST='" + primary.host() + "', MASTER_PORT=" + primary.port()
                    + ", MASTER_USER='root', MASTER_PASSWORD='', MASTER_USE_GTID=no, MASTER_LOG_FILE='" + file
                    + "', MASTER_LOG_POS=" + position);
            s.execute("START SLAVE");
        }
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE t (id INT PRIMARY KEY, v VARCHAR(20))"); // a write: on the primary, replicated
        }
        awaitReadsOn(REPLICA);
    }

    /** Before the servers stop (primary first): a replica that lost its primary logs errors while it retries. */
    @AfterAll
    static void stopReplicatingAndCapturing() throws SQLException {
        try (Connection c = direct(replica()); Statement s = c.createStatement()) {
            s.execute("STOP SLAVE");
        } finally {
            LOG.close();
        }
    }

    @Test
    @Order(1)
    void readsGoToTheReplicaAndWritesToThePrimaryWhichReplicatesThem() throws Exception {
        try (Connection primary = direct(tessera.extraHost(2)); Connection replica = direct(replica())) {
            Map<String, Long> primaryBefore = counters(primary);
            Map<String, Long> replicaBefore = counters(replica);
            Map<String, Long> loadBefore = loads();
            Map<String, Integer> served = new TreeMap<>();
            try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
                for (int i = 0; i < READS; i++) {
                    served.merge(read(s)[0], 1, Integer::sum);
                }
                for (int i = 1; i <= 20; i++) {
                    assertThat(s.executeUpdate("INSERT INTO t VALUES (" + i + ", 'v" + i + "')")).isEqualTo(1);
                }
            }
            Map<String, Long> primaryAfter = counters(primary);
            Map<String, Long> replicaAfter = counters(replica);
            Map<String, Long> load = delta(loadBefore, loads());

            MEASURED.warn("ReplicaLagIT: " + READS + " reads served by server id " + served + "; primary "
                    + delta(primaryBefore, primaryAfter) + ", replica " + delta(replicaBefore, replicaAfter)
                    + "; show @@datasource " + load);
            assertThat(served).containsOnlyKeys(REPLICA);
            assertThat(delta(replicaBefore, replicaAfter)).containsEntry("Com_select", (long) READS);
            assertThat(delta(primaryBefore, primaryAfter)).containsEntry("Com_select", 0L)
                    .containsEntry("Com_insert", 20L);
            // the replica's Com_insert counts the replicated rows too: Tessera's own counts show who took the writes
            assertThat(load).containsEntry("hostS1 READ_LOAD", (long) READS).containsEntry("hostS1 WRITE_LOAD", 0L)
                    .containsEntry("hostM1 READ_LOAD", 0L);
            // the 20 inserts, and the statements a new session sends (the driver's SETs) on the write host
            assertThat(load.get("hostM1 WRITE_LOAD")).isBetween(20L, 25L);
        }
        awaitRead(values -> values[1].equals("20"), "the 20 rows replicated, read through Tessera");
    }

    @Test
    @Order(2)
    void aReplicaLaggingPastTheThresholdTakesNoReadsUntilItCatchesUp() throws Exception {
        int logged = LOG.lines().size();
        long written;
        try (Connection lock = direct(replica()); Statement locking = lock.createStatement()) {
            // Both replication threads keep running, but the SQL thread waits for the lock: the replica falls behind.
            locking.execute("FLUSH TABLES WITH READ LOCK");
            try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
                assertThat(s.executeUpdate("INSERT INTO t VALUES (21, 'late')")).isEqualTo(1);
            }
            written = System.currentTimeMillis();
            long moved = awaitReadsOn(PRIMARY) - written;
            MEASURED.warn("ReplicaLagIT: reads left the lagging replica " + moved + " ms after the write");
            // Seconds_Behind_Master counts from the event's timestamp, in whole seconds: it reads 2 from 1 to 2 s after
            // the write; the next heartbeat then sees it (slack for a busy machine)
            assertThat(moved).as("reads leave once the lag is 2 s")
                    .isBetween(THRESHOLD_MILLIS - 1500, THRESHOLD_MILLIS + 5 * PERIOD_MILLIS);
            assertThat(heartbeatCode("hostS1")).as("the replica still answers: it is left for its lag").isEqualTo("1");
            assertThat(slaveStatus("Slave_SQL_Running")).isEqualTo("Yes");
            assertThat(slaveStatus("Slave_IO_Running")).isEqualTo("Yes");
            assertThat(Long.parseLong(slaveStatus("Seconds_Behind_Master"))).isGreaterThanOrEqualTo(2);
            assertThat(readServers(50)).containsOnlyKeys(PRIMARY);
            locking.execute("UNLOCK TABLES");
        }
        awaitReadsOn(REPLICA);
        awaitRead(values -> values[0].equals(REPLICA) && values[1].equals("21"), "the replica caught up");

        List<String> lines = LOG.lines().subList(logged, LOG.lines().size());
        assertThat(lines.stream().filter(line -> line.contains("replica lagging"))).singleElement().asString()
                .startsWith("WARN ").contains("slaveThreshold 2 s");
        assertThat(lines.stream().filter(line -> line.contains("in sync again"))).singleElement().asString()
                .startsWith("WARN ").contains("(was lagging)");
    }

    @Test
    @Order(3)
    void aReplicaWhoseSqlThreadStopsTakesNoReadsAtOnce() throws Exception {
        int logged = LOG.lines().size();
        try (Connection replica = direct(replica()); Statement s = replica.createStatement()) {
            s.execute("STOP SLAVE SQL_THREAD");
            long stopped = System.currentTimeMillis();
            long moved = awaitReadsOn(PRIMARY) - stopped;
            MEASURED.warn("ReplicaLagIT: reads left the stopped replica " + moved + " ms after the stop");
            assertThat(moved).as("the next heartbeat sees it").isLessThanOrEqualTo(4 * PERIOD_MILLIS);
            assertThat(heartbeatCode("hostS1")).as("the replica still answers").isEqualTo("1");

            s.execute("START SLAVE SQL_THREAD");
        }
        awaitReadsOn(REPLICA);

        List<String> lines = LOG.lines().subList(logged, LOG.lines().size());
        assertThat(lines.stream().filter(line -> line.contains("replication stopped"))).singleElement().asString()
                .startsWith("WARN ");
        assertThat(lines.stream().filter(line -> line.contains("in sync again"))).singleElement().asString()
                .contains("(was stopped)");
    }

    private static EmbeddedMariaDb replica() {
        return tessera.extraHost(3);
    }

    /** A connection straight to {@code db}, past Tessera. */
    private static Connection direct(EmbeddedMariaDb db) throws SQLException {
        return DriverManager.getConnection("jdbc:mysql://" + db.host() + ":" + db.port()
                + "/?sslMode=DISABLED&allowPublicKeyRetrieval=true", db.user(), db.password());
    }

    /** One read through Tessera: the server id that answered it, and the rows of t it saw. */
    private static String[] read(Statement s) throws SQLException {
        try (ResultSet rs = s.executeQuery(READ)) {
            assertThat(rs.next()).isTrue();
            return new String[] {rs.getString(1), rs.getString(2)};
        }
    }

    /** Which server took each of {@code count} reads through Tessera: count by server id. */
    private static Map<String, Integer> readServers(int count) throws SQLException {
        Map<String, Integer> served = new TreeMap<>();
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            for (int i = 0; i < count; i++) {
                served.merge(read(s)[0], 1, Integer::sum);
            }
        }
        return served;
    }

    /** Reads through Tessera until 20 reads in a row go to {@code serverId}; when the first of them was sent. */
    private static long awaitReadsOn(String serverId) throws Exception {
        long deadline = System.currentTimeMillis() + 20_000;
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            int inARow = 0;
            long firstOfRun = 0;
            while (inARow < 20) {
                long sent = System.currentTimeMillis();
                if (read(s)[0].equals(serverId)) {
                    firstOfRun = inARow == 0 ? sent : firstOfRun;
                    inARow++;
                } else {
                    inARow = 0;
                    assertThat(sent).as("reads still not all on server id " + serverId).isLessThan(deadline);
                    Thread.sleep(20);
                }
            }
            return firstOfRun;
        }
    }

    /** Reads through Tessera until {@code done} holds for an answer (server id, rows of t). */
    private static void awaitRead(Predicate<String[]> done, String what) throws Exception {
        long deadline = System.currentTimeMillis() + 20_000;
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            while (!done.test(read(s))) {
                assertThat(System.currentTimeMillis()).as(what).isLessThan(deadline);
                Thread.sleep(50);
            }
        }
    }

    /** RS_CODE of {@code server} in {@code show @@heartbeat}: 1 when its last heartbeat was OK. */
    private static String heartbeatCode(String server) throws SQLException {
        return AdminRows.of(tessera.adminPort(), "show @@heartbeat").stream()
                .filter(row -> row.get("NAME").equals(server)).findFirst().orElseThrow().get("RS_CODE");
    }

    /** A column of the replica's {@code show slave status}. */
    private static String slaveStatus(String column) throws SQLException {
        try (Connection c = direct(replica()); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SHOW SLAVE STATUS")) {
            assertThat(rs.next()).isTrue();
            return rs.getString(column);
        }
    }

    /** The server's statement counters that tell reads from writes. */
    private static Map<String, Long> counters(Connection c) throws SQLException {
        Map<String, Long> counters = new TreeMap<>();
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(
                        "SHOW GLOBAL STATUS WHERE Variable_name IN ('Com_select', 'Com_insert')")) {
            while (rs.next()) {
                counters.put(rs.getString(1), rs.getLong(2));
            }
        }
        return counters;
    }

    /** {@code show @@datasource}'s READ_LOAD and WRITE_LOAD, as "hostS1 READ_LOAD". */
    private static Map<String, Long> loads() throws SQLException {
        Map<String, Long> loads = new TreeMap<>();
        for (Map<String, String> row : AdminRows.of(tessera.adminPort(), "show @@datasource")) {
            for (String column : List.of("READ_LOAD", "WRITE_LOAD")) {
                loads.put(row.get("NAME") + " " + column, Long.parseLong(row.get(column)));
            }
        }
        return loads;
    }

    private static Map<String, Long> delta(Map<String, Long> before, Map<String, Long> after) {
        Map<String, Long> delta = new TreeMap<>();
        after.forEach((name, value) -> delta.put(name, value - before.getOrDefault(name, 0L)));
        return delta;
    }
}
