package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.tessera.mariadb.EmbeddedMariaDb;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Read/write splitting over real TCP: a primary (hostM1, the test data host) with two read hosts (hostS1 weight 1 and
 * hostS2 weight 3, extra MariaDBs) under {@code balance="1"}. No replication: each server's table {@code whoami} names
 * the server, so every answer says where it was read, and a write shows on the server that took it.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ReadWriteSplitIT {

    private static final Logger LOG = LogManager.getLogger(ReadWriteSplitIT.class);

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/read-write-split").withExtraHosts(2);

    private static final String CREATE = "CREATE TABLE whoami (id INT PRIMARY KEY, server VARCHAR(20))";
    private static final String WHO = "SELECT server FROM whoami WHERE id = 1";
    private static final int READS = 1000;

    @BeforeAll
    static void tellTheServersApartOnceEveryHeartbeatIsOk() throws Exception {
        String database = tessera.database("db1");
        tessera.dataHosts().executeIn(database, CREATE, "INSERT INTO whoami VALUES (1, 'hostM1')");
        tessera.extraHost(2).execute(database, CREATE + "; INSERT INTO whoami VALUES (1, 'hostS1');");
        tessera.extraHost(3).execute(database, CREATE + "; INSERT INTO whoami VALUES (1, 'hostS2');");
        AdminRows.await(() -> admin("show @@heartbeat"),
                rows -> rows.stream().allMatch(r -> r.get("RS_CODE").equals("1")));
    }

    @Test
    @Order(1)
    void readsSpreadOverTheReadHostsByWeightAndNeverReachTheWriteHost() throws Exception {
        Map<String, Integer> served = new TreeMap<>();
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            for (int i = 0; i < READS; i++) {
                served.merge(single(s, WHO), 1, Integer::sum);
            }
        }

        LOG.warn("ReadWriteSplitIT: " + READS + " reads served by " + served);
        assertThat(served).containsOnlyKeys("hostS1", "hostS2");
        assertThat(served.get("hostS1") / (double) READS).isCloseTo(0.25, within(0.07));
        assertThat(served.get("hostS2") / (double) READS).isCloseTo(0.75, within(0.07));
        Map<String, Map<String, String>> counts = new TreeMap<>();
        for (Map<String, String> row : admin("show @@datasource")) {
            counts.put(row.get("NAME"), row);
        }
        LOG.warn("ReadWriteSplitIT: show @@datasource " + counts);
        assertThat(counts.get("hostM1")).containsEntry("READ_LOAD", "0"); // its writes: the sessions' own SETs
        for (String replica : List.of("hostS1", "hostS2")) {
            assertThat(counts.get(replica)).containsEntry("READ_LOAD", String.valueOf(served.get(replica)))
                    .containsEntry("WRITE_LOAD", "0");
            assertThat(Long.parseLong(counts.get(replica).get("EXECUTE"))).isGreaterThanOrEqualTo(served.get(replica));
        }
    }

    @Test
    @Order(2)
    void preparedReadsGoToTheReadHostsToo() throws Exception {
        try (Connection c = DriverManager.getConnection(tessera.jdbcUrl("TESTDB") + "?useServerPrepStmts=true",
                RunningTessera.USER, RunningTessera.PASSWORD);
                PreparedStatement read = c.prepareStatement("SELECT server FROM whoami WHERE id = ?")) {
            for (int i = 0; i < 20; i++) {
                read.setInt(1, 1);
                try (ResultSet rs = read.executeQuery()) {
                    assertThat(rs.next()).isTrue();
                    assertThat(rs.getString(1)).isIn("hostS1", "hostS2");
                }
            }
        }
    }

    @Test
    @Order(3)
    void writesGoToTheWriteHostOnly() throws Exception {
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            assertThat(s.executeUpdate("INSERT INTO whoami VALUES (2, 'written')")).isEqualTo(1);
            assertThat(s.executeUpdate("UPDATE whoami SET server = 'updated' WHERE id = 2")).isEqualTo(1);
        }

        assertThat(direct(null, "SELECT server FROM whoami ORDER BY id")).containsExactly("hostM1", "updated");
        assertThat(direct(tessera.extraHost(2), "SELECT server FROM whoami ORDER BY id")).containsExactly("hostS1");
        assertThat(direct(tessera.extraHost(3), "SELECT server FROM whoami ORDER BY id")).containsExactly("hostS2");
    }

    @Test
    @Order(4)
    void readsThatMustSeeThePrimaryStayOnTheWriteHost() throws Exception {
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            for (int i = 0; i < 20; i++) { // the second and later take the cached route
                assertThat(single(s, WHO + " FOR UPDATE")).isEqualTo("hostM1");
                assertThat(single(s, WHO + " LOCK IN SHARE MODE")).isEqualTo("hostM1");
                assertThat(single(s, "/*#mycat:db_type=master*/ " + WHO)).isEqualTo("hostM1");
                assertThat(single(s, "/*!mycat:db_type=slave*/ " + WHO)).isIn("hostS1", "hostS2");
            }
            c.setAutoCommit(false);
            for (int i = 0; i < 20; i++) {
                assertThat(single(s, WHO)).isEqualTo("hostM1");
            }
            c.commit();
            c.setAutoCommit(true);
            s.execute("BEGIN");
            try (ResultSet rs = s.executeQuery(WHO)) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getString(1)).isEqualTo("hostM1");
            }
            s.execute("COMMIT");
            assertThat(single(s, WHO)).isIn("hostS1", "hostS2");
        }
    }

    @Test
    @Order(5)
    void whenTheReadHostsStopReadsGoBackToTheWriteHost() throws Exception {
        tessera.extraHost(2).close();
        tessera.extraHost(3).close();

        AdminRows.await(() -> admin("show @@heartbeat"), rows -> rows.get(1).get("RS_CODE").equals("-1")
                && rows.get(2).get("RS_CODE").equals("-1"));
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            for (int i = 0; i < 100; i++) {
                assertThat(single(s, WHO)).isEqualTo("hostM1");
            }
        }
    }

    /** The one value {@code sql} answers (execute, not executeQuery: the driver takes a hinted text for no query). */
    private static String single(Statement s, String sql) throws SQLException {
        assertThat(s.execute(sql)).as(sql).isTrue();
        try (ResultSet rs = s.getResultSet()) {
            assertThat(rs.next()).as(sql).isTrue();
            return rs.getString(1);
        }
    }

    /** The first column of {@code sql}'s rows, read straight from an extra server, or from hostM1 for null. */
    private static List<String> direct(EmbeddedMariaDb db, String sql) throws SQLException {
        String database = tessera.database("db1");
        List<String> values = new ArrayList<>();
        try (Connection c = db == null ? tessera.dataHosts().connectDirect(database)
                : DriverManager.getConnection("jdbc:mysql://" + db.host() + ":" + db.port() + "/" + database
                        + "?sslMode=DISABLED&allowPublicKeyRetrieval=true", db.user(), db.password());
                Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                values.add(rs.getString(1));
            }
        }
        return values;
    }

    /** The rows of an admin command, each by column label. */
    private static List<Map<String, String>> admin(String command) throws SQLException {
        return AdminRows.of(tessera.adminPort(), command);
    }
}
