package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.File;
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
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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
import org.opentest4j.TestAbortedException;

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
 * <p>Needs {@code sysbench} on the PATH (skipped without it): the Debian package {@code sysbench}, which .ci/run
 * installs. sysbench runs with its default {@code --auto_inc=on}: its prepare INSERTs leave the id out, and
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
    /** sysbench gets this much longer than its run to connect, finish and report, then it is destroyed. */
    private static final int TIMEOUT_MARGIN_SECONDS = 120;

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

    private static Path sysbench;
    private static String directDatabase;
    /** The report's line of each run so far, by run name, in run order. */
    private static final Map<String, String> reportLines = new LinkedHashMap<>();

    @BeforeAll
    static void prepareTablesThroughTesseraAndDirectly() throws Exception {
        sysbench = findOnPath("sysbench");
        DataHosts hosts = tessera.dataHosts();
        directDatabase = DataHosts.databaseName(SysbenchIT.class, "direct");
        hosts.createDatabase(directDatabase);
        createSequences(hosts);
        assertFinished(sysbench(throughTessera(), "prepare"));
        assertFinished(sysbench(direct(), "prepare"));
    }

    /**
     * The database sequence of each table on dn1 (sequence_db_conf.properties), as a plain table without MyCat's
     * functions, starting at 0 so that the ids are 1..N.
     */
    private static void createSequences(DataHosts hosts) throws SQLException {
        StringBuilder rows = new StringBuilder();
        for (int table = 1; table <= TABLES; table++) {
            rows.append(table == 1 ? "" : ", ").append("('SBTEST").append(table).append("', 0, 100)");
        }
        hosts.executeIn(tessera.database("db1"), "CREATE TABLE MYCAT_SEQUENCE (name VARCHAR(64) NOT NULL PRIMARY KEY,"
                + " current_value BIGINT NOT NULL, increment INT NOT NULL)", "INSERT INTO MYCAT_SEQUENCE VALUES " + rows);
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
        SysbenchRun run = sysbench(direct(), runArguments("auto"));
        // Only that it ran: MariaDB's own deadlocks, which sysbench retries and counts as ignored errors, happen
        // about once in 40,000 transactions here and say nothing about Tessera.
        Stats stats = reportAndCheckEnded("direct, --db-ps-mode=auto", run);
        assertThat(stats.transactions()).as("%s", run).isPositive();
    }

    private static void runThroughTessera(String psMode) throws Exception {
        SysbenchRun run = sysbench(throughTessera(), runArguments(psMode));
        Stats stats = reportAndCheckEnded("tessera, --db-ps-mode=" + psMode, run);
        assertThat(stats.reconnects()).as("reconnects in %s", run).isZero();
        assertThat(stats.transactions()).as("transactions in %s", run).isPositive();
        assertThat(stats.ignoredErrors() * 1000).as("deadlocks (1213, the only error ignored) in %s", run)
                .isLessThanOrEqualTo(stats.transactions() * MAX_DEADLOCKS_PER_THOUSAND_TRANSACTIONS);
    }

    private static String[] runArguments(String psMode) {
        return new String[] {"--threads=" + THREADS, "--time=" + SECONDS, "--report-interval=0",
                "--mysql-ignore-errors=1213", "--db-ps-mode=" + psMode, "run"};
    }

    /** Where sysbench connects: Tessera's schema, or the database of the direct run. */
    private record Target(String host, int port, String user, String password, String database) {
    }

    private static Target throughTessera() {
        return new Target(TESSERA_HOST, tessera.port(), RunningTessera.USER, RunningTessera.PASSWORD, SCHEMA);
    }

    private static Target direct() {
        DataHosts hosts = tessera.dataHosts();
        return new Target(hosts.host(), hosts.port(), hosts.user(), hosts.password(), directDatabase);
    }

    /** One finished sysbench process: its command line, exit status and output (stdout and stderr together). */
    private record SysbenchRun(List<String> command, int exitStatus, String output) {

        @Override
        public String toString() {
            return String.join(" ", command) + " (exit status " + exitStatus + "); its output:\n" + output;
        }
    }

    /**
     * Runs {@code sysbench oltp_read_write} on the target's tables with {@code arguments} after the common ones, and
     * waits for it; one that outlives its run by {@value #TIMEOUT_MARGIN_SECONDS} s is destroyed and fails the test.
     */
    private static SysbenchRun sysbench(Target target, String... arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(sysbench.toString(), "oltp_read_write", "--db-driver=mysql",
                "--mysql-host=" + target.host(), "--mysql-port=" + target.port(), "--mysql-user=" + target.user()));
        if (!target.password().isEmpty()) {
            command.add("--mysql-password=" + target.password());
        }
        command.addAll(List.of("--mysql-db=" + target.database(), "--tables=" + TABLES,
                "--table-size=" + TABLE_SIZE));
        command.addAll(List.of(arguments));
        // a file rather than a pipe: nothing has to drain it while sysbench runs
        Path output = Files.createTempFile("tessera-sysbench-", ".out");
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile())
                    .start();
            int timeout = SECONDS + TIMEOUT_MARGIN_SECONDS;
            if (!process.waitFor(timeout, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
                fail("sysbench did not end within " + timeout + " s and was destroyed: " + String.join(" ", command)
                        + "; its output:\n" + read(output));
            }
            return new SysbenchRun(command, process.exitValue(), read(output));
        } finally {
            Files.deleteIfExists(output);
        }
    }

    private static String read(Path file) throws IOException {
        return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
    }

    private static void assertFinished(SysbenchRun run) {
        assertThat(run.exitStatus()).as("%s", run).isZero();
    }

    /**
     * The figures of sysbench's "SQL statistics" and "Latency" blocks.
     *
     * <pre>
     *     transactions:                        891    (89.00 per sec.)
     *     queries:                             17820  (1779.93 per sec.)
     *     ignored errors:                      0      (0.00 per sec.)
     *     reconnects:                          0      (0.00 per sec.)
     * ...
     *          95th percentile:                       84.47
     * </pre>
     */
    private record Stats(long transactions, double transactionsPerSecond, long queries, double queriesPerSecond,
            long ignoredErrors, long reconnects, double p95Millis) {

        private static final Pattern TRANSACTIONS = counter("transactions");
        private static final Pattern QUERIES = counter("queries");
        private static final Pattern IGNORED_ERRORS = counter("ignored errors");
        private static final Pattern RECONNECTS = counter("reconnects");
        private static final Pattern P95 = Pattern.compile("^\\s+95th percentile:\\s+([\\d.]+)$", Pattern.MULTILINE);

        /** The figures, or none when sysbench did not print them all (it failed before the end of its run). */
        static Optional<Stats> parse(String output) {
            Matcher transactions = TRANSACTIONS.matcher(output);
            Matcher queries = QUERIES.matcher(output);
            Matcher ignoredErrors = IGNORED_ERRORS.matcher(output);
            Matcher reconnects = RECONNECTS.matcher(output);
            Matcher p95 = P95.matcher(output);
            if (!(transactions.find() && queries.find() && ignoredErrors.find() && reconnects.find() && p95.find())) {
                return Optional.empty();
            }
            return Optional.of(new Stats(Long.parseLong(transactions.group(1)),
                    Double.parseDouble(transactions.group(2)), Long.parseLong(queries.group(1)),
                    Double.parseDouble(queries.group(2)), Long.parseLong(ignoredErrors.group(1)),
                    Long.parseLong(reconnects.group(1)), Double.parseDouble(p95.group(1))));
        }

        /** {@code name: N (X per sec.)} on a line of its own, so that "queries:" is not "queries performed:". */
        private static Pattern counter(String name) {
            return Pattern.compile("^\\s+" + name + ":\\s+(\\d+)\\s+\\(([\\d.]+) per sec\\.\\)$",
                    Pattern.MULTILINE);
        }
    }

    /**
     * Adds the run's figures (or, when it has none, its exit status) to the report file and the log, then checks that
     * sysbench ended normally and returns the figures; a failure message holds the whole output.
     */
    private static Stats reportAndCheckEnded(String name, SysbenchRun run) throws IOException {
        Optional<Stats> stats = Stats.parse(run.output());
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

    /**
     * The executable {@code name} in a directory of the PATH. Without it the tests are skipped, as MysqlCliIT is
     * without a mysql client, so that the README's test command passes anywhere; .ci/run installs it.
     */
    private static Path findOnPath(String name) {
        String path = System.getenv().getOrDefault("PATH", "");
        for (String dir : path.split(Pattern.quote(File.pathSeparator))) {
            if (!dir.isEmpty()) {
                Path candidate = Path.of(dir, name);
                if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                    return candidate;
                }
            }
        }
        throw new TestAbortedException(name + " is not on the PATH (" + path + "): install the Debian package "
                + name + " (sudo apt-get install -y " + name + "; .ci/run does it on CI)");
    }
}
