package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Clients killed while they read a large result slowly (a TCP RST from SO_LINGER 0) are normal: Tessera logs each
 * at most once, closes it once, and stops the data node's statement, so no row flood reaches the log and the
 * pool's borrowed connections return to where they were.
 */
@Tag("integration")
class ClientResetIT {

    private static final int CLIENTS = 4;
    private static final int ROWS = 200_000;
    private static final String SCAN = "SELECT id, payload FROM big";

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/single-node");

    @BeforeAll
    static void loadBigTable() throws SQLException {
        tessera.dataHosts().executeIn(tessera.database("db1"),
                "CREATE TABLE big (id INT PRIMARY KEY, payload CHAR(200) NOT NULL)",
                "INSERT INTO big SELECT seq, RPAD(seq, 200, 'x') FROM seq_1_to_" + ROWS);
    }

    @Test
    void slowReadersKilledMidResultAreLoggedOnceEachAndReleaseTheirDataNodeConnections() throws Exception {
        long baseline = activeConnections();
        List<String> lines;
        try (LogLines log = LogLines.capture()) {
            List<RawClient> clients = new ArrayList<>();
            for (int i = 0; i < CLIENTS; i++) {
                RawClient client = new RawClient(tessera.port());
                clients.add(client);
                assertThat(client.login(RunningTessera.USER, RunningTessera.PASSWORD, "TESTDB").isOk()).isTrue();
                client.query(SCAN);
            }
            for (int packet = 0; packet < 200; packet++) { // slow readers: Tessera's buffers and theirs fill up
                for (RawClient client : clients) {
                    client.read();
                }
                Thread.sleep(packet % 50 == 0 ? 200 : 0);
            }
            for (RawClient client : clients) {
                client.reset();
            }
            TransactionIT.waitUntil(() -> activeConnections() == baseline && runningScans() == 0, 20);
            Thread.sleep(500); // failures of rows still queued would be logged by now
            lines = log.lines();
        }
        assertThat(lines.stream().filter(l -> l.startsWith("WARN") || l.startsWith("ERROR")))
                .as("warnings").isEmpty();
        assertThat(lines.stream().filter(l -> l.contains("Connection reset") || l.contains("Broken pipe")
                || l.contains("ClosedChannelException"))).as("lines about the clients' going")
                .hasSizeLessThanOrEqualTo(CLIENTS);
        try (Connection c = tessera.connect("TESTDB")) {
            assertThat(Rows.fetchAll(c, "SELECT COUNT(*) FROM big")).containsExactly(List.of((long) ROWS));
        }
    }

    /** Borrowed connections of all data sources, from {@code show @@datasource}. */
    private static long activeConnections() throws SQLException {
        return AdminRows.of(tessera.adminPort(), "show @@datasource").stream()
                .mapToLong(row -> Long.parseLong(row.get("ACTIVE"))).sum();
    }

    /** The data host's statements still reading {@code big} for Tessera. */
    private static long runningScans() throws SQLException {
        try (Connection c = tessera.dataHosts().connectDirect(null); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM information_schema.processlist WHERE info = '"
                        + SCAN + "'")) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
