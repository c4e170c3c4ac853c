package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.mariadb.EmbeddedMariaDb;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * information_schema.TABLES, COLUMNS and STATISTICS, and the JDBC metadata drivers read from them, show the logical
 * schema: each logical table once (a sharded table's rows summed over its nodes), its columns and primary key, and
 * never a physical database's name. Over it/conf/sharded: orders on dn1 and dn2 of two MariaDB servers, region global,
 * travelrecord over three nodes, and dn1 the default node.
 */
@Tag("integration")
class InformationSchemaIT {

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/sharded").withExtraHosts(1);

    @BeforeAll
    static void createTablesThroughTessera() throws SQLException {
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE orders (id BIGINT PRIMARY KEY, customer VARCHAR(20) NOT NULL, total DECIMAL(10,2),"
                    + " KEY by_customer (customer))");
            s.execute("CREATE TABLE order_items (item_id INT PRIMARY KEY, order_id BIGINT, sku VARCHAR(10))");
            s.execute("CREATE TABLE item_notes (note_id INT PRIMARY KEY, item_id INT, note VARCHAR(20))");
            s.execute("CREATE TABLE region (id INT PRIMARY KEY, name VARCHAR(20))");
            s.execute("CREATE TABLE travelrecord (id BIGINT PRIMARY KEY, traveller VARCHAR(20))");
            s.execute("CREATE TABLE plain_notes (id INT PRIMARY KEY, order_id BIGINT, body TEXT,"
                    + " CONSTRAINT notes_order FOREIGN KEY (order_id) REFERENCES orders (id))"); // not in schema.xml
            s.executeUpdate("INSERT INTO orders (id, customer, total) VALUES (1, 'a', 1), (2, 'b', 2), (3, 'c', 3),"
                    + " (4, 'd', 4), (5, 'e', 5), (6, 'f', 6), (7, 'g', 7)");
            s.executeUpdate("INSERT INTO region (id, name) VALUES (1, 'north'), (2, 'south')");
        }
        // InnoDB's TABLE_ROWS is an estimate until the statistics are taken again
        for (Connection node : List.of(dn1(), dn2())) {
            try (node; Statement s = node.createStatement()) {
                s.execute("ANALYZE TABLE orders, region");
            }
        }
    }

    @Test
    void tablesListEachLogicalTableOnceWithAShardedTablesRowsSummed() throws SQLException {
        try (Connection c = tessera.connect("TESTDB")) {
            assertThat(rows(c, "SELECT TABLE_SCHEMA, TABLE_NAME, TABLE_TYPE FROM information_schema.TABLES"
                    + " WHERE TABLE_SCHEMA = 'TESTDB' ORDER BY TABLE_NAME")).containsExactly(
                            // the data host's collation orders: '_' after letters
                            List.of("TESTDB", "item_notes", "BASE TABLE"), List.of("TESTDB", "orders", "BASE TABLE"),
                            List.of("TESTDB", "order_items", "BASE TABLE"),
                            List.of("TESTDB", "plain_notes", "BASE TABLE"), List.of("TESTDB", "region", "BASE TABLE"),
                            List.of("TESTDB", "travelrecord", "BASE TABLE"));
            assertThat(rows(c, "SELECT TABLE_NAME, TABLE_ROWS, ENGINE FROM information_schema.TABLES WHERE TABLE_NAME"
                    + " IN ('orders', 'region') ORDER BY TABLE_ROWS DESC")).containsExactly(
                            List.of("orders", "7", "InnoDB"), // 3 rows on dn1, 4 on dn2
                            List.of("region", "2", "InnoDB")); // a global table: one copy's
        }
    }

    @Test
    void columnsGiveEachColumnOnceInItsOrderWithItsType() throws SQLException {
        try (Connection c = tessera.connect("TESTDB")) {
            assertThat(rows(c, "SELECT COLUMN_NAME, ORDINAL_POSITION, DATA_TYPE, COLUMN_TYPE, IS_NULLABLE, COLUMN_KEY"
                    + " FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = 'TESTDB' AND TABLE_NAME = 'orders'"
                    + " ORDER BY ORDINAL_POSITION")).containsExactly(
                            List.of("id", "1", "bigint", "bigint(20)", "NO", "PRI"),
                            List.of("customer", "2", "varchar", "varchar(20)", "NO", "MUL"),
                            List.of("total", "3", "decimal", "decimal(10,2)", "YES", ""));
            assertThat(rows(c, "SELECT t.TABLE_NAME, COUNT(*) FROM information_schema.TABLES t JOIN"
                    + " information_schema.COLUMNS c ON c.TABLE_SCHEMA = t.TABLE_SCHEMA AND c.TABLE_NAME = t.TABLE_NAME"
                    + " WHERE t.TABLE_NAME LIKE 'order%' GROUP BY t.TABLE_NAME ORDER BY t.TABLE_NAME")).containsExactly(
                            List.of("orders", "3"), List.of("order_items", "3"));
        }
    }

    @Test
    void statisticsGiveThePrimaryKeyAndTheIndexes() throws SQLException {
        try (Connection c = tessera.connect("TESTDB")) {
            assertThat(rows(c, "SELECT INDEX_SCHEMA, INDEX_NAME, SEQ_IN_INDEX, COLUMN_NAME, NON_UNIQUE FROM"
                    + " information_schema.STATISTICS WHERE TABLE_SCHEMA = 'TESTDB' AND TABLE_NAME = 'orders'"
                    + " ORDER BY INDEX_NAME DESC")).containsExactly(
                            List.of("TESTDB", "PRIMARY", "1", "id", "0"),
                            List.of("TESTDB", "by_customer", "1", "customer", "1"));
        }
    }

    @Test
    void keyColumnUsageAndReferentialConstraintsGiveForeignKeysInLogicalNames() throws SQLException {
        try (Connection c = tessera.connect("TESTDB")) {
            assertThat(rows(c, "SELECT CONSTRAINT_SCHEMA, CONSTRAINT_NAME, TABLE_NAME, COLUMN_NAME,"
                    + " REFERENCED_TABLE_SCHEMA, REFERENCED_TABLE_NAME, REFERENCED_COLUMN_NAME FROM"
                    + " information_schema.KEY_COLUMN_USAGE WHERE TABLE_SCHEMA = 'TESTDB'"
                    + " AND REFERENCED_TABLE_NAME IS NOT NULL")).containsExactly(
                            List.of("TESTDB", "notes_order", "plain_notes", "order_id", "TESTDB", "orders", "id"));
            assertThat(rows(c, "SELECT k.CONSTRAINT_NAME, r.UNIQUE_CONSTRAINT_SCHEMA, r.DELETE_RULE FROM"
                    + " information_schema.KEY_COLUMN_USAGE k JOIN information_schema.REFERENTIAL_CONSTRAINTS r"
                    + " ON r.CONSTRAINT_SCHEMA = k.CONSTRAINT_SCHEMA AND r.CONSTRAINT_NAME = k.CONSTRAINT_NAME"
                    + " WHERE k.TABLE_SCHEMA = DATABASE() AND k.TABLE_NAME = 'plain_notes'"))
                    .containsExactly(List.of("notes_order", "TESTDB", "RESTRICT"));
        }
    }

    @Test
    void noRowNamesAPhysicalDatabase() throws SQLException {
        List<String> physical = List.of(tessera.database("db1"), tessera.database("db2"), tessera.database("db3"));
        try (Connection c = tessera.connect("TESTDB")) {
            for (String table : List.of("TABLES", "COLUMNS", "STATISTICS", "KEY_COLUMN_USAGE",
                    "REFERENTIAL_CONSTRAINTS", "TABLE_CONSTRAINTS")) {
                List<List<String>> rows = rows(c, "SELECT * FROM information_schema." + table);
                assertThat(rows).as(table).isNotEmpty();
                assertThat(rows).as(table).allSatisfy(row -> assertThat(row).doesNotContainAnyElementsOf(physical));
                assertThat(rows).as(table).extracting(row -> row.get(table.equals("KEY_COLUMN_USAGE") ? 4 : 1))
                        .containsOnly("TESTDB"); // KEY_COLUMN_USAGE's TABLE_SCHEMA, the others' second column
            }
        }
    }

    @Test
    void columnsShowAColumnAddedThroughTessera() throws SQLException {
        String columns = "SELECT COLUMN_NAME FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = 'TESTDB'"
                + " AND TABLE_NAME = 'travelrecord' ORDER BY ORDINAL_POSITION";
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            assertThat(rows(c, columns)).containsExactly(List.of("id"), List.of("traveller"));
            s.execute("ALTER TABLE travelrecord ADD COLUMN days INT");
            assertThat(rows(c, columns)).containsExactly(List.of("id"), List.of("traveller"), List.of("days"));
        }
    }

    static List<JdbcDriver> drivers() {
        return JdbcDriver.all();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("drivers")
    void databaseMetaDataListsTheLogicalTablesColumnsAndKeys(JdbcDriver driver) throws SQLException {
        try (Connection c = driver.connect("127.0.0.1", tessera.port(), "TESTDB", RunningTessera.USER,
                RunningTessera.PASSWORD)) {
            DatabaseMetaData metaData = c.getMetaData();
            assertThat(column(metaData.getTables("TESTDB", null, "%", null), "TABLE_NAME")).containsExactly(
                    "item_notes", "orders", "order_items", "plain_notes", "region", "travelrecord");
            assertThat(column(metaData.getTables("TESTDB", null, "%", null), "TABLE_CAT")).containsOnly("TESTDB");
            assertThat(column(metaData.getColumns("TESTDB", null, "orders", "%"), "COLUMN_NAME"))
                    .containsExactly("id", "customer", "total");
            assertThat(column(metaData.getColumns("TESTDB", null, "orders", "%"), "TYPE_NAME"))
                    .containsExactly("BIGINT", "VARCHAR", "DECIMAL");
            assertThat(column(metaData.getPrimaryKeys("TESTDB", null, "orders"), "COLUMN_NAME")).containsExactly("id");
            assertThat(column(metaData.getIndexInfo("TESTDB", null, "orders", false, false), "INDEX_NAME"))
                    .containsExactlyInAnyOrder("PRIMARY", "by_customer");
        }
    }

    /**
     * Connector/J reads foreign keys from information_schema (KEY_COLUMN_USAGE, TABLE_CONSTRAINTS,
     * REFERENTIAL_CONSTRAINTS) only with {@code useInformationSchema=true}; by default it reads SHOW statements, which
     * are not the logical catalog's.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("drivers")
    void importedKeysAreTheLogicalForeignKeys(JdbcDriver driver) throws SQLException {
        JdbcDriver fromInformationSchema = driver.urlPrefix().equals("jdbc:mysql://")
                ? new JdbcDriver(driver.name(), driver.driver(), driver.urlPrefix(),
                        driver.options() + "&useInformationSchema=true")
                : driver;
        try (Connection c = fromInformationSchema.connect("127.0.0.1", tessera.port(), "TESTDB", RunningTessera.USER,
                RunningTessera.PASSWORD); ResultSet keys = c.getMetaData().getImportedKeys("TESTDB", null,
                        "plain_notes")) {
            assertThat(keys.next()).isTrue();
            assertThat(List.of(keys.getString("PKTABLE_CAT"), keys.getString("PKTABLE_NAME"),
                    keys.getString("PKCOLUMN_NAME"), keys.getString("FKTABLE_CAT"), keys.getString("FKTABLE_NAME"),
                    keys.getString("FKCOLUMN_NAME"), keys.getString("FK_NAME")))
                    .containsExactly("TESTDB", "orders", "id", "TESTDB", "plain_notes", "order_id", "notes_order");
            assertThat(keys.next()).isFalse();
        }
    }

    private static List<String> column(ResultSet rs, String label) throws SQLException {
        try (rs) {
            List<String> values = new ArrayList<>();
            while (rs.next()) {
                values.add(rs.getString(label));
            }
            return values;
        }
    }

    private static List<List<String>> rows(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            List<List<String>> rows = new ArrayList<>();
            while (rs.next()) {
                List<String> row = new ArrayList<>();
                for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
                    row.add(rs.getString(i));
                }
                rows.add(row);
            }
            return rows;
        }
    }

    private static Connection dn1() throws SQLException {
        return tessera.dataHosts().connectDirect(tessera.database("db1"));
    }

    private static Connection dn2() throws SQLException {
        EmbeddedMariaDb host2 = tessera.extraHost(2);
        return DriverManager.getConnection("jdbc:mysql://" + host2.host() + ":" + host2.port() + "/"
                + tessera.database("db2") + "?sslMode=DISABLED&allowPublicKeyRetrieval=true", host2.user(),
                host2.password());
    }
}
