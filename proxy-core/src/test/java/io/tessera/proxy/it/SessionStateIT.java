package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What a session carries from statement to statement over pooled backend connections: settings and user variables
 * kept apart between interleaved sessions, multi-statement texts, ROW_COUNT() / FOUND_ROWS() / LAST_INSERT_ID(),
 * and KILL.
 */
@Tag("integration")
class SessionStateIT {

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/transactions");

    @BeforeAll
    static void createTable() throws SQLException {
        try (Connection c = tessera.connect("TXDB"); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE acct (id BIGINT PRIMARY KEY AUTO_INCREMENT, v INT NOT NULL, txt VARCHAR(20))");
            s.execute("INSERT INTO acct (id, v) VALUES (1, 10), (2, 20), (3, 30), (4, 40)");
        }
    }

    @Test
    void interleavedSessionsEachSeeTheirOwnTimeZoneSqlModeAndVariables() throws SQLException {
        try (Connection a = tessera.connect("TXDB"); Connection b = tessera.connect("TXDB");
                Statement sa = a.createStatement(); Statement sb = b.createStatement()) {
            sa.execute("SET time_zone = '+01:00', sql_mode = 'ANSI_QUOTES', @mine = 'a'");
            sb.execute("SET time_zone = '-05:00', sql_mode = 'NO_BACKSLASH_ESCAPES'");
            for (int i = 0; i < 20; i++) {
                assertThat(Rows.fetchAll(a, "SELECT @@time_zone, @@sql_mode, @mine, v FROM acct WHERE id = 2"))
                        .containsExactly(List.of("+01:00", "ANSI_QUOTES", "a", 20));
                assertThat(Rows.fetchAll(b, "SELECT @@time_zone, @@sql_mode, @mine, v FROM acct WHERE id = 2"))
                        .containsExactly(Arrays.asList("-05:00", "NO_BACKSLASH_ESCAPES", null, 20));
                assertThat(Rows.fetchAll(b, "SELECT 'a\\b'")).containsExactly(List.of("a\\b"));
            }
        }
    }

    @Test
    void multiStatementsAnswerOneResultEachAndStopAtTheFirstError() throws SQLException {
        String url = tessera.jdbcUrl("TXDB") + "?allowMultiQueries=true&sslMode=DISABLED&allowPublicKeyRetrieval=true";
        try (Connection c = DriverManager.getConnection(url, RunningTessera.USER, RunningTessera.PASSWORD);
                Statement s = c.createStatement()) {
            assertThat(s.execute("UPDATE acct SET v = v + 1 WHERE id = 1; SELECT v FROM acct WHERE id IN (1, 2)"
                    + " ORDER BY id; SELECT ROW_COUNT(); UPDATE acct SET v = v - 1 WHERE id = 1")).isFalse();
            assertThat(s.getUpdateCount()).isEqualTo(1);
            assertThat(s.getMoreResults()).isTrue();
            assertThat(values(s.getResultSet())).containsExactly(11L, 20L);
            assertThat(s.getMoreResults()).isTrue();
            assertThat(values(s.getResultSet())).containsExactly(-1L);
            assertThat(s.getMoreResults()).isFalse();
            assertThat(s.getUpdateCount()).isEqualTo(1);
            assertThat(s.getMoreResults()).isFalse();
            assertThat(s.getUpdateCount()).isEqualTo(-1);

            assertThatThrownBy(() -> s.execute("UPDATE acct SET v = v + 100 WHERE id = 3; SELECT nope FROM acct;"
                    + " UPDATE acct SET v = v + 100 WHERE id = 4"))
                    .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(1054));
            assertThat(Rows.fetchAll(c, "SELECT v FROM acct WHERE id IN (3, 4) ORDER BY id"))
                    .containsExactly(List.of(130), List.of(40)); // the third statement never ran
            s.executeUpdate("UPDATE acct SET v = 30 WHERE id = 3");
        }
    }

    @Test
    void rowCountFoundRowsAndLastInsertIdDescribeTheLastStatement() throws SQLException {
        try (Connection c = tessera.connect("TXDB"); Statement s = c.createStatement()) {
            s.executeUpdate("UPDATE acct SET v = v WHERE id > 0");
            // Connector/J asks for CLIENT_FOUND_ROWS: the affected rows of an UPDATE are the rows it matched
            assertThat(Rows.fetchAll(c, "SELECT ROW_COUNT()")).containsExactly(List.of(4L));
            s.executeUpdate("UPDATE acct SET v = v + 1 WHERE id IN (1, 2, 3)");
            assertThat(Rows.fetchAll(c, "SELECT ROW_COUNT()")).containsExactly(List.of(3L));
            s.executeUpdate("UPDATE acct SET v = v - 1 WHERE id IN (1, 2, 3)");
            assertThat(Rows.fetchAll(c, "SELECT id FROM acct WHERE id < 4 ORDER BY id")).hasSize(3);
            assertThat(Rows.fetchAll(c, "SELECT FOUND_ROWS()")).containsExactly(List.of(3L));
            assertThat(Rows.fetchAll(c, "SELECT SQL_CALC_FOUND_ROWS id FROM acct WHERE id IN (2, 4) LIMIT 1"))
                    .hasSize(1);
            assertThat(Rows.fetchAll(c, "SELECT FOUND_ROWS()")).containsExactly(List.of(2L)); // from the data node
            s.executeUpdate("INSERT INTO acct (id, v) VALUES (8, 80)");
            s.executeUpdate("DELETE FROM acct WHERE id = 8");
            assertThat(Rows.fetchAll(c, "SELECT ROW_COUNT()")).containsExactly(List.of(1L));
        }
    }

    @Test
    void sqlSelectLimitCapsATopLevelSelectOnceWhetherOneNodeOrSeveralAnswer() throws SQLException {
        try (Connection c = tessera.connect("TXDB"); Statement s = c.createStatement()) {
            s.execute("SET sql_select_limit = 2");
            assertThat(Rows.fetchAll(c, "SELECT id FROM acct ORDER BY id")).containsExactly(List.of(1L), List.of(2L));
            assertThat(Rows.fetchAll(c, "SELECT id FROM acct")).hasSize(2);
            assertThat(Rows.fetchAll(c, "SELECT v, COUNT(*) FROM acct GROUP BY v ORDER BY COUNT(*), v")).hasSize(2);
            assertThat(Rows.fetchAll(c, "SELECT id FROM acct ORDER BY id LIMIT 3")).hasSize(3); // LIMIT wins
            assertThat(Rows.fetchAll(c, "SELECT COUNT(*) FROM acct")).containsExactly(List.of(4L));
            assertThat(Rows.fetchAll(c, "SELECT id FROM acct WHERE id IN (1, 3, 5) ORDER BY id")).hasSize(2);
            s.execute("SET sql_select_limit = 0"); // MySQL's "no rows at all"
            assertThat(Rows.fetchAll(c, "SELECT id FROM acct ORDER BY id")).isEmpty();
            assertThat(Rows.fetchAll(c, "SELECT id FROM acct WHERE id = 1")).isEmpty();
            s.execute("SET sql_select_limit = -1"); // clipped to 0 by the data host, so by Tessera too
            assertThat(Rows.fetchAll(c, "SELECT id FROM acct ORDER BY id")).isEmpty();
            s.execute("SET sql_select_limit = DEFAULT");
            assertThat(Rows.fetchAll(c, "SELECT id FROM acct")).hasSize(4);
        }
    }

    @Test
    void aLatin1SessionsTextIsStoredAsTextOnEveryNodeItsStatementsReach() throws SQLException {
        String url = tessera.jdbcUrl("TXDB") + "?characterEncoding=ISO-8859-1&sslMode=DISABLED";
        try (Connection c = DriverManager.getConnection(url, RunningTessera.USER, RunningTessera.PASSWORD);
                Statement s = c.createStatement()) {
            assertThat(Rows.fetchAll(c, "SELECT @@character_set_client")).containsExactly(List.of("latin1"));
            s.executeUpdate("INSERT INTO acct (id, v, txt) VALUES (30, 0, 'café'), (31, 0, 'naïve')"); // split
            s.executeUpdate("UPDATE acct SET txt = 'déjà vu' WHERE id IN (30, 31)");
            s.execute("SET @who = 'José'");
            assertThat(Rows.fetchAll(c, "SELECT @who, txt FROM acct WHERE id = 31"))
                    .containsExactly(List.of("José", "déjà vu"));
        }
        for (String db : List.of("db1", "db2")) {
            try (Connection node = tessera.dataHosts().connectDirect(tessera.database(db))) {
                assertThat(Rows.fetchAll(node, "SELECT txt FROM acct WHERE id IN (30, 31)"))
                        .containsExactly(List.of("déjà vu"));
            }
        }
        try (Connection c = tessera.connect("TXDB"); Statement s = c.createStatement()) {
            s.executeUpdate("DELETE FROM acct WHERE id IN (30, 31)");
        }
    }

    @Test
    void aSessionsTemporaryTablePreparedStatementAndLockStayItsOwn() throws SQLException {
        try (Connection a = tessera.connect("TXDB"); Statement s = a.createStatement()) {
            s.execute("CREATE TEMPORARY TABLE scratch (x INT)");
            s.execute("INSERT INTO scratch VALUES (42)");
            s.execute("PREPARE mine FROM 'SELECT x FROM scratch'");
            assertThat(Rows.fetchAll(a, "SELECT GET_LOCK('tessera-it-lock', 0)")).containsExactly(List.of(1));
            for (int i = 0; i < 30; i++) { // other sessions take pooled connections in between
                try (Connection b = tessera.connect("TXDB"); Statement other = b.createStatement()) {
                    assertThatThrownBy(() -> other.executeQuery("SELECT x FROM scratch"))
                            .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getErrorCode())
                                    .isEqualTo(1146));
                    assertThatThrownBy(() -> other.execute("EXECUTE mine"))
                            .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getErrorCode())
                                    .isEqualTo(1243));
                    assertThat(Rows.fetchAll(b, "SELECT v FROM acct WHERE id = 2")).containsExactly(List.of(20));
                }
                assertThat(Rows.fetchAll(a, "SELECT x FROM scratch")).containsExactly(List.of(42));
            }
            a.setAutoCommit(false); // the connection holding the table joins a transaction, and stays after it
            s.execute("INSERT INTO scratch VALUES (43)");
            s.executeUpdate("UPDATE acct SET v = v WHERE id IN (1, 2)");
            a.rollback();
            a.setAutoCommit(true);
            assertThat(Rows.fetchAll(a, "EXECUTE mine")).containsExactly(List.of(42));
            assertThat(Rows.fetchAll(a, "SELECT RELEASE_LOCK('tessera-it-lock')")).containsExactly(List.of(1));
        }
        try (Connection b = tessera.connect("TXDB")) { // a left: its connection was reset before going back
            assertThat(Rows.fetchAll(b, "SELECT IS_FREE_LOCK('tessera-it-lock')")).containsExactly(List.of(1));
        }
    }

    @Test
    void sqlPrepareOfAStatementOnShardedTablesIsRefused() throws SQLException {
        try (Connection c = tessera.connect("TXDB"); Statement s = c.createStatement()) {
            assertThatThrownBy(() -> s.execute("PREPARE p FROM 'SELECT v FROM acct WHERE id = ?'"))
                    .isInstanceOfSatisfying(SQLException.class, e -> {
                        assertThat(e.getErrorCode()).isEqualTo(1235);
                        assertThat(e.getMessage()).contains("[dn1, dn2]", "server-side prepared statements");
                    });
            s.execute("PREPARE p FROM 'SELECT ? + 1'");
            s.execute("SET @n = 41");
            assertThat(Rows.fetchAll(c, "EXECUTE p USING @n")).containsExactly(List.of(42L));
            s.execute("DEALLOCATE PREPARE p");
        }
    }

    @Test
    void killQueryStopsTheSessionsStatementOnTheDataNodeAndKillConnectionClosesIt() throws Exception {
        try (Connection victim = tessera.connect("TXDB"); Connection killer = tessera.connect("TXDB")) {
            long id = (Long) Rows.fetchAll(victim, "SELECT CONNECTION_ID()").get(0).get(0);
            CompletableFuture<Integer> sleeping = CompletableFuture.supplyAsync(() -> {
                try {
                    Rows.fetchAll(victim, "SELECT SLEEP(30) FROM acct WHERE id = 2");
                    return 0;
                } catch (SQLException e) {
                    return e.getErrorCode();
                }
            });
            Thread.sleep(500);
            long started = System.nanoTime();
            killer.createStatement().execute("KILL QUERY " + id);
            assertThat(sleeping.get(10, TimeUnit.SECONDS)).isEqualTo(1317); // the data node's "interrupted"
            assertThat(System.nanoTime() - started).isLessThan(TimeUnit.SECONDS.toNanos(10));
            assertThat(Rows.fetchAll(victim, "SELECT v FROM acct WHERE id = 2")).containsExactly(List.of(20));

            assertThatThrownBy(() -> killer.createStatement().execute("KILL 999999"))
                    .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(1094));
            assertThatThrownBy(() -> killer.createStatement().execute("KILL QUERY")) // no id: the session lives on
                    .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(1064));
            killer.createStatement().execute("KILL CONNECTION " + id);
            assertThatThrownBy(() -> Rows.fetchAll(victim, "SELECT 1")).isInstanceOf(SQLException.class);
        }
    }

    private static List<Long> values(ResultSet rs) throws SQLException {
        List<Long> values = new ArrayList<>();
        try (rs) {
            while (rs.next()) {
                values.add(rs.getLong(1));
            }
        }
        return values;
    }
}
