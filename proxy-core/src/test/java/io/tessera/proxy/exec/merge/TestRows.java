package io.tessera.proxy.exec.merge;

import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.tessera.protocol.codec.PayloadWriter;
import io.tessera.protocol.constant.ColumnType;
import io.tessera.protocol.packet.ColumnDefinition41;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Rows and column definitions for operator tests. */
final class TestRows {

    private TestRows() {
    }

    /** A text-protocol row; {@code null} values are SQL NULL. */
    static Row row(String... values) {
        return rowOf(UnpooledByteBufAllocator.DEFAULT, values);
    }

    /** A text-protocol row in a buffer of {@code alloc}; {@code null} values are SQL NULL. */
    static Row rowOf(ByteBufAllocator alloc, String... values) {
        PayloadWriter out = PayloadWriter.allocate(alloc, 32);
        for (String value : values) {
            if (value == null) {
                out.int1(0xFB);
            } else {
                out.lenencBytes(value.getBytes(StandardCharsets.UTF_8));
            }
        }
        return new Row(out.frame());
    }

    /** The values of a row, NULL as {@code null}; releases the row. */
    static List<String> values(Row row) {
        List<String> values = new ArrayList<>();
        for (int c = 0; c < row.columnCount(); c++) {
            values.add(row.isNull(c) ? null
                    : row.buffer().toString(row.valueStart(c), row.valueLength(c), StandardCharsets.UTF_8));
        }
        row.release();
        return values;
    }

    static ColumnDefinition41 column(String name, ColumnType type) {
        return column(name, type, 63, 0);
    }

    static ColumnDefinition41 column(String name, ColumnType type, int collation, int decimals) {
        return new ColumnDefinition41("db", "t", "t", name, name, collation, 20, type, 0, decimals);
    }

    /** Everything a source gives until it is done. */
    static List<List<String>> drain(RowSource source) {
        List<List<String>> rows = new ArrayList<>();
        Row row;
        while ((row = source.next()) != null) {
            rows.add(values(row));
        }
        return rows;
    }
}
