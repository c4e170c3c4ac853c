package io.tessera.proxy.it;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * A test class's tables twice: through Tessera in schema TESTDB (sharded as its conf says), and as plain tables in a
 * database of the test's own on the local MariaDB, for comparing answers; and results as comparable text rows.
 */
final class PlainTwin {

    private PlainTwin() {
    }

    /**
     * Creates the plain database and runs {@code statements} (CREATE TABLE, INSERT) through Tessera and in it.
     *
     * @return the plain database's name; drop it with {@link DataHosts#dropDatabase} after the class
     */
    static String create(RunningTessera tessera, Class<?> testClass, String... statements) throws SQLException {
        String plain = DataHosts.databaseName(testClass, "plain");
        tessera.dataHosts().createDatabase(plain);
        try (Connection c = tessera.connect("TESTDB"); Statement s = c.createStatement()) {
            for (String sql : statements) {
                s.execute(sql);
            }
        }
        tessera.dataHosts().executeIn(plain, statements);
        return plain;
    }

    /** The rows of {@code sql}, each as its values joined by {@code |}. */
    static List<String> rows(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            return rows(rs);
        }
    }

    static List<String> rows(ResultSet rs) throws SQLException {
        List<String> rows = new ArrayList<>();
        int columns = rs.getMetaData().getColumnCount();
        while (rs.next()) {
            StringBuilder row = new StringBuilder();
            for (int i = 1; i <= columns; i++) {
                row.append(rs.getString(i)).append('|');
            }
            rows.add(row.toString());
        }
        return rows;
    }
}
