package io.tessera.protocol.result;

import io.tessera.protocol.codec.PacketWriter;
import io.tessera.protocol.codec.PayloadWriter;
import io.tessera.protocol.packet.ColumnDefinition41;
import io.tessera.protocol.packet.ResultSetEnds;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Writes a {@link ResultTable} as a text-protocol result set (MySQL manual: "Protocol::Text Resultset"):
 *
 * <pre>
 * column count | column definitions | [EOF] | rows | EOF, or OK with header 0xFE under CLIENT_DEPRECATE_EOF
 * </pre>
 */
public final class ResultTableEncoder {

    private ResultTableEncoder() {
    }

    /** Writes the whole result, without flushing; {@code statusFlags} go into the terminating packet. */
    public static void write(PacketWriter out, ResultTable table, boolean deprecateEof, int statusFlags) {
        List<ColumnDefinition41> columns = table.columns();
        out.write(out.newPayload(9).lenencInt(columns.size()));
        for (ColumnDefinition41 column : columns) {
            PayloadWriter p = out.newPayload(64);
            column.writeTo(p);
            out.write(p);
        }
        ResultSetEnds.endColumns(out, deprecateEof, statusFlags);
        for (List<String> row : table.rows()) {
            PayloadWriter p = out.newPayload(16 * row.size());
            for (String value : row) {
                p.lenencString(value, StandardCharsets.UTF_8);
            }
            out.write(p);
        }
        PayloadWriter end = out.newPayload(ResultSetEnds.MAX_END_OF_ROWS_BYTES);
        ResultSetEnds.endRows(end, deprecateEof, 0, statusFlags);
        out.write(end);
    }
}
