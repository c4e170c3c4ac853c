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
 * <p>Not sharable: its only state is the cumulation that {@link ByteToMessageDecoder} keeps.
 */
public final class PacketDecoder extends ByteToMessageDecoder {

    public static final int HEADER_SIZE = 4;
    public static final int MAX_PAYLOAD = 0xFF_FFFF;

    private final int maxPayload;

    public PacketDecoder(int maxPayload) {
        if (maxPayload < 1 || maxPayload > MAX_PAYLOAD) {
            throw new IllegalArgumentException("maxPayload: " + maxPayload + " (expected: 1.." + MAX_PAYLOAD + ")");
        }
        this.maxPayload = maxPayload;
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
