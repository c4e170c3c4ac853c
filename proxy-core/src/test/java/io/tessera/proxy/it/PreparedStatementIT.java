package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.Date;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Time;
import java.sql.Timestamp;
import java.sql.Types;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Server-side prepared statements (the binary protocol) through Tessera with both drivers, compared value by value
 * with the same statements run straight on MariaDB: every column type and NULLs bound as parameters, read back by
 * point lookup (one data node) and by range (merged from two), metadata before execution, routing by bound values
 * whatever their type, long data, cursors, prepared BEGIN / COMMIT, and the prepared statement limit.
 */
@Tag("integration")
class PreparedStatementIT {

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/prepared");

    private static final String COLUMNS = "id BIGINT PRIMARY KEY, ti TINYINT, si SMALLINT, mi MEDIUMINT, i INT,"
            + " bi BIGINT, ubi BIGINT UNSIGNED, f FLOAT, d DOUBLE, de DECIMAL(20,6), dt DATE, dtm DATETIME(6),"
            + " ts TIMESTAMP(3) NULL, tm TIME(6), yr YEAR, c CHAR(10), vc VARCHAR(100), tx TEXT, bl BLOB,"
            + " vb VARBINARY(20), bt BIT(8), en ENUM('a','b'), st SET('x','y'), js JSON";
    private static final String INSERT = "INSERT INTO pt VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,"
            + " ?, ?, ?, ?, ?, ?, ?)";

    /** The two drivers, each asked to use server-side prepared statements. */
    enum Driver {
        CONNECTOR_J("jdbc:mysql://127.0.0.1:%d/%s?user=%s&password=%s&useServerPrepStmts=true&cachePrepStmts=true"
                + "&sslMode=DISABLED&allowPublicKeyRetrieval=true"),
        MARIADB("jdbc:mariadb://127.0.0.1:%d/%s?user=%s&password=%s&useServerPrepStmts=true");

        private final String template;

        Driver(String template) {
            this.template = template;
        }

        Connection tessera() throws SQLException {
            return DriverManager.getConnection(String.format(template, tessera.port(), "PSDB", RunningTessera.USER,
                    RunningTessera.PASSWORD));
        }

        Connection direct() throws SQLException {
            DataHosts hosts = tessera.dataHosts();
            return DriverManager.getConnection(String.format(template, hosts.port(), tessera.database("dbDirect"),
                    hosts.user(), hosts.password()));
        }
    }

    @BeforeAll
    static void createTables() throws SQLException {
        try (Connection c = tessera.connect("PSDB"); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE pt (" + COLUMNS + ")");
        }
        tessera.dataHosts().executeIn(tessera.database("dbDirect"), "CREATE TABLE pt (" + COLUMNS + ")");
    }

    @ParameterizedTest
    @EnumSource(Driver.class)
    void everyTypeAndNullReadsBackAsFromMariaDb(Driver driver) throws SQLException {
        long base = driver.ordinal() * 1000L;
        try (Connection viaTessera = driver.tessera(); Connection direct = driver.direct();
                Connection directWriter = Driver.MARIADB.direct()) {
            // Connector/J takes MariaDB's "5.5.5-10.11" for MySQL 5.5 and drops fractional seconds when it writes
            // to it directly; MariaDB's driver writes the reference rows
            for (Connection c : List.of(viaTessera, directWriter)) {
                try (PreparedStatement insert = c.prepareStatement(INSERT)) {
                    for (int row = 0; row < 12; row++) {
                        bindRow(insert, base + row, row);
                        assertThat(insert.executeUpdate()).isEqualTo(1);
                    }
                }
            }
            String point = "SELECT * FROM pt WHERE id = ?"; // the node's own binary rows, passed through
            String qualified = "SELECT * FROM PSDB.pt WHERE id = ?"; // rewritten: text rows re-encoded by Tessera
            for (int row = 0; row < 12; row++) {
                List<List<String>> expected = read(direct, point, base + row);
                assertThat(read(viaTessera, point, base + row)).as("row %d", row).isEqualTo(expected);
                assertThat(read(viaTessera, qualified, base + row)).as("row %d", row).isEqualTo(expected);
            }
            String range = "SELECT * FROM pt WHERE id BETWEEN ? AND ? ORDER BY id DESC";
            assertThat(read(viaTessera, range, base, base + 11)).isEqualTo(read(direct, range, base, base + 11))
                    .hasSize(12);
            String aggregate = "SELECT COUNT(*), SUM(de), MAX(dtm), MIN(vc), AVG(i) FROM pt WHERE id BETWEEN ? AND ?";
            assertThat(read(viaTessera, aggregate, base, base + 11)).isEqualTo(read(direct, aggregate, base,
                    base + 11));
        }
    }

    @ParameterizedTest
    @EnumSource(Driver.class)
    void metadataComesFromTheDataNodeBeforeExecution(Driver driver) throws SQLException {
        try (Connection c = driver.tessera();
                PreparedStatement ps = c.prepareStatement("SELECT id, vc AS label, de FROM pt WHERE id = ?")) {
            ResultSetMetaData meta = ps.getMetaData();
            assertThat(meta.getColumnCount()).isEqualTo(3);
            assertThat(meta.getColumnLabel(2)).isEqualTo("label");
            assertThat(meta.getColumnType(3)).isEqualTo(Types.DECIMAL);
            assertThat(ps.getParameterMetaData().getParameterCount()).isEqualTo(1);
        }
    }

    @Test
    void boundValuesRouteWhateverTheirType() throws SQLException {
        try (Connection c = Driver.CONNECTOR_J.tessera(); Statement s = c.createStatement()) {
            s.executeUpdate("INSERT INTO pt (id, vc) VALUES (17, 'seventeen'), (18, 'eighteen')");
            try (PreparedStatement ps = c.prepareStatement("SELECT vc FROM pt WHERE id = ?")) {
                ps.setDouble(1, 17.0); // Node's mysql2 binds numbers as DOUBLE
                assertThat(single(ps)).isEqualTo("seventeen");
                ps.setString(1, "18");
                assertThat(single(ps)).isEqualTo("eighteen");
                ps.setBigDecimal(1, new BigDecimal("17"));
                assertThat(single(ps)).isEqualTo("seventeen");
                ps.setLong(1, 18);
                assertThat(single(ps)).isEqualTo("eighteen");
            }
            assertThat(Rows.fetchAll(tessera.dataHosts().connectDirect(tessera.database("db2")),
                    "SELECT vc FROM pt WHERE id = 17")).containsExactly(List.of("seventeen"));
            s.executeUpdate("DELETE FROM pt WHERE id IN (17, 18)");
        }
    }

    /**
     * An EXECUTE's route is cached under its text with the values written in, which a plain query of the same text
     * shares: each still gets its own protocol's rows, single-node and merged, the first time and every time after.
     */
    @Test
    void cachedRoutesServeExecutesAndQueriesOfTheSameTextAlike() throws SQLException {
        try (Connection c = Driver.CONNECTOR_J.tessera(); Statement s = c.createStatement()) {
            s.executeUpdate("INSERT INTO pt (id, vc) VALUES (27, 'twenty-seven'), (28, 'twenty-eight')");
            try (PreparedStatement one = c.prepareStatement("SELECT vc FROM pt WHERE id = ?");
                    PreparedStatement both = c.prepareStatement(
                            "SELECT vc FROM pt WHERE id IN (?, ?) ORDER BY id DESC")) {
                for (int round = 0; round < 3; round++) {
                    one.setLong(1, 27);
                    assertThat(single(one)).as("round %d", round).isEqualTo("twenty-seven");
                    assertThat(Rows.fetchAll(c, "SELECT vc FROM pt WHERE id = 28"))
                            .containsExactly(List.of("twenty-eight"));
                    one.setLong(1, 28);
                    assertThat(single(one)).as("round %d", round).isEqualTo("twenty-eight");
                    both.setLong(1, 27);
                    both.setLong(2, 28);
                    assertThat(values(both)).as("round %d", round).containsExactly("twenty-eight", "twenty-seven");
                    assertThat(Rows.fetchAll(c, "SELECT vc FROM pt WHERE id IN (27, 28) ORDER BY id DESC"))
                            .containsExactly(List.of("twenty-eight"), List.of("twenty-seven"));
                }
            }
            s.executeUpdate("DELETE FROM pt WHERE id IN (27, 28)");
        }
    }

    private static List<String> values(PreparedStatement ps) throws SQLException {
        List<String> values = new ArrayList<>();
        try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                values.add(rs.getString(1));
            }
        }
        return values;
    }

    @Test
    void preparedTransactionControlAndSet() throws SQLException {
        try (Connection c = Driver.MARIADB.tessera()) {
            c.prepareStatement("BEGIN").execute();
            try (PreparedStatement insert = c.prepareStatement("INSERT INTO pt (id, vc) VALUES (?, ?)")) {
                insert.setLong(1, 40);
                insert.setString(2, "forty");
                insert.executeUpdate();
                insert.setLong(1, 41);
                insert.executeUpdate();
            }
            c.prepareStatement("ROLLBACK").execute();
            c.prepareStatement("START TRANSACTION").execute();
            try (PreparedStatement insert = c.prepareStatement("INSERT INTO pt (id, vc) VALUES (?, 'kept')")) {
                insert.setLong(1, 42);
                insert.executeUpdate();
            }
            c.prepareStatement("COMMIT").execute();
            try (PreparedStatement set = c.prepareStatement("SET @marker = ?")) {
                set.setString(1, "it's set");
                set.execute();
            }
            assertThat(Rows.fetchAll(c, "SELECT @marker")).containsExactly(List.of("it's set"));
            assertThat(Rows.fetchAll(c, "SELECT id FROM pt WHERE id BETWEEN 40 AND 42"))
                    .containsExactly(List.of(42L));
            c.createStatement().executeUpdate("DELETE FROM pt WHERE id = 42");
        }
    }

    @Test
    void longDataAndCursors() throws SQLException {
        byte[] blob = new byte[60_000];
        new Random(7).nextBytes(blob);
        String url = String.format("jdbc:mysql://127.0.0.1:%d/PSDB?user=test&password=test&useServerPrepStmts=true"
                + "&useCursorFetch=true&sslMode=DISABLED&allowPublicKeyRetrieval=true", tessera.port());
        try (Connection c = DriverManager.getConnection(url)) {
            try (PreparedStatement insert = c.prepareStatement("INSERT INTO pt (id, bl) VALUES (?, ?)")) {
                for (long id = 100; id < 110; id++) {
                    insert.setLong(1, id);
                    insert.setBinaryStream(2, new ByteArrayInputStream(blob)); // COM_STMT_SEND_LONG_DATA
                    insert.executeUpdate();
                }
            }
            try (PreparedStatement select = c.prepareStatement(
                    "SELECT id, bl FROM pt WHERE id BETWEEN ? AND ? ORDER BY id")) {
                select.setFetchSize(3); // a cursor, fetched three rows at a time
                select.setLong(1, 100);
                select.setLong(2, 109);
                List<Long> ids = new ArrayList<>();
                try (ResultSet rs = select.executeQuery()) {
                    while (rs.next()) {
                        ids.add(rs.getLong(1));
                        assertThat(rs.getBytes(2)).isEqualTo(blob);
                    }
                }
                assertThat(ids).hasSize(10).startsWith(100L).endsWith(109L).isSorted();
            }
            c.createStatement().executeUpdate("DELETE FROM pt WHERE id BETWEEN 100 AND 109");
        }
    }

    @Test
    void tooManyPreparedStatementsIsMySqlsError() throws SQLException {
        String url = String.format("jdbc:mysql://127.0.0.1:%d/PSDB?user=test&password=test&useServerPrepStmts=true"
                + "&emulateUnsupportedPstmts=false&sslMode=DISABLED&allowPublicKeyRetrieval=true", tessera.port());
        try (Connection c = DriverManager.getConnection(url)) {
            List<PreparedStatement> open = new ArrayList<>();
            try {
                for (int i = 0; i < 20; i++) { // maxPreparedStmtCount = 20 in this server.xml
                    open.add(c.prepareStatement("SELECT id FROM pt WHERE id = ? + " + i));
                }
                assertThatThrownBy(() -> c.prepareStatement("SELECT 21 FROM pt WHERE id = ?"))
                        .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getErrorCode())
                                .isEqualTo(1461));
            } finally {
                for (PreparedStatement ps : open) {
                    ps.close();
                }
            }
            try (PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM pt WHERE id = ?")) {
                ps.setLong(1, -1);
                assertThat(single(ps)).isEqualTo("0");
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Driver.class)
    void aDataNodesErrorReachesTheClientWithItsCode(Driver driver) throws SQLException {
        try (Connection c = driver.tessera();
                PreparedStatement insert = c.prepareStatement("INSERT INTO pt (id) VALUES (?)")) {
            insert.setLong(1, 77);
            insert.executeUpdate();
            assertThatThrownBy(insert::executeUpdate).isInstanceOfSatisfying(SQLException.class, e -> {
                assertThat(e.getErrorCode()).isEqualTo(1062);
                assertThat(e.getSQLState()).isEqualTo("23000");
            });
            assertThatThrownBy(() -> {
                PreparedStatement ps = c.prepareStatement("SELECT nope FROM pt WHERE id = ?");
                ps.setLong(1, 1);
                ps.executeQuery();
            }).isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(1054));
            c.createStatement().executeUpdate("DELETE FROM pt WHERE id = 77");
        }
    }

    /** Row {@code row}'s values: row 0 is all NULL; the others vary, with extremes. */
    private static void bindRow(PreparedStatement ps, long id, int row) throws SQLException {
        ps.setLong(1, id);
        if (row == 0) {
            for (int i = 2; i <= 24; i++) {
                ps.setNull(i, Types.NULL);
            }
            return;
        }
        boolean odd = row % 2 == 1;
        ps.setByte(2, (byte) (odd ? -128 : row));
        ps.setShort(3, (short) (odd ? 32767 : -row));
        ps.setInt(4, odd ? -8388608 : row * 1000);
        ps.setInt(5, odd ? Integer.MIN_VALUE : row);
        ps.setLong(6, odd ? Long.MAX_VALUE : -row);
        ps.setBigDecimal(7, odd ? new BigDecimal("18446744073709551615") : BigDecimal.valueOf(row));
        ps.setFloat(8, odd ? 0.1f : -row * 1.5f);
        ps.setDouble(9, odd ? 1e300 : row / 3.0);
        ps.setBigDecimal(10, new BigDecimal(odd ? "-12345678901234.123456" : row + ".5"));
        ps.setDate(11, Date.valueOf(odd ? "1000-01-01" : "2024-02-29"));
        Timestamp stamp = Timestamp.valueOf("2024-06-30 23:59:59.123456");
        ps.setTimestamp(12, odd ? stamp : Timestamp.valueOf("1999-12-31 00:00:00"));
        ps.setTimestamp(13, Timestamp.valueOf("2021-03-04 05:06:07.89"));
        ps.setTime(14, Time.valueOf(odd ? "23:59:59" : "00:00:01"));
        ps.setInt(15, odd ? 2155 : 1901);
        ps.setString(16, odd ? "é ü" : "c" + row);
        ps.setString(17, odd ? "it's \\ a 'quote' — ünïcödé 🎉" : "v" + row);
        ps.setString(18, "text " + "x".repeat(row * 100));
        ps.setBytes(19, new byte[] {0, 1, (byte) 0xFF, '\'', '\\', (byte) row});
        ps.setBytes(20, HexFormat.of().parseHex(odd ? "00ff27" : "5c"));
        ps.setInt(21, row);
        ps.setString(22, odd ? "a" : "b");
        ps.setString(23, odd ? "x,y" : "y");
        ps.setString(24, "{\"k\": " + row + ", \"s\": \"q'\"}");
    }

    private static List<List<String>> read(Connection c, String sql, Object... parameters) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < parameters.length; i++) {
                ps.setObject(i + 1, parameters[i]);
            }
            List<List<String>> rows = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                int columns = rs.getMetaData().getColumnCount();
                while (rs.next()) {
                    List<String> row = new ArrayList<>();
                    for (int i = 1; i <= columns; i++) {
                        Object value = rs.getObject(i);
                        row.add(value instanceof byte[] b ? HexFormat.of().formatHex(b)
                                : value == null ? null : value.getClass().getSimpleName() + ":" + value);
                    }
                    rows.add(row);
                }
            }
            return rows;
        }
    }

    private static String single(PreparedStatement ps) throws SQLException {
        try (ResultSet rs = ps.executeQuery()) {
            assertThat(rs.next()).isTrue();
            String value = rs.getString(1);
            assertThat(rs.next()).isFalse();
            return value;
        }
    }
}
