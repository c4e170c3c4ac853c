package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What clients rely on besides plain queries: the statements Tessera answers itself, session variables that
 * stay with their session although backend connections are pooled, transactions, LAST_INSERT_ID() and SHOW
 * WARNINGS.
 */
@Tag("integration")
class SessionIT {

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/single-node");

    @BeforeAll
    static void createTables() throws SQLException {
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE account (id INT AUTO_INCREMENT PRIMARY KEY, owner VARCHAR(20), balance INT)");
            s.execute("CREATE TABLE tz (id INT PRIMARY KEY, at TIMESTAMP)");
            s.execute("INSERT INTO tz VALUES (1, '2024-01-01 00:00:00')");
        }
    }

    @Test
    void answersSessionFactsItself() throws SQLException {
        try (Connection c = tessera.connect("TESTDB")) {
            List<List<Object>> row = Rows.fetchAll(c, "SELECT DATABASE(), USER(), VERSION(), @@version_comment, "
                    + "@@autocommit, @@session.max_allowed_packet");
            assertThat(row.get(0).get(0)).isEqualTo("TESTDB");
            assertThat((String) row.get(0).get(1)).startsWith("test@");
            assertThat((String) row.get(0).get(2)).contains("-Tessera-");
            assertThat((String) row.get(0).get(3)).contains("Tessera");
            assertThat(row.get(0).get(4)).isEqualTo(1L);
            assertThat(Rows.fetchAll(c, "SHOW DATABASES")).containsExactly(List.of("TESTDB"));
            assertThat(Rows.fetchAll(c, "SELECT @@sql_mode")).hasSize(1); // read from the data host
        }
    }

    @Test
    void showTablesListsTheSchemasTablesAndUseSwitchesSchema() throws SQLException {
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            assertThat(Rows.fetchAll(c, "SHOW TABLES")).contains(List.of("account"), List.of("tz"));
            assertThat(Rows.fetchAll(c, "SHOW FULL TABLES LIKE 'acc%'"))
                    .containsExactly(List.of("account", "BASE TABLE"));
            s.execute("USE TESTDB");
            assertThat(Rows.fetchAll(c, "SELECT DATABASE()")).containsExactly(List.of("TESTDB"));
        }
    }

    @Test
    void sessionVariablesStayWithTheirSessionOnSharedBackendConnections() throws SQLException {
        try (Connection utc = tessera.connect("TESTDB"); Connection tokyo = tessera.connect("TESTDB");
                Connection plain = tessera.connect("TESTDB")) {
            utc.createStatement().execute("SET time_zone = '+00:00'");
            tokyo.createStatement().execute("SET time_zone = '+09:00'");
            for (int i = 0; i < 20; i++) {
                assertThat(Rows.fetchAll(utc, "SELECT @@time_zone")).containsExactly(List.of("+00:00"));
                assertThat(Rows.fetchAll(tokyo, "SELECT @@time_zone")).containsExactly(List.of("+09:00"));
                assertThat(Rows.fetchAll(tokyo, "SELECT CAST(at AS CHAR) FROM tz"))
                        .containsExactly(List.of(i % 2 == 0 ? "2024-01-01 09:00:00" : "2024-01-01 09:00:00"));
                assertThat(Rows.fetchAll(plain, "SELECT @@time_zone")).containsExactly(List.of("SYSTEM"));
            }
            tokyo.createStatement().execute("SET @marker = 'mine'");
            assertThat(Rows.fetchAll(tokyo, "SELECT @marker")).containsExactly(List.of("mine"));
            assertThat(Rows.fetchAll(plain, "SELECT @marker")).containsExactly(java.util.Arrays.asList((Object) null));
            tokyo.createStatement().execute("SET sql_mode = CONCAT(@@sql_mode, ',ANSI_QUOTES')");
            assertThat((String) Rows.fetchAll(tokyo, "SELECT @@sql_mode").get(0).get(0)).contains("ANSI_QUOTES");
            assertThat((String) Rows.fetchAll(plain, "SELECT @@sql_mode").get(0).get(0)).doesNotContain("ANSI_QUOTES");
        }
    }

    @Test
    void transactionsCommitAndRollBackOnThePinnedConnection() throws SQLException {
        try (Connection c = tessera.connect("TESTDB"); Connection other = tessera.connect("TESTDB")) {
            c.setAutoCommit(false);
            c.createStatement().executeUpdate("INSERT INTO account (owner, balance) VALUES ('rolled back', 1)");
            assertThat(count(c, "rolled back")).isEqualTo(1);       // reads its own write
            assertThat(count(other, "rolled back")).isZero();       // nobody else sees it
            c.rollback();
            assertThat(count(c, "rolled back")).isZero();
            c.createStatement().executeUpdate("INSERT INTO account (owner, balance) VALUES ('kept', 1)");
            c.commit();
            c.setAutoCommit(true);
            assertThat(count(other, "kept")).isEqualTo(1);
            Statement s = c.createStatement();
            s.execute("BEGIN");
            s.executeUpdate("UPDATE account SET balance = 99 WHERE owner = 'kept'");
            s.execute("ROLLBACK");
            assertThat(Rows.fetchAll(other, "SELECT balance FROM account WHERE owner = 'kept'"))
                    .containsExactly(List.of(1));
        }
    }

    @Test
    void turningAutocommitBackOnCommitsTheOpenTransaction() throws SQLException {
        try (Connection c = tessera.connect("TESTDB"); Connection other = tessera.connect("TESTDB")) {
            c.setAutoCommit(false);
            c.createStatement().executeUpdate("INSERT INTO account (owner, balance) VALUES ('implicit', 1)");
            assertThat(count(other, "implicit")).isZero();
            c.setAutoCommit(true); // SET autocommit = 1: MySQL commits here
            assertThat(count(other, "implicit")).isEqualTo(1);
            for (int i = 0; i < 20; i++) { // its connection went back to the pool and serves others cleanly
                c.createStatement().executeUpdate("UPDATE account SET balance = balance + 1 WHERE owner = 'implicit'");
                assertThat(Rows.fetchAll(other, "SELECT balance FROM account WHERE owner = 'implicit'"))
                        .containsExactly(List.of(2 + i));
            }
        }
    }

    @Test
    void lastInsertIdAndWarningsDescribeTheSessionsLastStatement() throws SQLException {
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            s.executeUpdate("INSERT INTO account (owner, balance) VALUES ('id', 5)");
            long id = (Long) Rows.fetchAll(c, "SELECT LAST_INSERT_ID()").get(0).get(0);
            assertThat(Rows.fetchAll(c, "SELECT owner FROM account WHERE id = " + id)).containsExactly(List.of("id"));
            s.execute("SELECT CAST('abc' AS SIGNED)");
            SQLWarning warning = s.getWarnings();
            assertThat((Object) warning).isNotNull();
            assertThat(warning.getErrorCode()).isEqualTo(1292);
            try (ResultSet rs = s.executeQuery("SHOW WARNINGS")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getString("Message")).contains("Truncated incorrect");
            }
        }
    }

    private static int count(Connection c, String owner) throws SQLException {
        return ((Number) Rows.fetchAll(c, "SELECT COUNT(*) FROM account WHERE owner = '" + owner + "'")
                .get(0).get(0)).intValue();
    }
}
