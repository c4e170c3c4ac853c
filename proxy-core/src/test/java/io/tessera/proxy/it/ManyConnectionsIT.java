package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Connection load on Tessera in its own JVM (its heap measured apart from the clients'): 5,000 idle logged-in
 * connections beside 100 busy ones, and a burst of 1,000 connections that never log in. Idle clients are
 * {@link RawClient}s (a socket each, no driver state), the busy ones Connector/J. Scaled for a 2-core CI machine
 * shared with MariaDB: the busy clients run for 8 s; the numbers measured are logged at WARN.
 */
@Tag("integration")
class ManyConnectionsIT {

    private static final Logger LOG = LogManager.getLogger(ManyConnectionsIT.class);
    private static final int IDLE = 5_000;
    private static final int BUSY = 100;
    private static final int BURST = 1_000;
    private static final int ROWS = 1_000;
    /** The template's authTimeout. */
    private static final Duration AUTH_TIMEOUT = Duration.ofSeconds(1);
    private static final long MS = 1_000_000;

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/short-auth-timeout").inOwnJvm("-Xmx256m");

    @BeforeAll
    static void createTable() throws Exception {
        StringBuilder insert = new StringBuilder("INSERT INTO t (id, n) VALUES (1, 1)");
        for (int id = 2; id <= ROWS; id++) {
            insert.append(", (").append(id).append(", ").append(id).append(')');
        }
        tessera.dataHosts().executeIn(tessera.database("db1"), "CREATE TABLE t (id INT PRIMARY KEY, n INT NOT NULL)",
                insert.toString());
    }

    @Test
    void aBurstOfConnectionsIsGreetedAtOnceWithoutDelayingOthersAndUnauthenticatedOnesAreClosed() throws Exception {
        try (SocketBurst burst = SocketBurst.open(tessera.port(), BURST)) {
            CompletableFuture<Long> meanwhile = CompletableFuture.supplyAsync(ManyConnectionsIT::timedLoginAndQuery);
            burst.awaitClosedByServer(AUTH_TIMEOUT.plusSeconds(20));

            long slowestGreeting = 0;
            long firstClose = Long.MAX_VALUE;
            long lastClose = 0;
            for (int i = 0; i < burst.count(); i++) {
                assertThat(burst.firstPayloadByte(i)).as("connection %d: HandshakeV10", i).isEqualTo(0x0a);
                assertThat(burst.closedAfterGreetingNanos(i)).as("connection %d: closed", i).isPositive();
                slowestGreeting = Math.max(slowestGreeting, burst.greetingNanos(i));
                firstClose = Math.min(firstClose, burst.closedAfterGreetingNanos(i));
                lastClose = Math.max(lastClose, burst.closedAfterGreetingNanos(i));
            }
            long other = meanwhile.get(30, TimeUnit.SECONDS);
            LOG.warn("burst of {} connections: slowest greeting {} ms; closed {}..{} ms after their greeting"
                    + " (authTimeout {} ms); a login and query meanwhile took {} ms", BURST, slowestGreeting / MS,
                    firstClose / MS, lastClose / MS, AUTH_TIMEOUT.toMillis(), other / MS);
            assertThat(slowestGreeting).as("slowest greeting, ns").isLessThan(3_000 * MS);
            assertThat(firstClose).as("first close after greeting, ns").isGreaterThan(AUTH_TIMEOUT.toNanos() / 2);
            assertThat(lastClose).as("last close after greeting, ns").isLessThan(AUTH_TIMEOUT.toNanos() + 5_000 * MS);
            assertThat(other).as("login and query during the burst, ns").isLessThan(3_000 * MS);
        }
    }

    @Test
    void fiveThousandIdleConnectionsCostLittleAndBusyOnesStayFast() throws Exception {
        TesseraProcess process = tessera.process();
        long heapBefore = process.liveHeapBytes();
        long rssBefore = process.residentBytes();
        List<RawClient> idle = Collections.synchronizedList(new ArrayList<>());
        ExecutorService threads = Executors.newFixedThreadPool(BUSY);
        try {
            long start = System.nanoTime();
            loginAll(idle, threads);
            long loginMillis = (System.nanoTime() - start) / MS;
            long heapAfter = process.liveHeapBytes();
            long rssAfter = process.residentBytes();
            long heapPerIdle = (heapAfter - heapBefore) / IDLE;
            LOG.warn("{} idle connections logged in in {} ms; Tessera's live heap {} -> {} KiB ({} bytes per"
                    + " connection), RSS {} -> {} MiB ({} bytes per connection)", IDLE, loginMillis,
                    heapBefore / 1024, heapAfter / 1024, heapPerIdle, rssBefore >> 20, rssAfter >> 20,
                    (rssAfter - rssBefore) / IDLE);
            assertThat(heapPerIdle).as("live heap bytes per idle connection").isLessThan(64 * 1024);

            long[] latencies = runBusy(threads, Duration.ofSeconds(8));
            Arrays.sort(latencies);
            long p50 = latencies[latencies.length / 2];
            long p99 = latencies[latencies.length * 99 / 100];
            LOG.warn("{} busy clients beside {} idle ones: {} queries in 8 s, p50 {} us, p99 {} us, max {} us", BUSY,
                    IDLE, latencies.length, p50 / 1000, p99 / 1000, latencies[latencies.length - 1] / 1000);
            assertThat(p50).as("busy clients' median latency, ns").isLessThan(200 * MS);
            assertThat(p99).as("busy clients' p99 latency, ns").isLessThan(2_000 * MS);

            for (RawClient client : idle) { // every idle connection is still served
                client.query("SELECT n FROM t WHERE id = 7");
                assertThat(client.readResultSetRows()).isEqualTo(1);
            }
        } finally {
            threads.shutdownNow();
            for (RawClient client : idle) {
                client.close();
            }
        }
    }

    /** Logs {@value #IDLE} raw clients in, a share per thread. */
    private static void loginAll(List<RawClient> idle, ExecutorService threads) throws Exception {
        int perThread = IDLE / BUSY;
        List<Future<?>> done = new ArrayList<>();
        for (int t = 0; t < BUSY; t++) {
            done.add(threads.submit(() -> {
                for (int i = 0; i < perThread; i++) {
                    RawClient client = new RawClient(tessera.port());
                    idle.add(client);
                    assertThat(client.login(RunningTessera.USER, RunningTessera.PASSWORD, "TESTDB").isOk()).isTrue();
                }
                return null;
            }));
        }
        for (Future<?> f : done) {
            f.get(120, TimeUnit.SECONDS);
        }
        assertThat(idle).hasSize(IDLE);
    }

    /** {@value #BUSY} Connector/J clients reading a random row in a loop for {@code time}; every query's latency. */
    private static long[] runBusy(ExecutorService threads, Duration time) throws Exception {
        long end = System.nanoTime() + time.toNanos();
        List<Future<long[]>> done = new ArrayList<>();
        for (int t = 0; t < BUSY; t++) {
            done.add(threads.submit(() -> {
                long[] latencies = new long[1024];
                int count = 0;
                try (Connection c = tessera.connect("TESTDB");
                        PreparedStatement read = c.prepareStatement("SELECT n FROM t WHERE id = ?")) {
                    while (System.nanoTime() < end) {
                        int id = 1 + ThreadLocalRandom.current().nextInt(ROWS);
                        read.setInt(1, id);
                        long start = System.nanoTime();
                        try (ResultSet rs = read.executeQuery()) {
                            assertThat(rs.next()).isTrue();
                            assertThat(rs.getInt(1)).isEqualTo(id);
                        }
                        if (count == latencies.length) {
                            latencies = Arrays.copyOf(latencies, count * 2);
                        }
                        latencies[count++] = System.nanoTime() - start;
                    }
                }
                assertThat(count).as("queries of one busy client").isPositive();
                return Arrays.copyOf(latencies, count);
            }));
        }
        List<long[]> all = new ArrayList<>();
        for (Future<long[]> f : done) {
            all.add(f.get(time.toSeconds() + 60, TimeUnit.SECONDS));
        }
        return all.stream().flatMapToLong(Arrays::stream).toArray();
    }

    /** A Connector/J login and a query, in ns. */
    private static long timedLoginAndQuery() {
        long start = System.nanoTime();
        try (Connection c = tessera.connect("TESTDB")) {
            assertThat(Rows.fetchAll(c, "SELECT n FROM t WHERE id = 7")).containsExactly(List.of(7));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        return System.nanoTime() - start;
    }
}
