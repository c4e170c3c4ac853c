package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.mariadb.EmbeddedMariaDb;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A data host with a read host and a second write host, each a MariaDB of its own: every server gets its pool and
 * heartbeat, which {@code show @@datasource} and {@code show @@heartbeat} report with their real state, while under
 * {@code balance="0"} every statement goes to the first write host ({@link ReadWriteSplitIT} spreads reads;
 * {@link FailoverIT} fails over). Each server holds
 * a table {@code whoami} whose row names the server, so a result says where it was read.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class DataHostServersIT {

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/read-write-hosts").withExtraHosts(2);

    private static final String CREATE = "CREATE TABLE whoami (id INT PRIMARY KEY, server VARCHAR(20))";

    @BeforeAll
    static void tellTheServersApart() throws Exception {
        String database = tessera.database("db1");
        tessera.dataHosts().executeIn(database, CREATE, "INSERT INTO whoami VALUES (1, 'hostM1')");
        tessera.extraHost(2).execute(database, CREATE + "; INSERT INTO whoami VALUES (1, 'hostS1');");
        tessera.extraHost(3).execute(database, CREATE + "; INSERT INTO whoami VALUES (1, 'hostM2');");
    }

    @Test
    @Order(1)
    void everyStatementGoesToTheFirstWriteHost() throws Exception {
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            assertThat(column(s, "SELECT server FROM whoami WHERE id = 1")).containsExactly("hostM1");
            assertThat(s.executeUpdate("INSERT INTO whoami VALUES (2, 'written')")).isEqualTo(1);
            c.setAutoCommit(false);
            assertThat(column(s, "SELECT server FROM whoami ORDER BY id")).containsExactly("hostM1", "written");
            c.commit();
            c.setAutoCommit(true);
        }
        try (Connection c = DriverManager.getConnection(tessera.jdbcUrl("TESTDB") + "?useServerPrepStmts=true",
                RunningTessera.USER, RunningTessera.PASSWORD);
                var prepared = c.prepareStatement("SELECT server FROM whoami WHERE id = ?")) {
            prepared.setInt(1, 1);
            try (ResultSet rs = prepared.executeQuery()) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getString(1)).isEqualTo("hostM1");
            }
        }
        assertThat(direct(tessera.extraHost(2), "SELECT count(*) FROM whoami")).containsExactly("1");
        assertThat(direct(tessera.extraHost(3), "SELECT count(*) FROM whoami")).containsExactly("1");
    }

    @Test
    @Order(2)
    void showDatasourceListsEveryServerWithItsOwnPool() throws Exception {
        // minCon="1": each pool opens one connection at start (the first write host may have opened more since)
        AdminRows.await(() -> datasources(), rows -> rows.stream().allMatch(r -> Integer.parseInt(r.get("IDLE")) >= 1));

        List<Map<String, String>> rows = datasources();
        assertThat(rows).extracting(r -> r.get("DATANODE") + " " + r.get("NAME") + " " + r.get("W/R") + " "
                + r.get("HOST") + ":" + r.get("PORT") + " size " + r.get("SIZE")).containsExactly(
                "dn1 hostM1 W " + tessera.dataHosts().host() + ":" + tessera.dataHosts().port() + " size 10",
                "dn1 hostS1 R " + address(tessera.extraHost(2)) + " size 10",
                "dn1 hostM2 W " + address(tessera.extraHost(3)) + " size 10");
        assertThat(Long.parseLong(rows.get(0).get("EXECUTE"))).isPositive(); // the statements of the first test
        assertThat(rows.get(0).get("READ_LOAD")).isNotEqualTo("0");
        assertThat(rows.get(0).get("WRITE_LOAD")).isNotEqualTo("0");
        for (Map<String, String> standby : rows.subList(1, 3)) {
            assertThat(standby).containsEntry("ACTIVE", "0").containsEntry("EXECUTE", "0")
                    .containsEntry("READ_LOAD", "0").containsEntry("WRITE_LOAD", "0");
        }
    }

    @Test
    @Order(3)
    void showHeartbeatHasTheRealStateOfEveryServer() throws Exception {
        AdminRows.await(() -> admin("show @@heartbeat"), rows -> rows.stream().allMatch(r -> r.get("RS_CODE").equals("1")));

        List<Map<String, String>> rows = admin("show @@heartbeat");
        assertThat(rows).extracting(r -> r.get("NAME")).containsExactly("hostM1", "hostS1", "hostM2");
        for (Map<String, String> row : rows) {
            assertThat(row).containsEntry("RETRY", "0").containsEntry("TIMEOUT", "30000").containsEntry("STOP",
                    "false");
            assertThat(row.get("LAST_ACTIVE_TIME")).isNotNull();
        }
    }

    @Test
    @Order(4)
    void aReadHostThatGoesAwayShowsInItsHeartbeatWhileStatementsGoOn() throws Exception {
        tessera.extraHost(2).close();

        AdminRows.await(() -> admin("show @@heartbeat"), rows -> rows.get(1).get("RS_CODE").equals("-1"));
        List<Map<String, String>> rows = admin("show @@heartbeat");
        assertThat(rows.get(0)).containsEntry("NAME", "hostM1").containsEntry("RS_CODE", "1");
        assertThat(rows.get(1)).containsEntry("NAME", "hostS1");
        assertThat(Integer.parseInt(rows.get(1).get("RETRY"))).isPositive();
        assertThat(rows.get(2)).containsEntry("NAME", "hostM2").containsEntry("RS_CODE", "1");
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            assertThat(column(s, "SELECT server FROM whoami WHERE id = 1")).containsExactly("hostM1");
        }
        AdminRows.await(() -> datasources(), r -> r.get(1).get("IDLE").equals("0"));
    }

    private static String address(EmbeddedMariaDb db) {
        return db.host() + ":" + db.port();
    }

    private static List<String> column(Statement s, String sql) throws SQLException {
        List<String> values = new ArrayList<>();
        try (ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                values.add(rs.getString(1));
            }
        }
        return values;
    }

    /** The first column of {@code sql}'s rows, read straight from an extra server. */
    private static List<String> direct(EmbeddedMariaDb db, String sql) throws SQLException {
        String url = "jdbc:mysql://" + address(db) + "/" + tessera.database("db1")
                + "?sslMode=DISABLED&allowPublicKeyRetrieval=true";
        try (Connection c = DriverManager.getConnection(url, db.user(), db.password());
                Statement s = c.createStatement()) {
            return column(s, sql);
        }
    }

    private static List<Map<String, String>> datasources() throws SQLException {
        return admin("show @@datasource");
    }

    /** The rows of an admin command, each by column label. */
    private static List<Map<String, String>> admin(String command) throws SQLException {
        return AdminRows.of(tessera.adminPort(), command);
    }
}
