package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Merged results stream: 5,000,000 rows spread over four data nodes come back through a Tessera with a 128 MB heap
 * in one global {@code ORDER BY}, even when the client pauses while reading, and a {@code LIMIT} near the top of
 * the order answers at once instead of draining the node streams.
 *
 * <p>Each phase logs its time at WARN, which proxy-core's tests print only when log4j's default level is lowered:
 * {@code -Dtest.jvm.args="-Dio.netty.leakDetectionLevel=paranoid -Xmx1g -Dorg.apache.logging.log4j.level=WARN"}.
 */
@Tag("integration")
class MergeStreamingIT {

    private static final Logger LOG = LogManager.getLogger(MergeStreamingIT.class);

    private static final int NODES = 4;
    private static final long ROWS = 5_000_000;
    private static final int PAD_LENGTH = 30;
    /** k = id * K_FACTOR mod K_MODULUS: scattered over all nodes, about five rows per value, so ties on k occur. */
    private static final long K_FACTOR = 7919;
    private static final long K_MODULUS = 1_000_003;
    private static final String ORDERED_SCAN = "SELECT id, k, pad FROM big ORDER BY k, id";
    /** Ample for 30 rows from each node; far below what reading the 5,000,000 rows through takes. */
    private static final long LIMIT_BUDGET_MILLIS = 2_000;

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/merge").inOwnJvm("-Xmx128m",
            "-XX:MaxDirectMemorySize=64m", "-XX:+ExitOnOutOfMemoryError", "-Dio.netty.leakDetectionLevel=disabled");

    @BeforeAll
    static void fillFourNodesInParallel() throws Exception {
        long started = System.nanoTime();
        ExecutorService executor = Executors.newFixedThreadPool(NODES);
        try {
            List<Callable<Void>> fills = new ArrayList<>();
            for (int node = 0; node < NODES; node++) {
                String database = tessera.database("db" + (node + 1));
                // PartitionByMod puts id on node index id mod 4 (dn1 = index 0): this node gets first, first + 4...
                long first = node == 0 ? NODES : node;
                fills.add(() -> {
                    tessera.dataHosts().executeIn(database,
                            "CREATE TABLE big (id BIGINT PRIMARY KEY, k INT NOT NULL, pad VARCHAR(40) NOT NULL)",
                            "INSERT INTO big SELECT seq, (seq * " + K_FACTOR + ") % " + K_MODULUS + ", REPEAT('x', "
                                    + PAD_LENGTH + ") FROM seq_" + first + "_to_" + ROWS + "_step_" + NODES);
                    return null;
                });
            }
            for (Future<Void> fill : executor.invokeAll(fills)) {
                fill.get();
            }
        } finally {
            executor.shutdownNow();
        }
        LOG.warn("filled {} rows over {} nodes in {} ms", ROWS, NODES, millisSince(started));
    }

    @Test
    void rowsSitWhereTesseraRoutesThem() throws SQLException {
        // One id per node, each read through a single-node route: the fill and the rule agree.
        try (Connection c = tessera.connect("MERGEDB")) {
            for (long id : new long[] {4_999_997, 4_999_998, 4_999_999, 5_000_000}) {
                assertThat(Rows.fetchAll(c, "SELECT id, k, pad FROM big WHERE id = " + id))
                        .containsExactly(List.of(id, (int) k(id), "x".repeat(PAD_LENGTH)));
            }
        }
    }

    @Test
    void fiveMillionRowsMergeInOrder() throws SQLException, InterruptedException {
        long started = System.nanoTime();
        try (Connection c = tessera.connect("MERGEDB")) {
            readOrderedScan(c, 0);
        }
        LOG.warn("ordered scan of {} rows: {} ms", ROWS, millisSince(started));
        assertTesseraAlive();
    }

    @Test
    void pausingClientDoesNotExhaustA128MbHeap() throws SQLException, InterruptedException {
        long started = System.nanoTime();
        try (Connection c = tessera.connect("MERGEDB")) {
            readOrderedScan(c, 3_000); // Tessera must stop reading the four node streams meanwhile
        }
        LOG.warn("ordered scan of {} rows with a 3 s pause: {} ms", ROWS, millisSince(started));
        assertTesseraAlive();
    }

    @Test
    void limitNearTheTopAnswersWithoutReadingTheNodesThrough() throws SQLException {
        List<List<Object>> expected = LongStream.iterate(4_999_980, id -> id - 1).limit(10)
                .mapToObj(id -> List.<Object>of(id)).toList();
        try (Connection c = tessera.connect("MERGEDB")) {
            // Twice on one session: the first run must leave the session and the backend connections clean.
            for (int run = 1; run <= 2; run++) {
                long started = System.nanoTime();
                assertThat(Rows.fetchAll(c, "SELECT id FROM big ORDER BY id DESC LIMIT 10 OFFSET 20"))
                        .isEqualTo(expected);
                long millis = millisSince(started);
                LOG.warn("ORDER BY id DESC LIMIT 10 OFFSET 20, run {}: {} ms", run, millis);
                assertThat(millis).as("milliseconds for run %d", run).isLessThan(LIMIT_BUDGET_MILLIS);
            }
        }
        assertTesseraAlive();
    }

    /**
     * Reads {@value #ORDERED_SCAN} as a stream, checking each row against the previous one and its content, and
     * sleeps {@code pauseMillis} after the first 1,000 rows.
     */
    private static void readOrderedScan(Connection c, long pauseMillis) throws SQLException, InterruptedException {
        long count = 0;
        long idSum = 0;
        long previousK = Long.MIN_VALUE;
        long previousId = Long.MIN_VALUE;
        try (Statement s = c.createStatement(ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY)) {
            s.setFetchSize(Integer.MIN_VALUE); // Connector/J streams rows instead of buffering them all
            try (ResultSet rs = s.executeQuery(ORDERED_SCAN)) {
                while (rs.next()) {
                    long id = rs.getLong(1);
                    long k = rs.getLong(2);
                    // (k, id) is unique, so each row must be strictly after the previous one.
                    if (k < previousK || k == previousK && id <= previousId) {
                        fail("row %d: (k, id) = (%d, %d) after (%d, %d)", count + 1, k, id, previousK, previousId);
                    }
                    if (k != k(id) || rs.getString(3).length() != PAD_LENGTH) {
                        fail("row %d: (%d, %d, %s) is not a row of big", count + 1, id, k, rs.getString(3));
                    }
                    previousK = k;
                    previousId = id;
                    count++;
                    idSum += id;
                    if (count == 1_000 && pauseMillis > 0) {
                        Thread.sleep(pauseMillis);
                    }
                }
            }
        }
        assertThat(count).isEqualTo(ROWS);
        assertThat(idSum).isEqualTo(ROWS * (ROWS + 1) / 2);
    }

    private static void assertTesseraAlive() {
        TesseraProcess process = tessera.process();
        assertThat(process.isAlive()).as(process.output()).isTrue();
        assertThat(process.output()).doesNotContain("OutOfMemoryError");
    }

    private static long k(long id) {
        return id * K_FACTOR % K_MODULUS;
    }

    private static long millisSince(long startedNanos) {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startedNanos);
    }
}
