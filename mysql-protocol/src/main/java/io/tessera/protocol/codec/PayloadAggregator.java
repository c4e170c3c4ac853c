package io.tessera.protocol.codec;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.CompositeByteBuf;

/**
 * Joins the frames of one logical payload: every frame of exactly {@value PacketDecoder#MAX_PAYLOAD} bytes is
 * followed by another (possibly empty) one (MySQL manual: "Sending More Than 16Mb"). Used for commands, which
 * must be read whole; result streams are forwarded frame by frame instead.
 *
 * <p>Not thread-safe: one per connection, used on its event loop.
 */
public final class PayloadAggregator {

    private final int maxPayload;
    private CompositeByteBuf pending;
    private int firstSequenceId;

    /** @param maxPayload the largest joined payload accepted ({@code max_allowed_packet}) */
    public PayloadAggregator(int maxPayload) {
        if (maxPayload < 1) {
            throw new IllegalArgumentException("maxPayload: " + maxPayload + " (expected: >= 1)");
        }
        this.maxPayload = maxPayload;
    }

    /**
     * Takes ownership of {@code packet}. Returns the complete payload when this frame ends it (the caller then
     * owns and releases that buffer), or {@code null} while more frames are due.
     *
     * @throws PayloadTooLargeException when the joined payload would exceed the limit; the pending frames are
     *     released and the caller should answer ERR 1153 and close the connection, as MySQL does
     */
    public ByteBuf offer(Packet packet, ByteBufAllocator alloc) {
        ByteBuf payload = packet.content();
        if (pending == null && !packet.continues()) {
            int size = payload.readableBytes();
            if (size > maxPayload) {
                packet.release();
                throw new PayloadTooLargeException(size, maxPayload);
            }
            firstSequenceId = packet.sequenceId();
            return payload;
        }
        if (pending == null) {
            pending = alloc.compositeBuffer(Integer.MAX_VALUE);
            firstSequenceId = packet.sequenceId();
        }
        long total = (long) pending.readableBytes() + payload.readableBytes();
        if (total > maxPayload) {
            packet.release();
            discard();
            throw new PayloadTooLargeException(total, maxPayload);
        }
        pending.addComponent(true, payload);
        if (packet.continues()) {
            return null;
        }
        ByteBuf whole = pending;
        pending = null;
        return whole;
    }

    /** Sequence id of the first frame of the payload that {@link #offer} returned last. */
    public int firstSequenceId() {
        return firstSequenceId;
    }

    /** Releases a partly received payload (the connection is closing). */
    public void discard() {
        if (pending != null) {
            pending.release();
            pending = null;
        }
    }

    /** The joined payload is larger than {@code max_allowed_packet}. */
    public static final class PayloadTooLargeException extends RuntimeException {

        private static final long serialVersionUID = 1L;

        PayloadTooLargeException(long size, int limit) {
            super("payload: " + size + " bytes (expected: <= " + limit + ")", null, false, false);
        }
    }
}
