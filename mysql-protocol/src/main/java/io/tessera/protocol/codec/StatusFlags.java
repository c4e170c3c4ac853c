package io.tessera.protocol.codec;

import io.netty.buffer.ByteBuf;

/**
 * Where the server status flags sit in the packets that carry them, read without decoding the rest and without
 * moving the buffer's indexes.
 */
public final class StatusFlags {

    private StatusFlags() {
    }

    /**
     * An EOF packet's status: {@code 0xFE | 2 warnings | 2 status} (MySQL manual: "Protocol::EOF_Packet"); 0 when
     * the packet is too short to have them (pre-4.1 servers).
     */
    public static int ofEof(ByteBuf payload) {
        return payload.readableBytes() >= 5 ? payload.getUnsignedShortLE(payload.readerIndex() + 3) : 0;
    }

    /**
     * An OK packet's status, after its header and two length-encoded integers (MySQL manual: "Protocol::OK_Packet");
     * also for the 0xFE OK that ends a result set under CLIENT_DEPRECATE_EOF.
     */
    public static int ofOk(ByteBuf payload) {
        PayloadReader in = new PayloadReader(payload.duplicate());
        in.int1();
        in.lenencInt();
        in.lenencInt();
        return in.readableBytes() >= 2 ? in.int2() : 0;
    }

    /**
     * The status of the packet that ends a result set's rows: an EOF, or under CLIENT_DEPRECATE_EOF an OK with
     * header 0xFE.
     */
    public static int ofRowsEnd(ByteBuf payload, boolean deprecateEof) {
        return deprecateEof ? ofOk(payload) : ofEof(payload);
    }
}
