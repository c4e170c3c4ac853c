package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * server.xml's {@code <blacklist check="true">} (it/conf/firewall-blacklist: DELETE and UPDATE need a WHERE, USE is
 * refused): a refused statement gets MyCat's 3012 naming the user and Druid's rule, and the data host is checked
 * to have changed nothing; the connection lives on.
 */
@Tag("integration")
class FirewallBlacklistIT {

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/firewall-blacklist");

    private static final List<List<Object>> THREE_ROWS =
            List.of(List.of(1, "a"), List.of(2, "b"), List.of(3, "c"));

    @BeforeEach
    void threeRows() throws SQLException {
        tessera.dataHosts().executeIn(tessera.database("db1"), "DROP TABLE IF EXISTS t",
                "CREATE TABLE t (id INT PRIMARY KEY, name VARCHAR(20))",
                "INSERT INTO t VALUES (1, 'a'), (2, 'b'), (3, 'c')");
    }

    /** The rows of t as the data host has them, read directly. */
    private static List<List<Object>> onDataHost() throws SQLException {
        try (Connection direct = tessera.dataHosts().connectDirect(tessera.database("db1"))) {
            return Rows.fetchAll(direct, "SELECT id, name FROM t ORDER BY id");
        }
    }

    /** How a statement was refused: code, SQLSTATE and message. */
    private static String refusal(Statement s, String sql) {
        Throwable thrown = catchThrowable(() -> s.execute(sql));
        assertThat(thrown).as("not refused: %s", sql).isInstanceOf(SQLException.class);
        SQLException e = (SQLException) thrown;
        return e.getErrorCode() + " " + e.getSQLState() + " " + e.getMessage();
    }

    @Test
    void aDeleteWithoutWhereIsRefusedEveryTimeAndChangesNothing() throws SQLException {
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            for (int attempt = 0; attempt < 3; attempt++) { // Druid's verdict cache: MyCat let the second one pass
                assertThat(refusal(s, "DELETE FROM t")).as("attempt %d", attempt).isEqualTo("3012 HY000 The statement"
                        + " is unsafe SQL, reject for user 'test': delete none condition not allow (Druid wall 2104)");
            }
            assertThat(refusal(s, "UPDATE t SET name = 'x'")).isEqualTo("3012 HY000 The statement is unsafe SQL,"
                    + " reject for user 'test': update none condition not allow (Druid wall 2104)");
            assertThat(onDataHost()).isEqualTo(THREE_ROWS);

            assertThat(s.executeUpdate("DELETE FROM t WHERE id = 3")).isEqualTo(1); // the connection lives on
            assertThat(onDataHost()).isEqualTo(THREE_ROWS.subList(0, 2));
        }
    }

    @Test
    void whatTheDataNodeWouldRunIsJudgedNotWhatTheTextSeemsToSay() throws SQLException {
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            assertThat(refusal(s, "DELETE FROM t WHERE id = 1 /*! OR 1 = 1 */")).isEqualTo("3012 HY000 The statement"
                    + " is unsafe SQL, reject for user 'test': delete alway true condition not allow"
                    + " (Druid wall 2100)");

            s.execute("SET SESSION sql_mode = 'NO_BACKSLASH_ESCAPES'");
            // in this mode 'a\' is a whole string: the condition is always true
            assertThat(refusal(s, "DELETE FROM t WHERE name = 'a\\' OR 1 = 1 -- '")).startsWith("3012 HY000 ");
            assertThat(onDataHost()).isEqualTo(THREE_ROWS);
        }
    }

    @Test
    void aMultiStatementTextIsJudgedWholeBeforeAnyOfItRuns() throws SQLException {
        try (Connection c = DriverManager.getConnection(tessera.jdbcUrl("TESTDB") + "?allowMultiQueries=true",
                RunningTessera.USER, RunningTessera.PASSWORD); Statement s = c.createStatement()) {
            assertThat(refusal(s, "INSERT INTO t VALUES (10, 'x'); INSERT INTO t VALUES (11, 'y')"))
                    .isEqualTo("3012 HY000 The statement is unsafe SQL, reject for user 'test': multi-statement not"
                            + " allow (Druid wall 2201, multiStatementAllow)");
            assertThat(onDataHost()).isEqualTo(THREE_ROWS);
        }
    }

    @Test
    void aPreparedStatementIsJudgedByItsTextWithTheValuesOfEachExecute() throws SQLException {
        String url = tessera.jdbcUrl("TESTDB") + "?useServerPrepStmts=true&cachePrepStmts=false";
        try (Connection c = DriverManager.getConnection(url, RunningTessera.USER, RunningTessera.PASSWORD);
                PreparedStatement delete = c.prepareStatement("DELETE FROM t WHERE id = ? OR ? = ?")) {
            delete.setInt(1, 3);
            delete.setInt(2, 1);
            delete.setInt(3, 1);
            Throwable thrown = catchThrowable(delete::executeUpdate);
            assertThat(thrown).isInstanceOfSatisfying(SQLException.class, e -> {
                assertThat(e.getErrorCode()).isEqualTo(3012);
                assertThat(e.getMessage()).endsWith("delete alway true condition not allow (Druid wall 2100)");
            });
            assertThat(onDataHost()).isEqualTo(THREE_ROWS);

            delete.setInt(3, 2); // id = 3 OR 1 = 2
            assertThat(delete.executeUpdate()).isEqualTo(1);
            assertThat(onDataHost()).isEqualTo(THREE_ROWS.subList(0, 2));
        }
    }

    @Test
    void statementsTesseraAnswersItselfAreJudgedToo() throws SQLException {
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            assertThat(refusal(s, "USE OTHERDB")).isEqualTo("3012 HY000 The statement is unsafe SQL, reject for user"
                    + " 'test': use not allow (Druid wall 1203, useAllow)");
            assertThat(Rows.fetchAll(c, "SELECT DATABASE()")).containsExactly(List.of("TESTDB"));
        }
    }

    @Test
    void aStatementTheBlacklistCannotReadIsASyntaxError() throws SQLException {
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            assertThat(refusal(s, "DELETE FROM t WHERE")).isEqualTo("1064 42000 You have an error in your SQL syntax;"
                    + " check the manual that corresponds to your MySQL server version for the right syntax to use"
                    + " near '' at line 1 (the SQL blacklist cannot read it: Druid wall 1001, strictSyntaxCheck)");
            assertThat(onDataHost()).isEqualTo(THREE_ROWS);
        }
    }
}
