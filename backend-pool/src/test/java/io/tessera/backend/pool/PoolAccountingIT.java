package io.tessera.backend.pool;

import static io.tessera.backend.fake.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.tessera.backend.BackendConnection;
import io.tessera.backend.BackendException;
import io.tessera.backend.ResponseHandler;
import io.tessera.backend.fake.LocalMariaDb;
import io.tessera.backend.fake.TcpRelay;
import io.tessera.protocol.codec.FrameKind;
import io.tessera.protocol.codec.Packet;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 14, "pool accounting never drifts": 16 borrowers run 10,000 statements through a pool of 8 connections to
 * the MariaDB on 127.0.0.1:3306, behind a {@link TcpRelay}, with failures of every kind mixed in at random (seeded).
 * The server's own process list, for an account only this test uses, is the truth the pool's counters are held to:
 * sampled every 50 ms during the run, and compared exactly at checkpoints where nothing is borrowed.
 */
class PoolAccountingIT {

    private static final Logger LOG = LogManager.getLogger(PoolAccountingIT.class);

    private static final int MAX_CON = 8;
    /** How long the server may take to end the thread of a connection killed or quit (see staysOverMaxCon). */
    private static final long SERVER_REAP_MILLIS = 1_000;
    private static final int BORROWERS = 16;
    private static final int STATEMENTS = 10_000;
    private static final int ROUNDS = 4; // a checkpoint after each
    private static final long MAX_WAIT_MILLIS = 200;
    /** A borrow answers within maxWait plus this, whatever happens. */
    private static final long BORROW_MARGIN_MILLIS = 1_000;
    private static final long SEED = Long.getLong("tessera.test.seed", 14L);
    private static final String USER = "tessera_pa_" + Long.toHexString(ThreadLocalRandom.current().nextLong()
            & 0xFFFFFFFFL);
    private static final String PASSWORD = "pa-" + Long.toHexString(ThreadLocalRandom.current().nextLong());

    /** What a borrower does with one statement, and how often (weights out of 1000). */
    enum Kind {
        OK(750),
        BAD_SQL(70),
        KILL_CONNECTION(30),
        /** A {@code SLEEP} cancelled by {@code KILL QUERY}: the statement ends, the connection lives on. */
        KILL_QUERY(30),
        HOLD_TO_EXHAUST(30),
        CUT_MID_STATEMENT(30),
        RELEASE_MID_RESPONSE(30),
        CLOSE(30);

        final int weight;

        Kind(int weight) {
            this.weight = weight;
        }

        static Kind pick(Random random) {
            int r = random.nextInt(1000);
            for (Kind k : values()) {
                r -= k.weight;
                if (r < 0) {
                    return k;
                }
            }
            throw new AssertionError("weights add up to less than 1000");
        }
    }

    private static EventLoopGroup group;
    private static LocalMariaDb admin;
    private static LocalMariaDb sampler;
    private static TcpRelay relay;

    @BeforeAll
    static void createAccountAndRelay() throws Exception {
        group = new MultiThreadIoEventLoopGroup(2, NioIoHandler.newFactory());
        admin = new LocalMariaDb(group.next());
        sampler = new LocalMariaDb(group.next());
        for (String host : List.of("%", "localhost", "127.0.0.1")) {
            admin.run("CREATE USER '" + USER + "'@'" + host + "' IDENTIFIED BY '" + PASSWORD + "'");
        }
        relay = new TcpRelay(LocalMariaDb.PORT);
    }

    @AfterAll
    static void dropAccountAndRelay() throws Exception {
        relay.close();
        for (String host : List.of("%", "localhost", "127.0.0.1")) {
            admin.run("DROP USER IF EXISTS '" + USER + "'@'" + host + "'");
        }
        sampler.close();
        admin.close();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void activePlusIdleEqualsTheServersConnectionsAfterTenThousandStatementsWithFailures() throws Exception {
        ServerSettings settings = new ServerSettings("host1", LocalMariaDb.HOST, relay.port(), USER, PASSWORD, 2,
                MAX_CON, MAX_WAIT_MILLIS, 600_000, 3_600_000, "", 10_000, List.of(), 16 * 1024 * 1024);
        Totals totals = new Totals();
        Sampler samples = new Sampler();
        try (ServerPool pool = new ServerPool(settings, group, Clock.systemUTC())) {
            pool.start().get(10, TimeUnit.SECONDS);
            checkpoint(pool, "after start");
            Thread sampling = new Thread(() -> samples.run(pool), "pool-sampler");
            sampling.start();
            ExecutorService threads = Executors.newFixedThreadPool(BORROWERS);
            try {
                for (int round = 0; round < ROUNDS; round++) {
                    AtomicInteger left = new AtomicInteger(STATEMENTS / ROUNDS);
                    List<Future<?>> done = new ArrayList<>();
                    for (int t = 0; t < BORROWERS; t++) {
                        Random random = new Random(SEED * 31 * 31 + round * 31 + t);
                        done.add(threads.submit(() -> {
                            while (left.getAndDecrement() > 0) {
                                runOne(pool, Kind.pick(random), totals);
                            }
                            return null;
                        }));
                    }
                    for (Future<?> f : done) {
                        f.get(120, TimeUnit.SECONDS);
                    }
                    checkpoint(pool, "after round " + (round + 1));
                }
            } finally {
                threads.shutdownNow();
                samples.stop.set(true);
                sampling.join(5_000);
            }
            LOG.warn("PoolAccountingIT seed=" + SEED + " " + totals + ", samples=" + samples.count
                    + ", max open on the server=" + samples.maxServer + ", max pool total=" + samples.maxTotal
                    + ", final " + pool.stats());
        }

        assertThat(totals.hung).as("borrows that did not answer within maxWait + margin").isEmpty();
        assertThat(totals.unexpected).as("statements that failed where they should not").isEmpty();
        assertThat(samples.violations).as("samples where the pool or the server broke the limits").isEmpty();
        assertThat(samples.count).isGreaterThan(10);
        assertThat(samples.maxTotal).isEqualTo(MAX_CON); // the run did exhaust the pool
        assertThat(totals.statements.sum()).isEqualTo(STATEMENTS);
        for (Kind k : Kind.values()) {
            assertThat(totals.byKind.get(k).sum()).as("statements of kind %s", k).isPositive();
        }
        assertThat(totals.borrowTimeouts.sum()).as("borrows that timed out").isPositive();
        await(() -> serverCountOrMinusOne() == 0, () -> "server still has " + serverCountOrMinusOne() + " connections");
    }

    /**
     * A connection that Tessera closes while its statement runs: MariaDB goes on running the statement (it does not
     * notice the disconnect during a {@code SLEEP} or any statement that sends nothing). Before the pool kept such a
     * slot until it had killed the thread, the loop above saw 69 connections open on the server for a maxCon of 8.
     */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aConnectionClosedMidStatementKeepsItsSlotUntilTheServerHasEndedIt() throws Exception {
        // maxWait above twice the killer's 5 s bound for a killed thread to end: the two threads may be killed one
        // after the other (the second KILL waits for a slot the first frees), and a loaded host once took 10 s
        ServerSettings settings = new ServerSettings("host1", LocalMariaDb.HOST, relay.port(), USER, PASSWORD, 0, 2,
                20_000, 600_000, 3_600_000, "", 10_000, List.of(), 16 * 1024 * 1024);
        try (ServerPool pool = new ServerPool(settings, group, Clock.systemUTC())) {
            pool.start().get(10, TimeUnit.SECONDS);
            List<CompletableFuture<?>> sleeps = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                BackendConnection c = pool.borrow(null, false, null).get(10, TimeUnit.SECONDS);
                sleeps.add(c.query("SELECT SLEEP(5)"));
                await(() -> serverThreads().contains("SLEEP(5)"), PoolAccountingIT::serverThreads);
                c.close();
            }
            for (CompletableFuture<?> sleep : sleeps) {
                assertThat(sleep).failsWithin(10, TimeUnit.SECONDS);
            }
            List<BackendConnection> next = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                next.add(pool.borrow(null, false, null).get(25, TimeUnit.SECONDS));
            }

            assertThat(serverCountOrMinusOne()).as("connections open on the server: " + serverThreads()
                    + ", pool " + pool.stats()).isLessThanOrEqualTo(2);
            next.forEach(BackendConnection::release);
        }
        await(() -> serverCountOrMinusOne() == 0, PoolAccountingIT::serverThreads);
    }

    /** Nothing is borrowed: the pool's counters must match the connections the server has for the account. */
    private static void checkpoint(ServerPool pool, String when) {
        await(() -> pool.stats().active() == 0 && pool.stats().waiting() == 0, pool::stats);
        await(() -> {
            PoolStats before = pool.stats();
            int server = serverCountOrMinusOne();
            return before.equals(pool.stats()) && server == before.idle() + before.active();
        }, () -> when + ": server has " + serverCountOrMinusOne() + ", pool " + pool.stats());
        PoolStats stats = pool.stats();
        assertThat(stats.active()).as(when).isZero();
        assertThat(stats.total()).as(when).isBetween(pool.settings().minCon(), MAX_CON);
        assertThat(stats.created() - stats.closed()).as(when + ": created - closed").isEqualTo(stats.total());
    }

    /** One statement of {@code kind}, from borrow to release; counts what happened. */
    private static void runOne(ServerPool pool, Kind kind, Totals totals) throws Exception {
        totals.statements.increment();
        totals.byKind.get(kind).increment();
        BackendConnection c = borrow(pool, totals);
        if (c == null) {
            return;
        }
        switch (kind) {
            case OK -> {
                expectOk(c, "SELECT 1", kind, totals);
                c.release();
            }
            case BAD_SQL -> {
                expectFailure(c.query("SELEC 1"), kind, totals);
                expectOk(c, "SELECT 2", kind, totals); // a server error leaves the connection usable
                c.release();
            }
            case KILL_CONNECTION -> {
                kill("KILL " + c.connectionId());
                expectFailure(c.query("SELECT 1"), kind, totals);
                c.release(); // broken: closed instead
            }
            case KILL_QUERY -> {
                CompletableFuture<?> sleep = c.query("SELECT SLEEP(3)");
                Thread.sleep(30);
                kill("KILL QUERY " + c.connectionId());
                expectAnswered(sleep, kind, totals); // MariaDB answers 1, or ERR 1317, at once
                expectOk(c, "SELECT 3", kind, totals);
                c.release();
            }
            case HOLD_TO_EXHAUST -> {
                expectOk(c, "SELECT SLEEP(0.4)", kind, totals); // others wait beyond maxWait meanwhile
                c.release();
            }
            case CUT_MID_STATEMENT -> {
                relay.cutOnQuery("SELECT /*cut*/");
                CompletableFuture<?> cut = c.query("SELECT /*cut*/ 1");
                expectAnswered(cut, kind, totals); // failed, unless another borrower's statement was cut first
                c.release();
            }
            case RELEASE_MID_RESPONSE -> {
                CompletableFuture<String> end = new CompletableFuture<>();
                c.execute(comQuery("SELECT REPEAT('x', 100000) FROM (SELECT 1 UNION ALL SELECT 2) two"), false,
                        new ReleaseOnFirstFrame(c, end));
                String how = end.get(10, TimeUnit.SECONDS);
                if (how.equals("failed")) {
                    totals.failed.get(kind).increment();
                } else {
                    totals.unexpected.add(kind + ": the response " + how);
                }
            }
            case CLOSE -> {
                expectOk(c, "SELECT 4", kind, totals);
                c.close();
            }
            default -> throw new AssertionError(kind);
        }
    }

    /** A connection, or {@code null} after a BackendException; records a borrow that took too long. */
    private static BackendConnection borrow(ServerPool pool, Totals totals) throws InterruptedException {
        long start = System.nanoTime();
        CompletableFuture<BackendConnection> borrowed = pool.borrow(null, false, null);
        try {
            return borrowed.get(MAX_WAIT_MILLIS + BORROW_MARGIN_MILLIS, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            if (!(e.getCause() instanceof BackendException b)) {
                totals.unexpected.add("borrow failed with " + e.getCause());
            } else if (b.detail().startsWith("no connection within")) {
                totals.borrowTimeouts.increment();
                if (millis < MAX_WAIT_MILLIS - 5) {
                    totals.unexpected.add("timed out after " + millis + " ms, before maxWait: " + b.getMessage());
                }
            } else {
                totals.borrowFailures.increment();
            }
            return null;
        } catch (TimeoutException e) {
            borrowed.cancel(false); // a connection that comes later goes back to the pool
            totals.hung.add("no answer to a borrow within " + (MAX_WAIT_MILLIS + BORROW_MARGIN_MILLIS) + " ms: "
                    + pool.stats());
            return null;
        }
    }

    private static void expectOk(BackendConnection c, String sql, Kind kind, Totals totals) throws Exception {
        try {
            c.query(sql).get(10, TimeUnit.SECONDS);
            totals.ok.increment();
        } catch (ExecutionException e) {
            totals.unexpected.add(kind + ": " + sql + " failed: " + e.getCause());
        }
    }

    private static void expectFailure(CompletableFuture<?> answer, Kind kind, Totals totals) throws Exception {
        try {
            answer.get(10, TimeUnit.SECONDS);
            totals.unexpected.add(kind + ": succeeded");
        } catch (ExecutionException e) {
            totals.failed.get(kind).increment();
        }
    }

    private static void expectAnswered(CompletableFuture<?> answer, Kind kind, Totals totals) throws Exception {
        try {
            answer.get(10, TimeUnit.SECONDS);
            totals.ok.increment();
        } catch (ExecutionException e) {
            totals.failed.get(kind).increment();
        }
    }

    private static void kill(String sql) throws Exception {
        synchronized (admin) {
            admin.run(sql);
        }
    }

    private static ByteBuf comQuery(String sql) {
        byte[] text = sql.getBytes(StandardCharsets.UTF_8);
        return Unpooled.buffer(1 + text.length).writeByte(0x03).writeBytes(text);
    }

    private static int serverCount() {
        try {
            return Integer.parseInt(sampler.run("SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE USER = '"
                    + USER + "'").rows().get(0).get(0));
        } catch (Exception e) {
            throw new AssertionError("cannot count the server's connections", e);
        }
    }

    private static int serverCountOrMinusOne() {
        synchronized (sampler) {
            try {
                return serverCount();
            } catch (AssertionError e) {
                return -1;
            }
        }
    }

    /** What the account's server threads are doing, e.g. "[Query:SELECT SLEEP(3) x2, Sleep: x6]". */
    private static String serverThreads() {
        synchronized (sampler) {
            try {
                return sampler.run("SELECT CONCAT(COMMAND, ':', IFNULL(INFO, ''), ' x', COUNT(*)) FROM"
                        + " information_schema.PROCESSLIST WHERE USER = '" + USER + "' GROUP BY COMMAND, INFO")
                        .rows().toString();
            } catch (Exception e) {
                return "(" + e + ")";
            }
        }
    }

    /** Gives the connection back as soon as the first frame of a long response arrives. */
    private static final class ReleaseOnFirstFrame implements ResponseHandler {

        private final BackendConnection connection;
        private final CompletableFuture<String> end;
        private boolean released;

        ReleaseOnFirstFrame(BackendConnection connection, CompletableFuture<String> end) {
            this.connection = connection;
            this.end = end;
        }

        @Override
        public void onFrame(Packet frame, FrameKind kind) {
            frame.release();
            if (!released) {
                released = true;
                connection.release();
            }
        }

        @Override
        public void onComplete(int statusFlags) {
            end.complete("completed");
        }

        @Override
        public void onFailure(Throwable cause) {
            end.complete("failed");
        }
    }

    /** Samples the server's count and the pool's counters every 50 ms until stopped. */
    private static final class Sampler {

        final AtomicBoolean stop = new AtomicBoolean();
        final List<String> violations = new ArrayList<>();
        int count;
        int maxServer;
        int maxTotal;

        void run(ServerPool pool) {
            while (!stop.get()) {
                int server = serverCountOrMinusOne();
                PoolStats stats = pool.stats();
                count++;
                maxServer = Math.max(maxServer, server);
                maxTotal = Math.max(maxTotal, stats.total());
                if (server > MAX_CON && staysOverMaxCon() || stats.total() > MAX_CON
                        || stats.active() + stats.idle() != stats.total() || stats.active() < 0 || stats.idle() < 0) {
                    violations.add("server " + server + " " + serverThreads() + ", " + stats);
                }
                try {
                    Thread.sleep(50);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }
    }

    /**
     * Whether the server keeps more than maxCon of the account's threads for {@value #SERVER_REAP_MILLIS} ms. A thread
     * whose connection was killed or quit ends a moment after the pool has let its slot go (MariaDB ends it
     * asynchronously), so one sample above maxCon is not yet a leak; a slot the pool gave back too early is.
     */
    private static boolean staysOverMaxCon() {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(SERVER_REAP_MILLIS);
        while (System.nanoTime() < deadline) {
            if (serverCountOrMinusOne() <= MAX_CON) {
                return false;
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return true;
            }
        }
        return true;
    }

    /** What happened, for the assertions and the printed summary. */
    private static final class Totals {

        final LongAdder statements = new LongAdder();
        final LongAdder ok = new LongAdder();
        final LongAdder borrowTimeouts = new LongAdder();
        final LongAdder borrowFailures = new LongAdder();
        final Map<Kind, LongAdder> byKind = new EnumMap<>(Kind.class);
        final Map<Kind, LongAdder> failed = new EnumMap<>(Kind.class);
        final ConcurrentLinkedQueue<String> unexpected = new ConcurrentLinkedQueue<>();
        final ConcurrentLinkedQueue<String> hung = new ConcurrentLinkedQueue<>();

        Totals() {
            for (Kind k : Kind.values()) {
                byKind.put(k, new LongAdder());
                failed.put(k, new LongAdder());
            }
        }

        @Override
        public String toString() {
            StringBuilder s = new StringBuilder("statements=" + statements.sum() + " (");
            for (Kind k : Kind.values()) {
                s.append(k).append('=').append(byKind.get(k).sum()).append(' ');
            }
            s.append("), queries ok=").append(ok.sum()).append(", failed by kind {");
            for (Kind k : Kind.values()) {
                if (failed.get(k).sum() > 0) {
                    s.append(k).append('=').append(failed.get(k).sum()).append(' ');
                }
            }
            return s.append("}, borrow timeouts=").append(borrowTimeouts.sum()).append(", other borrow failures=")
                    .append(borrowFailures.sum()).append(", unexpected=").append(unexpected.size()).toString();
        }
    }
}
