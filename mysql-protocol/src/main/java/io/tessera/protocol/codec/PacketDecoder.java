package io.tessera.protocol.codec;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.netty.handler.codec.TooLongFrameException;
import java.util.List;

/**
 * Splits a MySQL byte stream into {@link Packet}s.
 *
 * <pre>
 *  0        3     4                          4 + length
 *  +--------+-----+--------------------------+
 *  | length | seq | payload                  |   length: unsigned 3 bytes, little-endian
 *  +--------+-----+--------------------------+
 * </pre>
 *
 * A payload of exactly {@value #MAX_PAYLOAD} bytes continues in the next frame (MySQL manual: "Sending More
 * Than 16Mb"); such frames are emitted one by one and {@link PayloadAggregator} joins them where a whole payload
 * is needed.
 *
 * <p>Not sharable: its only state is the cumulation that {@link ByteToMessageDecoder} keeps, which {@link #CUMULATOR}
 * keeps to the bytes not yet decoded.
 */
public final class PacketDecoder extends ByteToMessageDecoder {

    public static final int HEADER_SIZE = 4;
    public static final int MAX_PAYLOAD = 0xFF_FFFF;

    /**
     * Netty's {@link #MERGE_CUMULATOR}, except that a cumulation too small for the next read is never grown where it
     * is: the unread bytes and the read move to a new buffer instead. Netty grows a cumulation that nobody else
     * references in place, decoded bytes included, and discards those only between reads when it is still
     * unreferenced; but frames are retained slices of it, and a merge holds the frames of the last read until the
     * next one arrives, so the cumulation of a long result grew by every byte received (past 32 MiB for 1 KB rows).
     */
    static final Cumulator CUMULATOR = (alloc, cumulation, in) -> {
        if (cumulation == in) {
            in.release(); // as MERGE_CUMULATOR: the same buffer, read into twice
            return cumulation;
        }
        if (!cumulation.isReadable() && in.isContiguous()) {
            cumulation.release();
            return in;
        }
        try {
            int required = in.readableBytes();
            if (required > cumulation.maxFastWritableBytes() || cumulation.isReadOnly()) {
                int unread = cumulation.readableBytes();
                ByteBuf moved = alloc.ioBuffer(alloc.calculateNewCapacity(unread + required, Integer.MAX_VALUE));
                moved.writeBytes(cumulation, cumulation.readerIndex(), unread).writeBytes(in, in.readerIndex(),
                        required);
                cumulation.release(); // frames still held keep the old buffer alive until they go
                return moved;
            }
            cumulation.writeBytes(in, in.readerIndex(), required); // fits: frames never reach past the writer index
            return cumulation;
        } finally {
            in.release();
        }
    };

    private final int maxPayload;

    public PacketDecoder(int maxPayload) {
        if (maxPayload < 1 || maxPayload > MAX_PAYLOAD) {
            throw new IllegalArgumentException("maxPayload: " + maxPayload + " (expected: 1.." + MAX_PAYLOAD + ")");
        }
        this.maxPayload = maxPayload;
        setCumulator(CUMULATOR);
    }

    /** A decoder that accepts every frame the protocol allows. */
    public PacketDecoder() {
        this(MAX_PAYLOAD);
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        while (in.readableBytes() >= HEADER_SIZE) {
            int start = in.readerIndex();
            int length = in.getUnsignedMediumLE(start);
            if (length > maxPayload) {
                // A stream cannot be resynchronised after a bad length: drop what we hold and fail the channel.
                in.skipBytes(in.readableBytes());
                throw new TooLongFrameException("payload: " + length + " bytes (expected: <= " + maxPayload + ")");
            }
            if (in.readableBytes() < HEADER_SIZE + length) {
                return; // the rest has not arrived; the cumulation keeps what we have
            }
            int sequenceId = in.getUnsignedByte(start + 3);
            ByteBuf frame = in.readRetainedSlice(HEADER_SIZE + length);
            frame.readerIndex(HEADER_SIZE);
            out.add(new Packet(sequenceId, frame));
        }
    }
}
