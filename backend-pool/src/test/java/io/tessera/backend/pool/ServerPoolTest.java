package io.tessera.backend.pool;

import static io.tessera.backend.fake.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.tessera.backend.BackendConnection;
import io.tessera.backend.BackendException;
import io.tessera.backend.ResponseHandler;
import io.tessera.backend.fake.FakeMysqlServer;
import io.tessera.backend.fake.MutableClock;
import io.tessera.backend.mysql.NativeConnection;
import io.tessera.protocol.codec.FrameKind;
import io.tessera.protocol.codec.Packet;
import io.tessera.protocol.constant.Capability;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ServerPoolTest {

    private static final long IDLE_TIMEOUT = 60_000;

    private static EventLoopGroup group;

    private final List<ServerPool> pools = new ArrayList<>();
    private FakeMysqlServer server;

    @BeforeAll
    static void startLoops() {
        group = new MultiThreadIoEventLoopGroup(2, NioIoHandler.newFactory());
    }

    @AfterAll
    static void stopLoops() {
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    @BeforeEach
    void startServer() throws InterruptedException {
        server = FakeMysqlServer.start(FakeMysqlServer.Auth.NATIVE, "app", "s3cret");
    }

    @AfterEach
    void stopEverything() {
        pools.forEach(ServerPool::close);
        server.close();
    }

    private static ServerSettings settings(int port, String password, int minCon, int maxCon, long maxWait) {
        return new ServerSettings("host1", "127.0.0.1", port, "app", password, minCon, maxCon, maxWait,
                IDLE_TIMEOUT, 3_600_000, "", 10_000, List.of(), 16 * 1024 * 1024);
    }

    private ServerPool pool(int minCon, int maxCon, long maxWait) {
        return pool(settings(server.port(), "s3cret", minCon, maxCon, maxWait), Clock.systemUTC());
    }

    private ServerPool pool(ServerSettings settings, Clock clock) {
        ServerPool pool = new ServerPool(settings, group, clock);
        pools.add(pool);
        return pool;
    }

    private static BackendConnection borrow(ServerPool pool) throws Exception {
        return pool.borrow(null, false, null).get(10, TimeUnit.SECONDS);
    }

    private String prefix() {
        return "data host host1 (127.0.0.1:" + server.port() + "): ";
    }

    @Test
    void startOpensMinConConnections() throws Exception {
        ServerPool pool = pool(3, 5, 1000);

        pool.start().get(10, TimeUnit.SECONDS);

        assertThat(pool.stats()).isEqualTo(new PoolStats(0, 3, 3, 0, 5, 3, 0, 3, 0));
        assertThat(server.openConnections()).isEqualTo(3);
    }

    @Test
    void connectionsListsEachOpenConnectionWithItsNumberAndWhetherItIsLent() throws Exception {
        ServerPool pool = pool(2, 5, 1000);
        pool.start().get(10, TimeUnit.SECONDS);
        BackendConnection lent = borrow(pool);

        List<OpenConnection> open = new ArrayList<>(pool.connections());
        open.sort((x, y) -> Long.compare(x.id(), y.id()));
        assertThat(open).extracting(OpenConnection::id).containsExactly(1L, 2L);
        assertThat(open).filteredOn(OpenConnection::borrowed).singleElement()
                .satisfies(c -> assertThat(c.connection()).isSameAs(lent));
        assertThat(open).extracting(c -> c.connection().connectionId()).doesNotHaveDuplicates();
        assertThat(open).allSatisfy(c -> assertThat(c.openedMillis()).isPositive());

        lent.query("select 1").get(10, TimeUnit.SECONDS);
        NativeConnection used = (NativeConnection) lent;
        assertThat(used.bytesWritten()).isEqualTo(4 + 1 + "select 1".length());
        assertThat(used.bytesRead()).isPositive();
        lent.release(); // on the connection's event loop
        await(() -> pool.connections().stream().noneMatch(OpenConnection::borrowed), pool::connections);
    }

    @Test
    void neverOpensMoreThanMaxConFor50ConcurrentBorrowers() throws Exception {
        ServerPool pool = pool(0, 5, 10_000);
        pool.start().get();
        ExecutorService threads = Executors.newFixedThreadPool(50);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < 50; t++) {
                done.add(threads.submit(() -> {
                    for (int i = 0; i < 20; i++) {
                        BackendConnection c = borrow(pool);
                        c.query("select 1").get(10, TimeUnit.SECONDS);
                        c.release();
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get(60, TimeUnit.SECONDS);
            }
        } finally {
            threads.shutdownNow();
        }

        await(() -> pool.stats().active() == 0, pool::stats);
        PoolStats stats = pool.stats();
        assertThat(stats.total()).isLessThanOrEqualTo(5);
        assertThat(stats.waiting()).isZero();
        assertThat(stats.executeCount()).isEqualTo(1000);
        assertThat(server.maxConcurrentConnections()).isLessThanOrEqualTo(5);
    }

    @Test
    void waitersAreServedInArrivalOrder() throws Exception {
        ServerPool pool = pool(0, 1, 10_000);
        BackendConnection first = borrow(pool);
        List<Integer> order = Collections.synchronizedList(new ArrayList<>());
        for (int i = 0; i < 5; i++) {
            int n = i;
            pool.borrow(null, false, null).thenAccept(c -> {
                order.add(n);
                c.release();
            });
        }
        await(() -> pool.stats().waiting() == 5, pool::stats);

        first.release();

        await(() -> order.size() == 5, () -> order);
        assertThat(order).containsExactly(0, 1, 2, 3, 4);
        assertThat(pool.stats().total()).isEqualTo(1);
    }

    @Test
    void prefersAnIdleConnectionOfTheBorrowersEventLoopThenAnyIdleOne() throws Exception {
        ServerPool pool = pool(0, 2, 5000);
        EventLoop a = group.next();
        EventLoop b = group.next();
        assertThat(a).isNotSameAs(b);
        BackendConnection onA = pool.borrow(null, false, a).get(10, TimeUnit.SECONDS);
        BackendConnection onB = pool.borrow(null, false, b).get(10, TimeUnit.SECONDS);
        assertThat(onA.eventLoop()).isSameAs(a);
        assertThat(onB.eventLoop()).isSameAs(b);
        onA.release();
        onB.release();
        await(() -> pool.stats().idle() == 2, pool::stats);

        BackendConnection forB = pool.borrow(null, false, b).get(10, TimeUnit.SECONDS);
        BackendConnection alsoForB = pool.borrow(null, false, b).get(10, TimeUnit.SECONDS);

        assertThat(forB.connectionId()).isEqualTo(onB.connectionId());
        assertThat(alsoForB.connectionId()).isEqualTo(onA.connectionId());
        assertThat(pool.stats().created()).isEqualTo(2);
    }

    @Test
    void aBorrowerLentAConnectionOfAnotherLoopGetsOneOfItsOwnLoopOpenedForNextTime() throws Exception {
        ServerPool pool = pool(0, 3, 5000);
        EventLoop a = group.next();
        EventLoop b = group.next();
        BackendConnection onA = pool.borrow(null, false, a).get(10, TimeUnit.SECONDS);
        onA.release();
        await(() -> pool.stats().idle() == 1, pool::stats);

        BackendConnection forB = pool.borrow(null, false, b).get(10, TimeUnit.SECONDS);
        assertThat(forB.connectionId()).isEqualTo(onA.connectionId()); // at once: the idle one, though of loop a
        await(() -> pool.stats().created() == 2 && pool.stats().idle() == 1, pool::stats);
        forB.release();
        await(() -> pool.stats().idle() == 2, pool::stats);

        BackendConnection next = pool.borrow(null, false, b).get(10, TimeUnit.SECONDS);
        assertThat(next.eventLoop()).isSameAs(b);
        assertThat(next.connectionId()).isNotEqualTo(onA.connectionId());
        next.release();
        assertThat(pool.stats().created()).isEqualTo(2);
    }

    @Test
    void aBorrowerLentAConnectionOfAnotherDatabaseGetsOneOfItsOwnOpenedForNextTime() throws Exception {
        ServerPool pool = pool(0, 3, 5000);
        EventLoop a = group.next();
        pool.borrow("db1", false, a).get(10, TimeUnit.SECONDS).release();
        await(() -> pool.stats().idle() == 1, pool::stats);

        BackendConnection switched = pool.borrow("db2", false, a).get(10, TimeUnit.SECONDS);
        assertThat(switched.database()).isEqualTo("db2");
        await(() -> pool.stats().created() == 2 && pool.stats().idle() == 1, pool::stats);
        switched.release();
        await(() -> pool.stats().idle() == 2, pool::stats);
        BackendConnection next = pool.borrow("db2", false, a).get(10, TimeUnit.SECONDS);
        assertThat(next.database()).isEqualTo("db2");
        next.release();
        await(() -> pool.stats().idle() == 2, pool::stats);

        // the next db2 borrower needs no switch, and nothing more was opened for it
        assertThat(server.log()).containsExactly("LOGIN db=db1 user=app plugin=mysql_native_password", "INIT_DB db2",
                "LOGIN db=db2 user=app plugin=mysql_native_password");
        assertThat(pool.stats().created()).isEqualTo(2);
    }

    @Test
    void aBorrowerThatWaitsTooLongGetsTheExactMessage() throws Exception {
        ServerPool pool = pool(0, 1, 200);
        borrow(pool);

        CompletableFuture<BackendConnection> late = pool.borrow(null, false, null);

        assertThatThrownBy(() -> late.get(10, TimeUnit.SECONDS)).cause()
                .isInstanceOfSatisfying(BackendException.class, e -> {
                    assertThat(e.getMessage()).isEqualTo(prefix()
                            + "no connection within 200 ms (active=1/1, idle=0, waiting=1)");
                    assertThat(e.errorCode()).isEqualTo(1105);
                    assertThat(e.sqlState()).isEqualTo("HY000");
                });
        assertThat(pool.stats().waiting()).isZero();
    }

    @Test
    void aConnectionClosedByTheServerIsNeverLentAgain() throws Exception {
        ServerPool pool = pool(0, 2, 5000);
        BackendConnection c = borrow(pool);
        long id = c.connectionId();
        c.release();
        await(() -> pool.stats().idle() == 1, pool::stats);

        server.kill(id);

        await(() -> pool.stats().closed() == 1, pool::stats);
        assertThat(pool.stats().total()).isZero();
        assertThat(c.isUsable()).isFalse();
        BackendConnection next = borrow(pool);
        assertThat(next.connectionId()).isNotEqualTo(id);
    }

    @Test
    void aConnectionReleasedInTheMiddleOfAResponseIsClosed() throws Exception {
        ServerPool pool = pool(0, 2, 5000);
        BackendConnection c = borrow(pool);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        c.execute(comQuery("hang"), false, new ResponseHandler() {
            @Override
            public void onFrame(Packet frame, FrameKind kind) {
                frame.release();
            }

            @Override
            public void onComplete(int statusFlags) {
                failure.set(new AssertionError("completed"));
            }

            @Override
            public void onFailure(Throwable cause) {
                failure.set(cause);
            }
        });
        await(() -> server.log().contains("QUERY hang"), server::log);

        c.release();

        await(() -> pool.stats().closed() == 1, pool::stats);
        assertThat(failure.get()).hasMessage(prefix() + "released in the middle of a response (connection "
                + c.connectionId() + ")");
        assertThat(borrow(pool).connectionId()).isNotEqualTo(c.connectionId());
        assertThat(pool.stats().total()).isEqualTo(1);
    }

    @Test
    void reusesAnIdleConnectionAndSwitchesItsDatabase() throws Exception {
        ServerPool pool = pool(0, 2, 5000);
        BackendConnection c = pool.borrow("db1", false, null).get();
        assertThat(c.database()).isEqualTo("db1");
        c.release();
        await(() -> pool.stats().idle() == 1, pool::stats);

        BackendConnection again = pool.borrow("db2", false, null).get();
        assertThat(again.connectionId()).isEqualTo(c.connectionId());
        assertThat(again.database()).isEqualTo("db2");
        again.release();
        await(() -> pool.stats().idle() == 1, pool::stats);
        pool.borrow("db2", false, null).get().release();

        assertThat(server.log()).containsExactly("LOGIN db=db1 user=app plugin=mysql_native_password",
                "INIT_DB db2");
    }

    @Test
    void anUnknownDatabaseFailsWithTheServers1049WhenOpening() {
        ServerPool pool = pool(0, 2, 5000);

        assertThatThrownBy(() -> pool.borrow("nope", false, null).get(10, TimeUnit.SECONDS)).cause()
                .isInstanceOfSatisfying(BackendException.class, e -> {
                    assertThat(e.errorCode()).isEqualTo(1049);
                    assertThat(e.sqlState()).isEqualTo("42000");
                    assertThat(e.getMessage()).isEqualTo(prefix() + "Unknown database 'nope'");
                });
        assertThat(pool.stats().total()).isZero();
    }

    @Test
    void anUnknownDatabaseFailsWith1049WhenSwitchingAndTheConnectionStays() throws Exception {
        ServerPool pool = pool(0, 2, 5000);
        BackendConnection c = pool.borrow("db1", false, null).get();
        c.release();
        await(() -> pool.stats().idle() == 1, pool::stats);

        assertThatThrownBy(() -> pool.borrow("nope", false, null).get(10, TimeUnit.SECONDS)).cause()
                .isInstanceOfSatisfying(BackendException.class, e -> {
                    assertThat(e.errorCode()).isEqualTo(1049);
                    assertThat(e.getMessage()).isEqualTo(prefix() + "Unknown database 'nope'");
                });
        await(() -> pool.stats().idle() == 1, pool::stats);
        assertThat(pool.stats().closed()).isZero();
        assertThat(pool.borrow("db1", false, null).get().connectionId()).isEqualTo(c.connectionId());
    }

    @Test
    void aWrongPasswordFailsWithTheServers1045() {
        ServerPool pool = pool(settings(server.port(), "wrong", 1, 2, 5000), Clock.systemUTC());

        assertThatThrownBy(() -> pool.start().get(10, TimeUnit.SECONDS)).cause()
                .isInstanceOfSatisfying(BackendException.class, e -> {
                    assertThat(e.errorCode()).isEqualTo(1045);
                    assertThat(e.sqlState()).isEqualTo("28000");
                    assertThat(e.getMessage()).isEqualTo(prefix()
                            + "Access denied for user 'app'@'localhost' (using password: YES)");
                });
        assertThatThrownBy(() -> pool.borrow(null, false, null).get(10, TimeUnit.SECONDS)).cause()
                .hasMessageContaining("Access denied");
        assertThat(pool.stats().total()).isZero();
    }

    @Test
    void anUnreachableHostFailsBorrowsAtOnceAndThePoolRecoversWhenItComesUp() throws Exception {
        int port = server.port();
        server.close();
        ServerPool pool = pool(settings(port, "s3cret", 1, 2, 5000), Clock.systemUTC());

        assertThatThrownBy(() -> pool.start().get(10, TimeUnit.SECONDS)).cause()
                .isInstanceOf(BackendException.class)
                .hasMessageStartingWith("data host host1 (127.0.0.1:" + port + "): cannot connect: ");
        long started = System.nanoTime();
        assertThatThrownBy(() -> pool.borrow(null, false, null).get(10, TimeUnit.SECONDS)).cause()
                .isInstanceOfSatisfying(BackendException.class, e -> {
                    assertThat(e.errorCode()).isEqualTo(1105);
                    assertThat(e.getMessage()).startsWith("data host host1 (127.0.0.1:" + port + "): cannot connect: ");
                });
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(4));

        server = FakeMysqlServer.start(FakeMysqlServer.Auth.NATIVE, "app", "s3cret", port);
        assertThat(borrow(pool).isUsable()).isTrue();
    }

    @Test
    void aBorrowerWantingTheOtherFoundRowsFlagGetsAnIdleConnectionReplaced() throws Exception {
        ServerPool pool = pool(0, 1, 5000);
        BackendConnection plain = borrow(pool);
        plain.release();
        await(() -> pool.stats().idle() == 1, pool::stats);

        BackendConnection found = pool.borrow(null, true, null).get(10, TimeUnit.SECONDS);

        assertThat(found.foundRows()).isTrue();
        assertThat(found.connectionId()).isNotEqualTo(plain.connectionId());
        assertThat(server.capabilitiesOf(found.connectionId()) & Capability.FOUND_ROWS).isNotZero();
        assertThat(server.capabilitiesOf(plain.connectionId()) & Capability.FOUND_ROWS).isZero();
        await(() -> pool.stats().closed() == 1, pool::stats);
        assertThat(pool.stats().total()).isEqualTo(1);
    }

    @Test
    void idleCheckClosesAgedConnectionsDownToMinConAndPingsTheRest() throws Exception {
        MutableClock clock = new MutableClock();
        ServerPool pool = pool(settings(server.port(), "s3cret", 1, 3, 5000), clock);
        pool.start().get();
        List<BackendConnection> held = List.of(borrow(pool), borrow(pool), borrow(pool));
        held.forEach(BackendConnection::release);
        await(() -> pool.stats().idle() == 3, pool::stats);

        clock.advance(Duration.ofMillis(IDLE_TIMEOUT));
        pool.checkIdle();

        await(() -> pool.stats().total() == 1 && pool.stats().idle() == 1 && server.log().contains("PING"),
                pool::stats);
        // retired at once, counted as closed when each connection's close is reported
        await(() -> pool.stats().closed() == 2, pool::stats);
        assertThat(pool.stats().closed()).isEqualTo(2);
        await(() -> server.openConnections() == 1, server::openConnections);
    }

    @Test
    void idleCheckPingsYoungConnectionsAndKeepsThem() throws Exception {
        ServerPool pool = pool(2, 3, 5000);
        pool.start().get();

        pool.checkIdle();

        await(() -> server.log().stream().filter("PING"::equals).count() == 2, server::log);
        await(() -> pool.stats().idle() == 2, pool::stats);
        assertThat(pool.stats().closed()).isZero();
    }

    @Test
    void idleCheckTopsThePoolBackUpToMinCon() throws Exception {
        ServerPool pool = pool(2, 3, 5000);
        pool.start().get();
        BackendConnection a = borrow(pool);
        BackendConnection b = borrow(pool);
        a.release();
        b.release();
        server.kill(a.connectionId());
        server.kill(b.connectionId());
        await(() -> pool.stats().total() == 0, pool::stats);

        pool.checkIdle();

        await(() -> pool.stats().idle() == 2, pool::stats);
        assertThat(pool.stats().created()).isEqualTo(4);
    }

    @Test
    void aCancelledBorrowGivesTheConnectionBack() throws Exception {
        ServerPool pool = pool(0, 1, 10_000);
        BackendConnection held = borrow(pool);
        CompletableFuture<BackendConnection> waiting = pool.borrow(null, false, null);
        await(() -> pool.stats().waiting() == 1, pool::stats);

        waiting.cancel(false);
        held.release();

        await(() -> pool.stats().idle() == 1, pool::stats);
        assertThat(borrow(pool).connectionId()).isEqualTo(held.connectionId());
    }

    @Test
    void closeFailsWaitersAndClosesEveryConnection() throws Exception {
        ServerPool pool = pool(0, 1, 10_000);
        BackendConnection held = borrow(pool);
        CompletableFuture<BackendConnection> waiting = pool.borrow(null, false, null);
        await(() -> pool.stats().waiting() == 1, pool::stats);

        pool.close();

        assertThatThrownBy(() -> waiting.get(10, TimeUnit.SECONDS)).cause()
                .hasMessage(prefix() + "pool closed");
        await(() -> !held.isUsable() && server.openConnections() == 0, server::openConnections);
        assertThatThrownBy(() -> pool.borrow(null, false, null).get(10, TimeUnit.SECONDS)).cause()
                .hasMessage(prefix() + "pool closed");
    }

    @Test
    void settingsAreValidated() {
        assertThatThrownBy(() -> settings(3306, "", 5, 2, 1000)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("minCon: 5 (expected: <= maxCon 2)");
        assertThatThrownBy(() -> settings(0, "", 0, 2, 1000)).hasMessage("port: 0 (expected: 1..65535)");
        assertThatThrownBy(() -> settings(3306, "", 0, 0, 1000)).hasMessage("maxCon: 0 (expected: >= 1)");
        assertThat(settings(3306, "secret", 0, 2, 1000).toString()).contains("password=****")
                .doesNotContain("secret");
    }

    private static ByteBuf comQuery(String sql) {
        ByteBuf payload = Unpooled.buffer();
        payload.writeByte(0x03).writeCharSequence(sql, StandardCharsets.UTF_8);
        return payload;
    }
}
