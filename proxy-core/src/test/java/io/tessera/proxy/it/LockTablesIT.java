package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * LOCK TABLES through Tessera holds as on one MySQL server: a READ lock of a sharded table blocks writers to its rows
 * on both data nodes (through other Tessera sessions and directly on the data host) until UNLOCK TABLES, BEGIN or the
 * locking client's disconnect; a lock that fails on one node leaves nothing locked; a table on a node the session
 * did not lock is refused with 1100. orders is sharded by id mod 2: even ids on dn1 (db1), odd ids on dn2 (db2).
 */
@Tag("integration")
class LockTablesIT {

    /** How long a writer that waits for a lock is watched before the test calls it blocked. */
    private static final long BLOCKED_MILLIS = 1000;

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/catalog");

    private static int nextId = 100;

    @BeforeAll
    static void tables() throws SQLException {
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE orders (id BIGINT PRIMARY KEY, note VARCHAR(20))");
            s.execute("CREATE TABLE region (id INT PRIMARY KEY, name VARCHAR(20))");
            s.execute("CREATE TABLE notes (id INT PRIMARY KEY)");
            s.execute("CREATE TABLE other (id INT PRIMARY KEY)");
            s.executeUpdate("INSERT INTO orders VALUES (1, 'a'), (2, 'b')");
        }
    }

    @Test
    void readLockBlocksWritersOnBothNodesUntilUnlock() throws Exception {
        try (Connection locker = tessera.connect("TESTDB"); Statement s = locker.createStatement()) {
            s.execute("LOCK TABLES orders READ");
            List<CompletableFuture<Void>> writers = List.of(throughTessera(evenId()), throughTessera(oddId()),
                    direct("db1", evenId()), direct("db2", oddId()));
            assertBlocked(writers);
            assertThat(Rows.fetchAll(locker, "SELECT COUNT(*) FROM orders WHERE id <= 2")).containsExactly(List.of(2L));
            assertThatThrownBy(() -> s.executeUpdate("INSERT INTO orders VALUES (" + evenId() + ", 'x')"))
                    .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(1099));
            s.execute("UNLOCK TABLES");
            assertDone(writers);
        }
    }

    @Test
    void lockEndsWhenTheLockingClientDisconnects() throws Exception {
        CompletableFuture<Void> writer;
        try (Connection locker = tessera.connect("TESTDB"); Statement s = locker.createStatement()) {
            s.execute("LOCK TABLES orders READ, region READ");
            writer = direct("db2", oddId());
            assertBlocked(List.of(writer));
        }
        assertDone(List.of(writer));
    }

    @Test
    void beginReleasesTheTableLocks() throws Exception {
        try (Connection locker = tessera.connect("TESTDB"); Statement s = locker.createStatement()) {
            s.execute("LOCK TABLES orders READ");
            CompletableFuture<Void> writer = throughTessera(oddId());
            assertBlocked(List.of(writer));
            s.execute("BEGIN");
            assertDone(List.of(writer));
            s.execute("COMMIT");
        }
    }

    @Test
    void lockTablesCommitsTheTransactionAndReleasesEarlierLocks() throws Exception {
        long id = evenId();
        try (Connection locker = tessera.connect("TESTDB"); Statement s = locker.createStatement()) {
            s.execute("BEGIN");
            s.executeUpdate("INSERT INTO orders VALUES (" + id + ", 'committed')");
            s.execute("LOCK TABLES orders READ");
            assertThat(NodeRows.on(tessera, "db1", "SELECT note FROM orders WHERE id = " + id))
                    .containsExactly("committed");
            CompletableFuture<Void> writer = direct("db2", oddId());
            assertBlocked(List.of(writer));
            s.execute("LOCK TABLES notes READ"); // dn1 only: orders' locks go on both nodes
            assertDone(List.of(writer));
            s.execute("UNLOCK TABLES");
        }
    }

    @Test
    void lockThatFailsOnOneNodeLeavesNothingLocked() throws Exception {
        try (Connection locker = tessera.connect("TESTDB"); Statement s = locker.createStatement()) {
            assertThatThrownBy(() -> s.execute("LOCK TABLES orders READ, nosuch READ")) // nosuch: default node dn1
                    .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(1146));
            assertDone(List.of(direct("db1", evenId()), direct("db2", oddId())));
            // region is dn1's and dn2's: gone from dn2, it locks on dn1 first, then fails on dn2
            tessera.dataHosts().executeIn(tessera.database("db2"), "DROP TABLE region");
            try {
                assertThatThrownBy(() -> s.execute("LOCK TABLES region WRITE"))
                        .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(1146));
                assertDone(List.of(CompletableFuture.runAsync(() -> directly("db1",
                        "INSERT INTO region VALUES (" + evenId() + ", 'r')"))));
            } finally {
                tessera.dataHosts().executeIn(tessera.database("db2"),
                        "CREATE TABLE region (id INT PRIMARY KEY, name VARCHAR(20))");
            }
            assertThat(Rows.fetchAll(locker, "SELECT COUNT(*) FROM orders WHERE id <= 2")).containsExactly(List.of(2L));
        }
    }

    @Test
    void tablesNotLockedAreRefusedWith1100UntilUnlock() throws Exception {
        try (Connection locker = tessera.connect("TESTDB"); Statement s = locker.createStatement()) {
            s.execute("LOCK TABLES notes READ"); // notes and other: dn1 only
            assertThat(Rows.fetchAll(locker, "SELECT COUNT(*) FROM notes")).containsExactly(List.of(0L));
            // other: dn1 refuses it; orders and region have a node without locks, dn2: Tessera refuses them
            for (String sql : List.of("SELECT * FROM other", "SELECT * FROM orders", "SELECT * FROM region",
                    "INSERT INTO orders VALUES (" + oddId() + ", 'x')")) {
                assertThatThrownBy(() -> s.execute(sql)).as(sql)
                        .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(1100));
            }
            s.execute("UNLOCK TABLES");
            s.execute("UNLOCK TABLES"); // nothing held: OK, as in MySQL
            assertThat(Rows.fetchAll(locker, "SELECT COUNT(*) FROM orders WHERE id <= 2")).containsExactly(List.of(2L));
        }
    }

    @Test
    void writeLockLetsTheSessionWriteOneNodeAtATime() throws Exception {
        try (Connection locker = tessera.connect("TESTDB"); Statement s = locker.createStatement()) {
            s.execute("LOCK TABLES orders WRITE");
            CompletableFuture<Void> reader = CompletableFuture.runAsync(() -> {
                try (Connection c = tessera.connect("TESTDB")) {
                    Rows.fetchAll(c, "SELECT COUNT(*) FROM orders");
                } catch (SQLException e) {
                    throw new IllegalStateException(e);
                }
            });
            assertBlocked(List.of(reader));
            assertThat(s.executeUpdate("INSERT INTO orders VALUES (" + evenId() + ", 'w')")).isEqualTo(1);
            assertThatThrownBy(() -> s.executeUpdate("INSERT INTO orders VALUES (" + evenId() + ", 'w'), ("
                    + oddId() + ", 'w')"))
                    .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(1235));
            s.execute("UNLOCK TABLES");
            assertDone(List.of(reader));
        }
    }

    private static synchronized long evenId() {
        nextId += nextId % 2 == 0 ? 2 : 1;
        return nextId;
    }

    private static synchronized long oddId() {
        nextId += nextId % 2 == 0 ? 1 : 2;
        return nextId;
    }

    /** An INSERT of {@code id} into orders through another Tessera session, waiting at most 30 s for a lock. */
    private static CompletableFuture<Void> throughTessera(long id) {
        return CompletableFuture.runAsync(() -> {
            try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
                s.execute("SET SESSION lock_wait_timeout = 30");
                s.executeUpdate("INSERT INTO orders VALUES (" + id + ", 'w')");
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
        });
    }

    /** The same straight on the data host, in database {@code placeholder}. */
    private static CompletableFuture<Void> direct(String placeholder, long id) {
        return CompletableFuture.runAsync(() -> directly(placeholder, "INSERT INTO orders VALUES (" + id + ", 'd')"));
    }

    private static void directly(String placeholder, String sql) {
        try (Connection c = tessera.dataHosts().connectDirect(tessera.database(placeholder));
                Statement s = c.createStatement()) {
            s.execute("SET SESSION lock_wait_timeout = 30");
            s.execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void assertBlocked(List<CompletableFuture<Void>> writers) throws Exception {
        CompletableFuture<Void> all = CompletableFuture.allOf(writers.toArray(CompletableFuture[]::new));
        assertThatThrownBy(() -> all.get(BLOCKED_MILLIS, TimeUnit.MILLISECONDS)).isInstanceOf(TimeoutException.class);
        assertThat(writers).noneMatch(CompletableFuture::isDone);
    }

    private static void assertDone(List<CompletableFuture<Void>> writers) throws Exception {
        CompletableFuture.allOf(writers.toArray(CompletableFuture[]::new)).get(20, TimeUnit.SECONDS);
    }
}
