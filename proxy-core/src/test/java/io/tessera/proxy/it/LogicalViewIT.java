package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Clients see only the logical view: SHOW GRANTS, SHOW PROCESSLIST, SHOW STATUS, information_schema.SCHEMATA and
 * PROCESSLIST are Tessera's, and a data host's errors name logical schemas, never the data nodes' databases. Tessera
 * reaches its data host with an account of its own that has a password; the last test looks for that password, its
 * hash, the account and the data nodes' databases in everything this class read through Tessera, and finds none.
 */
@Tag("integration")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class LogicalViewIT {

    /** Everything Tessera logs from before it starts (a static field is set before the extensions run). */
    private static final LogLines LOG = LogLines.capture();

    @RegisterExtension
    @Order(1)
    static final BackendAccount backend = new BackendAccount("it_lv_backend", "Lv-Backend-Secret-7f3a");

    @RegisterExtension
    @Order(2)
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/logical-view");

    /** The variables SHOW STATUS has, as docs/security.md lists them. */
    private static final List<String> STATUS_VARIABLES = List.of("Aborted_connects", "Bytes_received", "Bytes_sent",
            "Com_begin", "Com_change_db", "Com_commit", "Com_delete", "Com_insert", "Com_kill", "Com_replace",
            "Com_rollback", "Com_select", "Com_set_option", "Com_show_databases", "Com_show_grants",
            "Com_show_processlist", "Com_show_status", "Com_show_tables", "Com_show_variables", "Com_show_warnings",
            "Com_stmt_close", "Com_stmt_execute", "Com_stmt_fetch", "Com_stmt_prepare", "Com_stmt_reset",
            "Com_stmt_send_long_data", "Com_update", "Connections", "Max_used_connections", "Queries", "Questions",
            "Ssl_cipher", "Ssl_version", "Threads_connected", "Threads_running", "Uptime");

    /** Every column name, every value and every error message this class read through Tessera. */
    private static final List<String> SEEN = Collections.synchronizedList(new ArrayList<>());
    /** Every value the admin port answered: a DBA's view, which names databases, but no password. */
    private static final List<String> ADMIN = Collections.synchronizedList(new ArrayList<>());

    @BeforeAll
    static void tables() throws SQLException {
        // t_mod is sharded over dn1 and dn2, but exists on dn1 only: statements on dn2 fail there
        tessera.dataHosts().executeIn(tessera.database("db1"), "CREATE TABLE t_mod (id INT PRIMARY KEY, v INT)");
        try (Connection c = connect("test"); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE parent (id INT PRIMARY KEY) ENGINE=InnoDB");
            s.execute("CREATE TABLE child (id INT PRIMARY KEY, pid INT, FOREIGN KEY (pid) REFERENCES parent (id))"
                    + " ENGINE=InnoDB");
        }
    }

    @Test
    @Order(1)
    void showGrantsIsWhatServerXmlGrantsTheLogicalUser() throws SQLException {
        List<List<String>> test = List.of(List.of("GRANT USAGE ON *.* TO 'test'@'%'"),
                List.of("GRANT ALL PRIVILEGES ON `TESTDB`.* TO 'test'@'%'"),
                List.of("GRANT ALL PRIVILEGES ON `OTHERDB`.* TO 'test'@'%'"));
        try (Connection c = connect("test")) {
            for (String sql : List.of("SHOW GRANTS", "SHOW GRANTS FOR CURRENT_USER", "SHOW GRANTS FOR CURRENT_USER()",
                    "SHOW GRANTS FOR 'test'@'%'", "SHOW GRANTS FOR test", "SHOW GRANTS FOR 'test'@'127.0.0.1'",
                    "/*!mycat:datanode=dn1*/SHOW GRANTS")) {
                assertThat(rows(c, sql)).as(sql).isEqualTo(test);
            }
            assertThat(labels(c, "SHOW GRANTS")).containsExactly("Grants for test@%");
        }
        try (Connection c = connect("reader")) {
            assertThat(rows(c, "SHOW GRANTS")).containsExactly(List.of("GRANT USAGE ON *.* TO 'reader'@'%'"),
                    List.of("GRANT SELECT ON `TESTDB`.* TO 'reader'@'%'"));
        }
        try (Connection c = connect("masked")) {
            assertThat(rows(c, "SHOW GRANTS")).containsExactly(List.of("GRANT USAGE ON *.* TO 'masked'@'%'"),
                    List.of("GRANT SELECT, UPDATE ON `TESTDB`.* TO 'masked'@'%'"),
                    List.of("GRANT SELECT ON `TESTDB`.`t_mod` TO 'masked'@'%'"));
        }
    }

    @Test
    @Order(2)
    void showGrantsForAnotherAccountIsRefusedAsMysqlRefusesAUserWithoutTheRight() throws SQLException {
        try (Connection c = connect("test")) {
            for (String sql : List.of("SHOW GRANTS FOR 'other'@'%'", "SHOW GRANTS FOR 'nobody'@'%'",
                    "SHOW GRANTS FOR 'test'@'10.1.1.1'", "SHOW GRANTS FOR 'it_lv_backend'@'%'")) {
                SQLException e = error(c, sql);
                assertThat(e.getErrorCode()).as(sql).isEqualTo(1044);
                assertThat(e.getSQLState()).isEqualTo("42000");
                assertThat(e.getMessage()).isEqualTo("Access denied for user 'test'@'127.0.0.1' to database 'mysql'");
            }
            assertThat(rows(c, "SELECT 1")).containsExactly(List.of("1"));
        }
    }

    @Test
    @Order(3)
    void processListShowsTheUsersOwnConnectionsWithTheIdsKillUses() throws Exception {
        String sleep = "SELECT SLEEP(30), '" + "x".repeat(150) + "' AS padding";
        try (Connection a = connect("test"); Connection b = connect("test"); Connection o = connect("other")) {
            long aId = connectionId(a);
            long bId = connectionId(b);
            long oId = connectionId(o);
            CompletableFuture<Void> sleeping = CompletableFuture.runAsync(() -> {
                try {
                    rows(b, sleep);
                } catch (SQLException e) {
                    SEEN.add(e.getMessage()); // the KILL QUERY below ends it, whichever way the driver says so
                }
            });
            Map<Long, List<String>> list = waitFor(a, "SHOW PROCESSLIST", rows -> "Query".equals(rows.get(bId).get(4)));

            assertThat(list).containsOnlyKeys(aId, bId); // not other's connection
            assertThat(labels(a, "SHOW PROCESSLIST")).containsExactly("Id", "User", "Host", "db", "Command", "Time",
                    "State", "Info");
            List<String> own = list.get(aId);
            assertThat(own.subList(0, 2)).containsExactly(Long.toString(aId), "test");
            assertThat(own.get(2)).startsWith("127.0.0.1:");
            assertThat(own.subList(3, 5)).containsExactly("TESTDB", "Query");
            assertThat(own.subList(6, 8)).containsExactly("executing", "SHOW PROCESSLIST");
            assertThat(list.get(bId).get(7)).isEqualTo(sleep.substring(0, 100));
            assertThat(byId(rows(a, "SHOW FULL PROCESSLIST")).get(bId).get(7)).isEqualTo(sleep);
            assertThat(rows(a, "SELECT USER, DB, COMMAND, INFO FROM information_schema.PROCESSLIST WHERE ID = " + bId))
                    .containsExactly(List.of("test", "TESTDB", "Query", sleep));
            assertThat(rows(a, "SELECT ID, INFO FROM information_schema.PROCESSLIST WHERE ID = CONNECTION_ID()"))
                    .containsExactly(List.of(Long.toString(aId), "SELECT ID, INFO FROM information_schema.PROCESSLIST"
                            + " WHERE ID = CONNECTION_ID()"));
            assertThat(rows(o, "SELECT ID, USER FROM information_schema.PROCESSLIST"))
                    .containsExactly(List.of(Long.toString(oId), "other"));

            rows(a, "KILL QUERY " + bId);
            sleeping.get(10, TimeUnit.SECONDS);

            List<String> idle = waitFor(a, "SHOW PROCESSLIST", rows -> "Sleep".equals(rows.get(bId).get(4))).get(bId);
            assertThat(idle.get(6)).isEmpty();
            assertThat(idle.get(7)).isNull();
        }
    }

    @Test
    @Order(4)
    void showStatusIsTesserasOwnCounters() throws SQLException {
        try (Connection c = connect("test")) {
            long before = status(c, "SHOW STATUS LIKE 'Com_select'");
            for (int i = 0; i < 3; i++) {
                rows(c, "SELECT id FROM t_mod WHERE id = 2"); // on dn1
            }
            assertThat(status(c, "SHOW SESSION STATUS LIKE 'Com_select'")).isEqualTo(before + 3);
            assertThat(status(c, "SHOW GLOBAL STATUS LIKE 'com\\_select'")).isGreaterThanOrEqualTo(before + 3);
            assertThat(status(c, "SHOW STATUS LIKE 'Questions'")).isGreaterThanOrEqualTo(5);
            assertThat(status(c, "SHOW STATUS LIKE 'Bytes_received'")).isPositive();
            assertThat(status(c, "SHOW GLOBAL STATUS LIKE 'Threads_running'")).isGreaterThanOrEqualTo(1);
            assertThat(status(c, "SHOW GLOBAL STATUS LIKE 'Connections'"))
                    .isGreaterThanOrEqualTo(status(c, "SHOW GLOBAL STATUS LIKE 'Threads_connected'"));

            assertThat(rows(c, "SHOW GLOBAL STATUS")).extracting(row -> row.get(0))
                    .containsExactlyElementsOf(STATUS_VARIABLES);
            assertThat(rows(c, "SHOW STATUS LIKE 'THREADS_%'")).extracting(row -> row.get(0))
                    .containsExactly("Threads_connected", "Threads_running");
            assertThat(rows(c, "SHOW STATUS LIKE 'Innodb%'")).isEmpty(); // a data host's counter
            assertThat(rows(c, "/*!mycat:datanode=dn1*/SHOW GLOBAL STATUS LIKE 'Innodb%'")).isEmpty();

            long questions = status(c, "SHOW STATUS LIKE 'Questions'"); // itself included
            try (Connection multi = DriverManager.getConnection(tessera.jdbcUrl("TESTDB") + "?allowMultiQueries=true",
                    "test", "test"); Statement s = multi.createStatement()) {
                long asked = status(multi, "SHOW STATUS LIKE 'Questions'");
                s.execute("SELECT 1; SELECT 2; SELECT 3");
                while (s.getMoreResults() || s.getUpdateCount() != -1) {
                    // read every result
                }
                assertThat(status(multi, "SHOW STATUS LIKE 'Questions'")).isEqualTo(asked + 4);
            }
            assertThat(status(c, "SHOW STATUS LIKE 'Questions'")).isEqualTo(questions + 1); // another session's

            SQLException where = error(c, "SHOW STATUS WHERE Variable_name = 'Uptime'");
            assertThat(where.getErrorCode()).isEqualTo(1235);
            assertThat(where.getSQLState()).isEqualTo("42000");
            assertThat(where.getMessage()).contains("SHOW STATUS ... WHERE is not supported; use LIKE");
        }
    }

    @Test
    @Order(5)
    void schemataListsTheUsersLogicalSchemas() throws SQLException {
        try (Connection c = connect("test")) {
            assertThat(rows(c, "select schema_name from information_schema.schemata order by schema_name"))
                    .containsExactly(List.of("OTHERDB"), List.of("TESTDB"));
            assertThat(labels(c, "SELECT * FROM information_schema.SCHEMATA")).containsExactly("CATALOG_NAME",
                    "SCHEMA_NAME", "DEFAULT_CHARACTER_SET_NAME", "DEFAULT_COLLATION_NAME", "SQL_PATH",
                    "DEFAULT_ENCRYPTION");
            List<String> testDb = rows(c, "SELECT * FROM INFORMATION_SCHEMA.SCHEMATA s WHERE s.SCHEMA_NAME = 'TESTDB'")
                    .get(0);
            assertThat(testDb.subList(0, 3)).containsExactly("def", "TESTDB", "utf8mb4");
            assertThat(testDb.get(3)).startsWith("utf8mb4_");
            assertThat(testDb.subList(4, 6)).containsExactly(null, "NO");
            assertThat(rows(c, "SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME LIKE 'it%'"))
                    .containsExactly(List.of("0"));
            assertThat(rows(c, "SELECT SCHEMA_NAME, DATABASE() FROM information_schema.SCHEMATA WHERE SCHEMA_NAME ="
                    + " DATABASE()")).containsExactly(List.of("TESTDB", "TESTDB"));

            SQLException join = error(c, "SELECT * FROM information_schema.SCHEMATA s JOIN t_mod t ON t.id = 1");
            assertThat(join.getErrorCode()).isEqualTo(1235);
            assertThat(join.getMessage()).contains("information_schema.SCHEMATA cannot be read together with tables"
                    + " of logical schemas");
            SQLException insert = error(c, "INSERT INTO t_mod (id) SELECT 1 FROM information_schema.SCHEMATA");
            assertThat(insert.getErrorCode()).isEqualTo(1235);
            assertThat(insert.getMessage()).contains("can only be read by a SELECT");
        }
        try (Connection c = connect("other")) {
            assertThat(rows(c, "SELECT SCHEMA_NAME FROM information_schema.SCHEMATA"))
                    .containsExactly(List.of("OTHERDB"));
        }
        String prepared = tessera.jdbcUrl("TESTDB") + "?useServerPrepStmts=true";
        try (Connection c = DriverManager.getConnection(prepared, "test", "test");
                PreparedStatement p = c.prepareStatement("SELECT SCHEMA_NAME FROM information_schema.SCHEMATA WHERE"
                        + " SCHEMA_NAME = ?")) {
            p.setString(1, "OTHERDB");
            try (ResultSet rs = p.executeQuery()) {
                assertThat(read(rs)).containsExactly(List.of("OTHERDB"));
            }
        }
    }

    @Test
    @Order(6)
    void driversMetadataListsTheLogicalSchemas() throws SQLException {
        try (Connection c = connect("test")) {
            assertThat(read(c.getMetaData().getCatalogs())).containsExactlyInAnyOrder(List.of("TESTDB"),
                    List.of("OTHERDB"));
        }
        String schemaTerm = tessera.jdbcUrl("TESTDB") + "?databaseTerm=SCHEMA&useInformationSchema=true";
        try (Connection c = DriverManager.getConnection(schemaTerm, "test", "test")) {
            assertThat(read(c.getMetaData().getSchemas())).extracting(row -> row.get(0))
                    .containsExactlyInAnyOrder("TESTDB", "OTHERDB");
        }
        try (Connection c = JdbcDriver.mariadb().connect("127.0.0.1", tessera.port(), "TESTDB", "test", "test")) {
            DatabaseMetaData metadata = c.getMetaData();
            assertThat(read(metadata.getCatalogs())).containsExactly(List.of("OTHERDB"), List.of("TESTDB"));
        }
    }

    @Test
    @Order(7)
    void aDataHostsErrorsNameTheLogicalSchema() throws SQLException {
        try (Connection c = connect("test")) {
            expect(c, "SELECT * FROM nope", 1146, "42S02", "Table 'TESTDB.nope' doesn't exist");
            // dn2 has no t_mod: the single-node path, a merge, a write on both nodes
            expect(c, "INSERT INTO t_mod VALUES (3, 3)", 1146, "42S02", "Table 'TESTDB.t_mod' doesn't exist");
            expect(c, "SELECT * FROM t_mod ORDER BY id", 1146, "42S02", "Table 'TESTDB.t_mod' doesn't exist");
            expect(c, "UPDATE t_mod SET v = 1", 1146, "42S02", "Table 'TESTDB.t_mod' doesn't exist");
            expect(c, "INSERT INTO child VALUES (1, 99)", 1452, "23000", "(`TESTDB`.`child`, CONSTRAINT");
            expect(c, "CALL nope()", 1305, "42000", "PROCEDURE TESTDB.nope does not exist");
            try (Statement s = c.createStatement()) {
                s.execute("DROP TABLE IF EXISTS gone");
            }
            assertThat(rows(c, "SHOW WARNINGS")).extracting(row -> row.get(2)).containsExactly("Unknown table"
                    + " 'TESTDB.gone'");
        }
        try (Connection c = connect("other")) {
            expect(c, "SELECT * FROM nope", 1146, "42S02", "Table 'OTHERDB.nope' doesn't exist");
        }
        String prepared = tessera.jdbcUrl("TESTDB") + "?useServerPrepStmts=true";
        try (Connection c = DriverManager.getConnection(prepared, "test", "test")) {
            try (PreparedStatement p = c.prepareStatement("SELECT * FROM nope WHERE id = ?")) {
                p.setInt(1, 1);
                p.executeQuery().close();
                fail("a PREPARE of a missing table");
            } catch (SQLException e) {
                SEEN.add(e.getMessage());
                assertThat(e.getErrorCode()).isEqualTo(1146);
                assertThat(e.getMessage()).contains("Table 'TESTDB.nope' doesn't exist");
            }
        }
    }

    @AfterAll
    static void stopCapturingLogs() {
        LOG.close();
    }

    @Test
    @Order(8)
    void everyShowCommandOfTheAdminPortAnswers() throws SQLException {
        String admin = "jdbc:mysql://127.0.0.1:" + tessera.adminPort() + "/";
        try (Connection c = DriverManager.getConnection(admin, "test", "test"); Statement s = c.createStatement()) {
            List<String> commands = new ArrayList<>();
            try (ResultSet help = s.executeQuery("show @@help")) {
                while (help.next()) {
                    String command = help.getString(1);
                    if (command.startsWith("show @@") && !command.contains("where") && !command.contains("<")) {
                        commands.add(command);
                    }
                }
            }
            assertThat(commands).contains("show @@datasource", "show @@heartbeat", "show @@connection", "show @@datanode");
            for (String command : commands) {
                try (ResultSet rs = s.executeQuery(command)) {
                    readDirect(rs).forEach(ADMIN::addAll);
                } catch (SQLException e) {
                    ADMIN.add(e.getMessage());
                }
            }
        }
        assertThat(ADMIN).hasSizeGreaterThan(50);
    }

    @Test
    @Order(Integer.MAX_VALUE)
    void nothingThisClassReadNamesTheBackendAccountItsPasswordOrTheDataNodesDatabases() throws SQLException {
        List<String> forbidden = List.of(backend.password(), backend.nativePasswordHash(), backend.user(),
                tessera.database("db1"), tessera.database("db2"), tessera.database("db3"));
        // the same questions, asked of the data host directly, answer with all of it: the search can find it
        List<String> direct = new ArrayList<>();
        try (Connection c = DriverManager.getConnection(tessera.dataHosts().jdbcUrl(tessera.database("db1")),
                backend.user(), backend.password()); Statement s = c.createStatement()) {
            for (String sql : List.of("SHOW GRANTS", "SELECT SCHEMA_NAME FROM information_schema.SCHEMATA",
                    "SHOW PROCESSLIST")) {
                readDirect(s.executeQuery(sql)).forEach(direct::addAll);
            }
        }
        assertThat(forbidden.subList(1, 4)).allSatisfy(secret -> assertThat(leaks(direct, secret)).isNotEmpty());

        List<String> seen;
        synchronized (SEEN) {
            seen = new ArrayList<>(SEEN);
        }
        assertThat(seen).hasSizeGreaterThan(100);
        for (String secret : forbidden) {
            assertThat(leaks(seen, secret)).as("what named " + secret).isEmpty();
        }
        List<String> logged = LOG.lines();
        assertThat(logged).isNotEmpty();
        for (String secret : List.of(backend.password(), backend.nativePasswordHash())) {
            assertThat(leaks(ADMIN, secret)).as("admin replies naming " + secret).isEmpty();
            assertThat(leaks(logged, secret)).as("log lines naming " + secret).isEmpty();
        }
    }

    private static List<String> leaks(List<String> texts, String secret) {
        String lower = secret.toLowerCase(Locale.ROOT);
        return texts.stream().filter(t -> t != null && t.toLowerCase(Locale.ROOT).contains(lower)).toList();
    }

    /** A connection as {@code user} (whose password is its name) in its first schema. */
    private static Connection connect(String user) throws SQLException {
        return tessera.connect(user.equals("other") ? "OTHERDB" : "TESTDB", user, user);
    }

    private static long connectionId(Connection c) throws SQLException {
        return Long.parseLong(rows(c, "SELECT CONNECTION_ID()").get(0).get(0));
    }

    /**
     * The rows of {@code sql} (none for a statement without a result), every value as text; names and values go to
     * {@link #SEEN}.
     */
    private static List<List<String>> rows(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement()) {
            return s.execute(sql) ? read(s.getResultSet()) : List.of();
        } catch (SQLException e) {
            SEEN.add(e.getMessage());
            throw e;
        }
    }

    /** The rows of {@code rs}, read through Tessera: names and values go to {@link #SEEN}. */
    private static List<List<String>> read(ResultSet rs) throws SQLException {
        for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
            SEEN.add(rs.getMetaData().getColumnLabel(i));
        }
        List<List<String>> rows = readDirect(rs);
        rows.forEach(SEEN::addAll);
        return rows;
    }

    /** The rows of {@code rs}, every value as text. */
    private static List<List<String>> readDirect(ResultSet rs) throws SQLException {
        try (rs) {
            ResultSetMetaData metadata = rs.getMetaData();
            List<List<String>> rows = new ArrayList<>();
            while (rs.next()) {
                List<String> row = new ArrayList<>();
                for (int i = 1; i <= metadata.getColumnCount(); i++) {
                    row.add(rs.getString(i));
                }
                rows.add(row);
            }
            return rows;
        }
    }

    private static List<String> labels(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            List<String> labels = new ArrayList<>();
            for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
                labels.add(rs.getMetaData().getColumnLabel(i));
            }
            SEEN.addAll(labels);
            return labels;
        }
    }

    private static long status(Connection c, String sql) throws SQLException {
        List<List<String>> rows = rows(c, sql);
        assertThat(rows).as(sql).hasSize(1);
        return Long.parseLong(rows.get(0).get(1));
    }

    private static Map<Long, List<String>> byId(List<List<String>> rows) {
        Map<Long, List<String>> byId = new TreeMap<>();
        rows.forEach(row -> byId.put(Long.parseLong(row.get(0)), row));
        return byId;
    }

    /** The process list by id, once {@code until} holds of it (within 10 s). */
    private static Map<Long, List<String>> waitFor(Connection c, String sql, Predicate<Map<Long, List<String>>> until)
            throws SQLException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (true) {
            Map<Long, List<String>> rows = byId(rows(c, sql));
            if (until.test(rows)) {
                return rows;
            }
            if (System.nanoTime() > deadline) {
                fail("the process list never got there: " + rows);
            }
            Thread.sleep(50);
        }
    }

    /** Runs {@code sql}, which must fail; its message goes to {@link #SEEN}. */
    private static SQLException error(Connection c, String sql) {
        try (Statement s = c.createStatement()) {
            s.execute(sql);
        } catch (SQLException e) {
            SEEN.add(e.getMessage());
            return e;
        }
        return fail("no error from " + sql);
    }

    private static void expect(Connection c, String sql, int code, String state, String text) {
        SQLException e = error(c, sql);
        assertThat(e.getErrorCode()).as(sql + ": " + e.getMessage()).isEqualTo(code);
        assertThat(e.getSQLState()).as(sql).isEqualTo(state);
        assertThat(e.getMessage()).as(sql).contains(text);
    }
}
