package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A data node that goes away in the middle of a transaction (acct: even ids on dn1, odd ids on dn2, whose data host
 * is reached through a relay the test cuts), checked on the nodes themselves: nothing is ever reported as
 * committed that was not, and no half of a transaction commits without the client being told which half.
 */
@Tag("integration")
class TransactionFailureIT {

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/transactions-relay").withRelay();

    @BeforeAll
    static void createTable() throws SQLException {
        try (Connection c = tessera.connect("TXDB"); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE acct (id BIGINT PRIMARY KEY, v INT NOT NULL)");
        }
    }

    @BeforeEach
    void emptyTable() throws SQLException {
        try (Connection c = tessera.connect("TXDB"); Statement s = c.createStatement()) {
            s.execute("DELETE FROM acct");
        }
    }

    @Test
    void aCommitThatFailsOnOneNodeAfterAnotherCommittedNamesBoth() throws SQLException {
        try (Connection c = tessera.connect("TXDB"); Statement s = c.createStatement()) {
            c.setAutoCommit(false);
            s.executeUpdate("INSERT INTO acct VALUES (2, 1)"); // dn1 joins first, so it commits first
            s.executeUpdate("INSERT INTO acct VALUES (3, 1)");
            tessera.relay().cutOnQuery("COMMIT"); // then dn2's connection is cut
            assertThatThrownBy(c::commit).isInstanceOfSatisfying(SQLException.class, e -> {
                assertThat(e.getErrorCode()).isEqualTo(1105);
                assertThat(e.getMessage()).contains("COMMIT failed on data node(s) [dn2", "it succeeded on [dn1]");
            });
            assertThat(Rows.fetchAll(c, "SELECT id FROM acct ORDER BY id")).containsExactly(List.of(2L));
        }
        assertThat(onNode("db1")).containsExactly(2L);
        assertThat(onNode("db2")).isEmpty();
    }

    @Test
    void aConnectionLostWhileIdleRollsTheWholeTransactionBackAtCommit() throws Exception {
        try (Connection c = tessera.connect("TXDB"); Statement s = c.createStatement()) {
            c.setAutoCommit(false);
            s.executeUpdate("INSERT INTO acct VALUES (4, 1), (5, 1)");
            cutDn2(); // dn2's data host restarts: its part of the transaction is gone
            s.executeUpdate("INSERT INTO acct VALUES (6, 1)"); // dn1 still answers
            assertThatThrownBy(c::commit).isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getMessage())
                    .contains("lost its connection to data node(s) [dn2]", "rolled back on every data node"));
            s.executeUpdate("INSERT INTO acct VALUES (8, 1), (9, 1)"); // the session goes on, in a new transaction
            c.commit();
        }
        assertThat(onNode("db1")).containsExactly(8L);
        assertThat(onNode("db2")).containsExactly(9L);
    }

    @Test
    void aStatementThatFindsItsTransactionsConnectionGoneEndsTheTransaction() throws Exception {
        try (Connection c = tessera.connect("TXDB"); Statement s = c.createStatement()) {
            s.execute("BEGIN");
            s.executeUpdate("INSERT INTO acct VALUES (10, 1), (11, 1)");
            cutDn2();
            assertThatThrownBy(() -> s.executeUpdate("UPDATE acct SET v = 2 WHERE id = 11"))
                    .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getMessage())
                            .contains("dn2", "the transaction is rolled back on every data node"));
            // as after a lost connection to one server: the transaction is gone, and this runs on its own
            s.executeUpdate("INSERT INTO acct VALUES (12, 1)");
            s.execute("ROLLBACK");
        }
        assertThat(onNode("db1")).containsExactly(12L);
        assertThat(onNode("db2")).isEmpty();
    }

    @Test
    void anXaCommitCutOnOneNodeIsFinishedByRecovery() throws Exception {
        try (Connection c = tessera.connect("TXDB"); Statement s = c.createStatement()) {
            s.execute("SET XA = ON");
            c.setAutoCommit(false);
            s.executeUpdate("INSERT INTO acct VALUES (14, 1)");
            s.executeUpdate("INSERT INTO acct VALUES (15, 1)");
            tessera.relay().cutOnQuery("XA COMMIT"); // dn2's branch, after dn1's committed: only dn2 is relayed
            assertThatThrownBy(c::commit).isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getMessage())
                    .contains("COMMIT is decided", "committed on [dn1]", "not yet on [dn2"));
        }
        assertThat(onNode("db1")).containsExactly(14L);
        // the branch stays prepared on dn2's host until recovery's next pass commits it
        TransactionIT.waitUntil(() -> onNode("db2").equals(List.of(15L)), 30);
        assertThat(TransactionIT.preparedXaBranches(tessera.dataHosts())).isEmpty();
    }

    @Test
    void aFirstNodeThatCannotCommitLeavesTheOthersRolledBack() throws SQLException {
        try (Connection c = tessera.connect("TXDB"); Statement s = c.createStatement()) {
            c.setAutoCommit(false);
            s.executeUpdate("INSERT INTO acct VALUES (17, 1)"); // dn2 first this time
            s.executeUpdate("INSERT INTO acct VALUES (16, 1)");
            tessera.relay().cutOnQuery("COMMIT");
            assertThatThrownBy(c::commit).isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getMessage())
                    .contains("COMMIT failed on data node(s) [dn2", "succeeded on none", "rolled back instead on [dn1]"));
        }
        assertThat(onNode("db1")).isEmpty();
        assertThat(onNode("db2")).isEmpty();
    }

    @Test
    void aMergedStatementEndsOnlyWhenEveryNodeHasAnswered() throws Exception {
        try (Connection c = tessera.connect("TXDB"); Statement s = c.createStatement()) {
            s.executeUpdate("INSERT INTO acct VALUES (30, 1), (31, 1)");
            c.setAutoCommit(false);
            assertThat(Rows.fetchAll(c, "SELECT id FROM acct WHERE id IN (30, 31) ORDER BY id")).hasSize(2);
            tessera.relay().holdAnswers(); // dn2's answer to the next statement waits in the relay
            try {
                assertThatThrownBy(() -> s.executeQuery("SELECT nope FROM acct")) // dn1's 1054 comes at once
                        .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(1054));
                CompletableFuture<List<List<Object>>> next = CompletableFuture.supplyAsync(() -> {
                    try {
                        return Rows.fetchAll(c, "SELECT v FROM acct WHERE id = 31"); // dn2, on the same connection
                    } catch (SQLException e) {
                        throw new CompletionException(e);
                    }
                });
                Thread.sleep(300);
                assertThat(next).isNotDone(); // it waits for dn2's connection to finish the last answer
                tessera.relay().releaseAnswers();
                assertThat(next.get(10, TimeUnit.SECONDS)).containsExactly(List.of(1));
            } finally {
                tessera.relay().releaseAnswers();
            }
            c.rollback();
        }
    }

    /** Cuts dn2's connections, and waits until Tessera has seen its connection of the transaction go. */
    private static void cutDn2() throws Exception {
        tessera.relay().cutConnections();
        TransactionIT.waitUntil(() -> activeConnections("dn2") == 0);
    }

    /** The ACTIVE (borrowed) connections of a data node, from {@code show @@datasource} on the admin port. */
    private static long activeConnections(String dataNode) throws SQLException {
        String url = "jdbc:mysql://127.0.0.1:" + tessera.adminPort() + "/?useSSL=false&allowPublicKeyRetrieval=true";
        long active = 0;
        try (Connection admin = DriverManager.getConnection(url, RunningTessera.USER, RunningTessera.PASSWORD);
                Statement s = admin.createStatement(); ResultSet rs = s.executeQuery("show @@datasource")) {
            while (rs.next()) {
                if (rs.getString("DATANODE").equals(dataNode)) {
                    active += rs.getLong("ACTIVE");
                }
            }
        }
        return active;
    }

    private static List<Long> onNode(String database) throws SQLException {
        try (Connection c = tessera.dataHosts().connectDirect(tessera.database(database))) {
            return Rows.fetchAll(c, "SELECT id FROM acct ORDER BY id").stream().map(r -> (Long) r.get(0)).toList();
        }
    }
}
