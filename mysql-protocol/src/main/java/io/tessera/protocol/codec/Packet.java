package io.tessera.protocol.codec;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.DefaultByteBufHolder;

/**
 * One wire frame. Holds a retained slice of the whole frame (header included) whose reader index stands at
 * the payload, so that {@link #content()} is the payload and {@link #toFrame(int)} can forward the frame
 * without a copy. The handler that consumes it releases it.
 */
public final class Packet extends DefaultByteBufHolder {

    private final int sequenceId;

    /** {@code frame} holds header and payload, its reader index at the payload ({@value PacketDecoder#HEADER_SIZE}). */
    Packet(int sequenceId, ByteBuf frame) {
        super(frame);
        this.sequenceId = sequenceId;
    }

    /**
     * The frame of a payload Tessera wrote itself, e.g. a response a JDBC data host's answer is re-encoded into:
     * fills in the header of {@code payload}'s buffer and takes ownership of it.
     *
     * @throws IllegalArgumentException when the payload needs continuation frames ({@value PacketDecoder#MAX_PAYLOAD}
     *     bytes or more); the buffer is released
     */
    public static Packet of(int sequenceId, PayloadWriter payload) {
        ByteBuf frame = payload.frame();
        int length = payload.payloadLength();
        if (length >= PacketDecoder.MAX_PAYLOAD) {
            frame.release();
            throw new IllegalArgumentException("payload: " + length + " bytes (expected: < "
                    + PacketDecoder.MAX_PAYLOAD + ")");
        }
        frame.setMediumLE(0, length);
        frame.setByte(3, sequenceId);
        frame.readerIndex(PacketDecoder.HEADER_SIZE);
        return new Packet(sequenceId & 0xFF, frame);
    }

    public int sequenceId() {
        return sequenceId;
    }

    /** Payload length as the header states it; {@value PacketDecoder#MAX_PAYLOAD} means a continuation follows. */
    public int payloadLength() {
        return content().writerIndex() - PacketDecoder.HEADER_SIZE;
    }

    /** True when the next frame continues this payload (MySQL manual: "Sending More Than 16Mb"). */
    public boolean continues() {
        return payloadLength() == PacketDecoder.MAX_PAYLOAD;
    }

    /** The first payload byte, or -1 for an empty payload. Does not move the reader index. */
    public int firstByte() {
        ByteBuf frame = content();
        return frame.writerIndex() > PacketDecoder.HEADER_SIZE ? frame.getUnsignedByte(PacketDecoder.HEADER_SIZE) : -1;
    }

    /**
     * Hands the whole frame over for forwarding with a new sequence id: the caller now owns the returned buffer
     * (this packet's reference). Only the sequence byte changes; the payload is not copied.
     */
    public ByteBuf toFrame(int newSequenceId) {
        ByteBuf frame = content();
        frame.setByte(3, newSequenceId);
        return frame.readerIndex(0);
    }

    @Override
    public String toString() {
        return "Packet[seq=" + sequenceId + ", length=" + payloadLength() + "]"; // never the bytes
    }
}
