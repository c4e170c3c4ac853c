package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The fixtures work together: a table made directly on the data host is read back through Tessera. */
class FixtureSmokeIT {

    @RegisterExtension
    static RunningTessera tessera = RunningTessera.withConf("it/conf/single-node");

    @Test
    void readsThroughTessera() throws Exception {
        tessera.dataHosts().executeIn(tessera.database("db1"),
                "CREATE TABLE smoke (id INT PRIMARY KEY, name VARCHAR(20))",
                "INSERT INTO smoke VALUES (1, 'one'), (2, 'two')");

        List<String> rows = new ArrayList<>();
        try (Connection connection = tessera.connect("TESTDB");
                Statement statement = connection.createStatement();
                ResultSet result = statement.executeQuery("SELECT id, name FROM smoke ORDER BY id")) {
            while (result.next()) {
                rows.add(result.getInt(1) + "|" + result.getString(2));
            }
        }

        assertThat(rows).containsExactly("1|one", "2|two");
        assertThat(tessera.port()).isPositive().isNotEqualTo(tessera.adminPort());
    }
}
