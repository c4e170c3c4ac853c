package io.tessera.backend.jdbc;

import io.netty.buffer.ByteBufAllocator;
import io.tessera.protocol.codec.PayloadWriter;
import java.math.BigDecimal;
import java.nio.charset.Charset;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.List;

/**
 * Writes the current row of a {@link ResultSet} as a text result set row (MySQL manual: "Text Resultset Row"):
 * each value a length-encoded string, {@code 0xFB} for NULL.
 */
final class JdbcRows {

    private static final int NULL_VALUE = 0xFB;
    private static final int BYTES_PER_VALUE_HINT = 16;

    private JdbcRows() {
    }

    /**
     * The row's payload.
     *
     * @param results the character set text values are encoded in ({@code character_set_results})
     * @throws IllegalArgumentException when a value has no MySQL counterpart (a date beyond year 9999, a NaN)
     */
    static PayloadWriter write(ResultSet rs, List<JdbcColumn> columns, Charset results, ByteBufAllocator alloc)
            throws SQLException {
        PayloadWriter out = PayloadWriter.allocate(alloc, BYTES_PER_VALUE_HINT * columns.size());
        try {
            for (int i = 0; i < columns.size(); i++) {
                String text = null;
                byte[] bytes = null;
                int index = i + 1;
                JdbcColumn column = columns.get(i);
                switch (column.read()) {
                    case WIRE, BYTES -> bytes = rs.getBytes(index);
                    case INTEGER, TEXT -> text = rs.getString(index);
                    case BOOLEAN -> {
                        boolean value = rs.getBoolean(index);
                        text = rs.wasNull() ? null : value ? "1" : "0";
                    }
                    case DECIMAL -> {
                        BigDecimal value = rs.getBigDecimal(index);
                        text = value == null ? null : MysqlText.ofDecimal(value, column.decimals());
                    }
                    case FLOAT -> {
                        float value = rs.getFloat(index);
                        text = rs.wasNull() ? null : MysqlText.ofFloat(value);
                    }
                    case DOUBLE -> {
                        double value = rs.getDouble(index);
                        text = rs.wasNull() ? null : MysqlText.ofDouble(value);
                    }
                    case DATE -> {
                        LocalDate value = rs.getObject(index, LocalDate.class);
                        text = value == null ? null : MysqlText.ofDate(value);
                    }
                    case TIME -> {
                        LocalTime value = rs.getObject(index, LocalTime.class);
                        text = value == null ? null : MysqlText.ofTime(value, column.decimals());
                    }
                    case DATETIME -> {
                        LocalDateTime value = rs.getObject(index, LocalDateTime.class);
                        text = value == null ? null : MysqlText.ofDateTime(value, column.decimals());
                    }
                    default -> throw new IllegalStateException("unhandled " + column.read());
                }
                if (bytes != null) {
                    out.lenencBytes(bytes);
                } else if (text != null) {
                    out.lenencString(text, results);
                } else {
                    out.int1(NULL_VALUE);
                }
            }
            return out;
        } catch (SQLException | RuntimeException e) {
            out.release();
            throw e;
        }
    }
}
