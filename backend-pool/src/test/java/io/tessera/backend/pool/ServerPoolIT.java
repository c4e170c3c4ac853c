package io.tessera.backend.pool;

import static io.tessera.backend.fake.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.tessera.backend.BackendConnection;
import io.tessera.backend.BackendException;
import io.tessera.backend.fake.LocalMariaDb;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Pools against the MariaDB on 127.0.0.1:3306. */
class ServerPoolIT {

    private static final String DB1 = LocalMariaDb.uniqueName();
    private static final String DB2 = DB1 + "_2";

    private static EventLoopGroup group;
    private static LocalMariaDb mariadb;

    private final List<ServerPool> pools = new ArrayList<>();

    @BeforeAll
    static void createDatabases() throws Exception {
        group = new MultiThreadIoEventLoopGroup(2, NioIoHandler.newFactory());
        mariadb = new LocalMariaDb(group.next());
        mariadb.run("CREATE DATABASE " + DB1);
        mariadb.run("CREATE DATABASE " + DB2);
        mariadb.run("CREATE TABLE " + DB1 + ".t (id INT PRIMARY KEY, name VARCHAR(20))");
        mariadb.run("INSERT INTO " + DB1 + ".t VALUES (1, 'a')");
    }

    @AfterAll
    static void dropDatabases() throws Exception {
        mariadb.run("DROP DATABASE IF EXISTS " + DB1);
        mariadb.run("DROP DATABASE IF EXISTS " + DB2);
        mariadb.close();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    @AfterEach
    void closePools() {
        pools.forEach(ServerPool::close);
    }

    private ServerPool pool(int minCon, int maxCon) {
        ServerSettings settings = new ServerSettings("host1", LocalMariaDb.HOST, LocalMariaDb.PORT, LocalMariaDb.USER,
                "", minCon, maxCon, 10_000, 600_000, 3_600_000, "", 10_000, List.of(), 16 * 1024 * 1024);
        ServerPool pool = new ServerPool(settings, group, Clock.systemUTC());
        pools.add(pool);
        return pool;
    }

    private static String single(BackendConnection c, String sql) throws Exception {
        return c.query(sql).get(10, TimeUnit.SECONDS).rows().get(0).get(0);
    }

    @Test
    void startOpensMinConConnections() throws Exception {
        ServerPool pool = pool(3, 5);

        pool.start().get(10, TimeUnit.SECONDS);

        PoolStats stats = pool.stats();
        assertThat(stats.total()).isEqualTo(3);
        assertThat(stats.idle()).isEqualTo(3);
        assertThat(stats.created()).isEqualTo(3);
        List<BackendConnection> all = List.of(pool.borrow(null, false, null).get(), pool.borrow(null, false, null)
                .get(), pool.borrow(null, false, null).get());
        String ids = all.stream().map(c -> Long.toString(c.connectionId())).reduce((a, b) -> a + "," + b).get();
        assertThat(mariadb.run("SELECT COUNT(*) FROM information_schema.processlist WHERE id IN (" + ids + ")")
                .rows().get(0).get(0)).isEqualTo("3");
        assertThat(pool.stats().created()).isEqualTo(3);
    }

    @Test
    void fiftyThreadsBorrowingTwoHundredTimesEachStayWithinMaxCon() throws Exception {
        ServerPool pool = pool(0, 10);
        pool.start().get();
        ExecutorService threads = Executors.newFixedThreadPool(50);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < 50; t++) {
                done.add(threads.submit(() -> {
                    for (int i = 0; i < 200; i++) {
                        BackendConnection c = pool.borrow(DB1, false, null).get(30, TimeUnit.SECONDS);
                        c.query("SELECT 1").get(30, TimeUnit.SECONDS);
                        c.release();
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get(300, TimeUnit.SECONDS);
            }
        } finally {
            threads.shutdownNow();
        }

        await(() -> pool.stats().active() == 0, pool::stats);
        PoolStats stats = pool.stats();
        assertThat(stats.total()).isBetween(1, 10);
        assertThat(stats.waiting()).isZero();
        assertThat(stats.executeCount()).isEqualTo(10_000);
        assertThat(stats.created()).isEqualTo(stats.total());
    }

    @Test
    void switchesDatabaseOnAnIdleConnection() throws Exception {
        ServerPool pool = pool(0, 1);
        BackendConnection c = pool.borrow(DB1, false, null).get(10, TimeUnit.SECONDS);
        assertThat(single(c, "SELECT DATABASE()")).isEqualTo(DB1);
        c.release();

        BackendConnection again = pool.borrow(DB2, false, null).get(10, TimeUnit.SECONDS);

        assertThat(again.connectionId()).isEqualTo(c.connectionId());
        assertThat(single(again, "SELECT DATABASE()")).isEqualTo(DB2);
    }

    @Test
    void anUnknownDatabaseIsTheServers1049WithTheDataHost() {
        ServerPool pool = pool(0, 1);

        assertThatThrownBy(() -> pool.borrow(DB1 + "_nope", false, null).get(10, TimeUnit.SECONDS)).cause()
                .isInstanceOfSatisfying(BackendException.class, e -> {
                    assertThat(e.errorCode()).isEqualTo(1049);
                    assertThat(e.getMessage()).isEqualTo("data host host1 (127.0.0.1:3306): Unknown database '"
                            + DB1 + "_nope'");
                });
    }

    @Test
    void foundRowsChangesWhatAnUpdateCounts() throws Exception {
        ServerPool pool = pool(0, 2);
        BackendConnection changed = pool.borrow(DB1, false, null).get(10, TimeUnit.SECONDS);
        BackendConnection found = pool.borrow(DB1, true, null).get(10, TimeUnit.SECONDS);

        String sameValue = "UPDATE t SET name = 'a' WHERE id = 1";
        assertThat(changed.query(sameValue).get(10, TimeUnit.SECONDS).affectedRows()).isZero();
        assertThat(found.query(sameValue).get(10, TimeUnit.SECONDS).affectedRows()).isEqualTo(1);
    }

    @Test
    void aConnectionKilledOnTheServerIsDroppedAndNeverLentAgain() throws Exception {
        ServerPool pool = pool(2, 3);
        pool.start().get(10, TimeUnit.SECONDS);
        BackendConnection victim = pool.borrow(null, false, null).get(10, TimeUnit.SECONDS);
        long id = victim.connectionId();
        victim.release();
        await(() -> pool.stats().idle() == 2, pool::stats);

        mariadb.kill(id);
        pool.checkIdle(); // pings it, unless its close has already been seen

        await(() -> pool.stats().closed() == 1, pool::stats);
        pool.checkIdle(); // tops the pool back up to minCon
        await(() -> pool.stats().idle() == 2, pool::stats);
        Set<Long> lent = new HashSet<>();
        List<BackendConnection> held = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            BackendConnection c = pool.borrow(null, false, null).get(10, TimeUnit.SECONDS);
            held.add(c);
            lent.add(c.connectionId());
            assertThat(single(c, "SELECT 1")).isEqualTo("1");
        }
        assertThat(lent).hasSize(3).doesNotContain(id);
        held.forEach(BackendConnection::release);
    }
}
