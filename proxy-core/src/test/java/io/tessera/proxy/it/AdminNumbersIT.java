package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The admin port's numbers equal what really happened: known workloads move the counters by exactly their size, and a
 * data host that dies shows in its heartbeat (after a {@code stop @@heartbeat} pause, only once the pause ends).
 * TESTDB's own tables live on dn1 (host1, the test data host); table far on dn3 (host2, an extra MariaDB).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class AdminNumbersIT {

    private static final int READS = 1000;
    private static final int WRITES = 200;
    private static final int CLIENTS = 30;

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/admin-numbers").withExtraHosts(1);

    @Test
    @Order(1)
    void aKnownWorkloadMovesTheDataSourceDataNodeAndCommandCountersByExactlyItsSize() throws Exception {
        tessera.dataHosts().executeIn(tessera.database("db1"), "CREATE TABLE t (id INT PRIMARY KEY, v INT)");
        try (Connection client = tessera.connect("TESTDB"); Statement s = client.createStatement()) {
            s.executeQuery("SELECT 1 FROM t").close(); // the connection and its backend are set up before counting
            Map<String, String> source = dn1Source();
            long node = executed("dn1");
            long queries = queries();

            for (int i = 1; i <= WRITES; i++) {
                s.executeUpdate("INSERT INTO t VALUES (" + i + ", " + i * 10 + ")");
            }
            for (int i = 0; i < READS; i++) {
                try (ResultSet rs = s.executeQuery("SELECT v FROM t WHERE id = " + (i % WRITES + 1))) {
                    assertThat(rs.next()).isTrue();
                }
            }

            Map<String, String> after = dn1Source();
            assertThat(delta(after, source, "EXECUTE")).isEqualTo(READS + WRITES);
            assertThat(delta(after, source, "READ_LOAD")).isEqualTo(READS);
            assertThat(delta(after, source, "WRITE_LOAD")).isEqualTo(WRITES);
            assertThat(after.get("ACTIVE")).as("nothing borrowed between statements in autocommit").isEqualTo("0");
            assertThat(executed("dn1") - node).isEqualTo(READS + WRITES);
            assertThat(queries() - queries).isEqualTo(READS + WRITES);
        }
    }

    @Test
    @Order(2)
    void thirtyConnectionsAreThirtyRowsAndEachCountsTheBytesItSent() throws Exception {
        AdminRows.await(() -> AdminRows.of(tessera.adminPort(), "show @@connection"), List::isEmpty);
        List<Connection> clients = new ArrayList<>();
        try {
            for (int i = 0; i < CLIENTS; i++) {
                clients.add(tessera.connect("TESTDB"));
            }
            List<Map<String, String>> rows = AdminRows.of(tessera.adminPort(), "show @@connection");
            assertThat(rows).hasSize(CLIENTS).allSatisfy(row -> {
                assertThat(row.get("USER")).isEqualTo(RunningTessera.USER);
                assertThat(row.get("SCHEMA")).isEqualTo("TESTDB");
            });
            long frontProcessors = AdminRows.of(tessera.adminPort(), "show @@processor").stream()
                    .mapToLong(row -> Long.parseLong(row.get("FC_COUNT"))).sum();
            assertThat(frontProcessors).isEqualTo(CLIENTS);

            long id = connectionId(clients.get(0));
            Map<String, String> before = connection(id);
            String sql = "SELECT 1";
            try (Statement s = clients.get(0).createStatement()) {
                s.executeQuery(sql).close();
            }
            Map<String, String> after = connection(id);
            // one COM_QUERY packet: a 4-byte header, the command byte, the text
            assertThat(delta(after, before, "NET_IN")).isEqualTo(4 + 1 + sql.length());
            assertThat(delta(after, before, "NET_OUT")).isPositive();
        } finally {
            for (Connection c : clients) {
                c.close();
            }
        }
        AdminRows.await(() -> AdminRows.of(tessera.adminPort(), "show @@connection"), List::isEmpty);
    }

    @Test
    @Order(3)
    void eachShowSyslogIsOneTaskOfTheBusinessExecutor() throws Exception {
        long completed = businessExecutor().get("COMPLETED_TASK");
        long total = businessExecutor().get("TOTAL_TASK");
        for (int i = 0; i < 5; i++) {
            AdminRows.of(tessera.adminPort(), "show @@syslog limit=1");
        }
        // a task counts as completed once its run() returns, just after it answered: wait for that
        AdminRows.await(() -> AdminRows.of(tessera.adminPort(), "show @@threadpool"), rows -> rows.stream()
                .anyMatch(row -> row.get("NAME").equals("BusinessExecutor")
                        && Long.parseLong(row.get("COMPLETED_TASK")) == completed + 5));
        assertThat(businessExecutor().get("TOTAL_TASK")).isEqualTo(total + 5);
    }

    @Test
    @Order(4)
    void aDeadDataHostShowsInItsHeartbeatOnceAStopHeartbeatPauseEnds() throws Exception {
        AdminRows.await(() -> AdminRows.of(tessera.adminPort(), "show @@heartbeat"),
                rows -> rows.stream().allMatch(row -> row.get("RS_CODE").equals("1")));
        assertThat(AdminRows.of(tessera.adminPort(), "show @@heartbeat.detail where name = hostM2"))
                .isNotEmpty().allSatisfy(row -> {
                    assertThat(row.get("TIME")).matches("\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d");
                    assertThat(Long.parseLong(row.get("EXECUTE_TIME"))).isNotNegative();
                });

        assertThat(admin("stop @@heartbeat host2:600")).isEqualTo(1);
        assertThat(heartbeat("hostM2").get("STOP")).isEqualTo("true");
        assertThat(Long.parseLong(dataNode("dn3").get("RECOVERY_TIME"))).isBetween(590L, 600L);
        tessera.extraHost(2).kill();
        Thread.sleep(3_000); // six heartbeat periods
        assertThat(heartbeat("hostM2").get("RS_CODE")).as("paused: the last outcome stands").isEqualTo("1");
        assertThat(heartbeat("hostM1").get("RS_CODE")).isEqualTo("1");

        assertThat(admin("stop @@heartbeat host2:0")).isEqualTo(1);
        AdminRows.await(() -> AdminRows.of(tessera.adminPort(), "show @@heartbeat"), rows -> rows.stream()
                .anyMatch(row -> row.get("NAME").equals("hostM2") && row.get("RS_CODE").equals("-1")
                        && Integer.parseInt(row.get("RETRY")) >= 1));
        assertThat(heartbeat("hostM2").get("STOP")).isEqualTo("false");
        assertThat(heartbeat("hostM1").get("RS_CODE")).as("the other data host is untouched").isEqualTo("1");
    }

    private static Map<String, String> dn1Source() throws SQLException {
        return AdminRows.of(tessera.adminPort(), "show @@datasource where datanode = dn1").get(0);
    }

    private static long executed(String dataNode) throws SQLException {
        return Long.parseLong(dataNode(dataNode).get("EXECUTE"));
    }

    private static Map<String, String> dataNode(String name) throws SQLException {
        return AdminRows.of(tessera.adminPort(), "show @@datanode").stream()
                .filter(row -> row.get("NAME").equals(name)).findFirst().orElseThrow();
    }

    private static Map<String, String> heartbeat(String source) throws SQLException {
        return AdminRows.of(tessera.adminPort(), "show @@heartbeat").stream()
                .filter(row -> row.get("NAME").equals(source)).findFirst().orElseThrow();
    }

    private static long queries() throws SQLException {
        return AdminRows.of(tessera.adminPort(), "show @@command").stream()
                .mapToLong(row -> Long.parseLong(row.get("QUERY"))).sum();
    }

    private static Map<String, Long> businessExecutor() throws SQLException {
        Map<String, String> row = AdminRows.of(tessera.adminPort(), "show @@threadpool").stream()
                .filter(r -> r.get("NAME").equals("BusinessExecutor")).findFirst().orElseThrow();
        return Map.of("COMPLETED_TASK", Long.parseLong(row.get("COMPLETED_TASK")),
                "TOTAL_TASK", Long.parseLong(row.get("TOTAL_TASK")));
    }

    private static Map<String, String> connection(long id) throws SQLException {
        return AdminRows.of(tessera.adminPort(), "show @@connection").stream()
                .filter(row -> row.get("ID").equals(Long.toString(id))).findFirst().orElseThrow();
    }

    private static long connectionId(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT CONNECTION_ID()")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static long delta(Map<String, String> after, Map<String, String> before, String column) {
        return Long.parseLong(after.get(column)) - Long.parseLong(before.get(column));
    }

    private static int admin(String command) throws SQLException {
        return AdminRows.update(tessera.adminPort(), command);
    }
}
