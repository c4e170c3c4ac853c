package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.DriverManager;
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
 * SELECTs merged from four data nodes, in-process (so under the paranoid leak detector), for what the differential
 * suite does not look at: a node's error, a LIMIT that stops reading early, a client that leaves mid-result, the
 * memory budget, EXPLAIN, both drivers, and that every backend connection is back in its pool afterwards.
 */
@Tag("integration")
class MergeIT {

    private static final int ROWS = 20_000;

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/merge-small-memory");

    @BeforeAll
    static void fillFourNodesThroughTessera() throws SQLException {
        try (Connection c = tessera.connect("MERGEDB"); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE mt (id BIGINT PRIMARY KEY, k INT NOT NULL, name VARCHAR(20))"
                    + " CHARACTER SET utf8mb4");
            StringBuilder insert = new StringBuilder();
            for (int id = 1; id <= ROWS; id++) {
                insert.append(insert.length() == 0 ? "INSERT INTO mt (id, k, name) VALUES " : ", ")
                        .append('(').append(id).append(", ").append(id % 1000).append(", 'n").append(id).append("')");
                if (id % 2_000 == 0) {
                    s.executeUpdate(insert.toString());
                    insert.setLength(0);
                }
            }
        }
    }

    @Test
    void aNodesErrorNamesTheNodeAndTheSessionGoesOn() throws SQLException {
        tessera.dataHosts().executeIn(tessera.database("db3"), "ALTER TABLE mt ADD COLUMN only_here INT");
        try (Connection c = tessera.connect("MERGEDB"); Statement s = c.createStatement()) {
            assertThatThrownBy(() -> s.executeQuery("SELECT only_here FROM mt ORDER BY id"))
                    .isInstanceOfSatisfying(SQLException.class, e -> {
                        assertThat(e.getErrorCode()).isEqualTo(1054);
                        assertThat(e.getSQLState()).isEqualTo("42S22");
                        assertThat(e.getMessage()).contains("data node dn", "host1", "only_here");
                    });
            assertThat(Rows.fetchAll(c, "SELECT COUNT(*) FROM mt")).containsExactly(List.of((long) ROWS));
        } finally {
            tessera.dataHosts().executeIn(tessera.database("db3"), "ALTER TABLE mt DROP COLUMN only_here");
        }
        assertThat(activeBackendConnections()).isZero();
    }

    @Test
    void anExecutableCommentCountsInTheStatementEveryNodeRuns() throws SQLException {
        try (Connection c = tessera.connect("MERGEDB")) {
            // the merge rewrites the statement: the comment's condition must survive it
            assertThat(Rows.fetchAll(c, "SELECT COUNT(*) FROM mt WHERE /*!50000 k = 7 AND */ id > 0"))
                    .containsExactly(List.of(20L));
            assertThat(Rows.fetchAll(c, "SELECT id FROM mt WHERE /*!50000 id = 1006 OR */ id = 7 ORDER BY id"))
                    .containsExactly(List.of(7L), List.of(1006L)); // 7 and 1006 live on different nodes
        }
    }

    @Test
    void aLimitStopsReadingTheNodesAndGivesTheirConnectionsBack() throws SQLException {
        try (Connection c = tessera.connect("MERGEDB")) {
            for (int i = 0; i < 20; i++) {
                assertThat(Rows.fetchAll(c, "SELECT id FROM mt ORDER BY k DESC, id DESC LIMIT 3 OFFSET 1"))
                        .containsExactly(List.of(18_999L), List.of(17_999L), List.of(16_999L));
                // the HAVING keeps the LIMIT off the nodes: they send every group, Tessera stops after one
                assertThat(Rows.fetchAll(c, "SELECT k, COUNT(*) FROM mt GROUP BY k HAVING COUNT(*) > 0 LIMIT 1"))
                        .containsExactly(List.of(0, 20L));
                assertThat(Rows.fetchAll(c, "SELECT id FROM mt LIMIT 2")).hasSize(2);
            }
        }
        assertThat(activeBackendConnections()).isZero();
    }

    @Test
    void aClientThatLeavesMidResultFreesItsConnections() throws Exception {
        try (RawClient raw = new RawClient(tessera.port())) {
            raw.login(RunningTessera.USER, RunningTessera.PASSWORD, "MERGEDB");
            raw.query("SELECT a.id, a.name, REPEAT('x', 500) FROM mt a ORDER BY a.name");
            raw.read(); // the column count; then leave without reading the rows
        }
        long deadline = System.currentTimeMillis() + 10_000;
        while (activeBackendConnections() > 0 && System.currentTimeMillis() < deadline) {
            Thread.sleep(50);
        }
        assertThat(activeBackendConnections()).isZero();
        try (Connection c = tessera.connect("MERGEDB")) {
            assertThat(Rows.fetchAll(c, "SELECT MAX(id) FROM mt")).containsExactly(List.of((long) ROWS));
        }
    }

    @Test
    void sortingMoreThanTheMemoryBudgetFailsWith1038AndTheSessionGoesOn() throws SQLException {
        try (Connection c = tessera.connect("MERGEDB"); Statement s = c.createStatement()) {
            assertThatThrownBy(() -> s.executeQuery("SELECT k, COUNT(*) c FROM mt GROUP BY k ORDER BY c, k"))
                    .isInstanceOfSatisfying(SQLException.class, e -> {
                        assertThat(e.getErrorCode()).isEqualTo(1038);
                        assertThat(e.getMessage()).contains("mergeMemoryLimit");
                    });
            // the same order in a streaming shape, whatever the size
            assertThat(Rows.fetchAll(c, "SELECT k, COUNT(*) c FROM mt GROUP BY k ORDER BY k DESC")).hasSize(1000);
        }
        assertThat(activeBackendConnections()).isZero();
    }

    @Test
    void unmergeableShapesAreRefusedWith1235() throws SQLException {
        try (Connection c = tessera.connect("MERGEDB"); Statement s = c.createStatement()) {
            assertThatThrownBy(() -> s.executeQuery("SELECT COUNT(DISTINCT k) FROM mt"))
                    .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(1235));
            assertThat(Rows.fetchAll(c, "SELECT COUNT(DISTINCT id) FROM mt")).containsExactly(List.of((long) ROWS));
        }
    }

    @Test
    void explainListsTheNodesStatementsAndTheMergeSteps() throws SQLException {
        try (Connection c = tessera.connect("MERGEDB")) {
            List<List<Object>> rows = Rows.fetchAll(c, "EXPLAIN SELECT k, AVG(id) FROM mt GROUP BY k ORDER BY 2 DESC"
                    + " LIMIT 5");
            List<Object> nodes = rows.stream().map(r -> r.get(0)).toList();
            assertThat(nodes).containsExactly("dn1", "dn2", "dn3", "dn4", "merge", "merge", "merge", "merge",
                    "merge");
            assertThat(rows.get(0).get(1).toString()).contains("SUM(id)", "COUNT(id)", "GROUP BY k");
            assertThat(rows.stream().skip(4).map(r -> r.get(1).toString().split(" ")[0]).toList())
                    .containsExactly("Project", "Limit", "Sort", "Aggregate", "OrderedMerge");
        }
    }

    @Test
    void bothDriversGetTheMergedRowsWithTheNodesColumnTypes() throws SQLException {
        for (JdbcDriver driver : List.of(JdbcDriver.connectorJ9(), JdbcDriver.mariadb())) {
            try (Connection c = driver.connect("127.0.0.1", tessera.port(), "MERGEDB", RunningTessera.USER,
                    RunningTessera.PASSWORD); Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("SELECT id, name, k * 2 AS k2 FROM mt ORDER BY k2 DESC, id"
                            + " LIMIT 4")) {
                assertThat(rs.getMetaData().getColumnTypeName(1)).as(driver.name()).isEqualTo("BIGINT");
                assertThat(rs.getMetaData().getColumnLabel(3)).isEqualTo("k2");
                List<Long> ids = new ArrayList<>();
                while (rs.next()) {
                    ids.add(rs.getLong(1));
                }
                assertThat(ids).as(driver.name()).containsExactly(999L, 1999L, 2999L, 3999L);
            }
        }
    }

    /** The ACTIVE connections of every data node, from {@code show @@datasource} on the admin port. */
    private static long activeBackendConnections() throws SQLException {
        String url = "jdbc:mysql://127.0.0.1:" + tessera.adminPort() + "/?useSSL=false&allowPublicKeyRetrieval=true";
        long active = 0;
        try (Connection admin = DriverManager.getConnection(url, RunningTessera.USER, RunningTessera.PASSWORD);
                Statement s = admin.createStatement(); ResultSet rs = s.executeQuery("show @@datasource")) {
            while (rs.next()) {
                active += rs.getLong("ACTIVE");
            }
        }
        return active;
    }
}
