package io.tessera.protocol.packet;

import io.tessera.protocol.codec.PayloadReader;
import io.tessera.protocol.codec.PayloadWriter;
import java.nio.charset.StandardCharsets;

/**
 * Success (MySQL manual: "Protocol::OK_Packet"):
 * {@code header | lenenc affected rows | lenenc last insert id | 2 status | 2 warnings | lenenc info}. The header is
 * 0x00, or 0xFE where the OK replaces the EOF that ends a result set under CLIENT_DEPRECATE_EOF. The info is
 * length-encoded, as MariaDB and MyCat write it and as Connector/J reads it (the manual's rest-of-packet string,
 * for clients without CLIENT_SESSION_TRACK, is what MySQL alone writes; the first byte of a short info would be read
 * as its length by Connector/J).
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
        return new OkPacket(affected, insertId, status, warnings, readInfo(in));
    }

    /**
     * The info: length-encoded as MariaDB writes it, or the rest of the packet as MySQL writes it to a client without
     * CLIENT_SESSION_TRACK; told apart by the first byte, which as a length must be exactly what follows it (MySQL's
     * texts, such as "Rows matched: ...", start with a letter).
     */
    private static String readInfo(PayloadReader in) {
        int remaining = in.readableBytes();
        if (remaining == 0) {
            return "";
        }
        int first = in.peekByte();
        if (first < PayloadReader.NULL_MARKER && first == remaining - 1) {
            return in.lenencString(StandardCharsets.UTF_8);
        }
        return in.restString(StandardCharsets.UTF_8);
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
            out.lenencString(info, StandardCharsets.UTF_8);
        }
    }
}
