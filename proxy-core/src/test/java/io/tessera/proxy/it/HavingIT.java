package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * HAVING over MIN and MAX of DATETIME, DATE, TIME, character and binary string values of groups spread over three
 * data nodes, through 8066, against the same rows in one plain MariaDB table: temporal values compare as temporal
 * (a string literal converted to the column's type), strings under the column's collation, trailing spaces and all.
 * What MySQL would read in a way Tessera does not (a number as a date, {@code '2024/01/01'}) is refused with 1235.
 */
@Tag("integration")
class HavingIT {

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/three-nodes");

    private static final String CREATE = "CREATE TABLE events (id BIGINT PRIMARY KEY, grp INT, ts DATETIME(3), d DATE,"
            + " t TIME, name VARCHAR(20) CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci,"
            + " code VARCHAR(10) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin, bin VARBINARY(8))";
    /** Every group but 4 spans the three nodes (id mod 3); group 4 is all NULLs. */
    private static final String ROWS = "INSERT INTO events VALUES"
            + " (1, 1, '2024-01-01 10:00:00.123', '2024-01-01', '10:00:00', 'apple', 'Apple', X'41'),"
            + " (2, 1, '2024-01-05 00:00:00', '2024-01-03', '-01:30:00', 'Apple ', 'apple', X'4100'),"
            + " (3, 1, NULL, NULL, '23:00:00', 'banana', 'b', NULL),"
            + " (4, 2, NULL, '2024-02-29', '838:59:59', 'café', 'Z', X'7F'),"
            + " (5, 2, NULL, '2024-02-01', '12:00:00', 'CAFE', 'z ', X''),"
            + " (6, 2, NULL, NULL, NULL, NULL, 'a ', X'00'),"
            + " (7, 3, '2023-12-31 23:59:59.999', '2023-12-31', '00:00:00', '', '', X'41'),"
            + " (8, 3, '2024-01-01 00:00:00', '2024-01-01', '09:59:59.5', ' ', ' ', X'42'),"
            + " (9, 4, NULL, NULL, NULL, NULL, NULL, NULL)";

    private static String plain;

    @BeforeAll
    static void loadTheSameRowsThroughTesseraAndIntoOnePlainTable() throws SQLException {
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            s.execute(CREATE);
            s.executeUpdate(ROWS);
        }
        plain = DataHosts.databaseName(HavingIT.class, "plain");
        tessera.dataHosts().createDatabase(plain);
        tessera.dataHosts().executeIn(plain, CREATE, ROWS);
    }

    @AfterAll
    static void dropThePlainTable() throws SQLException {
        if (plain != null) {
            tessera.dataHosts().dropDatabase(plain);
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
        "SELECT grp, MAX(ts) FROM events GROUP BY grp HAVING MAX(ts) IS NOT NULL ORDER BY grp",
        "SELECT grp FROM events GROUP BY grp HAVING MIN(ts) IS NULL ORDER BY grp",
        "SELECT grp FROM events GROUP BY grp HAVING MIN(d) > '2024-01-01' ORDER BY grp",
        "SELECT grp FROM events GROUP BY grp HAVING MIN(d) = '2024-01-01 00:00:00' ORDER BY grp",
        "SELECT grp FROM events GROUP BY grp HAVING MAX(d) < '2024-01-01 10:00' ORDER BY grp",
        "SELECT grp FROM events GROUP BY grp HAVING MAX(d) >= '2024-2-29' ORDER BY grp",
        "SELECT grp FROM events GROUP BY grp HAVING MAX(ts) BETWEEN '2024-01-01' AND '2024-01-05' ORDER BY grp",
        "SELECT grp FROM events GROUP BY grp HAVING MIN(ts) < DATE '2024-01-01' ORDER BY grp",
        "SELECT grp FROM events GROUP BY grp HAVING MAX(ts) >= TIMESTAMP '2024-01-05 00:00:00' ORDER BY grp",
        "SELECT grp FROM events GROUP BY grp HAVING MAX(ts) = '2024-01-01T00:00:00.000' ORDER BY grp",
        "SELECT grp, MAX(ts) AS last FROM events GROUP BY grp HAVING last > '2024-01-02' ORDER BY grp",
        "SELECT grp FROM events GROUP BY grp HAVING MAX(t) >= '10:00' ORDER BY grp",
        "SELECT grp FROM events GROUP BY grp HAVING MIN(t) < '-1:00' OR MAX(t) = TIME '838:59:59' ORDER BY grp",
        "SELECT grp FROM events GROUP BY grp HAVING MIN(t) <> '00:00:00.000' ORDER BY grp",
        "SELECT grp FROM events GROUP BY grp HAVING MIN(name) = 'apple ' ORDER BY grp",
        "SELECT grp FROM events GROUP BY grp HAVING MAX(name) > 'b' ORDER BY grp",
        "SELECT grp FROM events GROUP BY grp HAVING MIN(name) IN ('CAFÉ', '') ORDER BY grp",
        "SELECT grp FROM events GROUP BY grp HAVING MIN(name) < MAX(name) ORDER BY grp",
        "SELECT grp FROM events GROUP BY grp HAVING NOT (MIN(name) >= ' ') ORDER BY grp",
        "SELECT grp FROM events GROUP BY grp HAVING MIN(code) = 'Apple' ORDER BY grp",
        "SELECT grp FROM events GROUP BY grp HAVING MAX(code) = 'z' OR MIN(code) <=> '' ORDER BY grp",
        "SELECT grp FROM events GROUP BY grp HAVING MAX(bin) > 'A' ORDER BY grp",
        "SELECT grp FROM events GROUP BY grp HAVING MIN(bin) < MAX(bin) ORDER BY grp",
        "SELECT grp FROM events GROUP BY grp HAVING COUNT(*) > '2' ORDER BY grp",
        "SELECT MIN(id), COUNT(*) FROM events GROUP BY name HAVING name >= 'b' ORDER BY 1",
        "SELECT MIN(id) FROM events GROUP BY code HAVING code < 'a' ORDER BY 1",
        "SELECT COUNT(*) FROM events HAVING MAX(ts) > '2024-01-01' AND MIN(name) = ''",
    })
    void havingOverDatesTimesAndStringsAnswersAsOneTableWould(String sql) throws SQLException {
        List<List<Object>> expected;
        try (Connection direct = tessera.dataHosts().connectDirect(plain)) {
            expected = Rows.fetchAll(direct, sql);
        }
        try (Connection c = tessera.connect("TESTDB")) {
            assertThat(Rows.fetchAll(c, sql)).isEqualTo(expected);
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
        "SELECT grp FROM events GROUP BY grp HAVING MAX(ts) > 20240101",
        "SELECT grp FROM events GROUP BY grp HAVING MIN(d) > '2024/01/01'",
        "SELECT grp FROM events GROUP BY grp HAVING MAX(t) > '10'",
        "SELECT grp FROM events GROUP BY grp HAVING MIN(name) > 5",
        "SELECT grp FROM events GROUP BY grp HAVING MIN(name) = 'x' COLLATE utf8mb4_bin",
        "SELECT grp FROM events GROUP BY grp HAVING MIN(name) = _latin1'x'",
        "SELECT grp FROM events GROUP BY grp HAVING MIN(name) = MIN(code)",
    })
    void whatMysqlWouldReadAnotherWayIsRefusedAndTheSessionGoesOn(String sql) throws SQLException {
        try (Connection c = tessera.connect("TESTDB")) {
            assertThatThrownBy(() -> Rows.fetchAll(c, sql)).isInstanceOfSatisfying(SQLException.class, e -> {
                assertThat(e.getErrorCode()).isEqualTo(1235);
                assertThat(e.getSQLState()).isEqualTo("42000");
            });
            assertThat(Rows.fetchAll(c, "SELECT COUNT(*) FROM events")).containsExactly(List.of(9L));
        }
    }
}
