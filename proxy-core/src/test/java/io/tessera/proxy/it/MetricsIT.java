package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.proxy.TesseraServer;
import io.tessera.proxy.config.ConfigLoader;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Prometheus endpoint over real TCP: a known workload through the client port with Connector/J (30 SELECTs, 5
 * INSERTs, a failing INSERT and a failing SELECT), then {@code GET /metrics} over HTTP and the counters' deltas checked
 * exactly; each data source's pool and heartbeat shown, and gone after a reload removes it; 404 elsewhere; and without
 * {@code metricsPort}, no port at all.
 */
class MetricsIT {

    private static final Logger LOG = LogManager.getLogger(MetricsIT.class);

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/metrics");

    private static final int SELECTS = 30;
    private static final int INSERTS = 5;
    private static final String HOST_S1 = "data_host=\"host1\",data_source=\"hostS1\",role=\"R\"";
    private static final String HOST_M1 = "data_host=\"host1\",data_source=\"hostM1\",role=\"W\"";
    private static final String HOST_M2 = "data_host=\"host2\",data_source=\"hostM2\",role=\"W\"";

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @BeforeAll
    static void createTheTable() throws SQLException {
        tessera.dataHosts().executeIn(tessera.database("db1"), "CREATE TABLE metrics_t (id INT PRIMARY KEY, v INT)",
                "INSERT INTO metrics_t VALUES (1, 1)");
        tessera.dataHosts().executeIn(tessera.database("db2"), "CREATE TABLE metrics_o (id INT PRIMARY KEY)");
    }

    @Test
    void countsAKnownWorkloadByTypeAndOutcomeExactly() throws Exception {
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            Map<String, Double> before = samples(get("/metrics").body()); // after the driver's own set-up statements
            for (int i = 0; i < SELECTS; i++) {
                try (ResultSet rs = s.executeQuery("SELECT v FROM metrics_t WHERE id = 1")) {
                    assertThat(rs.next()).isTrue();
                }
            }
            for (int i = 0; i < INSERTS; i++) {
                assertThat(s.executeUpdate("INSERT INTO metrics_t VALUES (" + (100 + i) + ", 0)")).isEqualTo(1);
            }
            assertThatThrownBy(() -> s.executeUpdate("INSERT INTO metrics_t VALUES (1, 1)"))
                    .isInstanceOf(SQLException.class).hasMessageContaining("Duplicate");
            assertThatThrownBy(() -> s.executeQuery("SELECT v FROM no_such_table"))
                    .isInstanceOf(SQLException.class).hasMessageContaining("no_such_table");

            HttpResponse<String> response = get("/metrics");
            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.headers().firstValue("Content-Type"))
                    .contains("text/plain; version=0.0.4; charset=utf-8");
            Map<String, Double> after = samples(response.body());
            Map<String, Double> delta = new HashMap<>();
            after.forEach((name, value) -> delta.put(name, value - before.getOrDefault(name, 0.0)));
            LOG.warn("MetricsIT: query counters after the workload {}", Stream.of("ok", "error")
                    .flatMap(outcome -> Stream.of("select", "insert").map(type -> queries(type, outcome)))
                    .map(name -> name + "=" + after.get(name)).toList());

            assertThat(delta).containsEntry(queries("select", "ok"), (double) SELECTS)
                    .containsEntry(queries("insert", "ok"), (double) INSERTS)
                    .containsEntry(queries("select", "error"), 1.0)
                    .containsEntry(queries("insert", "error"), 1.0)
                    .containsEntry(queries("update", "ok"), 0.0)
                    .containsEntry("tessera_query_duration_seconds_count{type=\"select\"}", SELECTS + 1.0)
                    .containsEntry("tessera_query_duration_seconds_bucket{type=\"insert\",le=\"+Inf\"}",
                            INSERTS + 1.0);
            assertThat(delta.get("tessera_front_received_bytes_total")).isPositive();
            assertThat(delta.get("tessera_front_sent_bytes_total")).isPositive();
            assertThat(after.get("tessera_front_connections")).isGreaterThanOrEqualTo(1.0);
            // the failing INSERT reached the data host too; the SELECT of no table as well
            assertThat(delta.get("tessera_pool_executed_total{" + HOST_M1 + "}")).isGreaterThanOrEqualTo(
                    SELECTS + INSERTS + 1.0);
        }
    }

    @Test
    void countsEachStatementOfAMultiStatementTextAndEachExecutionOfAPreparedStatement() throws Exception {
        String url = tessera.jdbcUrl("TESTDB") + "?allowMultiQueries=true&useServerPrepStmts=true";
        try (Connection c = DriverManager.getConnection(url, RunningTessera.USER, RunningTessera.PASSWORD);
                Statement s = c.createStatement();
                PreparedStatement p = c.prepareStatement("SELECT v FROM metrics_t WHERE id = ?")) {
            Map<String, Double> before = samples(get("/metrics").body());
            assertThat(s.execute("SELECT v FROM metrics_t WHERE id = 1; SELECT v FROM metrics_t WHERE id = 1"))
                    .isTrue();
            assertThat(s.getMoreResults()).isTrue();
            for (int i = 0; i < 3; i++) {
                p.setInt(1, 1);
                try (ResultSet rs = p.executeQuery()) {
                    assertThat(rs.next()).isTrue();
                }
            }
            Map<String, Double> after = samples(get("/metrics").body());

            String selects = queries("select", "ok");
            assertThat(after.get(selects) - before.get(selects)).isEqualTo(2 + 3);
        }
    }

    @Test
    void showsEveryDataSourcesPoolAndHeartbeatAndTheJvm() throws Exception {
        Map<String, Double> metrics = samples(get("/metrics").body());
        for (int i = 0; i < 40 && metrics.get("tessera_heartbeat_status{" + HOST_M2 + "}") != 1.0; i++) {
            Thread.sleep(250); // heartbeats run every half second
            metrics = samples(get("/metrics").body());
        }

        for (String source : List.of(HOST_M1, HOST_S1, HOST_M2)) {
            assertThat(metrics).containsKeys("tessera_pool_active{" + source + "}", "tessera_pool_idle{" + source + "}",
                    "tessera_pool_executed_total{" + source + "}", "tessera_heartbeat_errors{" + source + "}");
        }
        assertThat(metrics).containsEntry("tessera_pool_max{" + HOST_M1 + "}", 10.0)
                .containsEntry("tessera_pool_max{" + HOST_M2 + "}", 5.0)
                .containsEntry("tessera_heartbeat_status{" + HOST_M2 + "}", 1.0);
        assertThat(metrics.keySet()).anyMatch(name -> name.startsWith("jvm_memory_used_bytes{"))
                .anyMatch(name -> name.startsWith("jvm_gc_"))
                .contains("jvm_threads_live_threads", "jvm_classes_loaded_classes", "system_cpu_count");
    }

    @Test
    void aDataSourceThatAReloadRemovesLeavesTheOutput() throws Exception {
        Path schema = tessera.confDir().resolve("schema.xml");
        String original = Files.readString(schema);
        String readHost = original.substring(original.indexOf("<readHost"), original.indexOf("</writeHost>"));
        try {
            Files.writeString(schema, original.replace(readHost, ""));
            assertThat(admin("reload @@config_all")).isEqualTo(1); // data hosts change only with _all

            String text = get("/metrics").body();
            assertThat(text).doesNotContain("hostS1").contains("tessera_pool_active{" + HOST_M1 + "}");
        } finally {
            Files.writeString(schema, original);
            admin("reload @@config_all");
        }
        assertThat(get("/metrics").body()).contains("tessera_pool_active{" + HOST_S1 + "}");
    }

    @Test
    void answersOtherPathsWith404AndOtherMethodsWith405() throws Exception {
        assertThat(get("/").statusCode()).isEqualTo(404);
        assertThat(get("/metrics/x").statusCode()).isEqualTo(404);
        HttpResponse<String> post = http.send(HttpRequest.newBuilder(uri("/metrics"))
                .POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(post.statusCode()).isEqualTo(405);
    }

    @Test
    void withoutMetricsPortListensOnlyOnTheClientAndAdminPorts(@TempDir Path home) throws Exception {
        Path conf = home.resolve("conf");
        Files.createDirectories(conf);
        for (String file : List.of("schema.xml", "rule.xml")) {
            Files.copy(tessera.confDir().resolve(file), conf.resolve(file));
        }
        String server = Files.readString(tessera.confDir().resolve("server.xml"));
        Files.writeString(conf.resolve("server.xml"),
                server.replaceAll("\\s*<property name=\"metricsPort\">\\d+</property>", ""));

        Set<Integer> before = ListeningSockets.portsOfThisProcess();
        try (TesseraServer off = TesseraServer.start(ConfigLoader.load(conf))) {
            Set<Integer> opened = new HashSet<>(ListeningSockets.portsOfThisProcess());
            opened.removeAll(before);
            LOG.warn("MetricsIT: without metricsPort, Tessera opened listening ports {}", opened);

            assertThat(off.metricsPort()).isZero();
            assertThat(opened).containsExactlyInAnyOrder(off.serverPort(), off.managerPort());
        }
    }

    private HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(uri(path)).timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static URI uri(String path) {
        return URI.create("http://127.0.0.1:" + tessera.server().metricsPort() + path);
    }

    private static String queries(String type, String outcome) {
        return "tessera_queries_total{outcome=\"" + outcome + "\",type=\"" + type + "\"}";
    }

    /** Each sample of the text format by its name and labels as written, e.g. {@code tessera_pool_max{...}}. */
    private static Map<String, Double> samples(String text) {
        Map<String, Double> samples = new HashMap<>();
        text.lines().filter(line -> !line.isBlank() && !line.startsWith("#")).forEach(line -> {
            int space = line.lastIndexOf(' ');
            samples.put(line.substring(0, space), Double.parseDouble(line.substring(space + 1)));
        });
        return samples;
    }

    private static int admin(String command) throws SQLException {
        return AdminRows.update(tessera.adminPort(), command);
    }
}
