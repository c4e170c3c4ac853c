package io.tessera.proxy.it;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Reads whole results into comparable lists: byte arrays become lists, so equals() compares content. */
final class Rows {

    private Rows() {
    }

    static List<List<Object>> fetchAll(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            return read(rs);
        }
    }

    static List<List<Object>> read(ResultSet rs) throws SQLException {
        int n = rs.getMetaData().getColumnCount();
        List<List<Object>> rows = new ArrayList<>();
        while (rs.next()) {
            List<Object> row = new ArrayList<>(n);
            for (int i = 1; i <= n; i++) {
                row.add(comparable(rs.getObject(i)));
            }
            rows.add(row);
        }
        return rows;
    }

    /** Per column: "label type precision scale signed" as the driver reports them. */
    static List<String> describe(ResultSetMetaData md) throws SQLException {
        List<String> columns = new ArrayList<>();
        for (int i = 1; i <= md.getColumnCount(); i++) {
            columns.add(md.getColumnLabel(i) + " " + md.getColumnTypeName(i) + " " + md.getColumnType(i) + " "
                    + md.getPrecision(i) + " " + md.getScale(i) + " " + md.isSigned(i) + " "
                    + md.getColumnClassName(i));
        }
        return columns;
    }

    static Object comparable(Object value) {
        if (value instanceof byte[] bytes) {
            List<Byte> list = new ArrayList<>(bytes.length);
            for (byte b : bytes) {
                list.add(b);
            }
            return list;
        }
        if (value instanceof Object[] array) {
            return Arrays.asList(array);
        }
        return value;
    }
}
