package io.tessera.protocol.packet;

import io.tessera.protocol.codec.PayloadReader;
import io.tessera.protocol.codec.PayloadWriter;

/**
 * End of columns or rows for clients without CLIENT_DEPRECATE_EOF (MySQL manual: "Protocol::EOF_Packet"):
 * {@code 0xFE | 2 warnings | 2 status}.
 */
public record EofPacket(int warnings, int statusFlags) {

    public static final int HEADER = 0xFE;

    public static EofPacket read(PayloadReader in) {
        in.int1();
        return new EofPacket(in.int2(), in.int2());
    }

    public void writeTo(PayloadWriter out) {
        out.int1(HEADER).int2(warnings).int2(statusFlags);
    }
}
