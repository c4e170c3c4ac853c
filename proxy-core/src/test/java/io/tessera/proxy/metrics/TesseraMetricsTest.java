package io.tessera.proxy.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.admin.DataHostView;
import io.tessera.admin.DataSourceView;
import io.tessera.admin.HeartbeatStatus;
import io.tessera.admin.PoolStats;
import io.tessera.proxy.exec.DeadlockStats;
import io.tessera.proxy.session.ClientConnections;
import io.tessera.proxy.session.QueryMeter;
import io.tessera.router.parse.StatementType;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class TesseraMetricsTest {

    private final AtomicReference<List<DataHostView>> dataHosts = new AtomicReference<>(List.of());
    private final TesseraMetrics metrics = new TesseraMetrics(new ClientConnections(), dataHosts::get,
            new DeadlockStats());

    @AfterEach
    void close() {
        metrics.close();
    }

    @Test
    void countsStatementsByTypeAndOutcomeAndTimesThemInFewBuckets() throws IOException {
        QueryMeter meter = metrics.queryMeter();
        meter.record(StatementType.SELECT, true, TimeUnit.MICROSECONDS.toNanos(300));
        meter.record(StatementType.SELECT, true, TimeUnit.MILLISECONDS.toNanos(7));
        meter.record(StatementType.INSERT, false, TimeUnit.MILLISECONDS.toNanos(2));

        String text = scrape();

        assertThat(text).contains("tessera_queries_total{outcome=\"ok\",type=\"select\"} 2.0\n",
                "tessera_queries_total{outcome=\"error\",type=\"select\"} 0.0\n",
                "tessera_queries_total{outcome=\"error\",type=\"insert\"} 1.0\n",
                "tessera_query_duration_seconds_bucket{type=\"select\",le=\"0.001\"} 1\n",
                "tessera_query_duration_seconds_bucket{type=\"select\",le=\"0.01\"} 2\n",
                "tessera_query_duration_seconds_bucket{type=\"select\",le=\"+Inf\"} 2\n",
                "tessera_query_duration_seconds_count{type=\"select\"} 2\n");
        String selectBucket = "tessera_query_duration_seconds_bucket{type=\"select\"";
        assertThat(text.lines().filter(line -> line.startsWith(selectBucket))).hasSize(QueryMetrics.BUCKETS.length + 1);
    }

    @Test
    void showsTheFrontConnectionsAndTheJvm() throws IOException {
        String text = scrape();

        assertThat(text).contains("tessera_front_connections 0.0\n", "tessera_front_received_bytes_total 0.0\n",
                "tessera_front_sent_bytes_total 0.0\n", "jvm_memory_used_bytes{", "jvm_threads_live_threads ",
                "jvm_classes_loaded_classes ", "system_cpu_count ", "jvm_gc_",
                "tessera_deadlocks_detected_total 0.0\n", "tessera_deadlocks_victims_total 0.0\n",
                "tessera_deadlocks_detect_max_milliseconds 0.0\n");
    }

    @Test
    void readsDataSourcesAtEachScrapeAndDropsThoseGone() throws IOException {
        dataHosts.set(List.of(host("host1", source("hostM1", false, 3, 2, 1), source("hostS1", true, 0, 1, -1))));

        String text = scrape();

        assertThat(text).contains(
                "tessera_pool_active{data_host=\"host1\",data_source=\"hostM1\",role=\"W\"} 3.0\n",
                "tessera_pool_idle{data_host=\"host1\",data_source=\"hostM1\",role=\"W\"} 2.0\n",
                "tessera_pool_max{data_host=\"host1\",data_source=\"hostM1\",role=\"W\"} 20.0\n",
                "tessera_pool_executed_total{data_host=\"host1\",data_source=\"hostM1\",role=\"W\"} 42.0\n",
                "tessera_heartbeat_status{data_host=\"host1\",data_source=\"hostM1\",role=\"W\"} 1.0\n",
                "tessera_heartbeat_status{data_host=\"host1\",data_source=\"hostS1\",role=\"R\"} -1.0\n",
                "tessera_heartbeat_errors{data_host=\"host1\",data_source=\"hostS1\",role=\"R\"} 2.0\n");

        dataHosts.set(List.of(host("host2", source("hostM2", false, 1, 1, 1)))); // a reload replaced host1

        text = scrape();
        assertThat(text).doesNotContain("host1").contains(
                "tessera_pool_active{data_host=\"host2\",data_source=\"hostM2\",role=\"W\"} 1.0\n");
    }

    private String scrape() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        metrics.scrape(out);
        return out.toString(StandardCharsets.UTF_8);
    }

    private static DataHostView host(String name, DataSourceView... sources) {
        return new DataHostView() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public int activeWriteIndex() {
                return 0;
            }

            @Override
            public List<DataSourceView> dataSources() {
                return List.of(sources);
            }
        };
    }

    private static DataSourceView source(String name, boolean readHost, int active, int idle, int heartbeat) {
        return new DataSourceView() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public String host() {
                return "127.0.0.1";
            }

            @Override
            public int port() {
                return 3306;
            }

            @Override
            public String dbType() {
                return "mysql";
            }

            @Override
            public boolean isReadHost() {
                return readHost;
            }

            @Override
            public PoolStats poolStats() {
                return new PoolStats(active, idle, 20, 2, 42, 40, 2);
            }

            @Override
            public HeartbeatStatus heartbeat() {
                return new HeartbeatStatus(heartbeat, heartbeat < 0 ? 2 : 0, false, 1000, 1, 1, 1, 0, 0, false);
            }
        };
    }
}
