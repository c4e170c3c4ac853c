package io.tessera.protocol.packet;

import io.tessera.protocol.codec.PayloadReader;
import io.tessera.protocol.codec.PayloadWriter;
import java.nio.charset.StandardCharsets;

/**
 * Success (MySQL manual: "Protocol::OK_Packet"):
 * {@code header | lenenc affected rows | lenenc last insert id | 2 status | 2 warnings | info}. The header is 0x00,
 * or 0xFE where the OK replaces the EOF that ends a result set under CLIENT_DEPRECATE_EOF.
 */
public record OkPacket(long affectedRows, long lastInsertId, int statusFlags, int warnings, String info) {

    public static final int HEADER = 0x00;
    public static final int EOF_HEADER = 0xFE;

    public static OkPacket of(int statusFlags) {
        return new OkPacket(0, 0, statusFlags, 0, "");
    }

    public static OkPacket read(PayloadReader in) {
        in.int1();
        long affected = in.lenencInt();
        long insertId = in.lenencInt();
        int status = in.readableBytes() >= 2 ? in.int2() : 0;
        int warnings = in.readableBytes() >= 2 ? in.int2() : 0;
        String info = in.hasRemaining() ? in.restString(StandardCharsets.UTF_8) : "";
        return new OkPacket(affected, insertId, status, warnings, info);
    }

    public void writeTo(PayloadWriter out) {
        writeTo(out, HEADER);
    }

    /** Writes the OK that ends a result set for a client that chose CLIENT_DEPRECATE_EOF. */
    public void writeAsEofTo(PayloadWriter out) {
        writeTo(out, EOF_HEADER);
    }

    private void writeTo(PayloadWriter out, int header) {
        out.int1(header).lenencInt(affectedRows).lenencInt(lastInsertId).int2(statusFlags).int2(warnings);
        if (!info.isEmpty()) {
            out.string(info, StandardCharsets.UTF_8);
        }
    }
}
