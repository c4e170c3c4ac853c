package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * sysbench 1.0.20's {@code oltp_read_write} through Tessera, on tables {@code sbtest1..sbtest4} sharded by id mod 2
 * over two data nodes ({@code it/conf/sysbench}): the tables are prepared through Tessera (CREATE TABLE, multi-row
 * INSERTs, CREATE INDEX), then each run lasts {@link #SECONDS} s with 4 threads, first without prepared statements
 * ({@code --db-ps-mode=disable}), then in sysbench's default mode ({@code auto}: COM_STMT_PREPARE/EXECUTE), each a
 * test of its own; then the same run straight on the data host, for comparison. A run through Tessera must end
 * normally with no error and no reconnect. The one thing sysbench may retry is a deadlock (1213) that a data node
 * reported: MariaDB chooses its victims under oltp_read_write's random row locks through any client (the direct run
 * sees them too, more often the longer each transaction lasts on a slow machine), so Tessera passes them on as
 * MariaDB would. Only 1213 is left ignorable ({@code --mysql-ignore-errors=1213}), so a lock wait timeout (1205) or
 * any other error ends the run and fails the test, and deadlocks must stay under
 * {@value #MAX_DEADLOCKS_PER_THOUSAND_TRANSACTIONS} in 1,000 transactions.
 *
 * <p>Every run's figures go to {@code target/sysbench-report.txt}. Tessera runs in the test JVM, under the build's
 * paranoid leak detector and on the cores that sysbench and MariaDB use too: the figures show trends, not Tessera's
 * speed (docs/benchmarks.md measures that).
 *
 * <p>Needs {@code sysbench} on the PATH (skipped without it, see {@link Sysbench}). sysbench runs with its default
 * {@code --auto_inc=on}: its prepare INSERTs leave the id out, and
 * Tessera fills it from the sequence of each table ({@code autoIncrement="true"}): the database sequence
 * ({@code sequenceHandlerType} 1, rows SBTEST1..4 of {@code MYCAT_SEQUENCE} on dn1) counting from 1 as MariaDB's
 * AUTO_INCREMENT would, so that the ids, which place the rows, are sysbench's 1..N.
 */
@Tag("integration")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SysbenchIT {

    private static final Logger LOG = LogManager.getLogger(SysbenchIT.class);

    /** The system property that overrides {@link #SECONDS} for local iterations. */
    static final String SECONDS_PROPERTY = "tessera.sysbench.seconds";
    private static final int DEFAULT_SECONDS = 30;
    /** How long each run lasts: 30 s, or {@code -Dtessera.sysbench.seconds=N}. */
    static final int SECONDS = runSeconds();

    private static final String SCHEMA = "SBTEST";
    private static final int TABLES = 4;
    private static final int TABLE_SIZE = 10_000;
    private static final int THREADS = 4;
    private static final int NODES = 2;
    private static final String TESSERA_HOST = "127.0.0.1";
    /** Far above what MariaDB chooses on its own here (about 1 in 3,000 transactions on a slow CI machine). */
    private static final int MAX_DEADLOCKS_PER_THOUSAND_TRANSACTIONS = 10;
    private static final Path REPORT = Path.of(System.getProperty("basedir", ""), "target", "sysbench-report.txt");

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/sysbench");

    private static Sysbench sysbench;
    private static String directDatabase;
    /** The report's line of each run so far, by run name, in run order. */
    private static final Map<String, String> reportLines = new LinkedHashMap<>();

    @BeforeAll
    static void prepareTablesThroughTesseraAndDirectly() throws Exception {
        sysbench = Sysbench.find(TABLES, TABLE_SIZE);
        DataHosts hosts = tessera.dataHosts();
        directDatabase = DataHosts.databaseName(SysbenchIT.class, "direct");
        hosts.createDatabase(directDatabase);
        Sysbench.createSequences(tessera, TABLES);
        assertFinished(sysbench.run(throughTessera(), SECONDS, "prepare"));
        assertFinished(sysbench.run(direct(), SECONDS, "prepare"));
    }

    @AfterAll
    static void dropDirectDatabase() throws SQLException {
        if (directDatabase != null) {
            tessera.dataHosts().dropDatabase(directDatabase);
        }
    }

    @Test
    @Order(1)
    void preparePutsEveryRowOnTheNodeOfItsId() throws SQLException {
        try (Connection c = tessera.connect(SCHEMA)) {
            assertThat(Rows.fetchAll(c, "SELECT COUNT(*) FROM sbtest1")).containsExactly(List.of((long) TABLE_SIZE));
        }
        for (int node = 0; node < NODES; node++) {
            String database = tessera.database("db" + (node + 1));
            try (Connection c = tessera.dataHosts().connectDirect(database)) {
                for (int table = 1; table <= TABLES; table++) {
                    // sysbench's ids are 1..TABLE_SIZE, so each node holds exactly half of them
                    assertThat(Rows.fetchAll(c, "SELECT COUNT(*), COUNT(CASE WHEN id % " + NODES + " <> " + node
                            + " THEN 1 END) FROM sbtest" + table))
                            .as("%s.sbtest%d: rows, rows of another node", database, table)
                            .containsExactly(List.of((long) TABLE_SIZE / NODES, 0L));
                }
            }
        }
    }

    @Test
    @Order(2)
    void readWriteRunWithoutPreparedStatementsHasNoErrors() throws Exception {
        runThroughTessera("disable");
    }

    @Test
    @Order(3)
    void readWriteRunWithPreparedStatementsHasNoErrors() throws Exception {
        runThroughTessera("auto");
    }

    @Test
    @Order(4)
    void sameRunStraightOnTheDataHostForComparison() throws Exception {
        Sysbench.Run run = sysbench.run(direct(), SECONDS, runArguments("auto"));
        // Only that it ran: MariaDB's own deadlocks, which sysbench retries and counts as ignored errors, happen
        // about once in 40,000 transactions here and say nothing about Tessera.
        Sysbench.Stats stats = reportAndCheckEnded("direct, --db-ps-mode=auto", run);
        assertThat(stats.transactions()).as("%s", run).isPositive();
    }

    private static void runThroughTessera(String psMode) throws Exception {
        Sysbench.Run run = sysbench.run(throughTessera(), SECONDS, runArguments(psMode));
        Sysbench.Stats stats = reportAndCheckEnded("tessera, --db-ps-mode=" + psMode, run);
        assertThat(stats.reconnects()).as("reconnects in %s", run).isZero();
        assertThat(stats.transactions()).as("transactions in %s", run).isPositive();
        assertThat(stats.ignoredErrors() * 1000).as("deadlocks (1213, the only error ignored) in %s", run)
                .isLessThanOrEqualTo(stats.transactions() * MAX_DEADLOCKS_PER_THOUSAND_TRANSACTIONS);
    }

    private static String[] runArguments(String psMode) {
        return new String[] {"--threads=" + THREADS, "--time=" + SECONDS, "--report-interval=0",
                "--mysql-ignore-errors=1213", "--db-ps-mode=" + psMode, "run"};
    }

    private static Sysbench.Target throughTessera() {
        return new Sysbench.Target(TESSERA_HOST, tessera.port(), RunningTessera.USER, RunningTessera.PASSWORD, SCHEMA);
    }

    private static Sysbench.Target direct() {
        DataHosts hosts = tessera.dataHosts();
        return new Sysbench.Target(hosts.host(), hosts.port(), hosts.user(), hosts.password(), directDatabase);
    }

    private static void assertFinished(Sysbench.Run run) {
        assertThat(run.exitStatus()).as("%s", run).isZero();
    }

    /**
     * Adds the run's figures (or, when it has none, its exit status) to the report file and the log, then checks that
     * sysbench ended normally and returns the figures; a failure message holds the whole output.
     */
    private static Sysbench.Stats reportAndCheckEnded(String name, Sysbench.Run run) throws IOException {
        Optional<Sysbench.Stats> stats = Sysbench.Stats.parse(run.output());
        String line = stats.map(s -> String.format(Locale.ROOT, "%-30s %10.2f %12.2f %12.2f %14d %10d %6d", name,
                        s.transactionsPerSecond(), s.queriesPerSecond(), s.p95Millis(), s.ignoredErrors(),
                        s.reconnects(), run.exitStatus()))
                .orElse(String.format(Locale.ROOT, "%-30s no statistics: sysbench ended with exit status %d", name,
                        run.exitStatus()));
        LOG.info("sysbench {}", line);
        writeReport(name, line);
        assertFinished(run);
        return stats.orElseGet(() -> fail("no statistics (transactions, queries, ignored errors, reconnects, 95th"
                + " percentile) in the output of " + run));
    }

    private static synchronized void writeReport(String name, String line) throws IOException {
        reportLines.put(name, line);
        List<String> lines = new ArrayList<>();
        lines.add("sysbench oltp_read_write: " + TABLES + " tables of " + TABLE_SIZE + " rows, " + THREADS
                + " threads, " + SECONDS + " s per run (SysbenchIT)");
        lines.add("tessera: schema " + SCHEMA + ", sbtest1..sbtest" + TABLES + " sharded by id mod " + NODES
                + ", in the test JVM (io.netty.leakDetectionLevel=" + System.getProperty("io.netty.leakDetectionLevel",
                "simple") + "); direct: " + tessera.dataHosts());
        lines.add("");
        lines.add(String.format(Locale.ROOT, "%-30s %10s %12s %12s %14s %10s %6s", "run", "tps", "qps", "p95 ms",
                "ignored errors", "reconnects", "exit"));
        lines.addAll(reportLines.values());
        Files.createDirectories(REPORT.toAbsolutePath().getParent());
        Files.write(REPORT, lines, StandardCharsets.UTF_8);
    }

    private static int runSeconds() {
        String value = System.getProperty(SECONDS_PROPERTY, Integer.toString(DEFAULT_SECONDS)).trim();
        try {
            int seconds = Integer.parseInt(value);
            if (seconds >= 1) {
                return seconds;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(SECONDS_PROPERTY + ": " + value + " (expected: an integer >= 1)");
    }
}
