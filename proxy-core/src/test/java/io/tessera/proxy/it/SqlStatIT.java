package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * MyCat's SQL statistics over real TCP and Connector/J: a known workload on dn1 (1,000 reads and 200 writes of one
 * table by user test, 7 reads by user other on dn2), and the admin port's counts checked exactly. Statistics are off
 * at start ({@code useSqlStat=0}) and {@code sqlRecordCount=3}. Also {@code show @@command}'s counts of a known
 * sequence of protocol commands.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SqlStatIT {

    private static final Logger LOG = LogManager.getLogger(SqlStatIT.class);

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/sql-stat");

    private static final int READS = 1000;
    private static final int WRITES = 200;
    private static final int OTHER_READS = 7;
    /** A COM_QUERY's bytes: the 4-byte header, the command byte, the text. */
    private static final int COM_QUERY_OVERHEAD = 5;

    @BeforeAll
    static void createTheTables() throws SQLException {
        tessera.dataHosts().executeIn(tessera.database("db1"),
                "CREATE TABLE stat_t (id INT PRIMARY KEY, v VARCHAR(20))",
                "INSERT INTO stat_t VALUES (1, 'one'), (2, 'two')");
        tessera.dataHosts().executeIn(tessera.database("db2"), "CREATE TABLE stat_o (id INT PRIMARY KEY)",
                "INSERT INTO stat_o VALUES (1)");
    }

    @Test
    @Order(1)
    void offAtStartRecordsNothing() throws Exception {
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            for (int i = 0; i < 10; i++) {
                readAll(s, "select v from stat_t where id = 1");
            }
        }
        assertThat(admin("show @@sql.sum.user")).isEmpty();
        assertThat(admin("show @@sql.sum.table")).isEmpty();
        assertThat(admin("show @@sql")).isEmpty();
    }

    @Test
    @Order(2)
    void countsEveryReadAndWriteOfAKnownWorkloadPerUserAndPerTable() throws Exception {
        assertThat(adminUpdate("reload @@sqlstat=open")).isEqualTo(1);
        try (Connection test = tessera.connect("TESTDB"); Statement s = test.createStatement();
                Connection other = tessera.connect("OTHERDB", "other", "other");
                Statement o = other.createStatement()) {
            admin("show @@sql.sum.user true"); // the connections' own set-up statements, if any reached a node
            admin("show @@sql.sum.table true");
            admin("show @@sql true");
            long bytesIn = 0;
            for (int i = 0; i < READS; i++) {
                String sql = "select v from stat_t where id = " + (i % 2 + 1);
                readAll(s, sql);
                bytesIn += COM_QUERY_OVERHEAD + sql.getBytes(StandardCharsets.UTF_8).length;
            }
            for (int i = 0; i < WRITES; i++) {
                String sql = i % 2 == 0 ? "insert into stat_t (id, v) values (" + (100 + i) + ", 'w')"
                        : "update stat_t set v = 'u' where id = " + (100 + i - 1);
                assertThat(s.executeUpdate(sql)).isEqualTo(1);
                bytesIn += COM_QUERY_OVERHEAD + sql.getBytes(StandardCharsets.UTF_8).length;
            }
            for (int i = 0; i < OTHER_READS; i++) {
                readAll(o, "select id from stat_o");
            }

            Map<String, Map<String, String>> users = byColumn(admin("show @@sql.sum.user"), "USER");
            LOG.warn("SqlStatIT: show @@sql.sum.user " + users);
            assertThat(users).containsOnlyKeys("test", "other");
            assertThat(users.get("test")).containsEntry("R", "1000").containsEntry("W", "200")
                    .containsEntry("R%", "0.83").containsEntry("MAX", "1")
                    .containsEntry("NET_IN", Long.toString(bytesIn))
                    .containsEntry("TIME_COUNT", timeCount(1200));
            assertThat(Long.parseLong(users.get("test").get("NET_OUT"))).isPositive();
            assertThat(users.get("other")).containsEntry("R", "7").containsEntry("W", "0")
                    .containsEntry("R%", "1.00")
                    .containsEntry("NET_IN",
                            Long.toString(OTHER_READS * (COM_QUERY_OVERHEAD + "select id from stat_o".length())));
            assertThat(admin("show @@sql.sum")).isEqualTo(admin("show @@sql.sum.user"));

            Map<String, Map<String, String>> tables = byColumn(admin("show @@sql.sum.table"), "TABLE");
            LOG.warn("SqlStatIT: show @@sql.sum.table " + tables);
            assertThat(tables).containsOnlyKeys("stat_t", "stat_o");
            assertThat(tables.get("stat_t")).containsEntry("ID", "1").containsEntry("R", "1000")
                    .containsEntry("W", "200").containsEntry("RELATABLE", "NULL");
            assertThat(tables.get("stat_o")).containsEntry("R", "7").containsEntry("W", "0");

            List<Map<String, String>> recent = admin("show @@sql");
            assertThat(recent).hasSize(50 + OTHER_READS); // the last 50 of test, all 7 of other
            assertThat(recent.get(0)).containsEntry("USER", "other").containsEntry("SQL", "select id from stat_o");
            assertThat(recent.get(recent.size() - 1)).containsEntry("USER", "test")
                    .containsEntry("SQL", "update stat_t set v = 'u' where id = 298")
                    .containsEntry("IP", "127.0.0.1");
        }
    }

    @Test
    @Order(3)
    void trueClearsTheCountsItShows() throws Exception {
        Map<String, Map<String, String>> shown = byColumn(admin("show @@sql.sum.user true"), "USER");
        assertThat(shown.get("test")).containsEntry("R", "1000").containsEntry("W", "200");
        Map<String, Map<String, String>> after = byColumn(admin("show @@sql.sum.user"), "USER");
        assertThat(after.get("test")).containsEntry("R", "0").containsEntry("W", "0").containsEntry("NET_IN", "0");
        assertThat(byColumn(admin("show @@sql.sum.table true"), "TABLE").get("stat_t")).containsEntry("R", "1000");
        assertThat(byColumn(admin("show @@sql.sum.table"), "TABLE").get("stat_t")).containsEntry("R", "0")
                .containsEntry("W", "0");
        assertThat(admin("show @@sql true")).hasSize(57);
        assertThat(admin("show @@sql")).isEmpty();
    }

    @Test
    @Order(4)
    void keepsTheSlowestStatementsOverTheThresholdSetWithReload() throws Exception {
        assertThat(adminUpdate("reload @@sqlslow=150")).isEqualTo(1);
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            for (String seconds : List.of("0.2", "0.05", "0.25", "0.3", "0.35", "0.01")) {
                readAll(s, "select sleep(" + seconds + "), v from stat_t where id = 1");
            }
            readAll(s, "select v from stat_t where id = 2");
        }
        List<Map<String, String>> slow = admin("show @@sql.slow");
        LOG.warn("SqlStatIT: show @@sql.slow " + slow);
        // sqlRecordCount=3: the three slowest of the four over 150 ms, slowest first
        assertThat(slow).extracting(r -> r.get("SQL")).containsExactly(
                "select sleep(0.35), v from stat_t where id = 1", "select sleep(0.3), v from stat_t where id = 1",
                "select sleep(0.25), v from stat_t where id = 1");
        assertThat(slow).allSatisfy(r -> assertThat(r).containsEntry("USER", "test")
                .containsEntry("DATASOURCE", "dn1").containsEntry("SCHEMA", "TESTDB").containsEntry("IP", "127.0.0.1"));
        assertThat(Long.parseLong(slow.get(0).get("EXECUTE_TIME"))).isGreaterThanOrEqualTo(350);
        assertThat(Long.parseLong(slow.get(2).get("EXECUTE_TIME"))).isGreaterThanOrEqualTo(250);
        Map<String, String> test = byColumn(admin("show @@sql.sum.user"), "USER").get("test");
        assertThat(test).containsEntry("R", "7");

        assertThat(admin("show @@sql.slow true")).hasSize(3);
        assertThat(admin("show @@sql.slow")).isEmpty();
    }

    @Test
    @Order(5)
    void closedRecordsNothingMoreAndKeepsWhatItHas() throws Exception {
        assertThat(adminUpdate("reload @@sqlstat=close")).isEqualTo(1);
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            for (int i = 0; i < 10; i++) {
                readAll(s, "select v from stat_t where id = 1");
            }
        }
        assertThat(byColumn(admin("show @@sql.sum.user"), "USER").get("test")).containsEntry("R", "7");
    }

    @Test
    @Order(6)
    void showCommandCountsEachProtocolCommandPerProcessor() throws Exception {
        try (Connection c = DriverManager.getConnection(tessera.jdbcUrl("TESTDB") + "?useServerPrepStmts=true",
                RunningTessera.USER, RunningTessera.PASSWORD)) {
            Map<String, Long> before = commandTotals();
            try (Statement s = c.createStatement()) {
                for (int i = 0; i < 10; i++) {
                    readAll(s, "select v from stat_t where id = 1");
                }
            }
            for (int i = 0; i < 3; i++) {
                assertThat(c.isValid(5)).isTrue(); // COM_PING
            }
            try (PreparedStatement p = c.prepareStatement("select v from stat_t where id = ?")) {
                for (int id = 1; id <= 2; id++) {
                    p.setInt(1, id);
                    try (ResultSet rs = p.executeQuery()) {
                        assertThat(rs.next()).isTrue();
                    }
                }
            }
            Map<String, Long> after = commandTotals();
            assertThat(delta(before, after)).containsEntry("QUERY", 10L).containsEntry("PING", 3L)
                    .containsEntry("STMT_PREPARE", 1L).containsEntry("STMT_EXECUTE", 2L)
                    .containsEntry("STMT_CLOSE", 1L).containsEntry("KILL", 0L).containsEntry("QUIT", 0L)
                    .containsEntry("OTHER", 0L).containsEntry("INIT_DB", 0L);
            before = after;
            c.close();
            Map<String, Long> closed = before;
            AdminRows.await(SqlStatIT::commandRows, rows -> delta(closed, totals(rows)).get("QUIT") == 1L);
        }
        List<Map<String, String>> rows = commandRows();
        assertThat(rows).extracting(r -> r.get("PROCESSOR")).doesNotHaveDuplicates()
                .allSatisfy(name -> assertThat(name).matches("Processor\\d+"));
    }

    @Test
    @Order(7)
    void showConnectionSqlTellsTheStatementEachConnectionRunsOrRanLast() throws Exception {
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            String id;
            try (ResultSet rs = s.executeQuery("select connection_id()")) {
                assertThat(rs.next()).isTrue();
                id = rs.getString(1);
            }
            long before = System.currentTimeMillis();
            String sleep = "select sleep(0.3), v from stat_t where id = 2";
            readAll(s, sleep);
            long after = System.currentTimeMillis();
            Map<String, String> row = byColumn(admin("show @@connection.sql"), "ID").get(id);
            LOG.warn("SqlStatIT: show @@connection.sql " + row);
            assertThat(row).containsEntry("SQL", sleep).containsEntry("USER", "test")
                    .containsEntry("SCHEMA", "TESTDB").containsEntry("HOST", "127.0.0.1");
            assertThat(Long.parseLong(row.get("START_TIME"))).isBetween(before, after);
            // Tessera times the statement with nanoTime, the test with the wall clock: 2 ms of slack between them
            assertThat(Long.parseLong(row.get("EXECUTE_TIME"))).isBetween(300L, after - before + 2);
            Thread.sleep(100); // it ran: its time does not grow
            assertThat(byColumn(admin("show @@connection.sql"), "ID").get(id)).isEqualTo(row);
        }
    }

    private static List<Map<String, String>> commandRows() throws SQLException {
        return admin("show @@command");
    }

    /** Each column of {@code show @@command} summed over the processors. */
    private static Map<String, Long> commandTotals() throws SQLException {
        return totals(commandRows());
    }

    private static Map<String, Long> totals(List<Map<String, String>> rows) {
        Map<String, Long> totals = new LinkedHashMap<>();
        for (Map<String, String> row : rows) {
            row.forEach((column, value) -> {
                if (!column.equals("PROCESSOR")) {
                    totals.merge(column, Long.parseLong(value), Long::sum);
                }
            });
        }
        return totals;
    }

    private static Map<String, Long> delta(Map<String, Long> before, Map<String, Long> after) {
        Map<String, Long> delta = new LinkedHashMap<>();
        after.forEach((column, value) -> delta.put(column, value - before.getOrDefault(column, 0L)));
        return delta;
    }

    /** TIME_COUNT of {@code n} statements that all ended in the hours' bucket of now (MyCat's 22-06, 06-13, ...). */
    private static String timeCount(long n) {
        int hour = LocalTime.now().getHour();
        int bucket = hour < 6 || hour >= 22 ? 0 : hour < 13 ? 1 : hour < 18 ? 2 : 3;
        long[] counts = new long[4];
        counts[bucket] = n;
        return "[" + counts[0] + ", " + counts[1] + ", " + counts[2] + ", " + counts[3] + "]";
    }

    private static void readAll(Statement s, String sql) throws SQLException {
        try (ResultSet rs = s.executeQuery(sql)) {
            assertThat(rs.next()).as(sql).isTrue();
        }
    }

    private static Map<String, Map<String, String>> byColumn(List<Map<String, String>> rows, String column) {
        Map<String, Map<String, String>> by = new LinkedHashMap<>();
        rows.forEach(row -> by.put(row.get(column), row));
        return by;
    }

    private static List<Map<String, String>> admin(String command) throws SQLException {
        return AdminRows.of(tessera.adminPort(), command);
    }

    private static int adminUpdate(String command) throws SQLException {
        return AdminRows.update(tessera.adminPort(), command);
    }
}
