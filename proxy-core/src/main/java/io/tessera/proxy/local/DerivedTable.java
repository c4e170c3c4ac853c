package io.tessera.proxy.local;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;

/**
 * The SELECT of a derived table whose rows Tessera gives: literal rows joined by {@code UNION ALL}, each value cast
 * to its column's type so that every row (and an empty table) has the same columns. Text goes as a hex literal of
 * its UTF-8 bytes, read as utf8mb4: the same in every sql_mode, whatever quotes or backslashes it holds. Immutable.
 */
final class DerivedTable {

    /**
     * A column.
     *
     * @param name its name, which the statement's column references use
     * @param text whether its values are text (else integers)
     * @param type what values are cast to, e.g. {@code CHAR(64) CHARACTER SET utf8mb4} or {@code UNSIGNED}
     */
    record Column(String name, boolean text, String type) {

        static Column text(String name, int length) {
            return new Column(name, true, "CHAR(" + length + ") CHARACTER SET utf8mb4");
        }

        /** Text of any length. */
        static Column longText(String name) {
            return new Column(name, true, "CHAR CHARACTER SET utf8mb4");
        }

        static Column unsigned(String name) {
            return new Column(name, false, "UNSIGNED");
        }

        static Column signed(String name) {
            return new Column(name, false, "SIGNED");
        }

        /** A DATETIME, given as its text ({@code 2026-11-27 04:30:00}). */
        static Column dateTime(String name) {
            return new Column(name, true, "DATETIME");
        }
    }

    private final List<Column> columns;

    DerivedTable(List<Column> columns) {
        if (columns.isEmpty()) {
            throw new IllegalArgumentException("columns: [] (expected: at least one)");
        }
        this.columns = List.copyOf(columns);
    }

    /**
     * The SELECT of {@code rows}: each a value per column, a {@link String} for a text column, a {@link Long} or
     * {@link java.math.BigInteger} for an integer one, or {@code null}.
     */
    String select(List<List<Object>> rows) {
        StringBuilder sql = new StringBuilder(64 + rows.size() * columns.size() * 32);
        if (rows.isEmpty()) {
            sql.append("SELECT ");
            for (int i = 0; i < columns.size(); i++) {
                sql.append(i == 0 ? "" : ", ").append("CAST(NULL AS ").append(columns.get(i).type()).append(") AS ");
                name(sql, columns.get(i).name());
            }
            return sql.append(" FROM DUAL WHERE FALSE").toString();
        }
        for (int r = 0; r < rows.size(); r++) {
            List<Object> row = rows.get(r);
            if (row.size() != columns.size()) {
                throw new IllegalArgumentException("row " + r + ": " + row.size() + " values (expected: "
                        + columns.size() + ")");
            }
            sql.append(r == 0 ? "SELECT " : " UNION ALL SELECT ");
            for (int i = 0; i < columns.size(); i++) {
                Column column = columns.get(i);
                sql.append(i == 0 ? "" : ", ").append("CAST(");
                value(sql, column, row.get(i));
                sql.append(" AS ").append(column.type()).append(')');
                if (r == 0) {
                    sql.append(" AS ");
                    name(sql, column.name());
                }
            }
        }
        return sql.toString();
    }

    private static void value(StringBuilder sql, Column column, Object value) {
        if (value == null) {
            sql.append("NULL");
        } else if (column.text()) {
            sql.append("X'").append(HexFormat.of().formatHex(((String) value).getBytes(StandardCharsets.UTF_8)))
                    .append('\'');
        } else {
            sql.append(((Number) value).toString()); // a Long or BigInteger: digits, and a sign
        }
    }

    private static void name(StringBuilder sql, String name) {
        sql.append('`').append(name.replace("`", "``")).append('`');
    }
}
