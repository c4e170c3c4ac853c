package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A sharding key bound as DOUBLE, DECIMAL or a string ({@code "10"}, {@code "10.0"}, {@code " 10"}, which MySQL
 * compares with the integer column as 10) finds (and changes) the same row as one bound as an integer,
 * through every JDBC driver, with client-side and server-side prepared statements: the value routes by what MySQL
 * compares, not by how the client typed it (orders sharded by id mod 2 over two data nodes).
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
