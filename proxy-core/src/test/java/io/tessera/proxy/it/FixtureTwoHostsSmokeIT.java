package io.tessera.proxy.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** An extra MariaDB from the fixtures serves as a second data host: its table is read back through Tessera. */
class FixtureTwoHostsSmokeIT {

    @RegisterExtension
    static RunningTessera tessera = RunningTessera.withConf("it/conf/two-hosts").withExtraHosts(1);

    @Test
    void readsTablesOfBothDataHosts() throws Exception {
        String database = tessera.database("db1");
        tessera.dataHosts().executeIn(database,
                "CREATE TABLE local_t (id INT PRIMARY KEY)",
                "INSERT INTO local_t VALUES (1)");
        tessera.extraHost(2).execute(database, """
                CREATE TABLE remote (id INT PRIMARY KEY, name VARCHAR(20));
                INSERT INTO remote VALUES (7, 'seven');
                """);

        assertThat(query("SELECT id FROM local_t")).containsExactly("1");
        assertThat(query("SELECT id, name FROM remote")).containsExactly("7|seven");
    }

    private static List<String> query(String sql) throws Exception {
        List<String> rows = new ArrayList<>();
        try (Connection connection = tessera.connect("TESTDB");
                Statement statement = connection.createStatement();
                ResultSet result = statement.executeQuery(sql)) {
            int columns = result.getMetaData().getColumnCount();
            while (result.next()) {
                StringBuilder row = new StringBuilder();
                for (int i = 1; i <= columns; i++) {
                    row.append(i > 1 ? "|" : "").append(result.getString(i));
                }
                rows.add(row.toString());
            }
        }
        return rows;
    }
}
