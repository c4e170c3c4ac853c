package io.tessera.protocol.codec;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.tessera.protocol.TrackingAllocator;

/** Builds {@link Packet}s as {@link PacketDecoder} emits them: the whole frame, reader index at the payload. */
final class Frames {

    private Frames() {
    }

    static Packet packet(TrackingAllocator alloc, int sequenceId, String payloadHex) {
        return packet(alloc, sequenceId, ByteBufUtil.decodeHexDump(payloadHex.replace(" ", "")));
    }

    static Packet packet(TrackingAllocator alloc, int sequenceId, byte[] payload) {
        ByteBuf frame = alloc.buffer(PacketDecoder.HEADER_SIZE + payload.length);
        frame.writeMediumLE(payload.length).writeByte(sequenceId).writeBytes(payload);
        frame.readerIndex(PacketDecoder.HEADER_SIZE);
        return new Packet(sequenceId, frame);
    }

    /** A frame of {@code length} zero bytes whose first payload byte is {@code firstByte}; written in bulk. */
    static Packet large(TrackingAllocator alloc, int sequenceId, int length, int firstByte) {
        ByteBuf frame = alloc.buffer(PacketDecoder.HEADER_SIZE + length);
        frame.writeMediumLE(length).writeByte(sequenceId).writeZero(length);
        frame.setByte(PacketDecoder.HEADER_SIZE, firstByte);
        frame.readerIndex(PacketDecoder.HEADER_SIZE);
        return new Packet(sequenceId, frame);
    }

    /** A frame holding {@code payload[offset, offset + length)}, copied in bulk. */
    static Packet slice(TrackingAllocator alloc, int sequenceId, byte[] payload, int offset, int length) {
        ByteBuf frame = alloc.buffer(PacketDecoder.HEADER_SIZE + length);
        frame.writeMediumLE(length).writeByte(sequenceId).writeBytes(payload, offset, length);
        frame.readerIndex(PacketDecoder.HEADER_SIZE);
        return new Packet(sequenceId, frame);
    }

    /** Bytes {@code i % 251} — a pattern whose period does not divide the frame size, so misordered frames show. */
    static byte[] pattern(int length) {
        byte[] bytes = new byte[length];
        for (int i = 0; i < length; i++) {
            bytes[i] = (byte) (i % 251);
        }
        return bytes;
    }
}
