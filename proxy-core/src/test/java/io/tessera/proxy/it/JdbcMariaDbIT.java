package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A {@code dbDriver="jdbc"} data host on the MariaDB fixture, reached through mysql-connector-j and HikariCP: the
 * usual statements through Tessera, and the same query's column types and texts compared with MariaDB's own answer.
 */
@Tag("integration")
class JdbcMariaDbIT {

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/jdbc-mariadb");

    private static final String TYPES_TABLE = """
            CREATE TABLE types (
                id INT PRIMARY KEY, ti TINYINT, tb TINYINT(1), si SMALLINT UNSIGNED, mi MEDIUMINT, bi BIGINT UNSIGNED,
                de DECIMAL(12,3), fl FLOAT, db DOUBLE, da DATE, dt DATETIME, dt3 DATETIME(3), ts TIMESTAMP(6) NULL,
                tm TIME, yr YEAR, ch CHAR(3), vc VARCHAR(20), tx TEXT, mt MEDIUMTEXT, vb VARBINARY(8), bl BLOB,
                bt BIT(5), en ENUM('x','y'), st SET('a','b'), js JSON)""";

    @Test
    void readsWritesAndCountsRowsAsMysqlDoes() throws SQLException {
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE rw (id INT AUTO_INCREMENT PRIMARY KEY, name VARCHAR(20), n INT)");
            assertThat(s.executeUpdate("INSERT INTO rw (name) VALUES ('a'), ('b')", Statement.RETURN_GENERATED_KEYS))
                    .isEqualTo(2);
            try (ResultSet keys = s.getGeneratedKeys()) {
                assertThat(keys.next()).isTrue();
                assertThat(keys.getLong(1)).isEqualTo(1);
            }
            assertThat(s.executeUpdate("UPDATE rw SET n = 1")).isEqualTo(2);
            // Connector/J asks for CLIENT_FOUND_ROWS: rows matched, not changed, as MySQL counts them for it
            assertThat(s.executeUpdate("UPDATE rw SET n = 1")).isEqualTo(2);
            assertThat(rows(s, "SELECT id, name, n FROM rw ORDER BY id")).containsExactly("1|a|1", "2|b|1");
            assertThat(s.executeUpdate("DELETE FROM rw WHERE id = 1")).isEqualTo(1);
            assertThat(rows(s, "SELECT COUNT(*) FROM rw")).containsExactly("1");
        }
    }

    @Test
    void commitsAndRollsBack() throws SQLException {
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE tx (id INT PRIMARY KEY)");
            c.setAutoCommit(false);
            s.execute("INSERT INTO tx VALUES (1)");
            assertThat(rows(s, "SELECT id FROM tx")).containsExactly("1"); // its own write, in the transaction
            c.rollback();
            assertThat(rows(s, "SELECT COUNT(*) FROM tx")).containsExactly("0");
            s.execute("INSERT INTO tx VALUES (2)");
            c.commit();
            c.setAutoCommit(true);
        }
        try (Connection other = tessera.connect("TESTDB"); Statement s = other.createStatement()) {
            assertThat(rows(s, "SELECT id FROM tx")).containsExactly("2");
        }
    }

    @Test
    void errorsKeepTheirCodeAndTheConnectionLivesOn() throws SQLException {
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            assertThatThrownBy(() -> s.executeQuery("SELECT * FROM no_such_table"))
                    .isInstanceOfSatisfying(SQLException.class, e -> {
                        assertThat(e.getErrorCode()).isEqualTo(1146);
                        assertThat(e.getSQLState()).isEqualTo("42S02");
                    });
            assertThatThrownBy(() -> s.executeQuery("SELECT * FROM rw WHERE"))
                    .isInstanceOfSatisfying(SQLException.class, e -> {
                        assertThat(e.getErrorCode()).isEqualTo(1064);
                        assertThat(e.getSQLState()).isEqualTo("42000");
                    });
            assertThat(rows(s, "SELECT 1 + 1")).containsExactly("2");
        }
    }

    @Test
    void columnTypesAndTextsAreThoseOfTheSameQueryRunDirectly() throws SQLException {
        String insert = "INSERT INTO types VALUES (1, -5, 1, 65535, -8388608, 18446744073709551615, -123456789.125,"
                + " 1.5, 0.1, '2024-01-02', '2024-01-02 03:04:05', '2024-01-02 03:04:05.120',"
                + " '2024-06-30 23:59:59.999999', '-838:59:59', 2024, 'ab', 'héllo wörld', 'long text',"
                + " 'medium', x'00ff10', x'cafebabe', b'10101', 'y', 'a,b', '{\"k\": [1, 2]}'),"
                + " (2, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,"
                + " NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL)";
        String select = "SELECT * FROM types ORDER BY id";
        List<String> viaTessera;
        List<String> typesViaTessera;
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            s.execute(TYPES_TABLE);
            s.execute(insert);
            try (ResultSet rs = s.executeQuery(select)) {
                typesViaTessera = types(rs.getMetaData());
                viaTessera = values(rs);
            }
        }
        List<String> direct;
        List<String> typesDirect;
        try (Connection c = tessera.dataHosts().connectDirect(tessera.database("db1"));
                Statement s = c.createStatement(); ResultSet rs = s.executeQuery(select)) {
            typesDirect = types(rs.getMetaData());
            direct = values(rs);
        }
        assertThat(typesViaTessera).isEqualTo(typesDirect);
        assertThat(viaTessera).isEqualTo(direct);
        assertThat(viaTessera.get(0)).contains("18446744073709551615", "-123456789.125", "2024-01-02 03:04:05.120",
                "-838:59:59", "héllo wörld");
        assertThat(viaTessera.get(1)).isEqualTo("2" + "|null".repeat(24));
    }

    @Test
    void adminPortReportsThePoolAndTheBusinessExecutor() throws Exception {
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            c.setAutoCommit(false);
            s.executeQuery("SELECT 1").close(); // the transaction holds its connection: one ACTIVE
            AdminRows.await(() -> AdminRows.of(tessera.adminPort(), "show @@datasource"),
                    rows -> rows.size() == 1 && rows.get(0).get("ACTIVE").equals("1")
                            && Integer.parseInt(rows.get(0).get("IDLE")) >= 1);
            c.rollback();
        }
        AdminRows.await(() -> AdminRows.of(tessera.adminPort(), "show @@datasource"),
                rows -> rows.get(0).get("ACTIVE").equals("0") && Integer.parseInt(rows.get(0).get("IDLE")) >= 2);
        Map<String, String> source = AdminRows.of(tessera.adminPort(), "show @@datasource").get(0);
        assertThat(source).containsEntry("NAME", "hostM1").containsEntry("SIZE", "5");
        assertThat(Long.parseLong(source.get("EXECUTE"))).isPositive();

        List<Map<String, String>> pools = AdminRows.of(tessera.adminPort(), "show @@threadpool");
        assertThat(pools).hasSize(1);
        assertThat(pools.get(0)).containsEntry("NAME", "BusinessExecutor");
        assertThat(Integer.parseInt(pools.get(0).get("POOL_SIZE"))).isBetween(1, 3);
        assertThat(Long.parseLong(pools.get(0).get("TOTAL_TASK"))).isPositive();
        AdminRows.await(() -> AdminRows.of(tessera.adminPort(), "show @@heartbeat"),
                rows -> rows.get(0).get("RS_CODE").equals("1"));
    }

    private static List<String> rows(Statement s, String sql) throws SQLException {
        try (ResultSet rs = s.executeQuery(sql)) {
            return values(rs);
        }
    }

    /** Each row as its texts joined by |; binary values as hex. */
    private static List<String> values(ResultSet rs) throws SQLException {
        List<String> rows = new ArrayList<>();
        ResultSetMetaData meta = rs.getMetaData();
        while (rs.next()) {
            StringBuilder row = new StringBuilder();
            for (int i = 1; i <= meta.getColumnCount(); i++) {
                row.append(i > 1 ? "|" : "");
                byte[] bytes = rs.getBytes(i);
                row.append(bytes == null ? "null" : isBinary(meta.getColumnType(i)) ? hex(bytes) : rs.getString(i));
            }
            rows.add(row.toString());
        }
        return rows;
    }

    /** Each column's label, JDBC type, driver type name, precision, scale and signedness. */
    private static List<String> types(ResultSetMetaData meta) throws SQLException {
        List<String> types = new ArrayList<>();
        for (int i = 1; i <= meta.getColumnCount(); i++) {
            types.add(meta.getColumnLabel(i) + " " + meta.getColumnType(i) + " " + meta.getColumnTypeName(i) + " "
                    + meta.getPrecision(i) + "," + meta.getScale(i) + (meta.isSigned(i) ? " signed" : " unsigned"));
        }
        return types;
    }

    private static boolean isBinary(int type) {
        return type == java.sql.Types.BINARY || type == java.sql.Types.VARBINARY
                || type == java.sql.Types.LONGVARBINARY || type == java.sql.Types.BLOB || type == java.sql.Types.BIT;
    }

    private static String hex(byte[] bytes) {
        StringBuilder hex = new StringBuilder();
        for (byte b : bytes) {
            hex.append(String.format("%02x", b));
        }
        return hex.toString();
    }
}
