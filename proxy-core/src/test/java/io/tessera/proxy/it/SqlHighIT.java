package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code show @@sql.high}, {@code show @@sql.large} and {@code show @@sql.resultset} over real TCP and Connector/J:
 * known statements on dn1 by user test, and the counts, rows and sizes the admin port reports checked exactly; and
 * {@code show @@parser}, {@code show @@router} and {@code show @@cache}'s counts of new and repeated statements.
 */
class SqlHighIT {

    private static final Logger LOG = LogManager.getLogger(SqlHighIT.class);

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/sql-stat");

    private static final int BIG_ROWS = 12_000;
    private static final String WIDE = "x".repeat(50);
    private static final String ALL_WIDE = "select id, v from high_big";          // 12,000 rows, about 700 KB
    private static final String FIRST_10000 = "select id, v from high_big where id <= 10000"; // about 600 KB
    private static final String ALL_NARROW = "select id from high_big";           // 12,000 rows, about 130 KB

    @BeforeAll
    static void createTheTables() throws SQLException {
        StringBuilder insert = new StringBuilder("INSERT INTO high_big VALUES ");
        for (int id = 1; id <= BIG_ROWS; id++) {
            insert.append(id == 1 ? "" : ",").append('(').append(id).append(", '").append(WIDE).append("')");
        }
        tessera.dataHosts().executeIn(tessera.database("db1"),
                "CREATE TABLE high_t (id INT PRIMARY KEY, v VARCHAR(20))",
                "INSERT INTO high_t VALUES (1, 'one'), (2, 'two')",
                "CREATE TABLE high_big (id INT PRIMARY KEY, v VARCHAR(60))", insert.toString());
    }

    @Test
    void reportsFrequencyRowsAndBigAnswersOfAKnownWorkload() throws Exception {
        assertThat(adminUpdate("reload @@sqlstat=open")).isEqualTo(1);
        try (Connection test = tessera.connect("TESTDB"); Statement s = test.createStatement()) {
            admin("show @@sql.high true"); // the connection's own set-up statements, if any reached a node
            admin("show @@sql.large true");
            admin("show @@sql.resultset true");
            for (int i = 0; i < 25; i++) {
                assertThat(count(s, "select v from high_t where id = 1")).isEqualTo(1);
            }
            for (int i = 0; i < 5; i++) {
                assertThat(count(s, "select v from high_t where id = 2")).isEqualTo(1);
            }
            assertThat(count(s, ALL_WIDE)).isEqualTo(BIG_ROWS);
            assertThat(count(s, ALL_WIDE)).isEqualTo(BIG_ROWS);
            assertThat(count(s, FIRST_10000)).isEqualTo(10_000);
            assertThat(count(s, ALL_NARROW)).isEqualTo(BIG_ROWS);

            List<Map<String, String>> high = admin("show @@sql.high");
            LOG.warn("SqlHighIT: show @@sql.high " + high);
            assertThat(high).extracting(r -> r.get("USER") + " " + r.get("FREQUENCY") + " " + r.get("SQL"))
                    .containsExactly("test 30 select v from high_t where id = ?", // one row for both values
                            "test 2 " + ALL_WIDE, "test 1 " + ALL_NARROW,
                            "test 1 " + FIRST_10000.replace("10000", "?"));
            assertThat(high.get(0)).containsEntry("ID", "1").containsEntry("IP", "127.0.0.1");
            long min = Long.parseLong(high.get(0).get("MIN_TIME"));
            assertThat(Long.parseLong(high.get(0).get("AVG_TIME"))).isBetween(min,
                    Long.parseLong(high.get(0).get("MAX_TIME")));

            List<Map<String, String>> large = admin("show @@sql.large");
            LOG.warn("SqlHighIT: show @@sql.large " + large);
            assertThat(large).extracting(r -> r.get("USER") + " " + r.get("ROWS") + " " + r.get("SQL"))
                    .containsExactlyInAnyOrder("test 12000 " + ALL_WIDE, "test 12000 " + ALL_WIDE,
                            "test 12000 " + ALL_NARROW); // 10,000 rows is not more than MyCat's 10,000

            List<Map<String, String>> big = admin("show @@sql.resultset");
            LOG.warn("SqlHighIT: show @@sql.resultset " + big);
            assertThat(big).extracting(r -> r.get("FREQUENCY") + " " + r.get("SQL"))
                    .containsExactly("2 " + ALL_WIDE, "1 " + FIRST_10000);
            for (Map<String, String> row : big) {
                assertThat(Long.parseLong(row.get("RESULTSET_SIZE"))).isBetween(512L * 1024, 1024L * 1024);
            }

            assertThat(admin("show @@sql.high true")).hasSize(4);
            assertThat(admin("show @@sql.high")).isEmpty();
            assertThat(admin("show @@sql.large true")).hasSize(3);
            assertThat(admin("show @@sql.large")).isEmpty();
            assertThat(admin("show @@sql.resultset true")).hasSize(2);
            assertThat(admin("show @@sql.resultset")).isEmpty();
        }
    }

    @Test
    void parserRouterAndCacheCountTheStatementsOfEachKind() throws Exception {
        try (Connection test = tessera.connect("TESTDB"); Statement s = test.createStatement()) {
            Map<String, Long> parserBefore = totals(admin("show @@parser"));
            Map<String, Long> routerBefore = totals(admin("show @@router"));
            Map<String, String> routeCacheBefore = routeCache();
            for (int i = 0; i < 10; i++) {
                count(s, "select v as v" + i + " from high_t"); // new texts: parsed and routed
            }
            for (int i = 0; i < 5; i++) {
                count(s, "select v as v0 from high_t"); // planned before: from the route cache
            }
            List<Map<String, String>> parser = admin("show @@parser");
            List<Map<String, String>> router = admin("show @@router");
            LOG.warn("SqlHighIT: show @@parser " + parser + ", show @@router " + router);
            Map<String, Long> parsed = totals(parser);
            Map<String, Long> routed = totals(router);
            assertThat(parsed.get("PARSE_COUNT") - parserBefore.get("PARSE_COUNT")).isEqualTo(10);
            assertThat(parsed.get("CACHED_COUNT") - parserBefore.get("CACHED_COUNT")).isEqualTo(5);
            assertThat(routed.get("ROUTE_COUNT") - routerBefore.get("ROUTE_COUNT")).isEqualTo(10);
            assertThat(parser).extracting(r -> r.get("PROCESSOR_NAME"))
                    .allMatch(name -> name.startsWith("Processor"));
            assertThat(Long.parseLong(parser.get(0).get("CACHE_SIZE"))).isGreaterThanOrEqualTo(10);

            Map<String, String> routeCache = routeCache();
            LOG.warn("SqlHighIT: show @@cache " + admin("show @@cache"));
            assertThat(delta(routeCacheBefore, routeCache, "ACCESS")).isEqualTo(15);
            assertThat(delta(routeCacheBefore, routeCache, "HIT")).isEqualTo(5);
            assertThat(delta(routeCacheBefore, routeCache, "PUT")).isEqualTo(10);
            assertThat(admin("show @@cache")).extracting(r -> r.get("CACHE"))
                    .containsExactly("SQLRouteCache", "ER_SQL2PARENTID", "TableColumnOrderCache", "SQLShapeCache");
        }
    }

    private static Map<String, String> routeCache() throws SQLException {
        return admin("show @@cache").stream().filter(r -> r.get("CACHE").equals("SQLRouteCache")).findFirst()
                .orElseThrow();
    }

    private static long delta(Map<String, String> before, Map<String, String> after, String column) {
        return Long.parseLong(after.get(column)) - Long.parseLong(before.get(column));
    }

    /** The whole-number columns summed over the processors. */
    private static Map<String, Long> totals(List<Map<String, String>> rows) {
        Map<String, Long> totals = new LinkedHashMap<>();
        for (Map<String, String> row : rows) {
            for (String column : List.of("PARSE_COUNT", "CACHED_COUNT", "ROUTE_COUNT")) {
                if (row.containsKey(column)) {
                    totals.merge(column, Long.parseLong(row.get(column)), Long::sum);
                }
            }
        }
        return totals;
    }

    private static int count(Statement s, String sql) throws SQLException {
        int rows = 0;
        try (ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                rows++;
            }
        }
        return rows;
    }

    private static List<Map<String, String>> admin(String command) throws SQLException {
        return AdminRows.of(tessera.adminPort(), command);
    }

    private static int adminUpdate(String command) throws SQLException {
        return AdminRows.update(tessera.adminPort(), command);
    }
}
