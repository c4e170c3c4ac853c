package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
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
 * When Tessera presents itself as MariaDB ({@code fakeMySQLVersion}), the logical catalog's tables have MariaDB's
 * columns, and MariaDB Connector/J reads the logical tables from them. MySQL 8's: InformationSchemaIT.
 */
@Tag("integration")
class InformationSchemaMariaDbIT {

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/catalog-mariadb");

    @BeforeAll
    static void createTablesThroughTessera() throws SQLException {
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE orders (id BIGINT PRIMARY KEY, customer VARCHAR(20))");
        }
    }

    @Test
    void catalogTablesHaveMariaDbsColumns() throws SQLException {
        try (Connection c = tessera.connect("TESTDB")) {
            assertThat(labels(c, "SELECT * FROM information_schema.COLUMNS")).endsWith("COLUMN_COMMENT",
                    "IS_GENERATED", "GENERATION_EXPRESSION");
            assertThat(labels(c, "SELECT * FROM information_schema.STATISTICS")).endsWith("INDEX_COMMENT", "IGNORED");
            assertThat(labels(c, "SELECT * FROM information_schema.TABLES")).endsWith("TABLE_COMMENT",
                    "MAX_INDEX_LENGTH", "TEMPORARY");
            assertThat(labels(c, "SELECT * FROM information_schema.TABLE_CONSTRAINTS")).endsWith("TABLE_NAME",
                    "CONSTRAINT_TYPE");
            assertThat(labels(c, "SELECT * FROM information_schema.TRIGGERS")).startsWith("TRIGGER_CATALOG")
                    .endsWith("DATABASE_COLLATION");
            // MariaDB's KEYWORDS: the data host's words, without MySQL 8's RESERVED
            assertThat(labels(c, "SELECT * FROM information_schema.KEYWORDS")).containsExactly("WORD");
            assertThat(column(c.createStatement().executeQuery("SELECT WORD FROM information_schema.KEYWORDS"
                    + " WHERE WORD = 'SELECT'"), "WORD")).containsExactly("SELECT");
        }
    }

    @Test
    void mariaDbConnectorListsTheLogicalTableOnce() throws SQLException {
        try (Connection c = JdbcDriver.mariadb().connect("127.0.0.1", tessera.port(), "TESTDB", RunningTessera.USER,
                RunningTessera.PASSWORD)) {
            DatabaseMetaData metaData = c.getMetaData();
            assertThat(column(metaData.getTables("TESTDB", null, "%", null), "TABLE_NAME")).containsExactly("orders");
            assertThat(column(metaData.getColumns("TESTDB", null, "orders", "%"), "COLUMN_NAME"))
                    .containsExactly("id", "customer");
            assertThat(column(metaData.getPrimaryKeys("TESTDB", null, "orders"), "COLUMN_NAME")).containsExactly("id");
        }
    }

    private static List<String> labels(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            List<String> labels = new ArrayList<>();
            for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
                labels.add(rs.getMetaData().getColumnLabel(i));
            }
            return labels;
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
}
