package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.proxy.sequence.MemorySequences;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The client matrix of docs/clients.md: every JDBC driver of {@link JdbcDriver#matrix()} against a sharded schema
 * (orders and plain, id mod 2: even ids on dn1, odd on dn2; orders takes its ids from the ORDERS sequence), checked
 * on the data nodes themselves where rows land. What each row of the matrix promises is what these tests run.
 */
@Tag("integration")
class JdbcMatrixIT {

    private static final MemorySequences SEQUENCES = new MemorySequences().with("ORDERS", 1000).with("GLOBAL", 1);

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/sequences").withSequences(SEQUENCES);

    @BeforeAll
    static void createTables() throws SQLException {
        for (String db : List.of("db1", "db2")) {
            tessera.dataHosts().executeIn(tessera.database(db),
                    "CREATE TABLE orders (id BIGINT PRIMARY KEY, name VARCHAR(40))",
                    "CREATE TABLE items (id BIGINT PRIMARY KEY, name VARCHAR(40))",
                    "CREATE TABLE plain (id BIGINT PRIMARY KEY, name VARCHAR(40), KEY by_name (name))");
        }
    }

    @BeforeEach
    void emptyTables() throws SQLException {
        for (String db : List.of("db1", "db2")) {
            tessera.dataHosts().executeIn(tessera.database(db), "DELETE FROM orders", "DELETE FROM plain");
        }
    }

    static List<JdbcDriver> drivers() {
        return JdbcDriver.matrix();
    }

    static Stream<Arguments> driversAndPrepareModes() {
        return drivers().stream().flatMap(d -> Stream.of(Arguments.of(d, true), Arguments.of(d, false)));
    }

    /** No URL options at all, except MariaDB Connector/J 4's sslMode=disable, without which it refuses to connect. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("drivers")
    void connectsWithTheDriversDefaultOptions(JdbcDriver driver) throws SQLException {
        String options = driver.name().equals("mariadb-java-client 4") ? "?sslMode=disable" : "";
        try (Connection c = connect(new JdbcDriver(driver.name(), driver.driver(), driver.urlPrefix(), options))) {
            assertThat(Rows.fetchAll(c, "SELECT COUNT(*) FROM plain")).containsExactly(List.of(0L));
        }
    }

    @ParameterizedTest(name = "{0}, useServerPrepStmts={1}")
    @MethodSource("driversAndPrepareModes")
    void preparedStatementsRouteByTheirParameters(JdbcDriver driver, boolean serverPrepare) throws SQLException {
        try (Connection c = connect(driver.with("useServerPrepStmts=" + serverPrepare))) {
            try (PreparedStatement p = c.prepareStatement("INSERT INTO plain (id, name) VALUES (?, ?)")) {
                for (long id = 1; id <= 2; id++) {
                    p.setLong(1, id);
                    p.setString(2, "row " + id);
                    assertThat(p.executeUpdate()).isEqualTo(1);
                }
            }
            try (PreparedStatement p = c.prepareStatement("SELECT name FROM plain WHERE id = ?")) {
                p.setLong(1, 2);
                try (ResultSet rs = p.executeQuery()) {
                    assertThat(rs.next()).isTrue();
                    assertThat(rs.getString(1)).isEqualTo("row 2");
                }
            }
        }
        assertThat(idsOn("db1", "plain")).containsExactly(2L);
        assertThat(idsOn("db2", "plain")).containsExactly(1L);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("drivers")
    void aRewrittenBatchLandsRowForRowOnTheShardOfEachId(JdbcDriver driver) throws SQLException {
        try (Connection c = connect(driver.with("rewriteBatchedStatements=true"));
                PreparedStatement p = c.prepareStatement("INSERT INTO plain (id, name) VALUES (?, ?)")) {
            for (long id = 1; id <= 7; id++) {
                p.setLong(1, id);
                p.setString(2, "b" + id);
                p.addBatch();
            }
            p.executeBatch();
        }
        assertThat(idsOn("db1", "plain")).containsExactly(2L, 4L, 6L);
        assertThat(idsOn("db2", "plain")).containsExactly(1L, 3L, 5L, 7L);
    }

    /**
     * Tessera fills the id from the sequence and reports the first id of the statement as the OK packet's last
     * insert id, like MySQL. Connector/J (every version) derives the keys of a multi-row insert from it, adding
     * auto_increment_increment (1) per row; MariaDB Connector/J 3 and 4 return that first id alone, as they do
     * against MariaDB directly.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("drivers")
    void generatedKeysAreTheSequenceIds(JdbcDriver driver) throws SQLException {
        long first = SEQUENCES.peek("ORDERS");
        try (Connection c = connect(driver); Statement s = c.createStatement()) {
            s.executeUpdate("INSERT INTO orders (name) VALUES ('one')", Statement.RETURN_GENERATED_KEYS);
            assertThat(keys(s)).containsExactly(first);
            s.executeUpdate("INSERT INTO orders (name) VALUES ('a'), ('b'), ('c')", Statement.RETURN_GENERATED_KEYS);
            if (driver.name().startsWith("mariadb")) {
                assertThat(keys(s)).containsExactly(first + 1);
            } else {
                assertThat(keys(s)).containsExactly(first + 1, first + 2, first + 3);
            }
        }
        assertThat(idsOn("db1", "orders")).hasSize(2);
        assertThat(idsOn("db2", "orders")).hasSize(2);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("drivers")
    void databaseMetaDataListsTheLogicalSchema(JdbcDriver driver) throws SQLException {
        try (Connection c = connect(driver)) {
            DatabaseMetaData meta = c.getMetaData();
            assertThat(column(meta.getTables("TESTDB", null, "%", new String[] {"TABLE"}), "TABLE_NAME"))
                    .contains("orders", "items", "plain");
            assertThat(column(meta.getColumns("TESTDB", null, "plain", "%"), "COLUMN_NAME"))
                    .containsExactly("id", "name");
            assertThat(column(meta.getPrimaryKeys("TESTDB", null, "plain"), "COLUMN_NAME")).containsExactly("id");
            assertThat(column(meta.getIndexInfo("TESTDB", null, "plain", false, false), "INDEX_NAME"))
                    .containsExactlyInAnyOrder("PRIMARY", "by_name");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("drivers")
    void sessionSettingsThenWritesAndTransactions(JdbcDriver driver) throws SQLException {
        try (Connection c = connect(driver)) {
            assertThat(c.isValid(2)).isTrue();
            c.setReadOnly(true);
            assertThat(Rows.fetchAll(c, "SELECT COUNT(*) FROM plain")).hasSize(1);
            assertWriteRefused(driver, c);
            c.setReadOnly(false);
            try (Statement s = c.createStatement()) {
                assertThat(s.executeUpdate("INSERT INTO plain (id, name) VALUES (10, 'after read-only')"))
                        .isEqualTo(1);
            }
            c.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
            assertThat(c.getTransactionIsolation()).isEqualTo(Connection.TRANSACTION_READ_COMMITTED);
            c.setAutoCommit(false);
            try (Statement s = c.createStatement()) {
                s.executeUpdate("INSERT INTO plain (id, name) VALUES (20, 'kept'), (21, 'kept')");
                c.commit();
                s.executeUpdate("INSERT INTO plain (id, name) VALUES (30, 'undone'), (31, 'undone')");
                c.rollback();
            }
            c.setAutoCommit(true);
        }
        assertThat(idsOn("db1", "plain")).containsExactly(10L, 20L);
        assertThat(idsOn("db2", "plain")).containsExactly(21L);
    }

    /**
     * Connector/J refuses a write on a read-only connection itself; MariaDB Connector/J sends SET SESSION
     * TRANSACTION READ ONLY, which Tessera passes on, so the data node refuses it (1792).
     */
    private static void assertWriteRefused(JdbcDriver driver, Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            if (driver.name().startsWith("mariadb")) {
                assertThatThrownBy(() -> s.executeUpdate("INSERT INTO plain (id, name) VALUES (40, 'read-only')"))
                        .isInstanceOf(SQLException.class)
                        .satisfies(e -> assertThat(((SQLException) e).getErrorCode()).isEqualTo(1792));
            } else {
                assertThatThrownBy(() -> s.executeUpdate("INSERT INTO plain (id, name) VALUES (40, 'read-only')"))
                        .isInstanceOf(SQLException.class)
                        .hasMessageContaining("Connection is read-only");
            }
        }
    }

    private static Connection connect(JdbcDriver driver) throws SQLException {
        return driver.connect("127.0.0.1", tessera.port(), "TESTDB", RunningTessera.USER, RunningTessera.PASSWORD);
    }

    private static List<Long> keys(Statement s) throws SQLException {
        List<Long> keys = new ArrayList<>();
        try (ResultSet rs = s.getGeneratedKeys()) {
            while (rs.next()) {
                keys.add(rs.getLong(1));
            }
        }
        return keys;
    }

    private static List<String> column(ResultSet rs, String label) throws SQLException {
        List<String> values = new ArrayList<>();
        try (rs) {
            while (rs.next()) {
                values.add(rs.getString(label));
            }
        }
        return values;
    }

    private static List<Long> idsOn(String db, String table) throws SQLException {
        List<Long> ids = new ArrayList<>();
        try (Connection c = tessera.dataHosts().connectDirect(tessera.database(db))) {
            for (List<Object> row : Rows.fetchAll(c, "SELECT id FROM " + table + " ORDER BY id")) {
                ids.add(((Number) row.get(0)).longValue());
            }
        }
        return ids;
    }
}
