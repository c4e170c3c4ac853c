package io.tessera.protocol.packet;

import io.tessera.protocol.codec.PacketWriter;
import io.tessera.protocol.codec.PayloadWriter;

/**
 * Where a result set's column definitions and rows end, as the client's capabilities want it (MySQL manual:
 * "Text Resultset", "CLIENT_DEPRECATE_EOF"): after the columns an EOF packet, or nothing for a client that chose
 * CLIENT_DEPRECATE_EOF; after the rows an EOF packet, or for such a client an OK packet with the EOF header 0xFE.
 * The one place this rule is written.
 */
public final class ResultSetEnds {

    /** The most bytes {@link #endRows} writes (an OK with one-byte counts and no info). */
    public static final int MAX_END_OF_ROWS_BYTES = 7;

    private ResultSetEnds() {
    }

    /** Writes the payload that ends the rows. */
    public static void endRows(PayloadWriter out, boolean deprecateEof, int warnings, int statusFlags) {
        if (deprecateEof) {
            new OkPacket(0, 0, statusFlags, warnings, "").writeAsEofTo(out);
        } else {
            new EofPacket(warnings, statusFlags).writeTo(out);
        }
    }

    /** Writes, as a packet of its own, what ends the column definitions: an EOF, unless the client deprecated it. */
    public static void endColumns(PacketWriter writer, boolean deprecateEof, int statusFlags) {
        if (!deprecateEof) {
            PayloadWriter eof = writer.newPayload(5);
            new EofPacket(0, statusFlags).writeTo(eof);
            writer.write(eof);
        }
    }
}
