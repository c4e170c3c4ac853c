package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
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
 * The SHOW statements about a logical schema's tables answer with logical names: SHOW COLUMNS / INDEX / CREATE TABLE
 * and DESCRIBE from a table's first node (also with {@code FROM <logical schema>}, as Connector/J 5.1 sends it),
 * SHOW TABLE STATUS with one row per logical table and a sharded table's sizes summed over its nodes, and SHOW CREATE
 * DATABASE under the logical schema's name.
 */
@Tag("integration")
class ShowCatalogIT {

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/catalog");

    @BeforeAll
    static void tablesWithRows() throws SQLException {
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE orders (id BIGINT PRIMARY KEY, customer VARCHAR(20), total DECIMAL(10,2),"
                    + " KEY by_customer (customer))");
            s.execute("CREATE TABLE region (id INT PRIMARY KEY, name VARCHAR(20))");
            s.execute("CREATE TABLE notes (id INT PRIMARY KEY, body TEXT)");
            StringBuilder insert = new StringBuilder("INSERT INTO orders (id, customer, total) VALUES ");
            for (int id = 1; id <= 1000; id++) {
                insert.append(id == 1 ? "" : ", ").append('(').append(id).append(", 'c").append(id % 7)
                        .append("', ").append(id).append(".25)");
            }
            s.executeUpdate(insert.toString());
            s.executeUpdate("INSERT INTO region VALUES (1, 'north'), (2, 'south')");
            s.executeUpdate("INSERT INTO notes VALUES (1, 'n')");
        }
        for (String db : List.of("db1", "db2")) {
            try (Connection c = node(db); Statement s = c.createStatement()) {
                s.execute("ANALYZE TABLE orders, region");
            }
        }
    }

    @Test
    void showFullColumnsFromTheLogicalSchemaAsConnectorJ51SendsIt() throws SQLException {
        try (Connection c = tessera.connect("TESTDB")) {
            assertThat(column(c, "SHOW FULL COLUMNS FROM `orders` FROM `TESTDB` LIKE '%'", "Field"))
                    .containsExactly("id", "customer", "total");
            assertThat(column(c, "SHOW COLUMNS FROM orders IN TESTDB LIKE 'to%'", "Field")).containsExactly("total");
            assertThat(column(c, "SHOW FIELDS FROM TESTDB.orders WHERE `Key` = 'PRI'", "Field"))
                    .containsExactly("id");
            assertThat(column(c, "DESCRIBE orders", "Field")).containsExactly("id", "customer", "total");
            assertThat(column(c, "DESC region", "Field")).containsExactly("id", "name");
        }
    }

    @Test
    void showIndexFromTheLogicalSchemaNamesTheLogicalTable() throws SQLException {
        try (Connection c = tessera.connect("TESTDB")) {
            assertThat(column(c, "SHOW INDEX FROM orders FROM TESTDB", "Key_name"))
                    .containsExactly("PRIMARY", "by_customer");
            assertThat(column(c, "SHOW KEYS FROM TESTDB.orders", "Table")).containsOnly("orders");
            assertThat(column(c, "SHOW INDEXES FROM orders WHERE Key_name = 'PRIMARY'", "Column_name"))
                    .containsExactly("id");
        }
    }

    @Test
    void showCreateTableOfAQualifiedTableNamesTheLogicalTable() throws SQLException {
        try (Connection c = tessera.connect("TESTDB")) {
            List<List<Object>> rows = Rows.fetchAll(c, "SHOW CREATE TABLE TESTDB.orders");
            assertThat(rows).hasSize(1);
            assertThat(rows.get(0).get(0)).isEqualTo("orders");
            assertThat((String) rows.get(0).get(1)).startsWith("CREATE TABLE `orders` (")
                    .doesNotContain(tessera.database("db1"));
        }
    }

    @Test
    void aTableNoNodeHasIsUnknownInTheLogicalSchema() throws SQLException {
        try (Connection c = tessera.connect("TESTDB")) {
            assertThatThrownBy(() -> Rows.fetchAll(c, "SHOW COLUMNS FROM nope FROM TESTDB"))
                    .isInstanceOfSatisfying(SQLException.class, e -> {
                        assertThat(e.getErrorCode()).isEqualTo(1146);
                        assertThat(e.getMessage()).contains("TESTDB.nope").doesNotContain(tessera.database("db1"));
                    });
        }
    }

    @Test
    void tableStatusHasEachLogicalTableOnceWithShardedSizesSummed() throws SQLException {
        long[] orders = {0, 0};
        long[] region = {0, 0};
        int i = 0;
        for (String db : List.of("db1", "db2")) {
            try (Connection c = node(db)) {
                orders[i] = longOf(c, "SHOW TABLE STATUS LIKE 'orders'", "Rows");
                region[i++] = longOf(c, "SHOW TABLE STATUS LIKE 'region'", "Rows");
            }
        }
        try (Connection c = tessera.connect("TESTDB")) {
            assertThat(column(c, "SHOW TABLE STATUS", "Name")).containsExactly("notes", "orders", "region");
            assertThat(longOf(c, "SHOW TABLE STATUS FROM TESTDB LIKE 'orders'", "Rows"))
                    .isEqualTo(orders[0] + orders[1]).isPositive();
            assertThat(longOf(c, "SHOW TABLE STATUS LIKE 'region'", "Rows")).isEqualTo(region[0]);
            assertThat(column(c, "SHOW TABLE STATUS LIKE 'orders'", "Engine")).containsExactly("InnoDB");
            assertThat(column(c, "SHOW TABLE STATUS IN TESTDB LIKE 'r%'", "Name")).containsExactly("region");
            assertThatThrownBy(() -> Rows.fetchAll(c, "SHOW TABLE STATUS WHERE Name = 'orders'"))
                    .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(1235));
            assertThatThrownBy(() -> Rows.fetchAll(c, "SHOW TABLE STATUS FROM NOPE"))
                    .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(1049));
        }
    }

    @Test
    void showCreateDatabaseNamesTheLogicalSchema() throws SQLException {
        try (Connection c = tessera.connect("TESTDB")) {
            List<List<Object>> rows = Rows.fetchAll(c, "SHOW CREATE DATABASE TESTDB");
            assertThat(rows.get(0).get(0)).isEqualTo("TESTDB");
            assertThat((String) rows.get(0).get(1))
                    .startsWith("CREATE DATABASE `TESTDB` /*!40100 DEFAULT CHARACTER SET ").contains(" COLLATE ");
            assertThat((String) Rows.fetchAll(c, "SHOW CREATE SCHEMA IF NOT EXISTS `TESTDB`").get(0).get(1))
                    .startsWith("CREATE DATABASE /*!32312 IF NOT EXISTS*/ `TESTDB`");
            assertThatThrownBy(() -> Rows.fetchAll(c, "SHOW CREATE DATABASE NOPE"))
                    .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(1049));
            assertThatThrownBy(() -> Rows.fetchAll(c, "SHOW CREATE DATABASE OTHERDB"))
                    .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(1044));
        }
    }

    private static Connection node(String db) throws SQLException {
        return tessera.dataHosts().connectDirect(tessera.database(db));
    }

    private static List<String> column(Connection c, String sql, String label) throws SQLException {
        List<String> values = new ArrayList<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                values.add(rs.getString(label));
            }
        }
        return values;
    }

    private static long longOf(Connection c, String sql, String label) throws SQLException {
        List<String> values = column(c, sql, label);
        assertThat(values).hasSize(1);
        return Long.parseLong(values.get(0));
    }
}
