package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * server.xml's {@code maxConnections} (20 here), as MySQL's {@code max_connections}: connections count from accept
 * to close whether or not they logged in; one more gets ERR 1040 (SQLSTATE 08004) in place of the greeting; a
 * closed one makes room; the admin port is not counted.
 */
@Tag("integration")
class ConnectionLimitIT {

    private static final int MAX_CONNECTIONS = 20;

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/max-connections");

    @Test
    void theConnectionBeyondTheLimitGets1040AndAClosedOneMakesRoom() throws Exception {
        List<RawClient> open = new ArrayList<>();
        try {
            for (int i = 0; i < MAX_CONNECTIONS / 2; i++) {
                RawClient c = new RawClient(tessera.port());
                open.add(c);
                assertThat(c.login(RunningTessera.USER, RunningTessera.PASSWORD, "TESTDB").isOk()).isTrue();
            }
            for (int i = 0; i < MAX_CONNECTIONS / 2; i++) { // greeted, never logged in: they count too
                RawClient c = new RawClient(tessera.port());
                open.add(c);
                assertThat(c.read().first()).as("HandshakeV10").isEqualTo(0x0a);
            }

            assertThatThrownBy(() -> tessera.connect("TESTDB")).isInstanceOfSatisfying(SQLException.class, e -> {
                assertThat(e.getErrorCode()).isEqualTo(1040);
                assertThat(e.getSQLState()).isEqualTo("08004");
                assertThat(e.getMessage()).contains("Too many connections");
            });
            try (RawClient refused = new RawClient(tessera.port())) {
                RawClient.Reply err = refused.read();
                assertThat(err.sequence()).isZero();
                assertThat(err.isErr()).isTrue();
                assertThat(err.errorCode()).isEqualTo(1040);
                assertThat(refused.isClosedByServer()).isTrue();
            }
            List<Map<String, String>> params = AdminRows.of(tessera.adminPort(), "show @@sysparam");
            assertThat(params).anySatisfy(row -> {
                assertThat(row.get("PARAM_NAME")).isEqualTo("maxConnections");
                assertThat(row.get("PARAM_VALUE")).isEqualTo(Integer.toString(MAX_CONNECTIONS));
            });

            open.remove(open.size() - 1).close(); // an unauthenticated one
            try (Connection c = connectOnceRoomIsMade()) {
                assertThat(Rows.fetchAll(c, "select 1")).containsExactly(List.of(1));
            }
        } finally {
            for (RawClient c : open) {
                c.close();
            }
        }
    }

    /** Tessera learns of a client's close a moment after it: until then the client port is still full. */
    private static Connection connectOnceRoomIsMade() throws Exception {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (true) {
            try {
                return tessera.connect("TESTDB");
            } catch (SQLException e) {
                if (e.getErrorCode() != 1040 || System.nanoTime() > deadline) {
                    throw e;
                }
                Thread.sleep(20);
            }
        }
    }
}
