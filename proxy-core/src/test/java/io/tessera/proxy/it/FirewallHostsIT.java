package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * server.xml's {@code <whitehost>} on both ports, with clients that bind a loopback address of their choice
 * (Connector/J's {@code localSocketAddress}): 127.0.0.1 for test and admin, 127.0.0.2 for other, 127.0.3.* for
 * test; stranger is on no entry. A refused host gets the error of a wrong password, nothing more.
 */
@Tag("integration")
class FirewallHostsIT {

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/firewall-hosts");

    private static Connection client(String from, String user, String password) throws SQLException {
        return DriverManager.getConnection(tessera.jdbcUrl(null) + "?localSocketAddress=" + from, user, password);
    }

    private static Connection admin(String from, String user, String password) throws SQLException {
        return DriverManager.getConnection("jdbc:mysql://127.0.0.1:" + tessera.adminPort()
                + "/?useSSL=false&allowPublicKeyRetrieval=true&localSocketAddress=" + from, user, password);
    }

    /** How the login was refused: code, SQLSTATE and message. */
    private static String refusal(Login login) {
        Throwable thrown = catchThrowable(() -> login.connect().close());
        assertThat(thrown).as("the login was not refused").isInstanceOf(SQLException.class);
        SQLException e = (SQLException) thrown;
        return e.getErrorCode() + " " + e.getSQLState() + " " + e.getMessage();
    }

    @FunctionalInterface
    private interface Login {
        Connection connect() throws SQLException;
    }

    @Test
    void usersLogInFromTheAddressesListedForThem() throws SQLException {
        try (Connection c = client("127.0.0.1", "test", "test")) {
            assertThat(Rows.fetchAll(c, "SELECT USER()")).containsExactly(List.of("test@127.0.0.1"));
        }
        try (Connection c = client("127.0.3.7", "test", "test")) { // 127.0.3.*
            assertThat(Rows.fetchAll(c, "SELECT USER()")).containsExactly(List.of("test@127.0.3.7"));
        }
        try (Connection c = client("127.0.0.2", "other", "other")) {
            assertThat(Rows.fetchAll(c, "SELECT USER()")).containsExactly(List.of("other@127.0.0.2"));
        }
    }

    @Test
    void anAddressNotListedForTheUserGetsTheErrorOfAWrongPassword() {
        String expected = "1045 28000 Access denied for user 'test'@'127.0.0.2' (using password: YES)";
        assertThat(refusal(() -> client("127.0.0.2", "test", "test"))).isEqualTo(expected);
        assertThat(refusal(() -> client("127.0.0.2", "test", "wrong"))).isEqualTo(expected);
        assertThat(refusal(() -> client("127.0.4.1", "test", "test")))
                .isEqualTo("1045 28000 Access denied for user 'test'@'127.0.4.1' (using password: YES)");
        assertThat(refusal(() -> client("127.0.0.1", "other", "other")))
                .isEqualTo("1045 28000 Access denied for user 'other'@'127.0.0.1' (using password: YES)");
    }

    @Test
    void aUserNoEntryNamesMayNotLogInAtAll() {
        for (String from : List.of("127.0.0.1", "127.0.0.2", "127.0.3.7")) {
            assertThat(refusal(() -> client(from, "stranger", "stranger")))
                    .isEqualTo("1045 28000 Access denied for user 'stranger'@'" + from + "' (using password: YES)");
        }
    }

    @Test
    void theAdminPortTakesItsUsersFromTheirListedAddressesAndLetsOnlyManagersChangeTheServer() throws SQLException {
        try (Connection c = admin("127.0.0.1", "admin", "admin"); Statement s = c.createStatement()) {
            assertThat(Rows.fetchAll(c, "show @@version")).hasSize(1);
            assertThat(s.executeUpdate("online")).isEqualTo(1);
        }
        assertThat(refusal(() -> admin("127.0.0.2", "admin", "admin")))
                .isEqualTo("1045 28000 Access denied for user 'admin'@'127.0.0.2' (using password: YES)");
        assertThat(refusal(() -> admin("127.0.0.1", "other", "other")))
                .isEqualTo("1045 28000 Access denied for user 'other'@'127.0.0.1' (using password: YES)");
        assertThat(refusal(() -> admin("127.0.0.1", "admin", "wrong")))
                .isEqualTo("1045 28000 Access denied for user 'admin'@'127.0.0.1' (using password: YES)");
        // not managers: they log in from an address the white list allows them, look, and may not change anything
        for (String[] viewer : new String[][] {{"127.0.0.1", "test"}, {"127.0.0.2", "other"}}) {
            try (Connection c = admin(viewer[0], viewer[1], viewer[1]); Statement s = c.createStatement()) {
                assertThat(Rows.fetchAll(c, "show @@datanode")).isNotEmpty();
                for (String control : new String[] {"offline", "kill @@connection 1", "reload @@config"}) {
                    assertThatThrownBy(() -> s.executeUpdate(control)).as(control).isInstanceOfSatisfying(
                            SQLException.class, e -> assertThat(e.getErrorCode() + " " + e.getSQLState() + " "
                                    + e.getMessage()).isEqualTo("1227 42000 Access denied; you need (at least one of)"
                                    + " the manager privilege(s) for this operation"));
                }
            }
        }
        try (Connection c = admin("127.0.0.1", "admin", "admin")) {
            assertThat(Rows.fetchAll(c, "show @@server").get(0)).contains("ON");
            assertThat(Rows.fetchAll(c, "show @@white")).containsExactly(List.of("127.0.0.1", "test,admin"),
                    List.of("127.0.0.2", "other"), List.of("127.0.3.*", "test"));
        }
    }
}
