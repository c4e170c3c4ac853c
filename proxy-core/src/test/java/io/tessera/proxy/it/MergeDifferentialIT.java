package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.proxy.it.DifferentialQuery.Shape;
import io.tessera.proxy.it.ResultComparison.Outcome;
import io.tessera.proxy.it.ResultComparison.Verdict;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Differential test of cross-node SELECT merging: thousands of seeded SELECTs (ORDER BY, LIMIT/OFFSET, aggregates,
 * GROUP BY, HAVING, DISTINCT...) run through Tessera over table {@code mt} sharded by id mod 4, and on one plain
 * table holding the same rows; the answers must be the ones MySQL gives (see {@link ResultComparison}).
 *
 * <p>System properties: {@value #SEED_PROPERTY} (default {@value #DEFAULT_SEED}) chooses the rows and queries,
 * {@value #QUERIES_PROPERTY} how many queries run (the first {@code n} of a seed are always the same), and
 * {@value #LONG_PROPERTY}{@code =true} runs {@value #LONG_QUERIES} queries over {@value #LONG_ROWS} rows. Every
 * failure message names the seed. The report goes to {@code target/merge-differential-report.txt}.
 */
@Tag("integration")
class MergeDifferentialIT {

    private static final Logger LOG = LogManager.getLogger(MergeDifferentialIT.class);

    static final String SEED_PROPERTY = "tessera.diff.seed";
    static final String QUERIES_PROPERTY = "tessera.diff.queries";
    static final String LONG_PROPERTY = "tessera.diff.long";
    static final long DEFAULT_SEED = 6_160_731L;
    static final int DEFAULT_QUERIES = 2_400;
    static final int DEFAULT_ROWS = 4_000;
    static final int LONG_QUERIES = 20_000;
    static final int LONG_ROWS = 40_000;

    private static final int MIN_QUERIES = 2_000;
    private static final double MIN_MATCHED_SHARE = 0.9;
    /** Queries pinned to one node, run as a control: Tessera passes them through, so they must all match. */
    private static final int ONE_NODE_QUERIES = 220;
    private static final int SHOWN_FAILURES = 20;
    private static final int REPORTED_FAILURES = 5_000;
    /** Past this many broken connections Tessera is not answering at all: stop instead of timing out for hours. */
    private static final int MAX_RECONNECTS = 10;
    private static final String SCHEMA = "MERGEDB";
    /** The same for both sides; the socket timeout turns a hung merge into a failure. */
    private static final String URL_PROPERTIES =
            "?sslMode=DISABLED&allowPublicKeyRetrieval=true&characterEncoding=UTF-8&socketTimeout=60000";
    private static final Path REPORT = Path.of("target", "merge-differential-report.txt");

    /**
     * Tessera in its own JVM: the paranoid leak detector of the test JVM records a stack trace on every buffer
     * access, which makes thousands of merges take minutes; the sampling detector runs there instead, and a leak it
     * reports fails the suite ({@link #tesseraReportedNoLeak}). MergeIT covers the merge in-process, paranoid.
     */
    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/merge")
            .inOwnJvm("-Xmx512m", "-Dio.netty.leakDetectionLevel=simple");

    private static final boolean LONG = Boolean.getBoolean(LONG_PROPERTY);
    private static final long SEED = Long.decode(System.getProperty(SEED_PROPERTY, Long.toString(DEFAULT_SEED)));
    private static final int ROWS = LONG ? LONG_ROWS : DEFAULT_ROWS;
    private static final int QUERIES = Integer.parseInt(System.getProperty(QUERIES_PROPERTY,
            Integer.toString(LONG ? LONG_QUERIES : DEFAULT_QUERIES)));

    private static String plainDatabase;
    private static DifferentialData data;

    @BeforeAll
    static void loadTheSameRowsIntoThePlainTableAndTheNodes() throws SQLException {
        if (QUERIES < 1) {
            throw new IllegalArgumentException(QUERIES_PROPERTY + ": " + QUERIES + " (expected: >= 1)");
        }
        LOG.warn("merge differential test: seed {} (-D{}={}), {} rows, {} queries", SEED, SEED_PROPERTY, SEED, ROWS,
                QUERIES);
        plainDatabase = DataHosts.databaseName(MergeDifferentialIT.class, "plain");
        tessera.dataHosts().createDatabase(plainDatabase);
        data = DifferentialData.generate(SEED, ROWS);
        data.load(tessera.dataHosts(), plainDatabase, List.of(tessera.database("db1"), tessera.database("db2"),
                tessera.database("db3"), tessera.database("db4")));
    }

    @AfterAll
    static void dropThePlainDatabase() throws SQLException {
        if (plainDatabase != null) {
            tessera.dataHosts().dropDatabase(plainDatabase);
        }
    }

    @AfterAll
    static void tesseraReportedNoLeak() {
        assertThat(tessera.process().output()).doesNotContain("LEAK:");
    }

    @Test
    void queriesPinnedToOneNodeAnswerAsThePlainTable() throws SQLException {
        List<DifferentialQuery> queries = new DifferentialQueries(SEED, data, true).generate(ONE_NODE_QUERIES);
        List<String> failures = new ArrayList<>();
        try (ResultComparison comparison = newComparison()) {
            for (DifferentialQuery query : queries) {
                Outcome outcome = comparison.compare(query);
                if (outcome.verdict() != Verdict.MATCHED) {
                    failures.add(query + "\n    " + outcome.verdict() + ": " + outcome.detail());
                }
            }
        }
        assertThat(failures).withFailMessage(() -> failures.size() + " of " + queries.size() + " one-node queries"
                + " differ (seed " + SEED + "):\n" + String.join("\n", failures.subList(0,
                Math.min(SHOWN_FAILURES, failures.size())))).isEmpty();
    }

    @Test
    void crossNodeSelectsAnswerAsOneTableWould() throws SQLException, IOException {
        Run run = runAll(new DifferentialQueries(SEED, data, false).generate(QUERIES));
        String report = report(run);
        Files.createDirectories(REPORT.getParent());
        Files.writeString(REPORT, report, StandardCharsets.UTF_8);
        LOG.warn("{}", report);

        String replay = " (seed " + SEED + ", replay with -D" + SEED_PROPERTY + "=" + SEED + " -D" + QUERIES_PROPERTY
                + "=" + QUERIES + "; report in " + REPORT.toAbsolutePath() + ")";
        List<String> shown = run.failures().subList(0, Math.min(SHOWN_FAILURES, run.failures().size()));
        assertThat(run.failures()).withFailMessage(() -> run.failures().size() + " of " + run.ran()
                + " queries failed" + replay + ", the first " + shown.size() + ":\n" + String.join("\n", shown))
                .isEmpty();
        int minimum = Math.min(MIN_QUERIES, QUERIES);
        assertThat(run.ran()).withFailMessage("only %d queries ran, expected at least %d%s", run.ran(), minimum,
                replay).isGreaterThanOrEqualTo(minimum);
        int matched = run.count(Verdict.MATCHED);
        assertThat(matched).withFailMessage("only %d of %d queries matched (the others were refused), expected"
                + " %.0f%%%s", matched, run.ran(), MIN_MATCHED_SHARE * 100, replay)
                .isGreaterThanOrEqualTo((int) Math.ceil(MIN_MATCHED_SHARE * run.ran()));
    }

    /**
     * What a run of queries came to: per shape, the verdict counts (indexed by {@link Verdict#ordinal()}) and the
     * milliseconds spent on each side.
     */
    private record Run(Map<Shape, int[]> tally, Map<Shape, long[]> millis, List<String> failures, int ran,
            int reconnects, double seconds) {

        int count(Verdict verdict) {
            return tally.values().stream().mapToInt(counts -> counts[verdict.ordinal()]).sum();
        }
    }

    private static Run runAll(List<DifferentialQuery> queries) throws SQLException {
        Map<Shape, int[]> tally = new EnumMap<>(Shape.class);
        for (Shape shape : Shape.values()) {
            tally.put(shape, new int[Verdict.values().length]);
        }
        Map<Shape, long[]> millis = new EnumMap<>(Shape.class);
        for (Shape shape : Shape.values()) {
            millis.put(shape, new long[2]);
        }
        List<String> failures = new ArrayList<>();
        long started = System.nanoTime();
        int ran = 0;
        try (ResultComparison comparison = newComparison()) {
            for (DifferentialQuery query : queries) {
                if (comparison.reconnects() > MAX_RECONNECTS) {
                    failures.add("stopped after " + ran + " queries: the connection to Tessera broke "
                            + comparison.reconnects() + " times");
                    break;
                }
                Outcome outcome = comparison.compare(query);
                tally.get(query.shape())[outcome.verdict().ordinal()]++;
                millis.get(query.shape())[0] += outcome.directNanos() / 1_000_000;
                millis.get(query.shape())[1] += outcome.tesseraNanos() / 1_000_000;
                if (outcome.verdict() == Verdict.FAILED) {
                    failures.add(query + "\n    " + outcome.detail());
                }
                ran++;
            }
            return new Run(tally, millis, failures, ran, comparison.reconnects(), (System.nanoTime() - started) / 1e9);
        }
    }

    private static ResultComparison newComparison() throws SQLException {
        DataHosts hosts = tessera.dataHosts();
        return new ResultComparison(
                () -> DriverManager.getConnection(tessera.jdbcUrl(SCHEMA) + URL_PROPERTIES, RunningTessera.USER,
                        RunningTessera.PASSWORD),
                () -> DriverManager.getConnection("jdbc:mysql://" + hosts.host() + ":" + hosts.port() + "/"
                        + plainDatabase + URL_PROPERTIES, hosts.user(), hosts.password()));
    }

    private static String report(Run run) {
        StringBuilder out = new StringBuilder();
        out.append(String.format("Tessera merge differential test: seed %d, %d rows, %d of %d queries in %.1f s,"
                + " %d reconnects%n", SEED, ROWS, run.ran(), QUERIES, run.seconds(), run.reconnects()));
        out.append(String.format("replay: -D%s=%d -D%s=%d%n%n", SEED_PROPERTY, SEED, QUERIES_PROPERTY, QUERIES));
        String row = "%-28s %8s %8s %8s %8s %10s %10s%n";
        out.append(String.format(row, "shape", "queries", "matched", "refused", "failed", "direct ms", "Tessera ms"));
        int[] total = new int[Verdict.values().length];
        long[] totalMillis = new long[2];
        for (Shape shape : Shape.values()) {
            int[] counts = run.tally().get(shape);
            long[] millis = run.millis().get(shape);
            for (int i = 0; i < total.length; i++) {
                total[i] += counts[i];
            }
            totalMillis[0] += millis[0];
            totalMillis[1] += millis[1];
            out.append(tallyRow(row, shape.toString(), counts, millis));
        }
        out.append(tallyRow(row, "total", total, totalMillis));
        List<String> failures = run.failures();
        out.append(String.format("%n%d failures%s%n", failures.size(), failures.size() > REPORTED_FAILURES
                ? " (the first " + REPORTED_FAILURES + " follow)" : ""));
        for (String failure : failures.subList(0, Math.min(REPORTED_FAILURES, failures.size()))) {
            out.append(failure).append(System.lineSeparator());
        }
        return out.toString();
    }

    private static String tallyRow(String format, String name, int[] counts, long[] millis) {
        int queries = 0;
        for (int count : counts) {
            queries += count;
        }
        return String.format(format, name, queries, counts[Verdict.MATCHED.ordinal()],
                counts[Verdict.REFUSED.ordinal()], counts[Verdict.FAILED.ordinal()], millis[0], millis[1]);
    }
}
