package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mysql.cj.jdbc.JdbcConnection;
import io.tessera.protocol.auth.NativePassword;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * COM_CHANGE_USER over real connections (it/conf/access), sent by Connector/J's {@code changeUser} and by a raw
 * client: the new user's rights and schemas apply, the session starts afresh (transaction rolled back, variables and
 * prepared statements gone), the connection counts as the new user's, and a refused change closes the connection as
 * MySQL's server does.
 */
@Tag("integration")
class ChangeUserIT {

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/access");

    @BeforeAll
    static void createTable() throws SQLException {
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE notes (id INT PRIMARY KEY, v INT)");
        }
    }

    @BeforeEach
    void noRows() throws SQLException {
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            s.execute("DELETE FROM notes");
        }
    }

    private static void changeUser(Connection c, String user, String password) throws SQLException {
        c.unwrap(JdbcConnection.class).changeUser(user, password);
    }

    private static List<List<Object>> notesOnDataHost() throws SQLException {
        try (Connection c = tessera.dataHosts().connectDirect(tessera.database("db1"))) {
            return Rows.fetchAll(c, "SELECT id, v FROM notes ORDER BY id");
        }
    }

    @Test
    void theNewUsersRightsApply() throws SQLException {
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            s.execute("INSERT INTO notes VALUES (1, 1)");

            changeUser(c, "reader", "reader");

            assertThat(Rows.fetchAll(c, "SELECT CURRENT_USER(), DATABASE()"))
                    .containsExactly(List.of("reader@%", "TESTDB"));
            assertThat(Rows.fetchAll(c, "SELECT USER()").get(0).get(0).toString()).startsWith("reader@");
            assertThatThrownBy(() -> s.execute("INSERT INTO notes VALUES (2, 2)"))
                    .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(1495));
            assertThat(Rows.fetchAll(c, "SHOW PROCESSLIST")).extracting(row -> row.get(1)).containsOnly("reader");
            assertThat(AdminRows.of(tessera.adminPort(), "show @@connection"))
                    .filteredOn(row -> "reader".equals(row.get("USER"))).singleElement()
                    .satisfies(row -> assertThat(row.get("SCHEMA")).isEqualTo("TESTDB"));

            changeUser(c, "test", "test");
            s.execute("INSERT INTO notes VALUES (2, 2)");
        }
        assertThat(notesOnDataHost()).containsExactly(List.of(1, 1), List.of(2, 2));
    }

    @Test
    void theSessionStartsAfreshAndItsTransactionIsRolledBack() throws SQLException {
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            s.execute("SET @kept = 42");
            PreparedStatement prepared = c.unwrap(JdbcConnection.class).serverPrepareStatement("SELECT ? + 1");
            s.execute("BEGIN");
            s.execute("INSERT INTO notes VALUES (1, 1)");

            changeUser(c, "test", "test"); // MySQL resets the session even for the same user

            assertThat(notesOnDataHost()).as("rolled back").isEmpty();
            assertThat(Rows.fetchAll(c, "SELECT @kept")).containsExactly(Arrays.asList((Object) null));
            s.execute("INSERT INTO notes VALUES (2, 2)"); // autocommit again: no transaction holds it
            assertThat(notesOnDataHost()).containsExactly(List.of(2, 2));
            prepared.setInt(1, 1);
            assertThatThrownBy(prepared::executeQuery).as("statement closed by the server")
                    .isInstanceOf(SQLException.class);
        }
    }

    @Test
    void aWrongPasswordIs1045AndClosesTheConnection() throws SQLException {
        try (Connection c = tessera.connect("TESTDB")) {
            assertThatThrownBy(() -> changeUser(c, "reader", "wrong"))
                    .isInstanceOfSatisfying(SQLException.class, e -> {
                        assertThat(e.getErrorCode()).isEqualTo(1045);
                        assertThat(e.getMessage()).contains("Access denied for user 'reader'@'127.0.0.1'")
                                .contains("(using password: YES)").doesNotContain("wrong");
                    });
            assertThat(c.isValid(5)).isFalse();
        }
    }

    @Test
    void aSchemaTheNewUserLacksIsRefused() throws SQLException {
        try (Connection c = tessera.connect("OTHERDB")) {  // Connector/J asks for the current schema again
            assertThatThrownBy(() -> changeUser(c, "reader", "reader"))
                    .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(1044));
            assertThat(c.isValid(5)).isFalse();
        }
    }

    @Test
    void theConnectionCountsAsTheNewUsers() throws SQLException {
        try (Connection first = tessera.connect("TESTDB", "capped", "capped");
                Connection second = tessera.connect("TESTDB", "capped", "capped");
                Connection third = tessera.connect("TESTDB")) {
            assertThatThrownBy(() -> changeUser(third, "capped", "capped")).as("capped holds two already")
                    .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(1040));

            changeUser(second, "test", "test");
            try (Connection fourth = tessera.connect("TESTDB")) {
                changeUser(fourth, "capped", "capped");
                assertThat(Rows.fetchAll(fourth, "SELECT CURRENT_USER()")).containsExactly(List.of("capped@%"));
                changeUser(first, "capped", "capped"); // the same user keeps its place
            }
        }
    }

    @Test
    void aClientNamingAnotherPluginIsSwitchedWithANewNonce() throws Exception {
        try (RawClient c = new RawClient(tessera.port())) {
            assertThat(c.login("test", "test", "TESTDB").isOk()).isTrue();
            c.command(changeUser("reader", new byte[20], "caching_sha2_password"));
            RawClient.Reply request = c.read();
            assertThat(request.first()).isEqualTo(0xFE);
            String switchTo = "mysql_native_password";
            assertThat(new String(request.payload(), 1, switchTo.length(), StandardCharsets.US_ASCII))
                    .isEqualTo(switchTo);
            byte[] nonce = new byte[20];
            System.arraycopy(request.payload(), 2 + switchTo.length(), nonce, 0, 20);
            assertThat(nonce).isNotEqualTo(c.greetingNonce());

            c.write(NativePassword.scramble("reader".getBytes(StandardCharsets.UTF_8), nonce));
            RawClient.Reply ok = c.read();
            assertThat(ok.isOk()).as(ok.text()).isTrue();
            assertThat(ok.sequence()).isEqualTo(3);
            c.query("SELECT CURRENT_USER()");
            assertThat(c.readResultSetRows()).isEqualTo(1);
        }
    }

    @Test
    void aProofAgainstTheGreetingsNonceCountsWithoutSwitch() throws Exception {
        try (RawClient c = new RawClient(tessera.port())) {
            c.login("test", "test", "TESTDB");
            byte[] proof = NativePassword.scramble("reader".getBytes(StandardCharsets.UTF_8), c.greetingNonce());
            c.command(changeUser("reader", proof, "mysql_native_password"));
            RawClient.Reply ok = c.read();
            assertThat(ok.isOk()).as(ok.text()).isTrue();
            assertThat(ok.sequence()).isEqualTo(1);

            c.query("SELECT CURRENT_USER()");
            assertThat(c.readResultSetRows()).isEqualTo(1);
        }
    }

    @Test
    void nothingPipelinedBehindARefusedChangeRuns() throws Exception {
        try (RawClient c = new RawClient(tessera.port())) {
            c.login("test", "test", "TESTDB");
            c.command(changeUser("reader", new byte[20], "mysql_native_password"));
            c.query("INSERT INTO notes VALUES (9, 9)");
            assertThat(c.read().errorCode()).isEqualTo(1045);
            assertThat(c.isClosedByServer()).isTrue();
        }
        assertThat(notesOnDataHost()).isEmpty();
    }

    /** {@code 0x11 | user NUL | 1-byte length, proof | database NUL | collation 2 | plugin NUL}. */
    private static byte[] changeUser(String user, byte[] proof, String plugin) {
        return new RawClient.ByteWriter().int1(0x11).nul(user).int1(proof.length).bytes(proof).nul("TESTDB")
                .int1(45).int1(0).nul(plugin).toBytes();
    }
}
