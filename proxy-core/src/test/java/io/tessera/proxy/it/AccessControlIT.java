package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * server.xml's rights over real connections (it/conf/access): a read-only user, dml masks per schema, table and data
 * node, a connection cap, default schemas. Every refused statement is checked on the data host to have changed
 * nothing.
 */
@Tag("integration")
class AccessControlIT {

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/access");

    @BeforeAll
    static void createTables() throws SQLException {
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE orders (id INT PRIMARY KEY, v INT)");
            s.execute("CREATE TABLE notes (id INT PRIMARY KEY, v INT)");
            s.execute("CREATE TABLE secret (id INT PRIMARY KEY, v INT)");
            s.execute("CREATE TABLE inbox (id INT PRIMARY KEY, v INT)");
            s.execute("CREATE PROCEDURE bump() UPDATE notes SET v = v + 1");
        }
    }

    @BeforeEach
    void knownRows() throws SQLException {
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            for (String table : List.of("orders", "notes", "secret", "inbox")) {
                s.execute("DELETE FROM " + table);
            }
            s.execute("INSERT INTO orders VALUES (1, 1), (2, 2), (3, 3), (4, 4)");
            s.execute("INSERT INTO notes VALUES (1, 1), (2, 2)");
            s.execute("INSERT INTO secret VALUES (1, 42)");
        }
    }

    private static Connection connect(String user) throws SQLException {
        return tessera.connect("TESTDB", user, user);
    }

    /** The rows of every table of TESTDB, read on the data host directly. */
    private static List<List<Object>> everything() throws SQLException {
        List<List<Object>> rows = new ArrayList<>();
        for (String db : List.of("db1", "db2")) {
            try (Connection c = tessera.dataHosts().connectDirect(tessera.database(db))) {
                for (String table : db.equals("db1") ? List.of("orders", "notes", "secret", "inbox")
                        : List.of("orders")) {
                    rows.add(List.of(db + "." + table));
                    rows.addAll(Rows.fetchAll(c, "SELECT * FROM " + table + " ORDER BY id"));
                }
            }
        }
        return rows;
    }

    private static SQLException refused(Connection c, String sql) {
        try (Statement s = c.createStatement()) {
            s.execute(sql);
        } catch (SQLException e) {
            return e;
        }
        throw new AssertionError("not refused: " + sql);
    }

    @ParameterizedTest
    @ValueSource(strings = {"INSERT INTO notes VALUES (9, 9)", "REPLACE INTO notes VALUES (1, 7)",
        "UPDATE notes SET v = 0", "DELETE FROM notes", "UPDATE orders SET v = 0 WHERE id = 1",
        "INSERT INTO orders SELECT id + 10, v FROM orders", "CREATE TABLE more (id INT)", "DROP TABLE notes",
        "TRUNCATE TABLE notes", "ALTER TABLE notes ADD COLUMN w INT", "CALL bump()",
        "LOAD DATA LOCAL INFILE '/nonexistent' INTO TABLE notes",
        "/*!mycat:datanode=dn1*/ DELETE FROM notes", "/*#mycat:sql=SELECT 1 FROM notes*/ UPDATE notes SET v = 5"})
    void aReadOnlyUserCannotChangeAnything(String sql) throws SQLException {
        List<List<Object>> before = everything();
        try (Connection c = connect("reader")) {
            SQLException e = refused(c, sql);
            assertThat(e.getErrorCode()).as(sql).isEqualTo(1495);
            assertThat(e.getMessage()).contains("'reader'").contains("readOnly");
            assertThat(Rows.fetchAll(c, "SELECT COUNT(*) FROM notes")).as("usable after").containsExactly(List.of(2L));
        }
        assertThat(everything()).isEqualTo(before);
    }

    @Test
    void aReadOnlyUserReadsAndRunsTransactions() throws SQLException {
        try (Connection c = connect("reader"); Statement s = c.createStatement()) {
            assertThat(Rows.fetchAll(c, "SELECT id FROM orders ORDER BY id")).hasSize(4);
            s.execute("BEGIN");
            assertThat(Rows.fetchAll(c, "SELECT v FROM notes WHERE id = 1 FOR UPDATE")).containsExactly(List.of(1));
            s.execute("COMMIT");
            assertThat(Rows.fetchAll(c, "EXPLAIN DELETE FROM orders WHERE id = 1")).hasSize(1);
            assertThat(Rows.fetchAll(c, "SHOW TABLES")).hasSize(4);
        }
    }

    @Test
    void aReadOnlyUserIsRefusedAtPrepareAndWithinAMultiStatementText() throws SQLException {
        List<List<Object>> before = everything();
        String url = tessera.jdbcUrl("TESTDB") + "?useServerPrepStmts=true&emulateUnsupportedPstmts=false"
                + "&allowMultiQueries=true";
        try (Connection c = DriverManager.getConnection(url, "reader", "reader")) {
            assertThatThrownBy(() -> c.prepareStatement("DELETE FROM notes WHERE id = ?").close())
                    .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(1495));
            try (Statement s = c.createStatement()) { // Connector/J reads every result of the text at once
                assertThatThrownBy(() -> s.execute("SELECT 1; DELETE FROM notes; SELECT 2"))
                        .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(1495));
            }
            try (PreparedStatement p = c.prepareStatement("SELECT v FROM notes WHERE id = ?")) {
                p.setInt(1, 2);
                assertThat(Rows.read(p.executeQuery())).containsExactly(List.of(2));
            }
        }
        assertThat(everything()).isEqualTo(before);
    }

    @Test
    void aSchemaMaskAllowsWhatItGrantsAndRefusesTheRestNamingTheTable() throws SQLException {
        try (Connection c = connect("masked"); Statement s = c.createStatement()) {
            assertThat(Rows.fetchAll(c, "SELECT id FROM notes ORDER BY id")).hasSize(2);
            assertThat(s.executeUpdate("UPDATE notes SET v = 5 WHERE id = 1")).isEqualTo(1);
            List<List<Object>> before = everything();
            SQLException insert = refused(c, "INSERT INTO notes VALUES (3, 3)");
            assertThat(insert.getErrorCode()).isEqualTo(1142);
            assertThat(insert.getSQLState()).isEqualTo("42000");
            assertThat(insert.getMessage())
                    .isEqualTo("INSERT command denied to user 'masked'@'127.0.0.1' for table 'TESTDB.notes'");
            assertThat(refused(c, "DELETE FROM notes WHERE id = 2").getMessage()).startsWith("DELETE command denied");
            assertThat(refused(c, "CREATE TABLE more (id INT)").getMessage())
                    .isEqualTo("CREATE command denied to user 'masked'@'127.0.0.1' for table 'TESTDB.more'");
            assertThat(everything()).isEqualTo(before);
        }
    }

    @Test
    void aTableMaskOverridesItsSchemasInJoinsSubqueriesAndInsertSelects() throws SQLException {
        try (Connection c = connect("masked"); Statement s = c.createStatement()) {
            for (String sql : List.of("SELECT * FROM secret", "SELECT n.v FROM notes n JOIN secret s ON n.id = s.id",
                    "SELECT v FROM notes WHERE id IN (SELECT id FROM secret)", "SELECT (SELECT v FROM secret) FROM notes",
                    "INSERT INTO inbox SELECT * FROM secret", "SELECT * FROM inbox", "UPDATE notes SET v = (SELECT"
                            + " MAX(v) FROM secret)")) {
                SQLException e = refused(c, sql);
                assertThat(e.getErrorCode()).as(sql).isEqualTo(1142);
                assertThat(e.getMessage()).as(sql).containsAnyOf("'TESTDB.secret'", "'TESTDB.inbox'");
            }
            assertThat(s.executeUpdate("INSERT INTO inbox VALUES (1, 1)")).isEqualTo(1);
            assertThat(refused(c, "DROP TABLE secret").getErrorCode()).isEqualTo(1142);
        }
        try (Connection c = tessera.dataHosts().connectDirect(tessera.database("db1"))) {
            assertThat(Rows.fetchAll(c, "SELECT id, v FROM inbox")).containsExactly(List.of(1, 1));
            assertThat(Rows.fetchAll(c, "SELECT v FROM notes ORDER BY id")).containsExactly(List.of(1), List.of(2));
        }
    }

    @Test
    void aDataNodeMaskLimitsWhatTheUserDoesWithRowsOnThatNode() throws SQLException {
        List<List<Object>> before = everything();
        try (Connection c = connect("masked"); Statement s = c.createStatement()) {
            assertThat(Rows.fetchAll(c, "SELECT id FROM orders ORDER BY id")).hasSize(4); // dn2 may be read
            SQLException onDn2 = refused(c, "UPDATE orders SET v = 0 WHERE id = 1"); // id 1 is on dn2
            assertThat(onDn2.getErrorCode()).isEqualTo(1142);
            assertThat(onDn2.getMessage())
                    .isEqualTo("UPDATE command denied to user 'masked'@'127.0.0.1' on data node 'dn2'");
            assertThat(refused(c, "UPDATE orders SET v = 0").getErrorCode()).isEqualTo(1142); // both nodes
            assertThat(refused(c, "INSERT INTO orders VALUES (5, 5)").getErrorCode()).isEqualTo(1142);
            assertThat(everything()).isEqualTo(before);
            assertThat(s.executeUpdate("UPDATE orders SET v = 20 WHERE id = 2")).isEqualTo(1); // dn1
        }
    }

    @Test
    void aSchemaWithoutAMaskIsNotRestricted() throws SQLException {
        try (Connection c = tessera.connect("OTHERDB", "masked", "masked"); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE IF NOT EXISTS free (id INT PRIMARY KEY)");
            s.execute("REPLACE INTO free VALUES (1)");
            assertThat(Rows.fetchAll(c, "SELECT id FROM free")).containsExactly(List.of(1));
        }
    }

    @Test
    void noUserReadsASchemaItMayNotUseNorTheDataHostsOwnDatabases() throws SQLException {
        try (Connection c = tessera.connect("OTHERDB"); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE IF NOT EXISTS free (id INT PRIMARY KEY)");
        }
        String other = "SELECT * FROM OTHERDB.free";
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            s.executeQuery(other).close(); // test may use OTHERDB: its plan is cached now
        }
        String db2 = tessera.database("db2");
        try (Connection c = connect("reader")) {
            for (String sql : List.of(other, "SELECT user, authentication_string FROM mysql.user",
                    "SELECT * FROM performance_schema.threads", "SELECT * FROM sys.host_summary",
                    "SELECT * FROM information_schema.USER_PRIVILEGES", "SELECT * FROM INFORMATION_SCHEMA.global_status",
                    "SELECT * FROM " + db2 + ".orders", "/*!mycat:datanode=dn1*/ SELECT * FROM " + db2 + ".orders",
                    "SHOW CREATE TABLE " + db2 + ".orders", "SELECT n.v FROM notes n JOIN OTHERDB.free f ON n.id = f.id")) {
                SQLException e = refused(c, sql);
                assertThat(e.getErrorCode()).as(sql).isEqualTo(1142);
                assertThat(e.getMessage()).as(sql).contains("denied to user 'reader'@'127.0.0.1' for table");
            }
            assertThat(Rows.fetchAll(c, "SELECT COUNT(*) FROM information_schema.COLLATIONS")).hasSize(1);
            assertThat(Rows.fetchAll(c, "SELECT COUNT(*) FROM TESTDB.notes")).containsExactly(List.of(2L));
        }
    }

    @Test
    void aMaskIsCheckedAtPrepare() throws SQLException {
        String url = tessera.jdbcUrl("TESTDB") + "?useServerPrepStmts=true&emulateUnsupportedPstmts=false";
        try (Connection c = DriverManager.getConnection(url, "masked", "masked")) {
            assertThatThrownBy(() -> c.prepareStatement("SELECT v FROM secret WHERE id = ?").close())
                    .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(1142));
        }
    }

    @Test
    void aCappedUserGetsTooManyConnectionsBeyondItsBenchmarkAndOthersDoNot() throws SQLException {
        try (Connection first = tessera.connect("TESTDB", "capped", "capped");
                Connection second = tessera.connect("TESTDB", "capped", "capped")) {
            assertThatThrownBy(() -> tessera.connect("TESTDB", "capped", "capped").close())
                    .isInstanceOfSatisfying(SQLException.class, e -> {
                        assertThat(e.getErrorCode()).isEqualTo(1040);
                        assertThat(e.getMessage()).contains("'capped'").contains("2");
                    });
            try (Connection other = tessera.connect("TESTDB")) {
                assertThat(Rows.fetchAll(other, "SELECT 1")).hasSize(1);
            }
            assertThat(Rows.fetchAll(first, "SELECT 1")).hasSize(1);
        }
        try (Connection again = tessera.connect("TESTDB", "capped", "capped")) {
            assertThat(Rows.fetchAll(again, "SELECT 1")).hasSize(1);
        }
    }

    @Test
    void aClientThatNamesNoDatabaseLandsInItsUsersDefaultSchema() throws SQLException {
        try (Connection c = tessera.connect(null)) {
            assertThat(Rows.fetchAll(c, "SELECT DATABASE()")).containsExactly(List.of("TESTDB"));
            assertThat(Rows.fetchAll(c, "SELECT COUNT(*) FROM notes")).containsExactly(List.of(2L));
        }
        try (Connection c = tessera.connect(null, "wanderer", "wanderer")) {
            assertThat(Rows.fetchAll(c, "SELECT DATABASE()")).containsExactly(Arrays.asList((Object) null));
        }
    }
}
