package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Deadlocks across data nodes (acct: even ids on dn1, odd ids on dn2), which no data host sees: two transactions that
 * each hold a row on one node and wait for the other's row on the other node. Tessera's detector must find the cycle
 * within a second, answer one client 1213 with its transaction rolled back on every node, let the other commit, and
 * leave no lock behind; a transaction that merely waits behind a long one is left alone.
 */
@Tag("integration")
class DeadlockIT {

    private static final Logger LOG = LogManager.getLogger(DeadlockIT.class);

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/transactions");

    @BeforeAll
    static void createTable() throws SQLException {
        try (Connection c = tessera.connect("TXDB"); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE acct (id BIGINT PRIMARY KEY, v INT NOT NULL)");
        }
    }

    @BeforeEach
    void rows() throws SQLException {
        try (Connection c = tessera.connect("TXDB"); Statement s = c.createStatement()) {
            s.execute("DELETE FROM acct");
            s.execute("INSERT INTO acct VALUES (1, 0), (2, 0), (3, 0), (4, 0)");
        }
    }

    @Test
    void aCycleAcrossTwoNodesIsBrokenWithin1213AndTheOtherCommits() throws Exception {
        cycleIsBroken(false);
    }

    @Test
    void anXaCycleIsBrokenTheSameWay() throws Exception {
        cycleIsBroken(true);
        assertThat(TransactionIT.preparedXaBranches(tessera.dataHosts())).isEmpty();
    }

    private void cycleIsBroken(boolean xa) throws Exception {
        long detectedBefore = detected();
        try (Connection a = tessera.connect("TXDB"); Connection b = tessera.connect("TXDB");
                Statement sa = a.createStatement(); Statement sb = b.createStatement()) {
            if (xa) {
                sa.execute("SET XA = ON");
                sb.execute("SET XA = ON");
            }
            a.setAutoCommit(false);
            b.setAutoCommit(false);
            sa.executeUpdate("UPDATE acct SET v = 10 WHERE id = 2"); // a holds id 2 on dn1
            sb.executeUpdate("UPDATE acct SET v = 20 WHERE id = 1"); // b holds id 1 on dn2
            sb.executeUpdate("UPDATE acct SET v = 20 WHERE id = 4"); // b has changed more rows: a is the victim
            long start = System.nanoTime();
            CompletableFuture<Integer> aWaits = CompletableFuture.supplyAsync(() -> update(sa,
                    "UPDATE acct SET v = 10 WHERE id = 1")); // waits for b on dn2
            Thread.sleep(100);
            int bChanged = sb.executeUpdate("UPDATE acct SET v = 20 WHERE id = 2"); // waits for a on dn1: a cycle
            long brokenMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertThatThrownBy(() -> aWaits.get(5, TimeUnit.SECONDS)).hasCauseInstanceOf(SQLException.class)
                    .cause().satisfies(e -> {
                        SQLException deadlock = (SQLException) e;
                        assertThat(deadlock.getErrorCode()).isEqualTo(1213);
                        assertThat(deadlock.getSQLState()).isEqualTo("40001");
                        assertThat(deadlock.getMessage())
                                .isEqualTo("Deadlock found when trying to get lock; try restarting transaction");
                    });
            LOG.warn("DeadlockIT: {} cycle broken {} ms after it formed", xa ? "XA" : "plain", brokenMillis);
            assertThat(brokenMillis).isLessThan(1_000);
            assertThat(bChanged).isEqualTo(1);
            b.commit();
            // the victim's transaction is gone on every node; its session goes on with a new one
            assertThat(Rows.fetchAll(a, "SELECT id, v FROM acct ORDER BY id")).containsExactly(List.of(1L, 20),
                    List.of(2L, 20), List.of(3L, 0), List.of(4L, 20));
            a.commit();
        }
        assertThat(onNodes()).containsExactly(List.of(1L, 20), List.of(2L, 20), List.of(3L, 0), List.of(4L, 20));
        assertThat(transactionsOnHostSettle()).isZero();
        assertThat(detected()).isEqualTo(detectedBefore + 1);
    }

    @Test
    void anAutocommitWriteOnBothNodesCanBeTheVictimAndChangesNothing() throws Exception {
        long detectedBefore = detected();
        try (Connection a = tessera.connect("TXDB"); Connection b = tessera.connect("TXDB");
                Statement sa = a.createStatement(); Statement sb = b.createStatement()) {
            a.setAutoCommit(false);
            sa.executeUpdate("UPDATE acct SET v = 10 WHERE id IN (1, 3)"); // a holds ids 1 and 3 on dn2
            // b's one statement runs in a transaction of its own on both nodes: it takes id 2 on dn1, then waits
            // for a on dn2
            CompletableFuture<Integer> bWaits = CompletableFuture.supplyAsync(() -> update(sb,
                    "UPDATE acct SET v = 20 WHERE id IN (1, 2)"));
            Thread.sleep(100);
            assertThat(sa.executeUpdate("UPDATE acct SET v = 10 WHERE id = 2")).isEqualTo(1); // a cycle: b is killed
            assertThatThrownBy(() -> bWaits.get(5, TimeUnit.SECONDS)).cause()
                    .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(1213));
            a.commit();
        }
        // b's statement changed nothing anywhere: a's rows are all there
        assertThat(onNodes()).containsExactly(List.of(1L, 10), List.of(2L, 10), List.of(3L, 10), List.of(4L, 0));
        assertThat(detected()).isEqualTo(detectedBefore + 1);
    }

    @Test
    void aTransactionWaitingBehindALongOneIsLeftToWait() throws Exception {
        long detectedBefore = detected();
        try (Connection a = tessera.connect("TXDB"); Connection b = tessera.connect("TXDB");
                Statement sa = a.createStatement(); Statement sb = b.createStatement()) {
            a.setAutoCommit(false);
            b.setAutoCommit(false);
            sa.executeUpdate("UPDATE acct SET v = 10 WHERE id = 2"); // a holds id 2 on dn1
            sb.executeUpdate("UPDATE acct SET v = 20 WHERE id = 3"); // b holds id 3 on dn2, which a never wants
            CompletableFuture<Integer> bWaits = CompletableFuture.supplyAsync(() -> update(sb,
                    "UPDATE acct SET v = 20 WHERE id = 2")); // waits for a on dn1: no cycle
            Thread.sleep(1_500); // seven periods of the detector
            assertThat(bWaits).isNotDone();
            a.commit();
            assertThat(bWaits.get(5, TimeUnit.SECONDS)).isEqualTo(1);
            b.commit();
        }
        assertThat(onNodes()).containsExactly(List.of(1L, 0), List.of(2L, 20), List.of(3L, 20), List.of(4L, 0));
        assertThat(detected()).isEqualTo(detectedBefore);
    }

    private static int update(Statement s, String sql) {
        try {
            return s.executeUpdate(sql);
        } catch (SQLException e) {
            throw new java.util.concurrent.CompletionException(e);
        }
    }

    private static long detected() throws SQLException {
        Map<String, String> row = AdminRows.of(tessera.adminPort(), "show @@deadlock").get(0);
        return Long.parseLong(row.get("DETECTED"));
    }

    /** acct's rows as the two node databases hold them. */
    private static List<List<Object>> onNodes() throws SQLException {
        List<List<Object>> rows = new java.util.ArrayList<>();
        for (String db : List.of("db1", "db2")) {
            try (Connection c = tessera.dataHosts().connectDirect(tessera.database(db))) {
                rows.addAll(Rows.fetchAll(c, "SELECT id, v FROM acct ORDER BY id"));
            }
        }
        rows.sort((x, y) -> Long.compare((Long) x.get(0), (Long) y.get(0)));
        return rows;
    }

    /**
     * InnoDB transactions open on the node databases' host, which must fall to none once both clients are done. Read
     * every 200 ms: InnoDB refreshes what INNODB_TRX shows only when it has not been read for 100 ms.
     */
    private static long transactionsOnHostSettle() throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        try (Connection c = tessera.dataHosts().connectDirect(null)) {
            while (true) {
                Thread.sleep(200);
                long open = (Long) Rows.fetchAll(c, "SELECT COUNT(*) FROM information_schema.INNODB_TRX").get(0).get(0);
                if (open == 0 || System.nanoTime() > deadline) {
                    return open;
                }
            }
        }
    }
}
