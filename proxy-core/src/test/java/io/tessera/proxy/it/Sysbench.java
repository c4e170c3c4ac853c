package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.opentest4j.TestAbortedException;

/**
 * sysbench 1.0.20's {@code oltp_read_write} for the integration tests: runs it on a target's tables and reads its
 * figures. Needs {@code sysbench} on the PATH: the tests that use it are skipped without it ({@link #find}), so that
 * the README's test command passes anywhere; .ci/run installs the Debian package.
 */
final class Sysbench {

    /** How long a run may outlive its {@code --time} before it is destroyed and fails the test. */
    private static final int TIMEOUT_MARGIN_SECONDS = 120;

    private final Path executable;
    private final int tables;
    private final int tableSize;

    private Sysbench(Path executable, int tables, int tableSize) {
        this.executable = executable;
        this.tables = tables;
        this.tableSize = tableSize;
    }

    /** sysbench over {@code tables} tables of {@code tableSize} rows; aborts the test when it is not installed. */
    static Sysbench find(int tables, int tableSize) {
        return new Sysbench(findOnPath("sysbench"), tables, tableSize);
    }

    /**
     * The database sequence of each of {@code tables} sysbench tables on dn1 ({@code it/conf/sysbench}'s
     * sequence_db_conf.properties), as a plain table without MyCat's functions, starting at 0 so that the ids that
     * sysbench's prepare leaves to the table's AUTO_INCREMENT are 1..N.
     */
    static void createSequences(RunningTessera tessera, int tables) throws SQLException {
        StringBuilder rows = new StringBuilder();
        for (int table = 1; table <= tables; table++) {
            rows.append(table == 1 ? "" : ", ").append("('SBTEST").append(table).append("', 0, 100)");
        }
        tessera.dataHosts().executeIn(tessera.database("db1"), "CREATE TABLE MYCAT_SEQUENCE (name VARCHAR(64) NOT"
                + " NULL PRIMARY KEY, current_value BIGINT NOT NULL, increment INT NOT NULL)",
                "INSERT INTO MYCAT_SEQUENCE VALUES " + rows);
    }

    /** Where sysbench connects: Tessera's schema, or a database of the data host. */
    record Target(String host, int port, String user, String password, String database) {
    }

    /** One finished sysbench process: its command line, exit status and output (stdout and stderr together). */
    record Run(List<String> command, int exitStatus, String output) {

        @Override
        public String toString() {
            return String.join(" ", command) + " (exit status " + exitStatus + "); its output:\n" + output;
        }
    }

    /**
     * Runs {@code sysbench oltp_read_write} on the target's tables with {@code arguments} after the common ones, and
     * waits for it; one that outlives {@code seconds} by {@value #TIMEOUT_MARGIN_SECONDS} s is destroyed and fails
     * the test.
     */
    Run run(Target target, int seconds, String... arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(executable.toString(), "oltp_read_write", "--db-driver=mysql",
                "--mysql-host=" + target.host(), "--mysql-port=" + target.port(), "--mysql-user=" + target.user()));
        if (!target.password().isEmpty()) {
            command.add("--mysql-password=" + target.password());
        }
        command.addAll(List.of("--mysql-db=" + target.database(), "--tables=" + tables, "--table-size=" + tableSize));
        command.addAll(List.of(arguments));
        // a file rather than a pipe: nothing has to drain it while sysbench runs
        Path output = Files.createTempFile("tessera-sysbench-", ".out");
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile())
                    .start();
            int timeout = seconds + TIMEOUT_MARGIN_SECONDS;
            if (!process.waitFor(timeout, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
                fail("sysbench did not end within " + timeout + " s and was destroyed: " + String.join(" ", command)
                        + "; its output:\n" + read(output));
            }
            return new Run(command, process.exitValue(), read(output));
        } finally {
            Files.deleteIfExists(output);
        }
    }

    private static String read(Path file) throws IOException {
        return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
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
     *          max:                                  212.40
     *          95th percentile:                       84.47
     * </pre>
     */
    record Stats(long transactions, double transactionsPerSecond, long queries, double queriesPerSecond,
            long ignoredErrors, long reconnects, double maxMillis, double p95Millis) {

        private static final Pattern TRANSACTIONS = counter("transactions");
        private static final Pattern QUERIES = counter("queries");
        private static final Pattern IGNORED_ERRORS = counter("ignored errors");
        private static final Pattern RECONNECTS = counter("reconnects");
        private static final Pattern MAX = latency("max");
        private static final Pattern P95 = latency("95th percentile");

        /** The figures, or none when sysbench did not print them all (it failed before the end of its run). */
        static Optional<Stats> parse(String output) {
            Matcher transactions = TRANSACTIONS.matcher(output);
            Matcher queries = QUERIES.matcher(output);
            Matcher ignoredErrors = IGNORED_ERRORS.matcher(output);
            Matcher reconnects = RECONNECTS.matcher(output);
            Matcher max = MAX.matcher(output);
            Matcher p95 = P95.matcher(output);
            if (!(transactions.find() && queries.find() && ignoredErrors.find() && reconnects.find() && max.find()
                    && p95.find())) {
                return Optional.empty();
            }
            return Optional.of(new Stats(Long.parseLong(transactions.group(1)),
                    Double.parseDouble(transactions.group(2)), Long.parseLong(queries.group(1)),
                    Double.parseDouble(queries.group(2)), Long.parseLong(ignoredErrors.group(1)),
                    Long.parseLong(reconnects.group(1)), Double.parseDouble(max.group(1)),
                    Double.parseDouble(p95.group(1))));
        }

        /** {@code name: N (X per sec.)} on a line of its own, so that "queries:" is not "queries performed:". */
        private static Pattern counter(String name) {
            return Pattern.compile("^\\s+" + name + ":\\s+(\\d+)\\s+\\(([\\d.]+) per sec\\.\\)$",
                    Pattern.MULTILINE);
        }

        private static Pattern latency(String name) {
            return Pattern.compile("^\\s+" + name + ":\\s+([\\d.]+)$", Pattern.MULTILINE);
        }
    }

    /** The transactions per second of each line of {@code --report-interval=1}: "[ 3s ] thds: 16 tps: 52.00 ...". */
    static List<Double> tpsPerSecond(String output) {
        Matcher line = Pattern.compile("^\\[ \\d+s \\] thds: \\d+ tps: ([\\d.]+) ", Pattern.MULTILINE).matcher(output);
        List<Double> tps = new ArrayList<>();
        while (line.find()) {
            tps.add(Double.parseDouble(line.group(1)));
        }
        return tps;
    }

    /**
     * The executable {@code name} in a directory of the PATH. Without it the tests are skipped, as MysqlCliIT is
     * without a mysql client.
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
