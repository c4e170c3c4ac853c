package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.proxy.it.DifferentialQuery.Shape;
import io.tessera.proxy.it.ResultComparison.Outcome;
import io.tessera.proxy.it.ResultComparison.Verdict;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Differential test of statements over several tables: hundreds of seeded joins, UNIONs, subqueries, derived tables
 * and multi-table writes run through Tessera over sharded, single-node, global and ER tables spread on three data
 * nodes, and directly on one plain database holding the same rows. A read must give MySQL's answer; a write must
 * leave the same rows, each on its node. Either may be refused (1235) instead, except the shapes Tessera answers
 * exactly ({@link MultiTableStatement#mustAnswer()}); a wrong answer is always a failure.
 *
 * <p>System properties: {@value #SEED_PROPERTY} (default {@value #DEFAULT_SEED}) and {@value #COUNT_PROPERTY}
 * (default {@value #DEFAULT_COUNT}). The report goes to {@code target/multi-table-differential-report.txt}.
 */
@Tag("integration")
class MultiTableDifferentialIT {

    private static final Logger LOG = LogManager.getLogger(MultiTableDifferentialIT.class);

    static final String SEED_PROPERTY = "tessera.multi.seed";
    static final String COUNT_PROPERTY = "tessera.multi.count";
    static final long DEFAULT_SEED = 20_261_126L;
    static final int DEFAULT_COUNT = 420;

    private static final int MIN_STATEMENTS = 300;
    private static final int SHOWN_FAILURES = 20;
    private static final String SCHEMA = "MULTIDB";
    private static final String URL_PROPERTIES =
            "?sslMode=DISABLED&allowPublicKeyRetrieval=true&characterEncoding=UTF-8&socketTimeout=60000";
    private static final Path REPORT = Path.of("target", "multi-table-differential-report.txt");

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/multi-table");

    private static final long SEED = Long.decode(System.getProperty(SEED_PROPERTY, Long.toString(DEFAULT_SEED)));
    private static final int COUNT = Integer.getInteger(COUNT_PROPERTY, DEFAULT_COUNT);

    private static String plain;
    private static List<String> nodes;
    private static MultiTableData data;

    @BeforeAll
    static void loadTheSameRowsIntoThePlainDatabaseAndTheNodes() throws SQLException {
        LOG.warn("multi-table differential test: seed {} (-D{}={}), {} statements", SEED, SEED_PROPERTY, SEED, COUNT);
        plain = DataHosts.databaseName(MultiTableDifferentialIT.class, "plain");
        tessera.dataHosts().createDatabase(plain);
        nodes = List.of(tessera.database("db1"), tessera.database("db2"), tessera.database("db3"));
        data = MultiTableData.generate(SEED);
        data.load(tessera.dataHosts(), plain, nodes);
    }

    @AfterAll
    static void dropThePlainDatabase() throws SQLException {
        if (plain != null) {
            tessera.dataHosts().dropDatabase(plain);
        }
    }

    @Test
    void everyStatementIsAnsweredExactlyOrRefused() throws SQLException, IOException {
        Map<String, int[]> tally = new TreeMap<>();
        List<String> failures = new ArrayList<>();
        List<MultiTableStatement> statements = new MultiTableStatements(SEED).generate(COUNT);
        try (ResultComparison reads = comparison(); Connection viaTessera = tesseraConnection();
                Connection direct = tessera.dataHosts().connectDirect(plain)) {
            for (MultiTableStatement statement : statements) {
                Judged judged = statement.write() ? write(statement, viaTessera, direct) : read(statement, reads);
                Verdict verdict = judged.verdict();
                String detail = judged.detail();
                if (verdict == Verdict.REFUSED && statement.mustAnswer()) {
                    verdict = Verdict.FAILED;
                    detail = "refused, but Tessera answers this shape exactly: " + detail;
                }
                tally.computeIfAbsent(statement.category(), c -> new int[Verdict.values().length])[verdict.ordinal()]++;
                if (verdict == Verdict.FAILED) {
                    failures.add(statement + "\n    " + detail);
                }
            }
        }
        String report = report(tally, failures);
        Files.createDirectories(REPORT.getParent());
        Files.writeString(REPORT, report, StandardCharsets.UTF_8);
        LOG.warn("{}", report);
        int total = tally.values().stream().mapToInt(counts -> counts[0] + counts[1] + counts[2]).sum();
        assertThat(failures).withFailMessage(() -> failures.size() + " of " + total + " statements failed (seed "
                + SEED + ", report in " + REPORT.toAbsolutePath() + "):\n" + String.join("\n",
                failures.subList(0, Math.min(SHOWN_FAILURES, failures.size())))).isEmpty();
        assertThat(total).isGreaterThanOrEqualTo(Math.min(MIN_STATEMENTS, COUNT));
    }

    /** What became of one statement; {@code detail} says why, for failures and refusals. */
    private record Judged(Verdict verdict, String detail) {
    }

    private static Judged read(MultiTableStatement statement, ResultComparison reads) throws SQLException {
        // a shape whose refusal the comparison reports as such: whether a refusal fails is decided here
        Outcome outcome = reads.compare(new DifferentialQuery(statement.index(), statement.sql(), Shape.UNMERGEABLE,
                statement.ordered(), List.of()));
        return new Judged(outcome.verdict(), outcome.detail());
    }

    /**
     * Runs a write through Tessera, then (unless refused) on the plain database, and compares every table's
     * contents; a refused write must have changed nothing. After a wrong write the data are loaded again.
     */
    private static Judged write(MultiTableStatement statement, Connection viaTessera, Connection direct)
            throws SQLException {
        Verdict verdict = Verdict.MATCHED;
        String detail = "";
        try (Statement s = viaTessera.createStatement()) {
            s.executeUpdate(statement.sql());
            try (Statement d = direct.createStatement()) {
                d.executeUpdate(statement.sql());
            }
        } catch (SQLException e) {
            verdict = e.getErrorCode() == 1235 ? Verdict.REFUSED : Verdict.FAILED;
            detail = "ERROR " + e.getErrorCode() + ": " + e.getMessage();
        }
        String difference = MultiTableData.difference(tessera.dataHosts(), plain, nodes);
        if (difference != null) {
            data.reload(tessera.dataHosts(), plain, nodes);
            return new Judged(Verdict.FAILED, detail + (detail.isEmpty() ? "" : "; ")
                    + "the tables differ afterwards: " + difference);
        }
        return new Judged(verdict, detail);
    }

    private static ResultComparison comparison() throws SQLException {
        return new ResultComparison(MultiTableDifferentialIT::tesseraConnection,
                () -> tessera.dataHosts().connectDirect(plain));
    }

    private static Connection tesseraConnection() throws SQLException {
        return DriverManager.getConnection(tessera.jdbcUrl(SCHEMA) + URL_PROPERTIES, RunningTessera.USER,
                RunningTessera.PASSWORD);
    }

    private static String report(Map<String, int[]> tally, List<String> failures) {
        StringBuilder out = new StringBuilder(String.format("Tessera multi-table differential test: seed %d, %d"
                + " statements%n%n", SEED, COUNT));
        String row = "%-28s %8s %8s %8s %8s%n";
        out.append(String.format(row, "category", "total", "exact", "refused", "wrong"));
        int[] total = new int[Verdict.values().length];
        tally.forEach((category, counts) -> {
            for (int i = 0; i < total.length; i++) {
                total[i] += counts[i];
            }
            out.append(tallyRow(row, category, counts));
        });
        out.append(tallyRow(row, "total", total));
        out.append(String.format("%n%d failures%n", failures.size()));
        failures.forEach(failure -> out.append(failure).append(System.lineSeparator()));
        return out.toString();
    }

    private static String tallyRow(String format, String name, int[] counts) {
        return String.format(format, name, counts[0] + counts[1] + counts[2], counts[Verdict.MATCHED.ordinal()],
                counts[Verdict.REFUSED.ordinal()], counts[Verdict.FAILED.ordinal()]);
    }
}
