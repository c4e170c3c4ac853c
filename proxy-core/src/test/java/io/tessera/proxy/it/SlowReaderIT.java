package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A client that reads a 1 GB result slowly, then stops reading, costs Tessera (128 MB heap, 64 MB direct memory)
 * neither memory nor the latency of other sessions' point queries, on the single-node path and on both merges
 * (concatenated and ordered over two data nodes): Tessera reads from the data nodes only what the client takes
 * (backpressure), and a cancelled scan gives its data-node connections back to the pool. A reader that stops for
 * longer than the data node's {@code net_write_timeout}, after which MariaDB drops the connection it could not write
 * to, gets an error, never a result that just ends short.
 *
 * <p>The gigabyte is computed, not stored: views over MariaDB's sequence engine, 1,000,000 rows of 1,000 bytes. So
 * that the class runs in about half a minute, the reader takes a few MB at 10 MB/s, stops, and is then cancelled
 * ({@code KILL QUERY} from another session); with {@code -Dtessera.chaos.long=true} it reads every row to the end
 * instead (about 5 s a gigabyte), sampling the buffers' direct memory. The numbers (latencies, bytes in flight,
 * live heap, direct memory) are logged at WARN.
 */
@Tag("integration")
class SlowReaderIT {

    private static final Logger LOG = LogManager.getLogger(SlowReaderIT.class);

    private static final int ROWS = 1_000_000;
    private static final int PAYLOAD = 1_000;
    private static final int POINT_ROWS = 1_000;
    private static final int SESSIONS = 4;
    private static final int QUERIES_PER_SESSION = 300;
    /** Bytes read from the data nodes and not yet taken by the client: socket buffers, not Tessera, hold them. */
    private static final long MAX_IN_FLIGHT = 48L << 20;
    /** What the data nodes may still send in the two seconds a stopped reader is watched. */
    private static final long MAX_GROWTH_WHILE_STOPPED = 1L << 20;
    private static final long MAX_LIVE_HEAP = 64L << 20;
    /** The buffers' direct memory; a read of 1 KB rows through a merge once grew a cumulation past 32 MB. */
    private static final long MAX_DIRECT = 16L << 20;
    /** The data node's net_write_timeout for the session that stops reading longer than that. */
    private static final int WRITE_TIMEOUT_SECONDS = 3;
    private static final boolean READ_TO_END = Boolean.getBoolean("tessera.chaos.long");

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/slow-reader").inOwnJvm("-Xmx128m",
            "-XX:MaxDirectMemorySize=64m", "-XX:+ExitOnOutOfMemoryError", "-Dio.netty.leakDetectionLevel=disabled");

    @BeforeAll
    static void createViewsThatComputeTheGigabyte() throws SQLException {
        String payload = "REPEAT('x', " + PAYLOAD + ") AS payload FROM seq_";
        tessera.dataHosts().executeIn(tessera.database("db1"), // PartitionByMod: even ids on dn1
                "CREATE VIEW one AS SELECT seq AS id, " + payload + "1_to_" + ROWS,
                "CREATE VIEW big AS SELECT seq AS id, " + payload + "2_to_" + ROWS + "_step_2",
                "CREATE TABLE pt (id BIGINT PRIMARY KEY, v BIGINT NOT NULL)",
                "INSERT INTO pt SELECT seq, seq FROM seq_2_to_" + POINT_ROWS + "_step_2");
        tessera.dataHosts().executeIn(tessera.database("db2"),
                "CREATE VIEW big AS SELECT seq AS id, " + payload + "1_to_" + ROWS + "_step_2",
                "CREATE TABLE pt (id BIGINT PRIMARY KEY, v BIGINT NOT NULL)",
                "INSERT INTO pt SELECT seq, seq FROM seq_1_to_" + POINT_ROWS + "_step_2");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"SELECT id, payload FROM one", "SELECT id, payload FROM big",
        "SELECT id, payload FROM big ORDER BY id"})
    void aStoppedReaderOfAGigabyteHoldsBackNeitherTesseraMemoryNorOtherSessions(String scan) throws Exception {
        int nodes = scan.contains("big") ? 2 : 1;
        PointLatency baseline = pointQueries();
        long heapBefore = tessera.process().liveHeapBytes();
        long activeBefore = activeConnections();
        Map<Long, Long> receivedBefore = bytesReceivedByBackend();
        ExecutorService thread = Executors.newSingleThreadExecutor();
        try (Connection c = DriverManager.getConnection(tessera.jdbcUrl("SLOWDB") + "?useCursorFetch=false",
                RunningTessera.USER, RunningTessera.PASSWORD); Statement s = c.createStatement()) {
            long session = ((Number) Rows.fetchAll(c, "SELECT CONNECTION_ID()").get(0).get(0)).longValue();
            s.setFetchSize(Integer.MIN_VALUE); // Connector/J streams: it reads a row from the socket per next()
            SlowReader reader = new SlowReader(s, scan);
            Future<Long> read = thread.submit(reader);
            reader.awaitRows(1_000);
            PointLatency trickling = pointQueries();

            reader.stop();
            Thread.sleep(1_000); // the socket buffers on the way fill up
            PointLatency stopped = pointQueries();
            long heapStopped = tessera.process().liveHeapBytes();
            long taken = reader.rows() * PAYLOAD; // fewer bytes than the rows took on the wire
            long received = scanBytesReceived(nodes, receivedBefore);
            Thread.sleep(2_000);
            long receivedLater = scanBytesReceived(nodes, receivedBefore);
            long direct = directMemoryUsed();
            LOG.warn("{}: point queries before {}; with the reader at 10 MB/s {}; with it stopped {}", scan,
                    baseline, trickling, stopped);
            LOG.warn("{}: reader stopped after {} rows; Tessera received {} MB from the data node(s), {} MB more"
                    + " in 2 s; at most {} MB in flight; live heap {} MB before, {} MB while stopped; direct memory"
                    + " {} MB", scan, reader.rows(), mb(received), mb(receivedLater - received), mb(received - taken),
                    mb(heapBefore), mb(heapStopped), mb(direct));
            assertThat(received - taken).as("bytes read from the data nodes, not taken by the client")
                    .isLessThan(MAX_IN_FLIGHT);
            assertThat(receivedLater - received).as("bytes read from the data nodes while the client reads none")
                    .isLessThan(MAX_GROWTH_WHILE_STOPPED);
            assertThat(Math.max(heapBefore, heapStopped)).as("live heap").isLessThan(MAX_LIVE_HEAP);
            assertThat(direct).as("direct memory").isLessThan(MAX_DIRECT);
            assertCloseToBaseline(baseline, trickling);
            assertCloseToBaseline(baseline, stopped);

            if (READ_TO_END) {
                reader.resume();
                long maxDirect = 0;
                while (!read.isDone()) {
                    maxDirect = Math.max(maxDirect, directMemoryUsed());
                    Thread.sleep(200);
                }
                LOG.warn("{}: reading to the end, the allocator's direct memory was at most {} MB", scan,
                        mb(maxDirect));
                assertThat(read.get(10, TimeUnit.MINUTES)).isEqualTo((long) ROWS);
                assertThat(reader.idSum()).isEqualTo((long) ROWS * (ROWS + 1) / 2);
                assertThat(maxDirect).as("direct memory").isLessThan(MAX_DIRECT);
            } else {
                // What Statement.cancel() sends, which Connector/J skips once executeQuery has returned a stream.
                try (Connection killer = tessera.connect("SLOWDB"); Statement kill = killer.createStatement()) {
                    kill.execute("KILL QUERY " + session);
                }
                reader.resume();
                assertThat(read).failsWithin(60, TimeUnit.SECONDS).withThrowableOfType(Exception.class)
                        .havingRootCause().isInstanceOfSatisfying(SQLException.class,
                                e -> assertThat(e.getErrorCode()).as(e.getMessage()).isEqualTo(1317));
                LOG.warn("{}: cancelled after {} rows", scan, reader.rows());
            }
            assertThat(Rows.fetchAll(c, "SELECT v FROM pt WHERE id = 7")).containsExactly(List.of(7L));
        } finally {
            thread.shutdownNow();
        }
        TransactionIT.waitUntil(() -> activeConnections() == activeBefore && runningScans().isEmpty());
        assertTesseraWell();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"SELECT id, payload FROM one", "SELECT id, payload FROM big"})
    void aReaderStoppedLongerThanTheDataNodesWriteTimeoutGetsAnErrorNotAShortResult(String scan) throws Exception {
        long activeBefore = activeConnections();
        ExecutorService thread = Executors.newSingleThreadExecutor();
        // Connector/J sets net_write_timeout to 600 before a streamed query unless told not to.
        try (Connection c = DriverManager.getConnection(tessera.jdbcUrl("SLOWDB")
                + "?useCursorFetch=false&netTimeoutForStreamingResults=0", RunningTessera.USER,
                RunningTessera.PASSWORD); Statement s = c.createStatement()) {
            s.execute("SET net_write_timeout = " + WRITE_TIMEOUT_SECONDS); // its data-node connections take it
            s.setFetchSize(Integer.MIN_VALUE);
            SlowReader reader = new SlowReader(s, scan.replace("payload", "payload, @@session.net_write_timeout"));
            Future<Long> read = thread.submit(reader);
            reader.awaitRows(1_000);
            reader.stop();
            assertThat(reader.lastColumnOfFirstRow()).as("the data node's net_write_timeout for the scan")
                    .isEqualTo(String.valueOf(WRITE_TIMEOUT_SECONDS));
            Thread.sleep(TimeUnit.SECONDS.toMillis(WRITE_TIMEOUT_SECONDS + 2)); // the data node gives up writing
            reader.resume();
            Throwable failure = catchThrowable(() -> read.get(60, TimeUnit.SECONDS));
            assertThat(failure).as("the reader's end, after %d rows", reader.rows())
                    .isInstanceOf(ExecutionException.class).rootCause().isInstanceOf(SQLException.class);
            SQLException error = (SQLException) rootCause(failure);
            LOG.warn("{}: a reader stopped for {} s past the data node's net_write_timeout read {} rows, then got"
                    + " {} {}: {}", scan, WRITE_TIMEOUT_SECONDS + 2, reader.rows(), error.getErrorCode(),
                    error.getSQLState(), error.getMessage());
            assertThat(reader.rows()).isLessThan(ROWS);
        } finally {
            thread.shutdownNow();
        }
        TransactionIT.waitUntil(() -> activeConnections() == activeBefore && runningScans().isEmpty());
        try (Connection c = tessera.connect("SLOWDB")) {
            assertThat(Rows.fetchAll(c, "SELECT v FROM pt WHERE id = 8")).containsExactly(List.of(8L));
        }
        assertTesseraWell();
    }

    private static void assertTesseraWell() {
        TesseraProcess process = tessera.process();
        assertThat(process.isAlive()).as(process.output()).isTrue();
        assertThat(process.output()).doesNotContain("OutOfMemoryError");
    }

    private static Throwable rootCause(Throwable t) {
        Throwable cause = t;
        while (cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause;
    }

    private static PointLatency pointQueries() throws Exception {
        return PointLatency.measure(tessera, "SLOWDB", "pt", POINT_ROWS, SESSIONS, QUERIES_PER_SESSION);
    }

    /** Generous: on two shared cores a scheduling hiccup costs milliseconds; a blocked event loop costs seconds. */
    private static void assertCloseToBaseline(PointLatency baseline, PointLatency measured) {
        assertThat(measured.p50Micros()).as("p50 (baseline %s)", baseline)
                .isLessThan(3 * baseline.p50Micros() + 5_000);
        assertThat(measured.p99Micros()).as("p99 (baseline %s)", baseline)
                .isLessThan(5 * baseline.p99Micros() + 50_000);
    }

    /**
     * Bytes Tessera's connections running the scan have received from the data node(s) since {@code before} (a
     * pooled connection may have read other results already).
     */
    private static long scanBytesReceived(int nodes, Map<Long, Long> before) throws SQLException {
        List<Long> threadIds = runningScans();
        assertThat(threadIds).as("statements of the scan on the data host").hasSize(nodes);
        long bytes = 0;
        for (Map.Entry<Long, Long> backend : bytesReceivedByBackend().entrySet()) {
            if (threadIds.contains(backend.getKey())) {
                bytes += backend.getValue() - before.getOrDefault(backend.getKey(), 0L);
            }
        }
        return bytes;
    }

    /** net_in of each of Tessera's data-host connections by the data host's thread id, from show @@backend. */
    private static Map<Long, Long> bytesReceivedByBackend() throws SQLException {
        return AdminRows.of(tessera.adminPort(), "show @@backend").stream().collect(Collectors.toMap(
                row -> Long.parseLong(row.get("mysqlId")), row -> Long.parseLong(row.get("net_in"))));
    }

    /** The data host's thread ids of the statements that read {@code one} or {@code big} for Tessera. */
    private static List<Long> runningScans() throws SQLException {
        try (Connection c = tessera.dataHosts().connectDirect(null)) {
            return Rows.fetchAll(c, "SELECT id FROM information_schema.processlist WHERE info LIKE '%payload%'"
                    + " AND info NOT LIKE '%processlist%' AND db IN ('" + tessera.database("db1") + "', '"
                    + tessera.database("db2") + "')").stream().map(row -> ((Number) row.get(0)).longValue()).toList();
        }
    }

    /** Borrowed connections of all data sources, from {@code show @@datasource}. */
    private static long activeConnections() throws SQLException {
        return AdminRows.of(tessera.adminPort(), "show @@datasource").stream()
                .mapToLong(row -> Long.parseLong(row.get("ACTIVE"))).sum();
    }

    /** The direct memory Tessera's buffer allocator holds, from show @@processor. */
    private static long directMemoryUsed() throws SQLException {
        return AdminRows.of(tessera.adminPort(), "show @@processor").stream().mapToLong(
                row -> Long.parseLong(row.get("TOTAL_BUFFER")) - Long.parseLong(row.get("FREE_BUFFER"))).sum();
    }

    private static long mb(long bytes) {
        return bytes >> 20;
    }
}
