package io.tessera.protocol.codec;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.CompositeByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;

/**
 * Numbers and frames the packets one side of a connection sends. Each command starts a new sequence
 * ({@link #sequenceId(int)}); every frame written takes the next id, so payloads of 16 MiB and more, which are
 * split into several frames, keep the numbering right (MySQL manual: "Sending More Than 16Mb").
 *
 * <p>Not thread-safe: one per channel, used on its event loop. Writes are not flushed until {@link #flush()}.
 */
public final class PacketWriter {

    /** Payloads up to this size are copied behind their header rather than chained to it. */
    private static final int COPY_BELOW_BYTES = 2048;

    private final Channel channel;
    private int sequenceId;
    private long bytesWritten; // written on the channel's event loop; others read a possibly stale value

    public PacketWriter(Channel channel) {
        this.channel = channel;
    }

    public Channel channel() {
        return channel;
    }

    public ByteBufAllocator alloc() {
        return channel.alloc();
    }

    /** The id the next frame gets. */
    public int sequenceId() {
        return sequenceId;
    }

    public void sequenceId(int next) {
        this.sequenceId = next & 0xFF;
    }

    public PayloadWriter newPayload(int sizeHint) {
        return PayloadWriter.allocate(channel.alloc(), sizeHint);
    }

    /** Frames and writes the payload, taking ownership of its buffer. */
    public ChannelFuture write(PayloadWriter payload) {
        return writeFrame(payload.frame());
    }

    /**
     * Writes a frame whose payload follows {@value PacketDecoder#HEADER_SIZE} bytes of header room and ends at the
     * writer index (a {@link PayloadWriter}'s, or a received frame cut short): fills the header in and takes ownership.
     */
    public ChannelFuture writeFrame(ByteBuf frame) {
        int length = frame.writerIndex() - PacketDecoder.HEADER_SIZE;
        if (length < PacketDecoder.MAX_PAYLOAD) {
            frame.setMediumLE(0, length);
            frame.setByte(3, nextId());
            bytesWritten += PacketDecoder.HEADER_SIZE + length;
            return channel.write(frame.readerIndex(0));
        }
        return channel.write(split(frame, PacketDecoder.HEADER_SIZE, length));
    }

    /**
     * Frames and writes a payload that has no header room, such as a command received whole; takes ownership of
     * {@code payload}. The payload is not copied; one of 16 MiB or more is split like {@link #write(PayloadWriter)}.
     */
    public ChannelFuture writePayload(ByteBuf payload) {
        int length = payload.readableBytes();
        if (length <= COPY_BELOW_BYTES) {
            // A short command is cheaper copied behind its header than sent as two buffers (one writev entry).
            ByteBuf frame = channel.alloc().ioBuffer(PacketDecoder.HEADER_SIZE + length);
            frame.writeMediumLE(length).writeByte(nextId()).writeBytes(payload, payload.readerIndex(), length);
            payload.release();
            bytesWritten += PacketDecoder.HEADER_SIZE + length;
            return channel.write(frame);
        }
        if (length < PacketDecoder.MAX_PAYLOAD) {
            ByteBuf header = channel.alloc().ioBuffer(PacketDecoder.HEADER_SIZE);
            header.writeMediumLE(length).writeByte(nextId());
            bytesWritten += PacketDecoder.HEADER_SIZE + length;
            return channel.write(channel.alloc().compositeBuffer(2).addComponents(true, header, payload));
        }
        return channel.write(split(payload, payload.readerIndex(), length));
    }

    /**
     * Forwards a received frame with the next sequence id; takes ownership of the packet. A result's every row comes
     * this way, so no promise is made for it: a failed write fails the channel, which the pipeline reports.
     */
    public void forward(Packet packet) {
        bytesWritten += PacketDecoder.HEADER_SIZE + packet.payloadLength();
        channel.write(packet.toFrame(nextId()), channel.voidPromise());
    }

    /** Bytes written through this writer so far, headers included (the admin port's NET_OUT). */
    public long bytesWritten() {
        return bytesWritten;
    }

    public void flush() {
        channel.flush();
    }

    public ChannelFuture writeAndFlush(PayloadWriter payload) {
        ChannelFuture f = write(payload);
        channel.flush();
        return f;
    }

    private int nextId() {
        int id = sequenceId;
        sequenceId = (sequenceId + 1) & 0xFF;
        return id;
    }

    /**
     * Cuts the payload of {@code length} bytes at {@code start} of {@code buf} (16 MiB or more) into maximal frames,
     * ending with a shorter (possibly empty) one; releases {@code buf}.
     */
    private ByteBuf split(ByteBuf buf, int start, int length) {
        // two components (header, payload slice) per frame: fewer would make the composite consolidate, a full copy
        int frames = length / PacketDecoder.MAX_PAYLOAD + 1;
        CompositeByteBuf out = channel.alloc().compositeBuffer(2 * frames);
        int offset = start;
        int remaining = length;
        while (true) {
            int chunk = Math.min(remaining, PacketDecoder.MAX_PAYLOAD);
            ByteBuf header = channel.alloc().buffer(PacketDecoder.HEADER_SIZE);
            header.writeMediumLE(chunk).writeByte(nextId());
            bytesWritten += PacketDecoder.HEADER_SIZE + chunk;
            out.addComponent(true, header);
            out.addComponent(true, buf.retainedSlice(offset, chunk));
            offset += chunk;
            remaining -= chunk;
            if (chunk < PacketDecoder.MAX_PAYLOAD) {
                break;
            }
        }
        buf.release();
        return out;
    }
}
