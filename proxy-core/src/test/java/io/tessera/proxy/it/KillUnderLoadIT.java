package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code kill -9} of Tessera in the middle of transactions over two data hosts leaves nothing behind on them: once
 * its sockets are gone, each data host rolls back what Tessera had open, so no transaction of Tessera's stays in
 * {@code INNODB_TRX} and no row stays locked; after the restart every transaction whose {@code COMMIT} was answered
 * OK is whole, and none that never sent its {@code COMMIT} left a row.
 *
 * <p>This is the default commit across data nodes (MyCat's weak XA, docs/sessions.md): a transaction whose
 * {@code COMMIT} got no answer may be partial, and the test only counts those. What {@code SET XA = ON} promises for
 * them, every prepared branch completed or rolled back when Tessera starts again, is XaRecoveryIT's to check. Load
 * runs three seconds (16 clients), so the class takes about 10 s besides the extra MariaDB's start.
 */
@Tag("integration")
class KillUnderLoadIT {

    private static final Logger LOG = LogManager.getLogger(KillUnderLoadIT.class);

    private static final String[] JVM = {"-Xmx256m"};
    private static final int CLIENTS = 16;
    private static final int HOLDERS = 4;
    /** Rows 1,000,000 + 2h (dn1) and + 1 (dn2): locked by holder h's transaction, never committed. */
    private static final long LOCKED = 1_000_000;
    /** Rows 1,000,100 + 2c (dn1) and + 1 (dn2): client c's counts of its transactions, updated by each. */
    private static final long COUNTERS = 1_000_100;
    private static final long LOAD_MILLIS = 3_000;
    private static final long CLEAN_WITHIN_MILLIS = 10_000;
    /** InnoDB refreshes INNODB_TRX only when nobody has read it for 100 ms: a faster poll sees a frozen copy. */
    private static final long INNODB_TRX_REFRESH_MILLIS = 200;

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/kill-under-load").withExtraHosts(1)
            .inOwnJvm(JVM);

    @BeforeAll
    static void createTable() throws SQLException {
        try (Connection c = tessera.connect("KILLDB"); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE acct (id BIGINT PRIMARY KEY, v INT NOT NULL)");
            List<String> rows = new ArrayList<>();
            for (int i = 0; i < 2 * HOLDERS; i++) {
                rows.add("(" + (LOCKED + i) + ", 0)");
            }
            for (int i = 0; i < 2 * CLIENTS; i++) {
                rows.add("(" + (COUNTERS + i) + ", 0)");
            }
            s.executeUpdate("INSERT INTO acct VALUES " + String.join(", ", rows));
        }
    }

    @Test
    void aKilledTesseraLeavesNoTransactionNorLockOnTheDataHostsAndLosesNoCommit() throws Exception {
        List<Connection> holders = holdRowLocks();
        ExecutorService threads = Executors.newFixedThreadPool(CLIENTS);
        List<TransactionClient> clients = new ArrayList<>();
        List<Future<?>> running = new ArrayList<>();
        for (int c = 0; c < CLIENTS; c++) {
            TransactionClient client = new TransactionClient(tessera, c, COUNTERS);
            clients.add(client);
            running.add(threads.submit(client));
        }
        Thread.sleep(LOAD_MILLIS);
        Set<Long> tesseraThreads = new HashSet<>();
        for (DataHost host : dataHosts()) {
            tesseraThreads.addAll(host.tesseraThreads());
            assertThat(host.openTransactions(tesseraThreads)).as("%s: Tessera's open transactions", host)
                    .hasSizeGreaterThanOrEqualTo(HOLDERS);
        }

        tessera.process().kill();
        long killed = System.nanoTime();
        for (DataHost host : dataHosts()) {
            while (!host.tesseraThreads().isEmpty() || !host.openTransactions(tesseraThreads).isEmpty()) {
                if (System.nanoTime() - killed > TimeUnit.MILLISECONDS.toNanos(CLEAN_WITHIN_MILLIS)) {
                    fail("%s %d ms after the kill: Tessera's threads %s, transactions %s", host,
                            CLEAN_WITHIN_MILLIS, host.describeThreads(), host.describeTransactions(tesseraThreads));
                }
                Thread.sleep(INNODB_TRX_REFRESH_MILLIS);
            }
        }
        long cleanMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - killed);
        for (Future<?> client : running) {
            client.get(30, TimeUnit.SECONDS); // each ends at its first failure, the connection's loss
        }
        threads.shutdown();
        for (Connection holder : holders) {
            holder.abort(Runnable::run);
        }
        for (DataHost host : dataHosts()) {
            assertThat(host.lockWithoutWaiting(LOCKED, HOLDERS)).as("%s: the holders' rows, unchanged", host)
                    .containsOnly(0);
            host.lockWithoutWaiting(COUNTERS, CLIENTS); // each updated by the transaction in flight at the kill
        }

        tessera.restart(JVM);
        try (Connection c = tessera.connect("KILLDB"); Statement s = c.createStatement()) {
            c.setAutoCommit(false);
            s.executeUpdate("UPDATE acct SET v = v + 1 WHERE id IN (" + LOCKED + ", " + (LOCKED + 1) + ")");
            c.commit();
            assertThat(Rows.fetchAll(c, "SELECT v FROM acct WHERE id IN (" + LOCKED + ", " + (LOCKED + 1) + ")"))
                    .containsExactly(List.of(1), List.of(1));
            c.commit();
        }

        Set<Long> stored = new HashSet<>();
        for (DataHost host : dataHosts()) {
            stored.addAll(host.ids(LOCKED));
        }
        int committed = 0;
        int inDoubt = 0;
        int unsent = 0;
        int partial = 0;
        for (TransactionClient client : clients) {
            committed += client.committed().size();
            inDoubt += client.inDoubt().size();
            unsent += client.unsent().size();
            for (long id : client.committed()) {
                assertThat(stored).as("transaction %d of client %d, committed", id, client.number())
                        .contains(id, id + 1);
            }
            for (long id : client.unsent()) {
                assertThat(stored).as("transaction %d of client %d, never committed", id, client.number())
                        .doesNotContain(id, id + 1);
            }
            for (long id : client.inDoubt()) {
                partial += stored.contains(id) != stored.contains(id + 1) ? 1 : 0;
            }
            for (DataHost host : dataHosts()) {
                assertThat(host.value(COUNTERS + 2 * client.number() + host.parity()))
                        .as("%s: client %d's count", host, client.number())
                        .isBetween(client.committed().size(), client.committed().size() + client.inDoubt().size());
            }
        }
        LOG.warn("kill -9 under load: {} transactions committed and checked whole, {} cut before COMMIT and"
                + " checked absent, {} with COMMIT unanswered ({} partial); {} of Tessera's threads on the data"
                + " hosts; no open transaction nor thread of Tessera's left {} ms after the kill (polled every {} ms);"
                + " the clients ended with {}", committed, unsent, inDoubt, partial, tesseraThreads.size(),
                cleanMillis, INNODB_TRX_REFRESH_MILLIS, clients.stream().map(client -> client.failure() == null
                        ? "no failure" : client.failure().getClass().getSimpleName()).distinct().toList());
        assertThat(committed).as("transactions committed before the kill").isPositive();
    }

    /** Transactions open through Tessera, each holding a row lock on both data nodes. */
    private static List<Connection> holdRowLocks() throws SQLException {
        List<Connection> holders = new ArrayList<>();
        for (int h = 0; h < HOLDERS; h++) {
            Connection c = tessera.connect("KILLDB");
            holders.add(c);
            c.setAutoCommit(false);
            try (Statement s = c.createStatement()) {
                for (long id = LOCKED + 2 * h; id < LOCKED + 2 * h + 2; id++) { // one node each: no gap locked
                    assertThat(s.executeUpdate("UPDATE acct SET v = v + 1 WHERE id = " + id)).isEqualTo(1);
                }
            }
        }
        return holders;
    }

    private static List<DataHost> dataHosts() {
        DataHosts main = tessera.dataHosts();
        String database = tessera.database("db1");
        return List.of(new DataHost("dn1", 0, main.jdbcUrl(null), main.user(), main.password(), database),
                new DataHost("dn2", 1, "jdbc:mysql://" + tessera.extraHost(2).host() + ":" + tessera.extraHost(2).port()
                        + "/?sslMode=DISABLED", tessera.extraHost(2).user(), tessera.extraHost(2).password(),
                        database));
    }

    /** A data host seen directly: {@code parity} is the id parity of the rows its data node holds. */
    private record DataHost(String node, int parity, String url, String user, String password, String database) {

        /** Thread ids of the connections Tessera holds here: those whose current database is the test's. */
        Set<Long> tesseraThreads() throws SQLException {
            return longs("SELECT id FROM information_schema.processlist WHERE db = '" + database + "'");
        }

        List<List<Object>> describeThreads() throws SQLException {
            try (Connection c = connect()) {
                return Rows.fetchAll(c, "SELECT id, command, time, state, info FROM information_schema.processlist"
                        + " WHERE db = '" + database + "'");
            }
        }

        List<List<Object>> describeTransactions(Set<Long> threads) throws SQLException {
            try (Connection c = connect()) {
                return Rows.fetchAll(c, "SELECT trx_mysql_thread_id, trx_state, trx_started, trx_query,"
                        + " trx_rows_locked FROM information_schema.innodb_trx WHERE trx_mysql_thread_id IN ("
                        + threads.stream().map(String::valueOf).collect(Collectors.joining(", ")) + ")");
            }
        }

        /** The thread ids of the open InnoDB transactions of {@code threads}. */
        Set<Long> openTransactions(Set<Long> threads) throws SQLException {
            if (threads.isEmpty()) {
                return Set.of();
            }
            return longs("SELECT trx_mysql_thread_id FROM information_schema.innodb_trx WHERE trx_mysql_thread_id IN ("
                    + threads.stream().map(String::valueOf).collect(Collectors.joining(", ")) + ")");
        }

        /**
         * Locks this node's row of ids {@code first} + 2i and + 2i + 1, i < {@code pairs}, with NOWAIT (which fails
         * if anyone holds one of them) and returns their v.
         */
        List<Integer> lockWithoutWaiting(long first, int pairs) throws SQLException {
            try (Connection c = connect()) {
                c.setAutoCommit(false);
                List<Integer> values = Rows.fetchAll(c, "SELECT v FROM " + table() + " WHERE id >= " + first
                        + " AND id < " + (first + 2 * pairs) + " FOR UPDATE NOWAIT").stream()
                        .map(row -> (Integer) row.get(0)).toList();
                c.rollback();
                assertThat(values).as("%s: rows locked", node).hasSize(pairs);
                return values;
            }
        }

        /** The ids stored here below {@code below}. */
        Set<Long> ids(long below) throws SQLException {
            return longs("SELECT id FROM " + table() + " WHERE id < " + below);
        }

        int value(long id) throws SQLException {
            try (Connection c = connect()) {
                return (Integer) Rows.fetchAll(c, "SELECT v FROM " + table() + " WHERE id = " + id).get(0).get(0);
            }
        }

        private String table() {
            return database + ".acct";
        }

        private Set<Long> longs(String sql) throws SQLException {
            try (Connection c = connect()) {
                return Rows.fetchAll(c, sql).stream().map(row -> ((Number) row.get(0)).longValue())
                        .collect(Collectors.toSet());
            }
        }

        /** Without a current database: Tessera's connections are the only ones on the test's database. */
        private Connection connect() throws SQLException {
            return DriverManager.getConnection(url, user, password);
        }

        @Override
        public String toString() {
            return node;
        }
    }
}
