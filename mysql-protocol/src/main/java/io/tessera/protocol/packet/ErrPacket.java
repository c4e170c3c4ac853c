package io.tessera.protocol.packet;

import io.netty.buffer.ByteBuf;
import io.tessera.protocol.codec.PayloadReader;
import io.tessera.protocol.codec.PayloadWriter;
import io.tessera.protocol.error.DataHostError;
import io.tessera.protocol.error.TesseraException;
import java.nio.charset.StandardCharsets;

/**
 * Failure (MySQL manual: "Protocol::ERR_Packet"): {@code 0xFF | 2 code | '#' 5 SQLSTATE | message}.
 */
public record ErrPacket(int errorCode, String sqlState, String message) {

    public static final int HEADER = 0xFF;

    public static ErrPacket of(TesseraException e) {
        return new ErrPacket(e.errorCode(), e.sqlState(), e.getMessage());
    }

    /** The error code of an ERR payload, read in place without decoding the rest; 0 when it is too short. */
    public static int codeOf(ByteBuf payload) {
        return payload.readableBytes() >= 3 ? payload.getUnsignedShortLE(payload.readerIndex() + 1) : 0;
    }

    public static ErrPacket read(PayloadReader in) {
        in.int1();
        int code = in.int2();
        String state = "HY000";
        if (in.hasRemaining() && in.peekByte() == '#') {
            in.int1();
            state = new String(in.bytes(5), StandardCharsets.US_ASCII);
        }
        return new ErrPacket(code, state, in.restString(StandardCharsets.UTF_8));
    }

    public void writeTo(PayloadWriter out) {
        out.int1(HEADER).int2(errorCode).int1('#').string(sqlState, StandardCharsets.US_ASCII)
                .string(message, StandardCharsets.UTF_8);
    }

    /**
     * Writes this ERR as a server sends it in place of the greeting (MySQL's "Too many connections"): the client has
     * not told its capabilities yet, so, as MySQL, without the {@code '#'} SQLSTATE marker that only CLIENT_PROTOCOL_41
     * clients expect; clients derive the SQLSTATE from the code ({@code 0xFF | 2 code | message}).
     */
    public void writeBeforeHandshakeTo(PayloadWriter out) {
        out.int1(HEADER).int2(errorCode).string(message, StandardCharsets.UTF_8);
    }

    /** The error a data host answered with: only data hosts send Tessera ERR packets. */
    public DataHostError toException() {
        return new DataHostError(errorCode, sqlState, message);
    }
}
