package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The statement-shape cache from outside: sysbench's read statements with random values, as text and as server-side
 * prepared statements through Connector/J, over {@code orders} sharded by id mod 2 on two databases, give exactly what
 * the same statements give on one plain MariaDB table, while {@code show @@cache} shows the shape cache serving most
 * of them without a parse; writes by shape change the same rows as on the plain table; DDL empties it.
 */
@Tag("integration")
class ShapeCacheIT {

    private static final Logger LOG = LogManager.getLogger(ShapeCacheIT.class);

    private static final int ROWS = 400;
    private static final String CREATE = "CREATE TABLE orders (id INT PRIMARY KEY, k INT NOT NULL,"
            + " c VARCHAR(40) NOT NULL, KEY k_1 (k))";
    /** sysbench oltp_read_only's statements; the ones without ORDER BY compared as sorted rows. */
    private static final List<String> READS = List.of(
            "SELECT c FROM orders WHERE id=%d",
            "SELECT c FROM orders WHERE id BETWEEN %d AND %d",
            "SELECT SUM(k) FROM orders WHERE id BETWEEN %d AND %d",
            "SELECT c FROM orders WHERE id BETWEEN %d AND %d ORDER BY c",
            "SELECT DISTINCT c FROM orders WHERE id BETWEEN %d AND %d ORDER BY c",
            "SELECT id, c FROM orders WHERE k = %d ORDER BY id LIMIT 5",
            "SELECT id FROM orders WHERE c = 'c%d' AND id IN (%d, %d)");

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/catalog");

    private static String plainDatabase;

    @BeforeAll
    static void tables() throws SQLException {
        StringBuilder insert = new StringBuilder("INSERT INTO orders VALUES ");
        for (int id = 1; id <= ROWS; id++) {
            insert.append(id == 1 ? "" : ",").append('(').append(id).append(',').append(id % 13).append(",'c")
                    .append(id % 50).append("')");
        }
        plainDatabase = PlainTwin.create(tessera, ShapeCacheIT.class, CREATE, insert.toString());
    }

    @AfterAll
    static void dropPlain() throws SQLException {
        if (plainDatabase != null) {
            tessera.dataHosts().dropDatabase(plainDatabase);
        }
    }

    @Test
    void readsByShapeAnswerAsOnePlainTableMostlyWithoutAParse() throws SQLException {
        long hitsBefore = shapeCache("HIT");
        long parsedBefore = parsed();
        int statements = 0;
        Random random = new Random(42);
        try (Connection text = tessera.connect("TESTDB");
                Connection prepared = DriverManager.getConnection(tessera.jdbcUrl("TESTDB")
                        + "?useServerPrepStmts=true&cachePrepStmts=true", RunningTessera.USER,
                        RunningTessera.PASSWORD);
                Connection plain = tessera.dataHosts().connectDirect(plainDatabase)) {
            for (int round = 0; round < 60; round++) {
                for (String shape : READS) {
                    Object[] values = values(shape, random);
                    String sql = String.format(shape, values);
                    List<String> expected = rows(plain, sql, shape);
                    assertThat(rows(text, sql, shape)).as(sql).isEqualTo(expected);
                    assertThat(preparedRows(prepared, shape, values)).as("prepared " + sql).isEqualTo(expected);
                    statements += 2;
                }
            }
        }
        long hits = shapeCache("HIT") - hitsBefore;
        long parses = parsed() - parsedBefore;
        LOG.warn("ShapeCacheIT: {} statements, {} served by their shape, {} parsed", statements, hits, parses);
        assertThat(hits).isGreaterThan(statements * 8L / 10);
        assertThat(parses).isLessThan(statements / 10);
    }

    @Test
    void writesByShapeChangeTheRowsThePlainTableChanges() throws SQLException {
        Random random = new Random(7);
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement();
                Connection plain = tessera.dataHosts().connectDirect(plainDatabase);
                Statement p = plain.createStatement()) {
            for (int i = 0; i < 120; i++) {
                int id = 1 + random.nextInt(ROWS);
                String sql = i % 3 == 0 ? "UPDATE orders SET k=k+1 WHERE id=" + id
                        : i % 3 == 1 ? "UPDATE orders SET c='w" + i + "' WHERE id=" + id
                        : "DELETE FROM orders WHERE id=" + (ROWS + 1 - id);
                assertThat(s.executeUpdate(sql)).as(sql).isEqualTo(p.executeUpdate(sql));
            }
            String all = "SELECT id, k, c FROM orders ORDER BY id";
            assertThat(rows(c, all + " LIMIT 1000", all)).isEqualTo(rows(plain, all, all));
        }
    }

    @Test
    void ddlEmptiesTheShapeCache() throws SQLException {
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            rows(c, "SELECT c FROM orders WHERE id=3", "");
            rows(c, "SELECT c FROM orders WHERE id=4", "");
            assertThat(shapeCache("CUR")).isPositive();
            s.execute("CREATE TABLE orders_other (id INT PRIMARY KEY)");
            assertThat(shapeCache("CUR")).isZero();
            s.execute("DROP TABLE orders_other");
        }
    }

    private static Object[] values(String shape, Random random) {
        int low = 1 + random.nextInt(ROWS - 100);
        return switch (shape.split("%d", -1).length - 1) {
            case 1 -> shape.contains("k =") ? new Object[] {random.nextInt(13)} : new Object[] {low};
            case 2 -> new Object[] {low, low + random.nextInt(100)};
            default -> new Object[] {low % 50, low, low + 1 + random.nextInt(50)};
        };
    }

    private static List<String> rows(Connection c, String sql, String shape) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            return read(rs, shape);
        }
    }

    private static List<String> preparedRows(Connection c, String shape, Object[] values) throws SQLException {
        String sql = shape.replace("'c%d'", "?").replace("%d", "?");
        try (PreparedStatement s = c.prepareStatement(sql)) {
            for (int i = 0; i < values.length; i++) {
                if (shape.contains("'c%d'") && i == 0) {
                    s.setString(1, "c" + values[0]);
                } else {
                    s.setInt(i + 1, (Integer) values[i]);
                }
            }
            try (ResultSet rs = s.executeQuery()) {
                return read(rs, shape);
            }
        }
    }

    /** The rows as text, sorted unless the statement orders them. */
    private static List<String> read(ResultSet rs, String shape) throws SQLException {
        List<String> rows = PlainTwin.rows(rs);
        if (!shape.contains("ORDER BY")) {
            rows.sort(null);
        }
        return rows;
    }

    private static long shapeCache(String column) throws SQLException {
        Map<String, String> row = AdminRows.of(tessera.adminPort(), "show @@cache").stream()
                .filter(r -> r.get("CACHE").equals("SQLShapeCache")).findFirst().orElseThrow();
        return Long.parseLong(row.get(column));
    }

    private static long parsed() throws SQLException {
        return AdminRows.of(tessera.adminPort(), "show @@parser").stream()
                .mapToLong(r -> Long.parseLong(r.get("PARSE_COUNT"))).sum();
    }
}
