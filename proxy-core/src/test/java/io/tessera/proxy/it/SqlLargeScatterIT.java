package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code show @@sql.large} counts the rows a merged SELECT gave the client: a table on four data nodes
 * (it/conf/merge, {@code useSqlStat} at MyCat's default 1), read whole in order through the k-way merge.
 */
class SqlLargeScatterIT {

    private static final Logger LOG = LogManager.getLogger(SqlLargeScatterIT.class);

    @RegisterExtension
    static final RunningTessera tessera = RunningTessera.withConf("it/conf/merge");

    private static final int ROWS_PER_NODE = 3_001;
    private static final String MERGED = "select id from mt order by id";

    @BeforeAll
    static void spreadTheRowsOverFourNodes() throws SQLException {
        for (int node = 0; node < 4; node++) {
            StringBuilder insert = new StringBuilder("INSERT INTO mt VALUES ");
            for (int i = 0; i < ROWS_PER_NODE; i++) {
                insert.append(i == 0 ? "" : ",").append('(').append(i * 4 + node).append(')');
            }
            tessera.dataHosts().executeIn(tessera.database("db" + (node + 1)), "CREATE TABLE mt (id INT PRIMARY KEY)",
                    insert.toString());
        }
    }

    @Test
    void aMergedSelectCountsTheRowsTheClientGot() throws Exception {
        try (Connection c = tessera.connect("MERGEDB"); Statement s = c.createStatement()) {
            AdminRows.of(tessera.adminPort(), "show @@sql.large true");
            int rows = 0;
            try (ResultSet rs = s.executeQuery(MERGED)) {
                while (rs.next()) {
                    rows++;
                }
            }
            assertThat(rows).isEqualTo(4 * ROWS_PER_NODE);
            try (ResultSet rs = s.executeQuery("select id from mt order by id limit 10")) {
                assertThat(rs.next()).isTrue(); // merged too, but small
            }

            List<Map<String, String>> large = AdminRows.of(tessera.adminPort(), "show @@sql.large");
            LOG.warn("SqlLargeScatterIT: show @@sql.large " + large);
            assertThat(large).extracting(r -> r.get("ROWS") + " " + r.get("SQL"))
                    .containsExactly(4 * ROWS_PER_NODE + " " + MERGED);
        }
    }
}
