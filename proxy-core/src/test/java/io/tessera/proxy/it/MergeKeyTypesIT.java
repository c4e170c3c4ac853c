package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Collation weights only for string sort keys, from outside: once a merge has seen that a sort key of a statement's
 * shape is no string, the data nodes are no longer asked for its weight, and the merged rows stay exactly those of one
 * plain MariaDB table, as text and as server-side prepared statements. A key whose type is changed behind Tessera's
 * back is refused once (1235), then planned anew and merged right.
 */
@Tag("integration")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class MergeKeyTypesIT {

    private static final int ROWS = 300;
    private static final String CREATE = "CREATE TABLE orders (id INT PRIMARY KEY, k INT NOT NULL, c VARCHAR(20)"
            + " NOT NULL, d DATE NOT NULL)";
    /** Statements whose sort keys are numbers, dates or strings, each with two values. */
    private static final List<String> READS = List.of(
            "SELECT id, k, c FROM orders WHERE k BETWEEN %d AND %d ORDER BY k DESC, id LIMIT 20",
            "SELECT k, COUNT(*), MAX(c) FROM orders WHERE id BETWEEN %d AND %d GROUP BY k ORDER BY k",
            "SELECT c, k FROM orders WHERE id BETWEEN %d AND %d ORDER BY c, k LIMIT 30",
            "SELECT DISTINCT d FROM orders WHERE id BETWEEN %d AND %d ORDER BY d DESC");

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/catalog");

    private static String plainDatabase;

    @BeforeAll
    static void tables() throws SQLException {
        StringBuilder insert = new StringBuilder("INSERT INTO orders VALUES ");
        for (int id = 1; id <= ROWS; id++) {
            insert.append(id == 1 ? "" : ",").append('(').append(id).append(',').append(id * 7 % 40).append(",'")
                    .append(id % 3 == 0 ? "B" : "a").append(id % 9).append("','2024-01-")
                    .append(1 + id % 28).append("')");
        }
        plainDatabase = PlainTwin.create(tessera, MergeKeyTypesIT.class, CREATE, insert.toString());
    }

    @AfterAll
    static void dropPlain() throws SQLException {
        if (plainDatabase != null) {
            tessera.dataHosts().dropDatabase(plainDatabase);
        }
    }

    @Test
    @Order(1)
    void keysSeenToBeNoStringsAreMergedWithoutWeightsAndAnswerAsOnePlainTable() throws SQLException {
        Random random = new Random(11);
        try (Connection text = tessera.connect("TESTDB");
                Connection prepared = DriverManager.getConnection(tessera.jdbcUrl("TESTDB")
                        + "?useServerPrepStmts=true&cachePrepStmts=true", RunningTessera.USER,
                        RunningTessera.PASSWORD);
                Connection plain = tessera.dataHosts().connectDirect(plainDatabase)) {
            for (int round = 0; round < 25; round++) {
                for (String shape : READS) {
                    int low = random.nextInt(round % 5 == 0 ? 3 : ROWS / 2); // a few texts come again
                    int high = low + random.nextInt(ROWS / 2);
                    String sql = String.format(shape, low, high);
                    List<String> expected = PlainTwin.rows(plain, sql);
                    assertThat(PlainTwin.rows(text, sql)).as(sql).isEqualTo(expected);
                    assertThat(preparedRows(prepared, shape, low, high)).as("prepared " + sql).isEqualTo(expected);
                }
            }
            assertThat(nodeSql(text, String.format(READS.get(0), 3, 9))).doesNotContain("WEIGHT_STRING");
            assertThat(nodeSql(text, String.format(READS.get(1), 3, 9))).doesNotContain("WEIGHT_STRING(k)")
                    .contains("WEIGHT_STRING(MAX(c))");
            assertThat(nodeSql(text, String.format(READS.get(2), 3, 9))).contains("WEIGHT_STRING(c)")
                    .doesNotContain("WEIGHT_STRING(k)");
            assertThat(nodeSql(text, String.format(READS.get(3), 3, 9))).doesNotContain("WEIGHT_STRING");
            assertThat(nodeSql(text, "SELECT id FROM orders WHERE k > 3 ORDER BY id LIMIT 5"))
                    .contains("WEIGHT_STRING(id)"); // a shape not run yet
        }
    }

    @Test
    @Order(2)
    void aKeyWhoseTypeChangedBehindTesseraIsRefusedOnceThenMergedAsAString() throws SQLException {
        String shape = READS.get(0);
        try (Connection c = tessera.connect("TESTDB"); Connection plain = tessera.dataHosts().connectDirect(
                plainDatabase)) {
            PlainTwin.rows(c, String.format(shape, 1, 30));
            assertThat(nodeSql(c, String.format(shape, 2, 30))).doesNotContain("WEIGHT_STRING");
            String alter = "ALTER TABLE orders MODIFY k VARCHAR(10) NOT NULL";
            tessera.dataHosts().executeIn(tessera.database("db1"), alter);
            tessera.dataHosts().executeIn(tessera.database("db2"), alter);
            tessera.dataHosts().executeIn(plainDatabase, alter);

            String sql = String.format(shape, 3, 30);
            assertThatThrownBy(() -> PlainTwin.rows(c, sql))
                    .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(1235))
                    .hasMessageContaining("sort key k was planned as no string")
                    .hasMessageContaining("run the statement again");
            List<String> expected = PlainTwin.rows(plain, sql);
            assertThat(expected.get(0)).matches("\\d+\\|9\\|.*"); // '9' > '39' as strings
            assertThat(PlainTwin.rows(c, sql)).isEqualTo(expected);
            assertThat(nodeSql(c, sql)).contains("WEIGHT_STRING(k)");
        }
    }

    /** The SQL the first data node would run, by EXPLAIN. */
    private static String nodeSql(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("EXPLAIN " + sql)) {
            assertThat(rs.next()).isTrue();
            return rs.getString("SQL");
        }
    }

    private static List<String> preparedRows(Connection c, String shape, int low, int high) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(shape.replace("%d", "?"))) {
            s.setInt(1, low);
            s.setInt(2, high);
            try (ResultSet rs = s.executeQuery()) {
                return PlainTwin.rows(rs);
            }
        }
    }
}
