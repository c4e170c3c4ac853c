package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongFunction;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A sharding key bound as DOUBLE, DECIMAL or a string ({@code "10"}, {@code "10.0"}, {@code " 10"}, which MySQL
 * compares with the integer column as 10) finds (and changes) the same row as one bound as an integer,
 * through every JDBC driver, with client-side and server-side prepared statements: the value routes by what MySQL
 * compares, not by how the client typed it (orders sharded by id mod 2 over two data nodes). A row inserted with its
 * key written or bound any way is either found by {@code WHERE id = <integer>} on the data node that integer places
 * it on, or refused with 1235 and written nowhere: a key that is no plain integer ({@code '10.0'}, {@code ' 10'},
 * {@code '1e1'}, 10.5) is refused, because which integer MySQL stores for it is the column's business.
 */
@Tag("integration")
class KeyBindingIT {

    private static final int ROWS = 10;

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/catalog");

    @BeforeAll
    static void orders() throws SQLException {
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE orders (id BIGINT PRIMARY KEY, customer VARCHAR(20), total DECIMAL(10,2))");
            for (int id = 1; id <= ROWS; id++) {
                s.executeUpdate("INSERT INTO orders VALUES (" + id + ", 'c" + id + "', 0)");
            }
        }
    }

    static Stream<Arguments> driversAndModes() {
        List<Arguments> cases = new ArrayList<>();
        for (JdbcDriver driver : JdbcDriver.all()) {
            cases.add(Arguments.of(driver, false));
            cases.add(Arguments.of(driver, true));
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0}, useServerPrepStmts={1}")
    @MethodSource("driversAndModes")
    void everyBindingOfTheKeyFindsTheRowAnIntegerFinds(JdbcDriver driver, boolean serverPrepared)
            throws SQLException {
        try (Connection c = connect(driver, serverPrepared);
                PreparedStatement select = c.prepareStatement("SELECT customer FROM orders WHERE id = ?");
                PreparedStatement update = c.prepareStatement("UPDATE orders SET total = total + 1 WHERE id = ?")) {
            for (long id = 1; id <= ROWS; id++) {
                String expected = "c" + id;
                for (Object key : List.of(id, (double) id, BigDecimal.valueOf(id), Long.toString(id),
                        new BigDecimal(id + ".0"), id + ".0", " " + id)) {
                    select.setObject(1, key);
                    assertThat(customers(select)).as("%s bound as %s", key, key.getClass().getSimpleName())
                            .containsExactly(expected);
                    update.setObject(1, key);
                    assertThat(update.executeUpdate()).as("UPDATE by %s %s", key.getClass().getSimpleName(), key)
                            .isEqualTo(1);
                }
            }
        }
    }

    /** A way of writing key {@code id} into an INSERT's text, and whether Tessera places it (or refuses it). */
    private record Written(String how, boolean placed, LongFunction<String> literal) {
    }

    /** A way of binding key {@code id} to an INSERT's parameter, and whether Tessera places it. */
    private record Bound(String how, boolean placed, LongFunction<Object> value) {
    }

    /** Keys of the rows the bound INSERTs write, one per row over every driver and mode. */
    private static final AtomicLong NEXT_ID = new AtomicLong(1000);

    private static final List<Written> WRITTEN = List.of(
            new Written("integer", true, id -> Long.toString(id)),
            new Written("integer string", true, id -> "'" + id + "'"),
            new Written("signed string", true, id -> "'+" + id + "'"),
            new Written("decimal without fraction", true, id -> id + ".0"),
            new Written("double without fraction", true, id -> id + "E0"),
            new Written("decimal string", false, id -> "'" + id + ".0'"),
            new Written("string with a leading space", false, id -> "' " + id + "'"),
            new Written("string with a trailing space", false, id -> "'" + id + " '"),
            new Written("exponent string", false, id -> "'" + id + "e0'"),
            new Written("decimal with fraction", false, id -> id + ".5"),
            new Written("double with fraction", false, id -> id + ".5E0"),
            new Written("string with fraction", false, id -> "'" + id + ".5'"));

    private static final List<Bound> BOUND = List.of(
            new Bound("long", true, id -> id),
            new Bound("double", true, id -> (double) id),
            new Bound("BigDecimal", true, BigDecimal::valueOf),
            new Bound("BigDecimal with scale", true, id -> new BigDecimal(id + ".0")),
            new Bound("integer String", true, Long::toString),
            new Bound("decimal String", false, id -> id + ".0"),
            new Bound("String with a leading space", false, id -> " " + id),
            new Bound("exponent String", false, id -> id + "e0"),
            new Bound("double with fraction", false, id -> id + 0.5),
            new Bound("BigDecimal with fraction", false, id -> new BigDecimal(id + ".5")));

    @Test
    void aKeyWrittenAnyWayIsFoundByItsIntegerOnItsNodeOrRefusedAndWrittenNowhere() throws SQLException {
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            long id = 100;
            for (Written key : WRITTEN) {
                id++;
                String sql = "INSERT INTO orders (id, customer, total) VALUES (" + key.literal().apply(id) + ", 'w"
                        + id + "', 0)";
                insertedOrRefused(key.how(), key.placed(), id, () -> s.executeUpdate(sql));
            }
        }
    }

    @ParameterizedTest(name = "{0}, useServerPrepStmts={1}")
    @MethodSource("driversAndModes")
    void aKeyBoundAnyWayIsFoundByItsIntegerOnItsNodeOrRefusedAndWrittenNowhere(JdbcDriver driver,
            boolean serverPrepared) throws SQLException {
        try (Connection c = connect(driver, serverPrepared);
                PreparedStatement insert = c.prepareStatement(
                        "INSERT INTO orders (id, customer, total) VALUES (?, ?, 0)")) {
            for (Bound key : BOUND) {
                long id = NEXT_ID.incrementAndGet();
                insert.setObject(1, key.value().apply(id));
                insert.setString(2, "w" + id);
                insertedOrRefused(driver + " " + key.how(), key.placed(), id, insert::executeUpdate);
            }
        }
    }

    /** REPLACE, ON DUPLICATE KEY UPDATE, INSERT ... SET and a multi-row INSERT with one such key are refused whole. */
    @Test
    void aStatementWithOneKeyThatIsNoPlainIntegerWritesNoRow() throws SQLException {
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            insertedOrRefused("multi-row", false, 92, () -> s.executeUpdate(
                    "INSERT INTO orders (id, customer, total) VALUES (91, 'w91', 0), ('92.0', 'w92', 0)"));
            assertThat(rowsByCustomer("w91")).as("the plain row of the refused INSERT").isEqualTo(List.of(0, 0));
            insertedOrRefused("REPLACE", false, 93, () -> s.executeUpdate(
                    "REPLACE INTO orders (id, customer, total) VALUES (' 93', 'w93', 0)"));
            insertedOrRefused("ON DUPLICATE KEY UPDATE", false, 94, () -> s.executeUpdate(
                    "INSERT INTO orders (id, customer, total) VALUES ('94.0', 'w94', 0)"
                            + " ON DUPLICATE KEY UPDATE total = total + 1"));
            insertedOrRefused("INSERT ... SET", false, 95, () -> s.executeUpdate(
                    "INSERT INTO orders SET id = '9.5e1', customer = 'w95', total = 0"));
        }
    }

    private interface Insert {
        int run() throws SQLException;
    }

    /**
     * Runs an INSERT of the row with customer {@code w<id>} twice, the same text both times, so that the second may
     * take the first's plan from the route cache (a placed row is deleted in between): when {@code placed}, it writes
     * one row, which Tessera finds by {@code WHERE id = <id>} and which lies on the node id mod 2 gives (dn1 for even
     * ids); otherwise it is refused with 1235 and no data node holds the row.
     */
    private static void insertedOrRefused(String how, boolean placed, long id, Insert insert) throws SQLException {
        insertedOrRefusedOnce(how, placed, id, insert);
        if (placed) {
            try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
                assertThat(s.executeUpdate("DELETE FROM orders WHERE id = " + id)).as(how).isEqualTo(1);
            }
        }
        insertedOrRefusedOnce(how + ", again", placed, id, insert);
    }

    private static void insertedOrRefusedOnce(String how, boolean placed, long id, Insert insert)
            throws SQLException {
        String customer = "w" + id;
        if (placed) {
            assertThat(insert.run()).as(how).isEqualTo(1);
            try (Connection c = tessera.connect("TESTDB");
                    PreparedStatement select = c.prepareStatement("SELECT customer FROM orders WHERE id = ?")) {
                select.setLong(1, id);
                assertThat(customers(select)).as("%s: found by WHERE id = %d", how, id).containsExactly(customer);
            }
            assertThat(rowsByCustomer(customer)).as("%s: rows on dn1, dn2", how)
                    .isEqualTo(id % 2 == 0 ? List.of(1, 0) : List.of(0, 1));
        } else {
            assertThatThrownBy(insert::run).as(how).isInstanceOfSatisfying(SQLException.class, e -> {
                assertThat(e.getErrorCode()).as(how).isEqualTo(1235);
                assertThat(e.getMessage()).as(how).contains("sharding column id of TESTDB.orders",
                        "write the key as a plain integer");
            });
            assertThat(rowsByCustomer(customer)).as("%s: rows on dn1, dn2", how).isEqualTo(List.of(0, 0));
        }
    }

    /** How many rows with {@code customer} each data node holds, asked of the data nodes directly: [dn1, dn2]. */
    private static List<Integer> rowsByCustomer(String customer) throws SQLException {
        List<Integer> counts = new ArrayList<>();
        for (String database : List.of("db1", "db2")) {
            try (Connection c = tessera.dataHosts().connectDirect(tessera.database(database));
                    PreparedStatement count = c.prepareStatement("SELECT COUNT(*) FROM orders WHERE customer = ?")) {
                count.setString(1, customer);
                try (ResultSet rows = count.executeQuery()) {
                    rows.next();
                    counts.add(rows.getInt(1));
                }
            }
        }
        return counts;
    }

    private static Connection connect(JdbcDriver driver, boolean serverPrepared) throws SQLException {
        Properties props = new Properties();
        props.setProperty("user", RunningTessera.USER);
        props.setProperty("password", RunningTessera.PASSWORD);
        props.setProperty("useServerPrepStmts", Boolean.toString(serverPrepared));
        return driver.driver().connect(driver.urlPrefix() + "127.0.0.1:" + tessera.port() + "/TESTDB"
                + driver.options(), props);
    }

    private static List<String> customers(PreparedStatement select) throws SQLException {
        List<String> customers = new ArrayList<>();
        try (ResultSet rows = select.executeQuery()) {
            while (rows.next()) {
                customers.add(rows.getString(1));
            }
        }
        return customers;
    }
}
