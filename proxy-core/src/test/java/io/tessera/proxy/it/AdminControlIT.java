package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The admin port's control commands acting on a running Tessera: {@code kill @@connection}, offline, online. */
class AdminControlIT {

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/single-node");

    private static Connection admin() throws SQLException {
        String url = "jdbc:mysql://127.0.0.1:" + tessera.adminPort() + "/?useSSL=false&allowPublicKeyRetrieval=true";
        return DriverManager.getConnection(url, RunningTessera.USER, RunningTessera.PASSWORD);
    }

    private static long id(Connection client) throws SQLException {
        return (Long) Rows.fetchAll(client, "SELECT CONNECTION_ID()").get(0).get(0);
    }

    /** The ids {@code show @@connection} lists. */
    private static List<Long> listed(Statement admin) throws SQLException {
        List<Long> ids = new ArrayList<>();
        try (ResultSet rs = admin.executeQuery("show @@connection")) {
            while (rs.next()) {
                ids.add(rs.getLong("ID"));
            }
        }
        return ids;
    }

    @Test
    void killConnectionClosesThoseClientConnectionsAndAnswersHowManyItClosed() throws SQLException {
        try (Connection a = tessera.connect("TESTDB"); Connection b = tessera.connect("TESTDB");
                Connection c = tessera.connect("TESTDB"); Connection admin = admin();
                Statement s = admin.createStatement()) {
            long ia = id(a);
            long ib = id(b);
            long ic = id(c);
            assertThat(listed(s)).contains(ia, ib, ic);

            // MyCat's answer: OK with the number closed; unknown ids and what is not a number are skipped
            assertThat(s.executeUpdate("kill @@connection " + ia + ", " + ib + ",999999,x")).isEqualTo(2);
            assertThat(listed(s)).contains(ic).doesNotContain(ia, ib); // gone by the time the OK arrives
            assertThatThrownBy(() -> Rows.fetchAll(a, "SELECT 1")).isInstanceOf(SQLException.class);
            assertThatThrownBy(() -> Rows.fetchAll(b, "SELECT 1")).isInstanceOf(SQLException.class);
            assertThat(Rows.fetchAll(c, "SELECT 1")).containsExactly(List.of(1));

            assertThat(s.executeUpdate("kill @@connection " + ia)).isZero(); // closed already
        }
    }

    @Test
    void killConnectionStopsTheStatementTheConnectionIsRunningOnTheDataNode() throws Exception {
        try (Connection victim = tessera.connect("TESTDB"); Connection admin = admin();
                Statement s = admin.createStatement()) {
            long id = id(victim);
            CompletableFuture<Long> sleeping = CompletableFuture.supplyAsync(() -> {
                long started = System.nanoTime();
                try {
                    Rows.fetchAll(victim, "SELECT SLEEP(37)");
                } catch (SQLException expected) {
                    // the connection was closed under it
                }
                return System.nanoTime() - started;
            });
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (sleepsOnTheDataNode() == 0 && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertThat(sleepsOnTheDataNode()).isEqualTo(1);

            assertThat(s.executeUpdate("kill @@connection " + id)).isEqualTo(1);
            assertThat(sleeping.get(10, TimeUnit.SECONDS)).isLessThan(TimeUnit.SECONDS.toNanos(20));
            while (sleepsOnTheDataNode() > 0 && System.nanoTime() < deadline) {
                Thread.sleep(50); // the data host ends a killed query on its own time
            }
            assertThat(sleepsOnTheDataNode()).isZero();
        }
    }

    @Test
    void offlineFailsClientsPingsWithStatementsAndLoginsStillServedAndOnlineEndsIt() throws Exception {
        try (Connection admin = admin(); Statement s = admin.createStatement();
                Connection client = tessera.connect("TESTDB"); RawClient pinger = new RawClient(tessera.port())) {
            assertThat(pinger.login(RunningTessera.USER, RunningTessera.PASSWORD, null).isOk()).isTrue();
            assertThat(status(s)).isEqualTo("ON");

            assertThat(s.executeUpdate("offline")).isEqualTo(1); // MyCat's answer: OK, 1 row
            assertThat(status(s)).isEqualTo("OFF");
            pinger.command((byte) 0x0e); // COM_PING
            RawClient.Reply ping = pinger.read();
            assertThat(ping.isErr()).isTrue();
            assertThat(ping.errorCode()).isEqualTo(1053);
            assertThat(ping.text()).contains("#08S01").contains("offline");
            assertThat(client.isValid(2)).isFalse(); // what pools and load balancers check
            try (Connection late = tessera.connect("TESTDB")) { // logins and statements go on
                assertThat(Rows.fetchAll(late, "SELECT 1")).containsExactly(List.of(1));
            }
            assertThat(s.executeUpdate("offline")).isEqualTo(1); // again: the same answer

            assertThat(s.executeUpdate("online")).isEqualTo(1);
            assertThat(status(s)).isEqualTo("ON");
            pinger.command((byte) 0x0e);
            assertThat(pinger.read().isOk()).isTrue();
        } finally {
            try (Connection admin = admin(); Statement s = admin.createStatement()) {
                s.executeUpdate("online"); // whatever failed, the other tests find the server in service
            }
        }
    }

    /** {@code show @@server} STATUS. */
    private static String status(Statement admin) throws SQLException {
        try (ResultSet rs = admin.executeQuery("show @@server")) {
            assertThat(rs.next()).isTrue();
            return rs.getString("STATUS");
        }
    }

    /** Statements {@code SELECT SLEEP(37)} the data host runs in this class's database. */
    private static int sleepsOnTheDataNode() throws SQLException {
        String sql = "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE DB = ? AND INFO LIKE '%SLEEP(37)%'"
                + " AND ID <> CONNECTION_ID() AND COMMAND = 'Query'";
        try (Connection c = tessera.dataHosts().connectDirect(null); PreparedStatement p = c.prepareStatement(sql)) {
            p.setString(1, tessera.database("db1"));
            try (ResultSet rs = p.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }
}
