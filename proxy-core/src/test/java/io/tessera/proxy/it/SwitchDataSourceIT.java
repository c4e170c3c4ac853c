package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.mariadb.EmbeddedMariaDb;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code switch @@datasource} on the admin port: data host host1 of the failover conf, writing to hostM1 (an extra
 * MariaDB) with hostM2 (the test data host) as its second write host. Each holds its own table; a write lands where
 * the active write host is.
 */
class SwitchDataSourceIT {

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/failover").withExtraHosts(1);

    @Test
    void anOperatorMovesTheWritesAndTheSwitchIsRecordedAndRefusedWhereItCannotWork() throws Exception {
        String database = tessera.database("db1");
        EmbeddedMariaDb m1 = tessera.extraHost(2);
        m1.execute(database, "CREATE TABLE t (id INT PRIMARY KEY);");
        tessera.dataHosts().executeIn(database, "CREATE TABLE t (id INT PRIMARY KEY)");
        AdminRows.await(() -> AdminRows.of(tessera.adminPort(), "show @@heartbeat"),
                rows -> rows.stream().allMatch(r -> r.get("RS_CODE").equals("1")));
        insert(1);
        assertThat(m1.execute(database, "SELECT COUNT(*) AS n FROM t;")).isEqualTo("n\n1");

        assertThat(admin("switch @@datasource host1:1")).as("data hosts switched").isEqualTo(1);
        assertThat(activeIndex()).isEqualTo("1");
        assertThat(Files.readString(tessera.confDir().resolve("dnindex.properties"))).contains("host1=1");
        insert(2);
        assertThat(m1.execute(database, "SELECT COUNT(*) AS n FROM t;")).isEqualTo("n\n1");
        assertThat(idsOnTheTestDataHost(database)).containsExactly(2);

        assertThat(admin("switch @@datasource host1:1")).as("already active").isZero();
        assertThat(admin("switch @@datasource nosuchhost,other$1-3:0")).as("names of no data host").isZero();
        assertThat(admin("SWITCH  @@DATASOURCE `host1`")).as("the next write host, wrapping").isEqualTo(1);
        assertThat(activeIndex()).isEqualTo("0");
        assertThatThrownBy(() -> admin("switch @@datasource host1:2")).isInstanceOf(SQLException.class)
                .hasMessageContaining("data host host1 has no writeHost 2 (expected: 0..1)");

        m1.kill(); // hostM1 is active: the heartbeat fails it over to hostM2, and a switch back is refused
        AdminRows.await(() -> AdminRows.of(tessera.adminPort(), "show @@datanode"),
                rows -> rows.get(0).get("INDEX").equals("1"));
        assertThatThrownBy(() -> admin("switch @@datasource host1:0")).isInstanceOf(SQLException.class)
                .hasMessageContaining("writeHost hostM1 (data host host1 (127.0.0.1:" + m1.port()
                        + ")) failed its last heartbeat").hasMessageEndingWith("writes stay on writeHost hostM2");
        assertThat(activeIndex()).isEqualTo("1");
        insert(3);
        assertThat(idsOnTheTestDataHost(database)).containsExactly(2, 3);
    }

    private static List<Integer> idsOnTheTestDataHost(String database) throws SQLException {
        List<Integer> ids = new ArrayList<>();
        try (Connection c = tessera.dataHosts().connectDirect(database); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT id FROM t ORDER BY id")) {
            while (rs.next()) {
                ids.add(rs.getInt(1));
            }
        }
        return ids;
    }

    private static int admin(String command) throws SQLException {
        return AdminRows.update(tessera.adminPort(), command);
    }

    private static String activeIndex() throws SQLException {
        List<Map<String, String>> rows = AdminRows.of(tessera.adminPort(), "show @@datanode");
        return rows.get(0).get("INDEX");
    }

    private static void insert(int id) throws SQLException {
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            s.executeUpdate("INSERT INTO t VALUES (" + id + ")");
        }
    }
}
