package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** What the admin port shows of the configuration in force and of the sessions, on a real Tessera. */
class AdminViewsIT {

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/single-node");

    private static Connection admin() throws SQLException {
        return DriverManager.getConnection("jdbc:mysql://127.0.0.1:" + tessera.adminPort()
                + "/?useSSL=false&allowPublicKeyRetrieval=true", "test", "test");
    }

    @Test
    void theConfigurationInForceIsShown() throws SQLException {
        try (Connection c = admin()) {
            assertThat(Rows.fetchAll(c, "show @@database")).containsExactly(List.of("OTHERDB"), List.of("TESTDB"));
            assertThat(Rows.fetchAll(c, "show @@white")).isEmpty();
            List<List<Object>> parameters = Rows.fetchAll(c, "show @@sysparam");
            assertThat(parameters).extracting(row -> row.get(0)).startsWith("processors", "processorExecutor")
                    .contains("Mycat_dataNodeHeartbeatPeriod", "Mycat_managerPort");
            assertThat(parameters).filteredOn(row -> row.get(0).equals("Mycat_bindIp"))
                    .singleElement().satisfies(row -> assertThat(row.get(1)).isEqualTo("127.0.0.1"));
        }
    }

    @Test
    void sessionShowsTheBackendsATransactionHoldsAndForgetsThemAtCommit() throws SQLException {
        try (Connection client = tessera.connect("TESTDB"); Statement s = client.createStatement();
                Connection admin = admin()) {
            long id;
            try (ResultSet rs = s.executeQuery("SELECT CONNECTION_ID()")) {
                rs.next();
                id = rs.getLong(1);
            }
            assertThat(Rows.fetchAll(admin, "show @@session")).noneMatch(row -> row.get(0).equals(String.valueOf(id)));
            client.setAutoCommit(false);
            s.executeQuery("SELECT 1 FROM DUAL WHERE 1 = 0 FOR UPDATE").close();
            s.executeQuery("SELECT CONNECTION_ID()").close();
            List<List<Object>> rows = Rows.fetchAll(admin, "show @@session");
            assertThat(rows).filteredOn(row -> row.get(0).equals(String.valueOf(id))).singleElement()
                    .satisfies(row -> {
                        assertThat(row.get(1)).isEqualTo("1");
                        assertThat((String) row.get(2)).startsWith("dn1: data host host1 (")
                                .containsPattern(", thread \\d+$");
                    });
            client.commit();
            assertThat(Rows.fetchAll(admin, "show @@session")).noneMatch(row -> row.get(0).equals(String.valueOf(id)));
        }
    }
}
