package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Transactions over two data nodes (acct: even ids on dn1, odd ids on dn2), checked on the nodes themselves:
 * commit and rollback on both, isolation from other sessions, savepoints set before a node joined, implicit commit
 * by DDL, READ ONLY, XA, and a client that leaves in the middle.
 */
@Tag("integration")
class TransactionIT {

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/transactions");

    @BeforeAll
    static void createTables() throws SQLException {
        try (Connection c = tessera.connect("TXDB"); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE acct (id BIGINT PRIMARY KEY, v INT NOT NULL)");
            s.execute("CREATE TABLE settings (name VARCHAR(20) PRIMARY KEY, v INT)");
        }
    }

    @BeforeEach
    void emptyTables() throws SQLException {
        try (Connection c = tessera.connect("TXDB"); Statement s = c.createStatement()) {
            s.execute("DELETE FROM acct");
            s.execute("DELETE FROM settings");
        }
    }

    @Test
    void aCommitIsVisibleOnBothNodesAndARollbackOnNeither() throws SQLException {
        try (Connection c = tessera.connect("TXDB"); Statement s = c.createStatement()) {
            c.setAutoCommit(false);
            s.executeUpdate("INSERT INTO acct VALUES (2, 20), (3, 30)");
            assertThat(Rows.fetchAll(c, "SELECT id FROM acct ORDER BY id")).containsExactly(List.of(2L), List.of(3L));
            c.commit();
            s.executeUpdate("INSERT INTO acct VALUES (4, 40), (5, 50)");
            s.executeUpdate("UPDATE acct SET v = v + 1");
            c.rollback();
        }
        assertThat(onNode("db1")).containsExactly(List.of(2L, 20));
        assertThat(onNode("db2")).containsExactly(List.of(3L, 30));
    }

    @Test
    void anotherSessionDoesNotSeeUncommittedRows() throws SQLException {
        try (Connection writer = tessera.connect("TXDB"); Connection reader = tessera.connect("TXDB");
                Statement s = writer.createStatement()) {
            writer.setAutoCommit(false);
            s.executeUpdate("INSERT INTO acct VALUES (10, 1), (11, 1)");
            assertThat(Rows.fetchAll(reader, "SELECT COUNT(*) FROM acct")).containsExactly(List.of(0L));
            writer.commit();
            assertThat(Rows.fetchAll(reader, "SELECT COUNT(*) FROM acct")).containsExactly(List.of(2L));
        }
    }

    @Test
    void rollbackToASavepointUndoesWorkOfNodesThatJoinedAfterIt() throws SQLException {
        try (Connection c = tessera.connect("TXDB"); Statement s = c.createStatement()) {
            s.execute("BEGIN");
            s.executeUpdate("INSERT INTO acct VALUES (2, 1)");
            s.execute("SAVEPOINT before_odd");
            s.executeUpdate("INSERT INTO acct VALUES (3, 1)"); // dn2 joins after the savepoint
            s.executeUpdate("INSERT INTO acct VALUES (4, 1)");
            s.execute("ROLLBACK TO SAVEPOINT before_odd");
            s.executeUpdate("INSERT INTO acct VALUES (5, 1)");
            s.execute("RELEASE SAVEPOINT before_odd");
            assertThatThrownBy(() -> s.execute("ROLLBACK TO before_odd"))
                    .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(1305));
            s.execute("COMMIT");
        }
        assertThat(onNode("db1")).containsExactly(List.of(2L, 1));
        assertThat(onNode("db2")).containsExactly(List.of(5L, 1));
    }

    @Test
    void ddlCommitsTheOpenTransactionFirst() throws SQLException {
        try (Connection c = tessera.connect("TXDB"); Statement s = c.createStatement()) {
            s.execute("START TRANSACTION");
            s.executeUpdate("INSERT INTO acct VALUES (6, 1), (7, 1)");
            s.execute("CREATE TABLE IF NOT EXISTS scratch (id INT)");
            s.execute("ROLLBACK");
            s.execute("DROP TABLE scratch");
        }
        assertThat(onNode("db1")).containsExactly(List.of(6L, 1));
        assertThat(onNode("db2")).containsExactly(List.of(7L, 1));
    }

    @Test
    void aReadOnlyTransactionRefusesWritesWithTheNodesError() throws SQLException {
        try (Connection c = tessera.connect("TXDB"); Statement s = c.createStatement()) {
            s.execute("START TRANSACTION READ ONLY");
            assertThat(Rows.fetchAll(c, "SELECT COUNT(*) FROM acct")).containsExactly(List.of(0L));
            assertThatThrownBy(() -> s.executeUpdate("INSERT INTO acct VALUES (8, 1)"))
                    .isInstanceOfSatisfying(SQLException.class, e -> {
                        assertThat(e.getErrorCode()).isEqualTo(1792);
                        assertThat(e.getSQLState()).isEqualTo("25006");
                    });
            s.execute("COMMIT");
            s.executeUpdate("INSERT INTO acct VALUES (8, 1)");
        }
        assertThat(onNode("db1")).containsExactly(List.of(8L, 1));
    }

    @Test
    void xaCommitsAndRollsBackOnEveryNodeAndLeavesNothingPrepared() throws SQLException {
        try (Connection c = tessera.connect("TXDB"); Statement s = c.createStatement()) {
            s.execute("SET XA = ON");
            c.setAutoCommit(false);
            s.executeUpdate("INSERT INTO acct VALUES (12, 1), (13, 1)");
            s.executeUpdate("INSERT INTO settings VALUES ('a', 1)");
            c.commit();
            s.executeUpdate("INSERT INTO acct VALUES (14, 1), (15, 1)");
            c.rollback();
            s.executeUpdate("INSERT INTO acct VALUES (16, 1)"); // one branch: XA COMMIT ... ONE PHASE
            c.commit();
            assertThatThrownBy(() -> s.execute("XA RECOVER"))
                    .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(1235));
        }
        assertThat(onNode("db1")).containsExactly(List.of(12L, 1), List.of(16L, 1));
        assertThat(onNode("db2")).containsExactly(List.of(13L, 1));
        assertThat(preparedXaBranches(tessera.dataHosts())).isEmpty();
    }

    @Test
    void aClientThatLeavesMidTransactionLeavesNothingBehind() throws Exception {
        try (Connection c = tessera.connect("TXDB"); Statement s = c.createStatement()) {
            c.setAutoCommit(false);
            s.executeUpdate("INSERT INTO acct VALUES (20, 1), (21, 1)");
            s.execute("SET @left_behind = 42");
            abort(c);
        }
        try (Connection c = tessera.connect("TXDB"); Statement s = c.createStatement()) {
            s.execute("SET XA = ON");
            c.setAutoCommit(false);
            s.executeUpdate("INSERT INTO acct VALUES (22, 1), (23, 1)");
            abort(c);
        }
        waitUntil(() -> onNode("db1").isEmpty() && onNode("db2").isEmpty()
                && preparedXaBranches(tessera.dataHosts()).isEmpty());
        try (Connection c = tessera.connect("TXDB")) {
            for (int i = 0; i < 4; i++) { // whichever pooled connection answers, the variable is gone
                assertThat(Rows.fetchAll(c, "SELECT @left_behind")).containsExactly(java.util.Arrays.asList(
                        (Object) null));
            }
        }
    }

    @ParameterizedTest(name = "xa = {0}")
    @ValueSource(booleans = {false, true})
    void aDeadlockRollsBackTheWholeTransactionAsOnOneServer(boolean xa) throws Exception {
        try (Connection c = tessera.connect("TXDB"); Statement s = c.createStatement()) {
            s.executeUpdate("INSERT INTO acct VALUES (2, 0), (3, 0), (4, 0), (5, 0), (6, 0)");
        }
        try (Connection a = tessera.connect("TXDB"); Connection b = tessera.connect("TXDB")) {
            if (xa) {
                b.createStatement().execute("SET XA = ON");
            }
            a.setAutoCommit(false);
            b.setAutoCommit(false);
            // a holds more rows than b on dn1, so InnoDB picks b as the deadlock's victim
            a.createStatement().executeUpdate("UPDATE acct SET v = 1 WHERE id IN (2, 6)");
            b.createStatement().executeUpdate("UPDATE acct SET v = 2 WHERE id = 3");   // b's part on dn2
            b.createStatement().executeUpdate("UPDATE acct SET v = 2 WHERE id = 4");   // b locks 4 on dn1
            CompletableFuture<Integer> aWaits = CompletableFuture.supplyAsync(() -> {
                try {
                    return a.createStatement().executeUpdate("UPDATE acct SET v = 1 WHERE id = 4");
                } catch (SQLException e) {
                    return -e.getErrorCode();
                }
            });
            Thread.sleep(300);
            assertThatThrownBy(() -> b.createStatement().executeUpdate("UPDATE acct SET v = 2 WHERE id = 2"))
                    .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(1213));
            assertThat(aWaits.get(10, TimeUnit.SECONDS)).isEqualTo(1);
            // As after a deadlock on one server, b's transaction is gone: it starts again and commits new work only
            b.createStatement().executeUpdate("UPDATE acct SET v = 2 WHERE id = 5");
            b.commit();
            a.commit();
        }
        assertThat(onNode("db1")).containsExactly(List.of(2L, 1), List.of(4L, 1), List.of(6L, 1));
        assertThat(onNode("db2")).containsExactly(List.of(3L, 0), List.of(5L, 2)); // 3 rolled back with the deadlock
        assertThat(preparedXaBranches(tessera.dataHosts())).isEmpty();
    }

    @Test
    void aWriteOnSeveralNodesThatFailsOnOneChangesNothingAndTheTransactionGoesOn() throws SQLException {
        try (Connection c = tessera.connect("TXDB"); Statement s = c.createStatement()) {
            s.executeUpdate("INSERT INTO acct VALUES (3, 0)");
            c.setAutoCommit(false);
            s.executeUpdate("INSERT INTO acct VALUES (10, 1), (11, 1)");
            assertThatThrownBy(() -> s.executeUpdate("INSERT INTO acct VALUES (12, 1), (3, 1)"))
                    .isInstanceOfSatisfying(SQLException.class, e -> {
                        assertThat(e.getErrorCode()).isEqualTo(1062);
                        assertThat(e.getSQLState()).isEqualTo("23000");
                        assertThat(e.getMessage()).contains("dn2", "nothing was changed on any data node");
                    });
            assertThat(s.executeUpdate("UPDATE acct SET v = v + 1")).isEqualTo(3); // 12 is not there
            c.commit();
        }
        assertThat(onNode("db1")).containsExactly(List.of(10L, 2));
        assertThat(onNode("db2")).containsExactly(List.of(3L, 1), List.of(11L, 2));
    }

    @ParameterizedTest(name = "xa = {0}")
    @ValueSource(booleans = {false, true})
    void aWriteOnSeveralNodesOutsideATransactionIsAllOrNothing(boolean xa) throws SQLException {
        try (Connection c = tessera.connect("TXDB"); Statement s = c.createStatement()) {
            if (xa) {
                s.execute("SET XA = ON");
            }
            s.executeUpdate("INSERT INTO settings VALUES ('only-on-dn2', 0)");
            try (Connection dn1 = tessera.dataHosts().connectDirect(tessera.database("db1"))) {
                dn1.createStatement().execute("DELETE FROM settings"); // the global table's copies now differ
            }
            assertThat(s.executeUpdate("INSERT INTO acct VALUES (20, 1), (21, 1)")).isEqualTo(2);
            assertThatThrownBy(() -> s.executeUpdate("INSERT INTO acct VALUES (22, 1), (21, 1)"))
                    .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(1062));
            assertThatThrownBy(() -> s.executeUpdate("INSERT INTO settings VALUES ('only-on-dn2', 1)"))
                    .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(1062));
        }
        assertThat(onNode("db1")).containsExactly(List.of(20L, 1));
        assertThat(onNode("db2")).containsExactly(List.of(21L, 1));
        try (Connection dn1 = tessera.dataHosts().connectDirect(tessera.database("db1"))) {
            assertThat(Rows.fetchAll(dn1, "SELECT COUNT(*) FROM settings")).containsExactly(List.of(0L));
        }
        assertThat(preparedXaBranches(tessera.dataHosts())).isEmpty();
    }

    @Test
    void ddlEndsAnOpenTransactionEvenBeforeItReachedADataNode() throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:mariadb://127.0.0.1:" + tessera.port()
                + "/TXDB?user=test&password=test"); Statement s = c.createStatement()) {
            s.execute("BEGIN");
            s.execute("CREATE TABLE IF NOT EXISTS scratch2 (id INT)");
            s.executeUpdate("INSERT INTO acct VALUES (24, 1)");
            s.execute("ROLLBACK"); // the DDL ended the transaction: the INSERT was autocommitted
            s.execute("DROP TABLE scratch2");
        }
        assertThat(onNode("db1")).containsExactly(List.of(24L, 1));
    }

    @Test
    void setTransactionWithoutScopeIsForTheNextTransactionOnly() throws SQLException {
        try (Connection c = tessera.connect("TXDB"); Statement s = c.createStatement()) {
            s.execute("SET TRANSACTION READ ONLY");
            s.execute("BEGIN");
            assertThatThrownBy(() -> s.executeUpdate("INSERT INTO acct VALUES (26, 1)"))
                    .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(1792));
            assertThatThrownBy(() -> s.execute("SET TRANSACTION READ WRITE"))
                    .isInstanceOfSatisfying(SQLException.class, e -> {
                        assertThat(e.getErrorCode()).isEqualTo(1568);
                        assertThat(e.getSQLState()).isEqualTo("25001");
                    });
            s.execute("COMMIT");
            s.execute("BEGIN");
            s.executeUpdate("INSERT INTO acct VALUES (26, 1)"); // the next transaction is read-write again
            s.execute("COMMIT");
            s.execute("SET TRANSACTION ISOLATION LEVEL SERIALIZABLE");
            assertThat(Rows.fetchAll(c, "SELECT @@tx_isolation")).containsExactly(List.of("REPEATABLE-READ"));
            assertThatThrownBy(() -> s.execute("SET GLOBAL TRANSACTION ISOLATION LEVEL READ COMMITTED"))
                    .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(1235));
            s.execute("SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED");
            assertThat(Rows.fetchAll(c, "SELECT @@tx_isolation FROM acct WHERE id = 26"))
                    .containsExactly(List.of("READ-COMMITTED"));
            // Tessera says it is MySQL 8: its variable names reach a MariaDB data node under MariaDB's
            s.execute("SET SESSION transaction_isolation = 'READ-UNCOMMITTED', transaction_read_only = 1");
            assertThat(Rows.fetchAll(c, "SELECT @@tx_isolation, @@tx_read_only FROM acct WHERE id = 26"))
                    .containsExactly(List.of("READ-UNCOMMITTED", 1L));
        }
        assertThat(onNode("db1")).containsExactly(List.of(26L, 1));
    }

    @Test
    void aClientThatLeavesInTheMiddleOfAStatementLeavesNothingBehindEither() throws Exception {
        try (Connection c = tessera.connect("TXDB"); Statement s = c.createStatement()) {
            s.executeUpdate("INSERT INTO acct VALUES (40, 0), (41, 0)");
        }
        try (Connection locker = tessera.connect("TXDB"); Connection leaver = tessera.connect("TXDB");
                Connection x = tessera.connect("TXDB"); Connection y = tessera.connect("TXDB")) {
            locker.setAutoCommit(false);
            locker.createStatement().executeUpdate("UPDATE acct SET v = 9 WHERE id = 41"); // dn2's row is taken
            leaver.setAutoCommit(false);
            leaver.createStatement().executeUpdate("UPDATE acct SET v = 1 WHERE id = 40");
            CompletableFuture<Void> waiting = CompletableFuture.runAsync(() -> {
                try {
                    leaver.createStatement().executeUpdate("UPDATE acct SET v = 2 WHERE id IN (40, 41)");
                } catch (SQLException e) {
                    // its socket is cut under it
                }
            });
            Thread.sleep(300); // dn1 has done its part, dn2 waits for the lock
            abort(leaver);
            Thread.sleep(100);
            x.setAutoCommit(false); // x takes a dn1 connection: the leaver's must not be given back under it
            x.createStatement().executeUpdate("UPDATE acct SET v = 7 WHERE id = 40");
            locker.rollback(); // dn2 goes on, and the statement's end finds its client gone
            waiting.get(10, TimeUnit.SECONDS);
            for (int i = 0; i < 10; i++) { // nobody else reads x's uncommitted row: no connection is shared
                assertThat(Rows.fetchAll(y, "SELECT v FROM acct WHERE id = 40")).containsExactly(List.of(0));
            }
            x.rollback();
        }
        waitUntil(() -> activeBackendConnections() == 0);
        assertThat(onNode("db1")).containsExactly(List.of(40L, 0));
        assertThat(onNode("db2")).containsExactly(List.of(41L, 0));
        try (Connection a = tessera.connect("TXDB"); Connection b = tessera.connect("TXDB")) {
            a.setAutoCommit(false);
            b.setAutoCommit(false);
            a.createStatement().executeUpdate("UPDATE acct SET v = 5 WHERE id = 40"); // no connection is shared
            b.createStatement().executeUpdate("UPDATE acct SET v = 6 WHERE id = 41");
            a.commit();
            b.rollback();
        }
        assertThat(onNode("db1")).containsExactly(List.of(40L, 5));
        assertThat(onNode("db2")).containsExactly(List.of(41L, 0));
    }

    /** The ACTIVE (borrowed) backend connections, from {@code show @@datasource} on the admin port. */
    private static long activeBackendConnections() throws SQLException {
        String url = "jdbc:mysql://127.0.0.1:" + tessera.adminPort() + "/?useSSL=false&allowPublicKeyRetrieval=true";
        long active = 0;
        try (Connection admin = DriverManager.getConnection(url, RunningTessera.USER, RunningTessera.PASSWORD);
                Statement s = admin.createStatement(); java.sql.ResultSet rs = s.executeQuery("show @@datasource")) {
            while (rs.next()) {
                active += rs.getLong("ACTIVE");
            }
        }
        return active;
    }

    @Test
    void mariaDbConnectorJCommitsBecauseTheStatusSaysInTransaction() throws SQLException {
        String url = "jdbc:mariadb://127.0.0.1:" + tessera.port() + "/TXDB?user=test&password=test";
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            c.setAutoCommit(false);
            s.executeUpdate("INSERT INTO acct VALUES (30, 1), (31, 1)");
            c.commit(); // skipped by the driver if Tessera's OK packets lacked SERVER_STATUS_IN_TRANS
        }
        assertThat(onNode("db1")).containsExactly(List.of(30L, 1));
        assertThat(onNode("db2")).containsExactly(List.of(31L, 1));
    }

    /** Closes the client's socket under the driver, as a crashed application would. */
    private static void abort(Connection c) throws SQLException {
        c.abort(Runnable::run);
    }

    private static List<List<Object>> onNode(String database) throws SQLException {
        try (Connection c = tessera.dataHosts().connectDirect(tessera.database(database))) {
            return Rows.fetchAll(c, "SELECT id, v FROM acct ORDER BY id");
        }
    }

    /** Tessera's XA branches left prepared on the data host. */
    static List<String> preparedXaBranches(DataHosts hosts) throws SQLException {
        List<String> branches = new ArrayList<>();
        try (Connection c = hosts.connectDirect(null); Statement s = c.createStatement();
                java.sql.ResultSet rs = s.executeQuery("XA RECOVER")) {
            while (rs.next()) {
                if (rs.getString(4).startsWith("tessera-")) {
                    branches.add(rs.getString(4));
                }
            }
        }
        return branches;
    }

    interface Check {
        boolean holds() throws Exception;
    }

    static void waitUntil(Check check) throws Exception {
        waitUntil(check, 10);
    }

    static void waitUntil(Check check, int seconds) throws Exception {
        long deadline = System.nanoTime() + seconds * 1_000_000_000L;
        while (!check.holds()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within " + seconds + " s");
            }
            Thread.sleep(50);
        }
    }
}
