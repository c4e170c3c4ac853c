package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
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
import org.junit.jupiter.params.provider.ValueSource;

/**
 * LIMIT's parameters of a server-side prepared statement bound as DOUBLE or DECIMAL, as Node's mysql2 binds every
 * JS number ({@code execute('... LIMIT ?, ?', [10, 5])}): MariaDB takes 10.0 as 10, so Tessera must too, over
 * both shards (orders, id mod 2), on one shard and on the default node. Tessera inlines bound values into the
 * statement's text, where a DOUBLE reads {@code 10.0E0}: the router refused it as an offset (1235) and a data node
 * refuses it as SQL (1064).
 */
@Tag("integration")
class PreparedLimitIT {

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/catalog");

    @BeforeAll
    static void rows() throws SQLException {
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE orders (id BIGINT PRIMARY KEY, customer VARCHAR(20))");
            s.execute("CREATE TABLE plain (id BIGINT PRIMARY KEY)");
            s.executeUpdate("INSERT INTO orders VALUES (1, 'c1'), (2, 'c2'), (3, 'c3'), (4, 'c4'), (5, 'c5'),"
                    + " (6, 'c6')");
            s.executeUpdate("INSERT INTO plain VALUES (1), (2), (3), (4), (5), (6)");
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"DOUBLE", "DECIMAL", "BIGINT"})
    void limitBoundAsAnyNumberPagesLikeAnInteger(String type) throws SQLException {
        try (Connection c = DriverManager.getConnection(tessera.jdbcUrl("TESTDB")
                + "?useSSL=false&useServerPrepStmts=true", RunningTessera.USER, RunningTessera.PASSWORD)) {
            assertThat(ids(c, "SELECT id FROM orders ORDER BY id DESC LIMIT ?, ?", type, 1, 3))
                    .as("both shards, offset and count").containsExactly(5L, 4L, 3L);
            assertThat(ids(c, "SELECT id FROM orders ORDER BY id LIMIT ?", type, 2))
                    .as("both shards, count").containsExactly(1L, 2L);
            assertThat(ids(c, "SELECT id FROM orders WHERE id IN (2, 4, 6) ORDER BY id LIMIT ?, ?", type, 1, 1))
                    .as("one shard").containsExactly(4L);
            assertThat(ids(c, "SELECT id FROM plain ORDER BY id LIMIT ?, ?", type, 4, 5))
                    .as("default node").containsExactly(5L, 6L);
        }
    }

    private static List<Long> ids(Connection c, String sql, String type, long... limits) throws SQLException {
        List<Long> ids = new ArrayList<>();
        try (PreparedStatement select = c.prepareStatement(sql)) {
            for (int i = 0; i < limits.length; i++) {
                switch (type) {
                    case "DOUBLE" -> select.setDouble(i + 1, limits[i]);
                    case "DECIMAL" -> select.setBigDecimal(i + 1, new BigDecimal(limits[i] + ".0"));
                    default -> select.setLong(i + 1, limits[i]);
                }
            }
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    ids.add(rows.getLong(1));
                }
            }
        }
        return ids;
    }
}
