package io.tessera.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tool end to end against the MariaDB on 127.0.0.1:3306 (root, empty password; skipped when none answers):
 * two databases stand for two data hosts. Through Tessera the same tool runs in docs/benchmarks.md.
 */
@Tag("integration")
class BenchIT {

    private static final String SERVER = "jdbc:mysql://127.0.0.1:3306/";
    private static final String OPTIONS = "?user=root&useSSL=false&allowPublicKeyRetrieval=true";
    private static final String A = "tessera_bench_it_a";
    private static final String B = "tessera_bench_it_b";

    @TempDir
    Path dir;

    @BeforeAll
    static void createDatabases() throws SQLException {
        assumeTrue(answers(), "no MariaDB on 127.0.0.1:3306");
        try (Connection c = DriverManager.getConnection(SERVER + OPTIONS); Statement s = c.createStatement()) {
            for (String db : List.of(A, B)) {
                s.execute("DROP DATABASE IF EXISTS " + db);
                s.execute("CREATE DATABASE " + db);
            }
        }
    }

    @AfterAll
    static void dropDatabases() throws SQLException {
        if (answers()) {
            try (Connection c = DriverManager.getConnection(SERVER + OPTIONS); Statement s = c.createStatement()) {
                s.execute("DROP DATABASE IF EXISTS " + A);
                s.execute("DROP DATABASE IF EXISTS " + B);
            }
        }
    }

    private static boolean answers() {
        try (Socket socket = new Socket("127.0.0.1", 3306)) {
            return socket.isConnected();
        } catch (java.io.IOException e) {
            return false;
        }
    }

    private static String url(String db) {
        return SERVER + db + OPTIONS;
    }

    /** The tool's output and whether it succeeded. */
    private record Outcome(boolean ok, String output) {
    }

    private static Outcome bench(String... args) throws Exception {
        List<String> all = new ArrayList<>(List.of("--quiet", "--warmup", "0", "--seconds", "1", "--threads", "2"));
        all.addAll(Arrays.asList(args));
        BenchOptions options = BenchOptions.parse(all.toArray(String[]::new));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        boolean ok = BenchMain.run(options, options.workload().create(options),
                new PrintStream(bytes, true, StandardCharsets.UTF_8));
        return new Outcome(ok, bytes.toString(StandardCharsets.UTF_8));
    }

    private static long count(String db, String sql) throws SQLException {
        try (Connection c = DriverManager.getConnection(url(db)); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static JsonNode json(Path file) throws Exception {
        return new ObjectMapper().readTree(file.toFile());
    }

    @Test
    void insertWritesOneRowPerCountedStatementWithinTheRanges() throws Exception {
        Path report = dir.resolve("insert.json");
        Outcome run = bench("--url", url(A), "--workload", "insert", "--prepare", "--ranges", "1-100M,100M1-200M",
                "--json", report.toString());
        assertThat(run.ok()).as(run.output()).isTrue();
        long queries = json(report).at("/medians/0/queries").asLong();
        assertThat(queries).isPositive();
        assertThat(count(A, "SELECT COUNT(*) FROM travelrecord")).isEqualTo(queries);
        assertThat(count(A, "SELECT COUNT(*) FROM travelrecord WHERE id <= 1000000")).isPositive();
        assertThat(count(A, "SELECT COUNT(*) FROM travelrecord WHERE id > 1000000 AND id <= 2000000")).isPositive();
        assertThat(count(A, "SELECT COUNT(*) FROM travelrecord WHERE id > 2000000")).isZero();
    }

    @Test
    void globalInsertTemplateAndTheReadingWorkloadsRunWithoutErrors() throws Exception {
        Outcome global = bench("--url", url(A), "--workload", "global-insert", "--prepare");
        assertThat(global.ok()).as(global.output()).isTrue();
        assertThat(count(A, "SELECT COUNT(*) FROM goods")).isPositive();
        for (String workload : List.of("select", "update", "merge-select")) {
            Outcome run = bench("--url", url(A), "--workload", workload, "--prepare", "--rows", "2000",
                    "--statements", "prepared");
            assertThat(run.ok()).as(run.output()).isTrue();
            assertThat(run.output()).contains(workload + ", prepared statements, 2 threads per URL");
        }
        assertThat(count(A, "SELECT COUNT(*) FROM travelrecord")).isEqualTo(2000);

        Path template = dir.resolve("template.txt");
        Files.writeString(template, "# MyCat's format\ntotal=300\nsql=INSERT INTO goods (id, name, price) VALUES"
                + " (${int(100000000-999999999)}, '${char([a-f,0-9]8:8)}-${enum(BJ,SH,WU,GZ)}', ${int(10,999)})\n");
        long before = count(A, "SELECT COUNT(*) FROM goods");
        Outcome run = bench("--url", url(A), "--workload", "template", "--template", template.toString());
        assertThat(run.ok()).as(run.output()).isTrue();
        assertThat(run.output()).contains("template, text statements, 2 threads per URL, 300 statements");
        assertThat(count(A, "SELECT COUNT(*) FROM goods") - before).isEqualTo(300);
        assertThat(count(A, "SELECT COUNT(*) FROM goods WHERE name REGEXP '^[a-f0-9]{8}-(BJ|SH|WU|GZ)$'"
                + " AND price IN (10, 999)")).isEqualTo(300);
    }

    @Test
    void aSweepAgainstTwoDirectHostsSumsThemAndWritesTheReports() throws Exception {
        Path html = dir.resolve("sweep.html");
        Path report = dir.resolve("sweep.json");
        Outcome run = bench("--url", url(A), "--vs", url(A) + "," + url(B), "--prepare", "--rows", "1000",
                "--sweep", "1,2", "--rounds", "2", "--html", html.toString(), "--json", report.toString(),
                "--pid", Long.toString(ProcessHandle.current().pid()));
        assertThat(run.ok()).as(run.output()).isTrue();
        assertThat(count(B, "SELECT COUNT(*) FROM travelrecord")).isEqualTo(1000);
        JsonNode json = json(report);
        assertThat(json.at("/runs")).hasSize(2 * 2 * 2);
        assertThat(json.at("/medians")).hasSize(2 * 2);
        assertThat(json.at("/settings/targets").toString()).isEqualTo("[\"tessera\",\"direct\"]");
        // this JVM runs the bench threads, so its CPU per query is known and positive
        assertThat(json.at("/medians/0/cpuMicrosPerQuery").asDouble()).isPositive();
        assertThat(run.output()).contains("tessera / direct: ").contains("median");
        String page = Files.readString(html);
        assertThat(page).contains("<svg").contains("tessera").contains("direct");
    }

    @Test
    void theRelayIsATargetOfItsOwnWithItsCpuPerQuery() throws Exception {
        assumeTrue(onPath("haproxy"), "haproxy is not installed (apt-get install -y haproxy)");
        Outcome run = bench("--url", url(A), "--vs", url(A), "--relay", "--prepare", "--rows", "1000");
        assertThat(run.ok()).as(run.output()).isTrue();
        assertThat(run.output()).containsPattern("\\nrelay +[\\d,]+ +0 .* \\d+\\.\\d\\n")
                .contains("tessera / relay: ").contains("tessera / direct: ");
    }

    @Test
    void aDeadTargetCountsErrorsAndSaysWhy() throws Exception {
        Outcome run = bench("--url", "jdbc:mysql://127.0.0.1:9/x?connectTimeout=200", "--threads", "1");
        assertThat(run.ok()).isFalse();
        assertThat(run.output()).contains("errors, the first: ");
    }

    private static boolean onPath(String name) {
        return Arrays.stream(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
                .anyMatch(d -> Files.isExecutable(Path.of(d, name)));
    }
}
