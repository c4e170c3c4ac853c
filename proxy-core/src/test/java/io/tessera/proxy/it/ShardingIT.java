package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.mariadb.EmbeddedMariaDb;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Rows written through Tessera land on exactly the data nodes the rule says, checked on each data host directly:
 * orders by id mod 2 over two MariaDB servers, order_items with their parent order, region on both.
 */
@Tag("integration")
class ShardingIT {

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/sharded").withExtraHosts(1);

    @BeforeAll
    static void createTablesThroughTessera() throws SQLException {
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE orders (id BIGINT PRIMARY KEY, customer VARCHAR(20), total DECIMAL(10,2))");
            s.execute("CREATE TABLE order_items (item_id INT PRIMARY KEY, order_id BIGINT, sku VARCHAR(10))");
            s.execute("CREATE TABLE region (id INT PRIMARY KEY, name VARCHAR(20))");
            s.execute("CREATE TABLE item_notes (note_id INT PRIMARY KEY, item_id INT, note VARCHAR(20))");
            s.execute("CREATE TABLE travelrecord (id BIGINT PRIMARY KEY, traveller VARCHAR(20))");
        }
    }

    @Test
    void insertedRowsLandOnTheNodesTheRuleGives() throws SQLException {
        StringBuilder insert = new StringBuilder("INSERT INTO orders (id, customer, total) VALUES ");
        for (int id = 1; id <= 100; id++) {
            insert.append(id == 1 ? "" : ", ").append("(").append(id).append(", 'c").append(id).append("', ")
                    .append(id).append(".50)");
        }
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            assertThat(s.executeUpdate(insert.toString())).isEqualTo(100);
            assertThat(s.executeUpdate("INSERT INTO orders (id, customer, total) VALUES ('-7', 'negative', 1)"))
                    .isEqualTo(1);
        }
        assertThat(ids(dn1(), "SELECT id FROM orders ORDER BY id")).allMatch(id -> id % 2 == 0).hasSize(50);
        assertThat(ids(dn2(), "SELECT id FROM orders ORDER BY id")).allMatch(id -> Math.abs(id % 2) == 1)
                .hasSize(51).contains(-7L);
    }

    @Test
    void aReplaceWritesItsRowOnItsOwnNodeOnly() throws SQLException {
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            assertThat(s.executeUpdate("REPLACE INTO orders (id, customer, total) VALUES (1001, 'r', 1),"
                    + " (1002, 'r', 2)")).isEqualTo(2);
            assertThat(s.executeUpdate("REPLACE INTO orders SET id = 1001, customer = 'again', total = 3"))
                    .isEqualTo(2); // MySQL counts the deleted row and the inserted one
        }
        assertThat(ids(dn1(), "SELECT id FROM orders WHERE id > 1000")).containsExactly(1002L);
        assertThat(ids(dn2(), "SELECT id FROM orders WHERE id > 1000")).containsExactly(1001L);
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            s.executeUpdate("DELETE FROM orders WHERE id > 1000");
        }
    }

    @Test
    void rangesFromAMapFilePlaceRowsOnThreeNodes() throws SQLException {
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            assertThat(s.executeUpdate("INSERT INTO travelrecord (id, traveller) VALUES (1, 'a'), (1000, 'b'),"
                    + " (1001, 'c'), (2000, 'd'), (2001, 'e'), (3000, 'f')")).isEqualTo(6);
            assertThatThrownBy(() -> s.executeUpdate("INSERT INTO travelrecord (id, traveller) VALUES (3001, 'x')"))
                    .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getMessage())
                            .contains("can't find any valid data node", "3001"));
            assertThat(Rows.fetchAll(c, "SELECT traveller FROM travelrecord WHERE id = 2001"))
                    .containsExactly(List.of("e"));
            // no column list (the column order is fetched first) and a session function, inlined once
            assertThat(s.executeUpdate("INSERT INTO travelrecord VALUES (5, DATABASE())")).isEqualTo(1);
        }
        assertThat(ids(dn1(), "SELECT id FROM travelrecord ORDER BY id")).containsExactly(1L, 5L, 1000L);
        try (Connection dn1 = dn1()) {
            assertThat(Rows.fetchAll(dn1, "SELECT traveller FROM travelrecord WHERE id = 5"))
                    .containsExactly(List.of("TESTDB"));
        }
        assertThat(ids(dn2(), "SELECT id FROM travelrecord ORDER BY id")).containsExactly(1001L, 2000L);
        assertThat(ids(dn3(), "SELECT id FROM travelrecord ORDER BY id")).containsExactly(2001L, 3000L);
    }

    @Test
    void childRowsFollowTheirParentAndGlobalRowsGoEverywhere() throws SQLException {
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            s.executeUpdate("INSERT INTO order_items (item_id, order_id, sku) VALUES (1, 1001, 'a'), (2, 1002, 'b')");
            assertThat(s.executeUpdate("INSERT INTO region (id, name) VALUES (1, 'north'), (2, 'south')"))
                    .isEqualTo(2); // a copy on each of two nodes, counted once as MySQL would
        }
        assertThat(ids(dn1(), "SELECT item_id FROM order_items WHERE item_id < 10")).containsExactly(2L);
        assertThat(ids(dn2(), "SELECT item_id FROM order_items WHERE item_id < 10")).containsExactly(1L);
        try (Connection c = tessera.connect("TESTDB")) {
            for (int i = 0; i < 10; i++) { // any copy answers a read
                assertThat(Rows.fetchAll(c, "SELECT name FROM region WHERE id <= 2 ORDER BY id"))
                        .containsExactly(List.of("north"), List.of("south"));
            }
        }
        assertThat(ids(dn1(), "SELECT id FROM region ORDER BY id")).containsExactly(1L, 2L);
        assertThat(ids(dn2(), "SELECT id FROM region ORDER BY id")).containsExactly(1L, 2L);
    }

    @Test
    void aGrandchildRowGoesWhereItsParentRowWasFound() throws SQLException {
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            s.executeUpdate("INSERT INTO order_items (item_id, order_id, sku) VALUES (11, 2001, 'a'), (12, 2002, 'b')");
            assertThat(s.executeUpdate("INSERT INTO item_notes (note_id, item_id, note) VALUES (1, 11, 'x'),"
                    + " (2, 12, 'y'), (3, 11, 'z')")).isEqualTo(3);
            assertThatThrownBy(() -> s.executeUpdate("INSERT INTO item_notes (note_id, item_id) VALUES (4, 99)"))
                    .isInstanceOfSatisfying(SQLException.class, e -> {
                        assertThat(e.getErrorCode()).isEqualTo(1105);
                        assertThat(e.getMessage()).contains("no row of TESTDB.order_items has item_id = 99");
                    });
            // EXPLAIN looks an unknown parent row up too, and runs nothing
            s.executeUpdate("INSERT INTO order_items (item_id, order_id, sku) VALUES (13, 2002, 'c')");
            assertThat(Rows.fetchAll(c, "EXPLAIN INSERT INTO item_notes (note_id, item_id) VALUES (5, 13)"))
                    .containsExactly(List.of("dn1", "INSERT INTO item_notes (note_id, item_id) VALUES (5, 13)"));
        }
        assertThat(ids(dn2(), "SELECT note_id FROM item_notes ORDER BY note_id")).containsExactly(1L, 3L);
        assertThat(ids(dn1(), "SELECT note_id FROM item_notes ORDER BY note_id")).containsExactly(2L);
    }

    @Test
    void pointStatementsReachOneNodeAndOthersAreRefusedOrSpread() throws SQLException {
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            s.executeUpdate("INSERT INTO orders (id, customer, total) VALUES (201, 'x', 1), (202, 'y', 2)");
            assertThat(Rows.fetchAll(c, "SELECT customer FROM orders WHERE id = 201")).containsExactly(List.of("x"));
            assertThat(s.executeUpdate("UPDATE orders SET total = 9 WHERE id IN (201, 202)")).isEqualTo(2);
            assertThat(s.executeUpdate("DELETE FROM orders WHERE customer IN ('x', 'y')")).isEqualTo(2);
            assertThatThrownBy(() -> s.executeUpdate("UPDATE orders SET id = 3 WHERE id = 1"))
                    .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(1235));
            assertThatThrownBy(() -> s.executeQuery("SELECT COUNT(DISTINCT customer) FROM orders"))
                    .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(1235));
            long spread = ids(dn1(), "SELECT id FROM orders").size() + ids(dn2(), "SELECT id FROM orders").size();
            assertThat(Rows.fetchAll(c, "SELECT COUNT(*) FROM orders")).containsExactly(List.of(spread));
        }
    }

    @Test
    void anInsertWithoutColumnListIsPlacedByTheColumnOrderOfTheDataNode() throws SQLException {
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            assertThat(s.executeUpdate("INSERT INTO orders VALUES (301, 'p', 1), (302, 'q', 2)")).isEqualTo(2);
        }
        assertThat(ids(dn1(), "SELECT id FROM orders WHERE id > 300")).containsExactly(302L);
        assertThat(ids(dn2(), "SELECT id FROM orders WHERE id > 300")).containsExactly(301L);
    }

    @Test
    void explainShowsDataNodesAndSqlWithoutRunningAnything() throws SQLException {
        try (Connection c = tessera.connect("TESTDB")) {
            assertThat(Rows.fetchAll(c, "EXPLAIN INSERT INTO orders (id, customer) VALUES (401, 'a'), (402, 'b')"))
                    .containsExactly(
                            List.of("dn2", "INSERT INTO orders (id, customer) VALUES (401, 'a')"),
                            List.of("dn1", "INSERT INTO orders (id, customer) VALUES (402, 'b')"));
            assertThat(Rows.fetchAll(c, "EXPLAIN SELECT * FROM orders WHERE id = 7"))
                    .containsExactly(List.of("dn2", "SELECT * FROM orders WHERE id = 7"));
        }
        assertThat(ids(dn1(), "SELECT id FROM orders WHERE id > 400")).isEmpty();
    }

    @Test
    void mycatHintsChooseTheDataNode() throws SQLException {
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            s.executeUpdate("INSERT INTO region (id, name) VALUES (90, 'hinted')");
            s.executeUpdate("/*!mycat:datanode=dn2*/ DELETE FROM region WHERE id = 90");
            assertThat(Rows.fetchAll(c, "/*#mycat:datanode=dn1*/ SELECT name FROM region WHERE id = 90"))
                    .containsExactly(List.of("hinted"));
            assertThat(Rows.fetchAll(c, "/* mycat:sql=select 1 from orders where id = 3*/"
                    + " SELECT name FROM region WHERE id = 90")).isEmpty(); // id 3 lives on dn2
            assertThatThrownBy(() -> s.execute("/*#mycat:datanode=dn9*/ SELECT 1"))
                    .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getMessage()).contains("dn9"));
            s.executeUpdate("/*!mycat:datanode=dn1*/ DELETE FROM region WHERE id = 90");
        }
    }

    private static Connection dn1() throws SQLException {
        return tessera.dataHosts().connectDirect(tessera.database("db1"));
    }

    private static Connection dn3() throws SQLException {
        return tessera.dataHosts().connectDirect(tessera.database("db3"));
    }

    private static Connection dn2() throws SQLException {
        EmbeddedMariaDb host2 = tessera.extraHost(2);
        return DriverManager.getConnection("jdbc:mysql://" + host2.host() + ":" + host2.port() + "/"
                + tessera.database("db2") + "?sslMode=DISABLED&allowPublicKeyRetrieval=true", host2.user(),
                host2.password());
    }

    private static List<Long> ids(Connection c, String sql) throws SQLException {
        try (c) {
            List<Long> ids = new ArrayList<>();
            for (List<Object> row : Rows.fetchAll(c, sql)) {
                ids.add(((Number) row.get(0)).longValue());
            }
            return ids;
        }
    }
}
