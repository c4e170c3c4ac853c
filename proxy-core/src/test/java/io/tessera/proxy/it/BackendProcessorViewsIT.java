package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code show @@backend} and {@code show @@processor} on a real Tessera with clients connected: the backend rows are
 * the pool's connections as the data host itself lists them, and the processor rows add up to the clients and their
 * bytes.
 */
class BackendProcessorViewsIT {

    private static final Logger LOG = LogManager.getLogger(BackendProcessorViewsIT.class);

    private static final int CLIENTS = 6;

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/single-node");

    @Test
    void backendRowsAreThePoolsConnectionsAsTheDataHostListsThem() throws Exception {
        List<Connection> clients = openClients();
        try {
            List<Map<String, String>> backends = backendsOnceThePoolSettles();
            LOG.warn("show @@backend with {} clients: {}", CLIENTS, backends);
            Map<Long, String> processList = processList();
            assertThat(backends).isNotEmpty().allSatisfy(row -> {
                long mysqlId = Long.parseLong(row.get("mysqlId"));
                assertThat(processList).as("server threads").containsKey(mysqlId);
                assertThat(processList.get(mysqlId)).as("the server's view of thread %d", mysqlId)
                        .endsWith(":" + row.get("l_port"));
                assertThat(row.get("processor")).matches("Processor\\d+");
                assertThat(row.get("host")).isEqualTo(tessera.dataHosts().host());
                assertThat(row.get("port")).isEqualTo(String.valueOf(tessera.dataHosts().port()));
                assertThat(row.get("closed")).isEqualTo("false");
                assertThat(row.get("borrowed")).isEqualTo("false");
                assertThat(row.get("charset")).isEqualTo("utf8mb4:45");
                assertThat(row.get("autocommit")).isEqualTo("true");
            });
            assertThat(sum(backends, "net_in")).as("bytes since login; a minCon connection may have had none")
                    .isPositive();
            assertThat(backends).extracting(row -> row.get("mysqlId")).doesNotHaveDuplicates();
            assertThat(backends).extracting(row -> row.get("id")).doesNotHaveDuplicates();
        } finally {
            closeAll(clients);
        }
    }

    @Test
    void processorRowsAddUpToTheClientsAndCountTheirBytes() throws Exception {
        List<Connection> clients = openClients();
        try {
            List<Map<String, String>> processors = admin("show @@processor");
            List<Map<String, String>> connections = admin("show @@connection");
            LOG.warn("show @@processor with {} clients: {}", CLIENTS, processors);
            assertThat(connections).hasSize(CLIENTS);
            Map<String, Long> clientsByProcessor = connections.stream()
                    .collect(Collectors.groupingBy(row -> row.get("PROCESSOR"), Collectors.counting()));
            for (Map<String, String> row : processors) {
                assertThat(Long.parseLong(row.get("FC_COUNT"))).as(row.get("NAME"))
                        .isEqualTo(clientsByProcessor.getOrDefault(row.get("NAME"), 0L));
                assertThat(Integer.parseInt(row.get("BU_PERCENT"))).isBetween(0, 100);
                assertThat(Long.parseLong(row.get("FREE_BUFFER")))
                        .isBetween(0L, Long.parseLong(row.get("TOTAL_BUFFER")));
            }
            assertThat(sum(processors, "BC_COUNT")).isEqualTo(admin("show @@backend").size());

            String sql = "SELECT 'net_in probe'";
            long before = sum(admin("show @@processor"), "NET_IN");
            long reactBefore = sum(admin("show @@processor"), "REACT_COUNT");
            try (Statement s = clients.get(0).createStatement(); ResultSet rs = s.executeQuery(sql)) {
                assertThat(rs.next()).isTrue();
            }
            List<Map<String, String>> after = admin("show @@processor");
            // COM_QUERY: a 4-byte header, the command byte, then the statement
            assertThat(sum(after, "NET_IN") - before).isEqualTo(4 + 1 + sql.getBytes(StandardCharsets.UTF_8).length);
            assertThat(sum(after, "REACT_COUNT") - reactBefore).isEqualTo(1);

            long out = sum(after, "NET_OUT");
            clients.remove(0).close();
            AdminRows.await(() -> admin("show @@processor"), rows -> sum(rows, "FC_COUNT") == CLIENTS - 1);
            assertThat(sum(admin("show @@processor"), "NET_OUT")).as("a closed client's bytes stay counted")
                    .isGreaterThanOrEqualTo(out);
        } finally {
            closeAll(clients);
        }
    }

    /** Clients that each ran a query, so each got a backend connection from the pool at least once. */
    private static List<Connection> openClients() throws SQLException {
        List<Connection> clients = new ArrayList<>();
        for (int i = 0; i < CLIENTS; i++) {
            Connection c = tessera.connect("TESTDB");
            clients.add(c);
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT CONNECTION_ID() + 0")) {
                rs.next();
            }
        }
        return clients;
    }

    private static void closeAll(List<Connection> clients) throws SQLException {
        for (Connection c : clients) {
            c.close();
        }
    }

    private static List<Map<String, String>> admin(String command) throws SQLException {
        return AdminRows.of(tessera.adminPort(), command);
    }

    /**
     * show @@backend once it lists as many connections as the pool counts: connections opened for a borrower of
     * another event loop may still be logging in.
     */
    private static List<Map<String, String>> backendsOnceThePoolSettles() throws Exception {
        long deadline = System.currentTimeMillis() + 20_000;
        List<Map<String, String>> backends = admin("show @@backend");
        int pooled = pooled();
        while (backends.size() != pooled && System.currentTimeMillis() < deadline) {
            Thread.sleep(50);
            backends = admin("show @@backend");
            pooled = pooled();
        }
        assertThat(backends).as("show @@backend against the pool's ACTIVE + IDLE").hasSize(pooled);
        return backends;
    }

    /** Connections the pool of hostM1 holds, as show @@datasource counts them (dn1 and dn2 share it). */
    private static int pooled() throws SQLException {
        Map<String, String> source = admin("show @@datasource").get(0);
        return Integer.parseInt(source.get("ACTIVE")) + Integer.parseInt(source.get("IDLE"));
    }

    private static long sum(List<Map<String, String>> rows, String column) {
        return rows.stream().mapToLong(row -> Long.parseLong(row.get(column))).sum();
    }

    /** The data host's threads: ID to HOST ({@code address:port} of the client side). */
    private static Map<Long, String> processList() throws SQLException {
        Map<Long, String> threads = new HashMap<>();
        try (Connection c = tessera.dataHosts().connectDirect(null); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT ID, HOST FROM information_schema.PROCESSLIST")) {
            while (rs.next()) {
                threads.put(rs.getLong(1), rs.getString(2));
            }
        }
        return threads;
    }
}
