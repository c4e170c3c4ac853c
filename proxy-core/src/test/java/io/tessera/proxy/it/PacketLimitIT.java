package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The longest statement a client may send is {@code maxPacketSize}, MySQL's {@code max_allowed_packet}: clients
 * read it as that variable, a statement up to it runs, and a longer one gets what MySQL sends, ERR 1153 (08S01), and
 * the connection closes, as MySQL closes it, without the statement reaching a data host.
 */
@Tag("integration")
class PacketLimitIT {

    private static final int LIMIT = 65_536;

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/small-packet");

    @BeforeAll
    static void table() throws SQLException {
        tessera.dataHosts().executeIn(tessera.database("db1"), "CREATE TABLE notes (id INT PRIMARY KEY, body TEXT)");
    }

    @Test
    void clientsSeeTheLimitAsMaxAllowedPacketAndAStatementUpToItRuns() throws SQLException {
        try (Connection c = tessera.connect("TESTDB")) {
            assertThat(Rows.fetchAll(c, "SELECT @@max_allowed_packet")).containsExactly(List.of((long) LIMIT));
            try (PreparedStatement insert = c.prepareStatement("INSERT INTO notes VALUES (1, ?)")) {
                insert.setString(1, "x".repeat(LIMIT - 1_000));
                insert.executeUpdate();
            }
            assertThat(Rows.fetchAll(c, "SELECT LENGTH(body) FROM notes WHERE id = 1"))
                    .containsExactly(List.of(LIMIT - 1_000));
        }
    }

    @Test
    void aLongerStatementGets1153AndTheConnectionClosesWithoutReachingADataHost() throws Exception {
        try (RawClient client = new RawClient(tessera.port())) {
            assertThat(client.login(RunningTessera.USER, RunningTessera.PASSWORD, "TESTDB").isOk()).isTrue();

            client.query("INSERT INTO notes VALUES (2, '" + "y".repeat(LIMIT) + "')");

            RawClient.Reply reply = client.read();
            assertThat(reply.isErr()).isTrue();
            assertThat(reply.errorCode()).isEqualTo(1153);
            assertThat(reply.text()).contains("08S01", "Got a packet bigger than 'max_allowed_packet' bytes");
            assertThat(client.isClosedByServer()).isTrue();
        }
        try (Connection c = tessera.connect("TESTDB")) {
            assertThat(Rows.fetchAll(c, "SELECT COUNT(*) FROM notes WHERE id = 2")).containsExactly(List.of(0L));
        }
    }
}
