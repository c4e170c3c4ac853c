package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Connector/J 9.x, Connector/J 8.x and MariaDB Connector/J, over real TCP: each driver must read through Tessera
 * exactly what it reads from MariaDB directly, for every common column type, and get the same counts and ids
 * from DDL and DML.
 */
@Tag("integration")
class DriverCompatibilityIT {

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/single-node");

    private static final String TYPES_TABLE = """
            CREATE TABLE all_types (
              id INT PRIMARY KEY,
              t TINYINT, tu TINYINT UNSIGNED, s SMALLINT, su SMALLINT UNSIGNED, m MEDIUMINT, i INT, iu INT UNSIGNED,
              b BIGINT, bu BIGINT UNSIGNED, d DECIMAL(65,30), f FLOAT, dbl DOUBLE,
              dt DATE, dtm DATETIME(6), ts TIMESTAMP(6) NULL DEFAULT NULL, tm TIME(6), y YEAR,
              c CHAR(10), vc VARCHAR(100), tx TEXT, bin BINARY(4), vb VARBINARY(16), bl BLOB, js JSON,
              bt BIT(8), e ENUM('small','large'), st SET('red','green','blue')
            ) DEFAULT CHARSET=utf8mb4""";

    private static final String[] TYPE_ROWS = {
        "(1, -128, 255, -32768, 65535, -8388608, -2147483648, 4294967295, -9223372036854775808,"
                + " 18446744073709551615, -99999999999999999999999999999999999.999999999999999999999999999999,"
                + " -3.40282e38, -1.7976931348623157e308, '1000-01-01', '1000-01-01 00:00:00.000000',"
                + " '1970-01-01 00:00:01.000000', '00:00:00.000000', 1901, 'a', 'Ünïcödé 😀 𝄞', 'text 中文',"
                + " x'00ff10ef', x'', x'deadbeef', '{\"k\": [1, 2, {\"x\": null}]}', b'10101010', 'small', 'red,blue')",
        "(2, 127, 0, 32767, 0, 8388607, 2147483647, 0, 9223372036854775807, 0,"
                + " 99999999999999999999999999999999999.999999999999999999999999999999, 1.17549e-38,"
                + " 2.2250738585072014e-308,"
                + " '9999-12-31', '9999-12-31 23:59:59.999999', '2038-01-19 03:14:07.999999', '23:59:59.999999', 2155,"
                + " 'zzzzzzzzzz', '', '', x'01020304', x'0102', x'', '[]', b'0', 'large', '')",
        "(3, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,"
                + " NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL)",
        "(4, 0, 1, 0, 1, 0, 0, 1, 0, 1, 0.000000000000000000000000000001, 0.5, 0.1, '2024-02-29',"
                + " '2024-02-29 12:34:56.789012', '2024-02-29 12:34:56.789012', '00:00:00.000001', 2024,"
                + " 'Aa', 'ß and SS', REPEAT('long ', 2000), x'00000000', x'00', x'00', '\"s\"', b'11111111',"
                + " 'small', 'green')",
    };

    @BeforeAll
    static void createTypesTable() throws SQLException {
        try (Connection c = tessera.dataHosts().connectDirect(tessera.database("db1"));
                Statement s = c.createStatement()) {
            s.execute("SET time_zone = '+00:00'");
            s.execute(TYPES_TABLE);
            s.execute("INSERT INTO all_types VALUES " + String.join(", ", TYPE_ROWS));
        }
    }

    static List<JdbcDriver> drivers() {
        return JdbcDriver.all();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("drivers")
    void everyColumnTypeReadsAsFromMariaDbDirectly(JdbcDriver driver) throws SQLException {
        String sql = "SELECT * FROM all_types ORDER BY id";
        try (Connection viaTessera = viaTessera(driver); Connection direct = direct(driver)) {
            assertThat(read(viaTessera, sql)).containsExactlyElementsOf(read(direct, sql));
            assertThat(metadata(viaTessera, sql)).containsExactlyElementsOf(expectedMetadata(driver, direct, sql));
            assertThat(strings(viaTessera, sql)).containsExactlyElementsOf(strings(direct, sql));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("drivers")
    void ddlAndDmlReportTheSameCountsAndIdsAsMariaDbDirectly(JdbcDriver driver) throws SQLException {
        String table = "dml_" + driver.name().replaceAll("\\W", "_");
        List<Object> viaTessera;
        List<Object> direct;
        try (Connection c = viaTessera(driver)) {
            viaTessera = runDmlScript(c, table + "_a");
        }
        try (Connection c = direct(driver)) {
            direct = runDmlScript(c, table + "_b");
        }
        assertThat(viaTessera).containsExactlyElementsOf(direct);
        // create, insert + key, insert + key, 2-row insert, update, update matching 2 rows but changing none
        // (2: the drivers ask for CLIENT_FOUND_ROWS), delete, prepared insert + key
        assertThat(viaTessera).startsWith(0, 1, 1L, 1, 2L, 2, 2, 2, 2, 1, 5L);
    }

    /** DDL, inserts with generated keys, a multi-row insert, updates (one changing nothing), delete, drop. */
    private static List<Object> runDmlScript(Connection c, String table) throws SQLException {
        List<Object> results = new ArrayList<>();
        try (Statement s = c.createStatement()) {
            results.add(s.executeUpdate("CREATE TABLE " + table
                    + " (id BIGINT AUTO_INCREMENT PRIMARY KEY, v VARCHAR(20), n INT)"));
            for (String v : new String[] {"a", "b"}) {
                results.add(s.executeUpdate("INSERT INTO " + table + " (v, n) VALUES ('" + v + "', 1)",
                        Statement.RETURN_GENERATED_KEYS));
                try (ResultSet keys = s.getGeneratedKeys()) {
                    keys.next();
                    results.add(keys.getLong(1));
                }
            }
            results.add(s.executeUpdate("INSERT INTO " + table + " (v, n) VALUES ('c', 2), ('d', 2)"));
            results.add(s.executeUpdate("UPDATE " + table + " SET n = 5 WHERE n = 2"));
            results.add(s.executeUpdate("UPDATE " + table + " SET n = 5 WHERE n = 5")); // matched, not changed
            results.add(s.executeUpdate("DELETE FROM " + table + " WHERE v IN ('a', 'c')"));
            try (PreparedStatement p = c.prepareStatement("INSERT INTO " + table + " (v, n) VALUES (?, ?)",
                    Statement.RETURN_GENERATED_KEYS)) {
                p.setString(1, "it's \"quoted\" \\ 😀");
                p.setInt(2, 7);
                results.add(p.executeUpdate());
                try (ResultSet keys = p.getGeneratedKeys()) {
                    keys.next();
                    results.add(keys.getLong(1));
                }
            }
            results.add(Rows.fetchAll(c, "SELECT v, n FROM " + table + " ORDER BY id"));
            results.add(s.executeUpdate("DROP TABLE " + table));
        }
        return results;
    }

    private static Connection viaTessera(JdbcDriver driver) throws SQLException {
        return driver.connect("127.0.0.1", tessera.port(), "TESTDB", RunningTessera.USER, RunningTessera.PASSWORD);
    }

    private static Connection direct(JdbcDriver driver) throws SQLException {
        DataHosts hosts = tessera.dataHosts();
        return driver.connect(hosts.host(), hosts.port(), tessera.database("db1"), hosts.user(), hosts.password());
    }

    private static List<List<Object>> read(Connection c, String sql) throws SQLException {
        return Rows.fetchAll(c, sql);
    }

    private static List<String> metadata(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            return Rows.describe(rs.getMetaData());
        }
    }

    /**
     * What the driver reports directly, except one known difference: MariaDB Connector/J learns that a LONGTEXT is
     * JSON from MariaDB's extended column metadata, which only a server announcing itself as MariaDB sends;
     * Tessera announces MySQL, and to MySQL clients MariaDB itself describes JSON as LONGTEXT.
     */
    private static List<String> expectedMetadata(JdbcDriver driver, Connection direct, String sql)
            throws SQLException {
        List<String> expected = metadata(direct, sql);
        if (driver.name().startsWith("mariadb")) {
            expected.replaceAll(column -> column.startsWith("js JSON ") ? column.replace("JSON", "LONGTEXT") : column);
        }
        return expected;
    }

    private static List<List<String>> strings(Connection c, String sql) throws SQLException {
        List<List<String>> rows = new ArrayList<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                List<String> row = new ArrayList<>();
                for (int i = 1; i <= n; i++) {
                    row.add(rs.getString(i));
                }
                rows.add(row);
            }
        }
        return rows;
    }
}
