package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * 50 client threads share a data host whose pool may hold at most 10 connections (it/conf/small-pool): every
 * query succeeds, and the data host never sees more than 10 connections from Tessera, none left busy.
 */
@Tag("integration")
class PoolIT {

    private static final int THREADS = 50;
    private static final int QUERIES_PER_THREAD = 1_000;
    private static final int MAX_CON = 10;

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/small-pool");

    @Test
    void fiftyThreadsThroughTenConnectionsAllSucceedAndNothingLeaks() throws Exception {
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE kv (id INT PRIMARY KEY, v VARCHAR(20))");
            s.execute("INSERT INTO kv VALUES (1, 'one'), (2, 'two'), (3, 'three')");
        }
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        List<Future<Integer>> results = new ArrayList<>();
        List<Integer> peaks = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            int thread = t;
            results.add(pool.submit(() -> {
                int ok = 0;
                try (Connection c = tessera.connect("TESTDB");
                        PreparedStatement p = c.prepareStatement("SELECT v FROM kv WHERE id = ?")) {
                    for (int i = 0; i < QUERIES_PER_THREAD; i++) {
                        int id = 1 + (thread + i) % 3;
                        p.setInt(1, id);
                        try (ResultSet rs = p.executeQuery()) {
                            rs.next();
                            if (rs.getString(1).equals(new String[] {"one", "two", "three"}[id - 1])) {
                                ok++;
                            }
                        }
                    }
                }
                return ok;
            }));
        }
        while (!results.stream().allMatch(Future::isDone)) {
            peaks.add(backendConnections());
            Thread.sleep(200);
        }
        pool.shutdown();
        assertThat(pool.awaitTermination(1, TimeUnit.MINUTES)).isTrue();
        for (Future<Integer> f : results) {
            assertThat(f.get()).isEqualTo(QUERIES_PER_THREAD);
        }
        assertThat(peaks).allSatisfy(n -> assertThat(n).isLessThanOrEqualTo(MAX_CON));
        assertThat(backendConnections()).isLessThanOrEqualTo(MAX_CON);
        assertThat(busyBackendConnections()).isZero();
    }

    /** Tessera's connections to the data host: those in this class's database. */
    private static int backendConnections() throws SQLException {
        return count("SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE DB = ?");
    }

    private static int busyBackendConnections() throws SQLException {
        return count("SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE DB = ? AND COMMAND <> 'Sleep'");
    }

    private static int count(String sql) throws SQLException {
        try (Connection c = tessera.dataHosts().connectDirect(null); PreparedStatement p = c.prepareStatement(sql)) {
            p.setString(1, tessera.database("db1"));
            try (ResultSet rs = p.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }
}
