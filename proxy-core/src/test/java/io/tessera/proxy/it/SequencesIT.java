package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.proxy.sequence.MemorySequences;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Global sequences in statements, over real TCP against MariaDB data nodes: {@code next value for MYCATSEQ_<NAME>}
 * in VALUES and SELECT, and the ids of {@code autoIncrement="true"} tables (orders from ORDERS, items from GLOBAL),
 * which decide the shard (id mod 2: even ids on dn1, odd on dn2) and come back as the drivers' generated keys.
 */
@Tag("integration")
class SequencesIT {

    private static final MemorySequences SEQUENCES = new MemorySequences()
            .with("ORDERS", 1000)
            .with("GLOBAL", 1)
            .with("X", 500)
            .with("SHORT", 1, 2);

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/sequences").withSequences(SEQUENCES);

    @BeforeAll
    static void createTables() throws SQLException {
        for (String db : List.of("db1", "db2")) {
            tessera.dataHosts().executeIn(tessera.database(db),
                    "CREATE TABLE orders (id BIGINT PRIMARY KEY, name VARCHAR(40))",
                    "CREATE TABLE items (id BIGINT PRIMARY KEY, name VARCHAR(40))",
                    "CREATE TABLE plain (id BIGINT PRIMARY KEY, name VARCHAR(40))");
        }
    }

    @BeforeEach
    void emptyTables() throws SQLException {
        for (String db : List.of("db1", "db2")) {
            tessera.dataHosts().executeIn(tessera.database(db), "DELETE FROM orders", "DELETE FROM items",
                    "DELETE FROM plain");
        }
    }

    @Test
    void insertsWithoutTheKeyTakeConsecutiveIdsThatPlaceEachRowOnItsShard() throws SQLException {
        long first = SEQUENCES.peek("ORDERS");
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            assertThat(s.executeUpdate("insert into orders (name) values ('one')")).isEqualTo(1);
            assertThat(s.executeUpdate("insert into orders (name) values ('two'), ('three'), ('four')")).isEqualTo(3);
            assertThat(s.executeUpdate("insert into orders (name) values ('one')")).isEqualTo(1); // same text, new id
        }
        assertThat(idsOn("db1", "orders")).containsExactly(first, first + 2, first + 4);
        assertThat(idsOn("db2", "orders")).containsExactly(first + 1, first + 3);
        assertThat(namesOn("orders", first, first + 4)).containsExactly("one", "two", "three", "four", "one");
    }

    @Test
    void aTableWithoutASequenceOfItsNameTakesGlobalsIdsAndAGivenKeyIsLeftAlone() throws SQLException {
        long first = SEQUENCES.peek("GLOBAL");
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            s.executeUpdate("insert into items (name) values ('a'), ('b')");
            s.executeUpdate("insert into items (id, name) values (77, 'given')");
        }
        assertThat(SEQUENCES.peek("GLOBAL")).isEqualTo(first + 2);
        assertThat(idsOn("db1", "items")).contains(first % 2 == 0 ? first : first + 1);
        assertThat(idsOn("db2", "items")).contains(77L);
    }

    /** MySQL's AUTO_INCREMENT generates a key given as NULL, DEFAULT or 0 (sysbench's oltp_insert inserts id 0). */
    @Test
    void aKeyGivenAsNullDefaultOrZeroIsTakenFromTheSequence() throws SQLException {
        long first = SEQUENCES.peek("ORDERS");
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            assertThat(s.executeUpdate("insert into orders (id, name) values (0, 'zero'), (null, 'null'),"
                    + " (default, 'default'), (5, 'five')")).isEqualTo(4);
            assertThat(single(s, "select last_insert_id()")).isEqualTo(first);
            try (PreparedStatement insert = c.prepareStatement("insert into orders (id, name) values (?, 'bound')")) {
                insert.setLong(1, 0);
                insert.executeUpdate();
            }
            s.execute("set sql_mode = 'NO_AUTO_VALUE_ON_ZERO'");
            s.executeUpdate("insert into orders (id, name) values (0, 'kept')"); // as MySQL: 0 is a value now
        }
        assertThat(namesOn("orders", first, first + 3)).containsExactly("zero", "null", "default", "bound");
        assertThat(idsOn("db2", "orders")).contains(5L);
        assertThat(idsOn("db1", "orders")).contains(0L);
        assertThat(SEQUENCES.peek("ORDERS")).isEqualTo(first + 4);
    }

    static List<JdbcDriver> drivers() {
        return JdbcDriver.all();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("drivers")
    void theFirstIdIsTheGeneratedKeyAndLastInsertId(JdbcDriver driver) throws SQLException {
        try (Connection c = driver.connect("127.0.0.1", tessera.port(), "TESTDB", RunningTessera.USER,
                RunningTessera.PASSWORD); Statement s = c.createStatement()) {
            long first = SEQUENCES.peek("ORDERS");
            s.executeUpdate("insert into orders (name) values ('k1'), ('k2'), ('k3')", Statement.RETURN_GENERATED_KEYS);
            List<Long> keys = keys(s.getGeneratedKeys());
            if (driver.name().startsWith("mariadb")) {
                // MariaDB Connector/J 3 reports only the OK packet's last_insert_id: the first key of the statement
                assertThat(keys).containsExactly(first);
            } else {
                // Connector/J counts the keys from the first, one per row (auto_increment_increment is 1)
                assertThat(keys).containsExactly(first, first + 1, first + 2);
            }
            assertThat(single(s, "select last_insert_id()")).isEqualTo(first);
            s.executeUpdate("insert into plain (id, name) values (3, 'explicit')");
            assertThat(single(s, "select last_insert_id()")).isEqualTo(first); // a given key changes nothing
        }
    }

    @Test
    void nextValueForInValuesGivesEachRowItsIdAndStringsKeepTheirText() throws SQLException {
        long first = SEQUENCES.peek("X");
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            s.executeUpdate("insert into plain (id, name) values (next value for MYCATSEQ_X, 'next value for"
                    + " MYCATSEQ_X'), (NEXT VALUE FOR mycatseq_x /* next value for MYCATSEQ_X */, 'b')");
        }
        assertThat(namesOn("plain", first, first + 1)).containsExactly("next value for MYCATSEQ_X", "b");
        assertThat(SEQUENCES.peek("X")).isEqualTo(first + 2);
    }

    @Test
    void selectNextValueForIsAnsweredByTesseraWithoutASchema() throws SQLException {
        long first = SEQUENCES.peek("X");
        try (Connection c = tessera.connect(null); Statement s = c.createStatement()) {
            assertThat(single(s, "select next value for MYCATSEQ_X")).isEqualTo(first);
            try (ResultSet rs = s.executeQuery("SELECT next value for MYCATSEQ_X, NEXT VALUE FOR mycatseq_global")) {
                assertThat(rs.getMetaData().getColumnLabel(1)).isEqualTo("next value for MYCATSEQ_X");
                assertThat(rs.getMetaData().getColumnLabel(2)).isEqualTo("NEXT VALUE FOR mycatseq_global");
                assertThat(rs.next()).isTrue();
                assertThat(rs.getLong(1)).isEqualTo(first + 1);
                assertThat(rs.next()).isFalse();
            }
        }
    }

    @Test
    void serverPreparedStatementsTakeFreshIdsOnEachExecute() throws SQLException {
        long order = SEQUENCES.peek("ORDERS");
        long x = SEQUENCES.peek("X");
        try (Connection c = DriverManager.getConnection(tessera.jdbcUrl("TESTDB") + "?useServerPrepStmts=true",
                RunningTessera.USER, RunningTessera.PASSWORD);
                PreparedStatement keyless = c.prepareStatement("insert into orders (name) values (?)",
                        Statement.RETURN_GENERATED_KEYS);
                PreparedStatement called = c.prepareStatement(
                        "insert into plain (id, name) values (next value for MYCATSEQ_X, ?)")) {
            for (int i = 0; i < 2; i++) {
                keyless.setString(1, "p" + i);
                assertThat(keyless.executeUpdate()).isEqualTo(1);
                assertThat(keys(keyless.getGeneratedKeys())).containsExactly(order + i);
                called.setString(1, "q" + i);
                assertThat(called.executeUpdate()).isEqualTo(1);
            }
        }
        assertThat(namesOn("orders", order, order + 1)).containsExactly("p0", "p1");
        assertThat(namesOn("plain", x, x + 1)).containsExactly("q0", "q1");
    }

    @Test
    void aMultiStatementTextTakesItsIdsOnceAndEachStatementAnswersWithItsOwn() throws SQLException {
        long x = SEQUENCES.peek("X");
        long order = SEQUENCES.peek("ORDERS");
        String text = "insert into plain (id, name) values (next value for MYCATSEQ_X, 'm1');"
                + " insert into orders (name) values ('m2'), ('m3')";
        try (Connection c = DriverManager.getConnection(tessera.jdbcUrl("TESTDB") + "?allowMultiQueries=true",
                RunningTessera.USER, RunningTessera.PASSWORD); Statement s = c.createStatement()) {
            for (int i = 0; i < 2; i++) {
                assertThat(s.execute(text)).isFalse();
                assertThat(s.getUpdateCount()).isEqualTo(1);
                assertThat(s.getMoreResults()).isFalse();
                assertThat(s.getUpdateCount()).isEqualTo(2);
                assertThat(single(s, "select last_insert_id()")).isEqualTo(order + 2L * i);
            }
        }
        assertThat(namesOn("plain", x, x + 1)).containsExactly("m1", "m1");
        assertThat(namesOn("orders", order, order + 3)).containsExactly("m2", "m3", "m2", "m3");
    }

    @Test
    void anUnknownOrRunOutSequenceFailsTheStatementAndNothingIsInserted() throws SQLException {
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            assertThatThrownBy(() -> s.executeUpdate("insert into plain (id, name) values"
                    + " (next value for MYCATSEQ_NOPE, 'a')"))
                    .isInstanceOfSatisfying(SQLException.class, e -> {
                        assertThat(e.getErrorCode()).isEqualTo(4091);
                        assertThat(e.getMessage()).contains("NOPE");
                    });
            assertThatThrownBy(() -> s.executeUpdate("insert into plain (id, name) values"
                    + " (next value for MYCATSEQ_SHORT, 'a'), (next value for MYCATSEQ_SHORT, 'b'),"
                    + " (next value for MYCATSEQ_SHORT, 'c')"))
                    .isInstanceOfSatisfying(SQLException.class, e -> {
                        assertThat(e.getErrorCode()).isEqualTo(4084);
                        assertThat(e.getMessage()).contains("SHORT");
                    });
            assertThat(single(s, "select 1")).isEqualTo(1); // the connection lives on
        }
        assertThat(idsOn("db1", "plain")).isEmpty();
        assertThat(idsOn("db2", "plain")).isEmpty();
    }

    @Test
    void insertSelectThatWouldNeedIdsPerSelectedRowIsRefused() throws SQLException {
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            s.executeUpdate("insert into plain (id, name) values (2, 'a'), (3, 'b')");
            assertThatThrownBy(() -> s.executeUpdate("insert into orders (name) select name from plain"))
                    .isInstanceOfSatisfying(SQLException.class, e -> {
                        assertThat(e.getErrorCode()).isEqualTo(1235);
                        assertThat(e.getMessage()).contains("orders").contains("id");
                    });
            assertThatThrownBy(() -> s.executeUpdate("insert into plain (id, name)"
                    + " select next value for MYCATSEQ_X, name from plain"))
                    .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(1235));
        }
        assertThat(idsOn("db1", "orders")).isEmpty();
        assertThat(idsOn("db2", "orders")).isEmpty();
        assertThat(idsOn("db1", "plain")).containsExactly(2L);
    }

    @Test
    void aKeylessInsertRoutedFromAShortenedTextIsRefusedRatherThanLosingItsLongValues() throws SQLException {
        String huge = "insert into orders (name) values ('" + "a".repeat(300_000) + "')";
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            assertThatThrownBy(() -> s.executeUpdate(huge))
                    .isInstanceOfSatisfying(SQLException.class, e -> {
                        assertThat(e.getErrorCode()).isEqualTo(1235);
                        assertThat(e.getMessage()).contains("give the key");
                    });
        }
        assertThat(idsOn("db1", "orders")).isEmpty();
        assertThat(idsOn("db2", "orders")).isEmpty();
    }

    private static List<Long> idsOn(String db, String table) throws SQLException {
        try (Connection c = tessera.dataHosts().connectDirect(tessera.database(db)); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("select id from " + table + " order by id")) {
            List<Long> ids = new ArrayList<>();
            while (rs.next()) {
                ids.add(rs.getLong(1));
            }
            return ids;
        }
    }

    /** The names of the rows with ids {@code from} to {@code to}, in id order, from both data nodes. */
    private static List<String> namesOn(String table, long from, long to) throws SQLException {
        List<String> names = new ArrayList<>();
        for (long id = from; id <= to; id++) {
            String db = id % 2 == 0 ? "db1" : "db2";
            try (Connection c = tessera.dataHosts().connectDirect(tessera.database(db));
                    Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("select name from " + table + " where id = " + id)) {
                names.add(rs.next() ? rs.getString(1) : null);
            }
        }
        return names;
    }

    private static List<Long> keys(ResultSet rs) throws SQLException {
        try (rs) {
            List<Long> keys = new ArrayList<>();
            while (rs.next()) {
                keys.add(rs.getLong(1));
            }
            return keys;
        }
    }

    private static long single(Statement s, String sql) throws SQLException {
        try (ResultSet rs = s.executeQuery(sql)) {
            assertThat(rs.next()).isTrue();
            return rs.getLong(1);
        }
    }
}
