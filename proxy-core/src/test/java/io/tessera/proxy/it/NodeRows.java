package io.tessera.proxy.it;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads rows straight from one data node, bypassing Tessera, so that a test of a client library (Flyway, Liquibase,
 * Hibernate, MyBatis) checks where its rows really landed and not only what Tessera answers back.
 */
final class NodeRows {

    private NodeRows() {
    }

    /** Each row of {@code sql} on the data node's database {@code placeholder}, its columns joined by {@code |}. */
    static List<String> on(RunningTessera tessera, String placeholder, String sql) throws SQLException {
        List<String> rows = new ArrayList<>();
        try (Connection c = tessera.dataHosts().connectDirect(tessera.database(placeholder));
                Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            int columns = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                StringBuilder row = new StringBuilder();
                for (int i = 1; i <= columns; i++) {
                    row.append(i > 1 ? "|" : "").append(rs.getString(i));
                }
                rows.add(row.toString());
            }
        }
        return rows;
    }

    /** The JDBC URL (Connector/J) to Tessera's logical schema TESTDB, with the settings a library's pool needs. */
    static String url(RunningTessera tessera) {
        return tessera.jdbcUrl("TESTDB") + "?useSSL=false&allowPublicKeyRetrieval=true";
    }
}
