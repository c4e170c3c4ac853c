package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * EXPLAIN over 8066 as a DBA uses it to check a route: with MyCat hints in all three comment forms after the keyword
 * and before it, on a global table, and for statements Tessera rewrites (one line each). orders is sharded by id mod
 * 3 over dn1..dn3, region is global, OTHERDB lives on dn3.
 */
@Tag("integration")
class ExplainIT {

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/three-nodes");

    @BeforeAll
    static void createTablesThroughTessera() throws SQLException {
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE orders (id BIGINT PRIMARY KEY, customer VARCHAR(20))");
            s.execute("CREATE TABLE region (id INT PRIMARY KEY, name VARCHAR(20))");
            s.executeUpdate("INSERT INTO orders (id, customer) VALUES (1, 'one'), (2, 'two'), (3, 'three')");
            s.executeUpdate("INSERT INTO region (id, name) VALUES (1, 'north')");
        }
    }

    @Test
    void aHintAfterTheKeywordShowsTheRouteTheHintGivesInEveryCommentForm() throws SQLException {
        try (Connection c = tessera.connect("TESTDB")) {
            assertThat(explain(c, "EXPLAIN SELECT * FROM orders WHERE id = 1"))
                    .containsExactly(List.of("dn2", "SELECT * FROM orders WHERE id = 1"));
            assertThat(explain(c, "EXPLAIN /*!mycat:sql=select 1 from orders where id = 2*/ SELECT * FROM orders"
                    + " WHERE id = 1")).containsExactly(List.of("dn3", "SELECT * FROM orders WHERE id = 1"));
            assertThat(explain(c, "EXPLAIN /*#mycat:datanode=dn3*/ UPDATE orders SET customer = 'x' WHERE id = 1"))
                    .containsExactly(List.of("dn3", "UPDATE orders SET customer = 'x' WHERE id = 1"));
            assertThat(explain(c, "explain /* mycat:datanode=dn1*/ DELETE FROM orders WHERE id = 2"))
                    .containsExactly(List.of("dn1", "DELETE FROM orders WHERE id = 2"));
            assertThat(explain(c, "EXPLAIN /*#mycat:schema=OTHERDB*/ SELECT * FROM anything"))
                    .containsExactly(List.of("dn3", "SELECT * FROM anything"));
            assertThat(explain(c, "EXPLAIN SELECT * FROM anything")).containsExactly(List.of("dn1",
                    "SELECT * FROM anything"));
            assertThat(explain(c, "EXPLAIN /*!mycat:db_type=master*/ SELECT * FROM orders WHERE id = 4"))
                    .containsExactly(List.of("dn2", "SELECT * FROM orders WHERE id = 4"));
            assertThatThrownBy(() -> explain(c, "EXPLAIN /*#mycat:datanode=dn9*/ SELECT 1"))
                    .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getMessage()).contains("dn9"));
            assertThat(Rows.fetchAll(c, "SELECT customer FROM orders WHERE id = 1")).containsExactly(List.of("one"));
        }
    }

    @Test
    void aHintBeforeTheKeywordIsAppliedByTesseraAndNeverSendsExplainToADataNode() throws SQLException {
        try (Connection c = tessera.connect("TESTDB")) {
            assertThat(explain(c, "/*#mycat:datanode=dn1*/ EXPLAIN SELECT * FROM orders WHERE id = 1"))
                    .containsExactly(List.of("dn1", "SELECT * FROM orders WHERE id = 1"));
            assertThat(explain(c, "/*!mycat:sql=select 1 from orders where id = 3*/ EXPLAIN UPDATE orders"
                    + " SET customer = 'y' WHERE id = 2")).containsExactly(List.of("dn1",
                    "UPDATE orders SET customer = 'y' WHERE id = 2"));
            assertThat(explain(c, "/* mycat:schema=OTHERDB*/ EXPLAIN SELECT 1 FROM anything"))
                    .containsExactly(List.of("dn3", "SELECT 1 FROM anything"));
            assertThatThrownBy(() -> explain(c, "/*#mycat:datanode=dn1*/ EXPLAIN /*#mycat:datanode=dn2*/ SELECT 1"))
                    .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(1064));
            assertThat(Rows.fetchAll(c, "SELECT customer FROM orders WHERE id = 2")).containsExactly(List.of("two"));
        }
    }

    @Test
    void aGlobalTableReadShowsTheOneCopyItReadsAndAWriteEveryCopy() throws SQLException {
        Set<String> shown = new TreeSet<>();
        try (Connection c = tessera.connect("TESTDB")) {
            for (int i = 0; i < 60; i++) {
                List<List<String>> rows = explain(c, "EXPLAIN SELECT name FROM region WHERE id = 1");
                assertThat(rows).hasSize(1);
                assertThat(rows.get(0).get(1)).isEqualTo("SELECT name FROM region WHERE id = 1");
                shown.add(rows.get(0).get(0));
            }
            assertThat(explain(c, "EXPLAIN UPDATE region SET name = 'south' WHERE id = 1")).extracting(r -> r.get(0))
                    .containsExactly("dn1", "dn2", "dn3");
            assertThat(explain(c, "EXPLAIN /*#mycat:datanode=dn2*/ SELECT name FROM region"))
                    .containsExactly(List.of("dn2", "SELECT name FROM region"));
        }
        assertThat(shown).as("reads spread over the copies, and EXPLAIN shows the one it picked")
                .containsExactly("dn1", "dn2", "dn3");
    }

    @Test
    void statementsTesseraRewritesAreShownOnOneLine() throws SQLException {
        try (Connection c = tessera.connect("TESTDB")) {
            List<List<String>> merged = explain(c, "EXPLAIN SELECT customer, COUNT(*) FROM orders\n\tGROUP BY customer"
                    + " ORDER BY 2 DESC LIMIT 3");
            assertThat(merged).extracting(r -> r.get(0)).containsExactly("dn1", "dn2", "dn3", "merge", "merge",
                    "merge", "merge", "merge");
            for (List<String> row : merged) {
                assertThat(row.get(1)).doesNotContain("\n", "\t");
            }
            assertThat(merged.get(0).get(1)).startsWith("SELECT customer, COUNT(*) AS `COUNT(*)`, MIN(CONCAT(")
                    .endsWith(" FROM orders GROUP BY customer ORDER BY 1 ASC");
            assertThat(explain(c, "EXPLAIN INSERT INTO orders (id, customer) VALUES (10, 'a'), (11, 'b'), (13, 'c')"))
                    .containsExactly(List.of("dn2", "INSERT INTO orders (id, customer) VALUES (10, 'a'), (13, 'c')"),
                            List.of("dn3", "INSERT INTO orders (id, customer) VALUES (11, 'b')"));
        }
    }

    /** EXPLAIN's rows as (DATA_NODE, SQL), after checking that Tessera, not a data node, answered. */
    private static List<List<String>> explain(Connection c, String sql) throws SQLException {
        // execute, not executeQuery: the driver takes /*!...*/ EXPLAIN UPDATE for an update and would not send it
        try (Statement s = c.createStatement()) {
            assertThat(s.execute(sql)).as("a result set").isTrue();
            ResultSet rs = s.getResultSet();
            assertThat(rs.getMetaData().getColumnCount()).isEqualTo(2);
            assertThat(rs.getMetaData().getColumnLabel(1)).isEqualTo("DATA_NODE");
            assertThat(rs.getMetaData().getColumnLabel(2)).isEqualTo("SQL");
            List<List<String>> rows = new ArrayList<>();
            while (rs.next()) {
                rows.add(List.of(rs.getString(1), rs.getString(2)));
            }
            return rows;
        }
    }
}
