package io.tessera.protocol.codec;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

/**
 * Writes the protocol's basic data types into a buffer that starts with {@value PacketDecoder#HEADER_SIZE}
 * reserved header bytes; {@link PacketWriter} fills the header in. Owns its buffer until it is written.
 */
public final class PayloadWriter {

    private final ByteBuf buf;

    private PayloadWriter(ByteBuf buf) {
        this.buf = buf;
    }

    /** A new payload with room for the header; {@code sizeHint} is the expected payload size. */
    public static PayloadWriter allocate(ByteBufAllocator alloc, int sizeHint) {
        ByteBuf buf = alloc.buffer(PacketDecoder.HEADER_SIZE + Math.max(sizeHint, 16));
        buf.writeZero(PacketDecoder.HEADER_SIZE);
        return new PayloadWriter(buf);
    }

    /** The frame buffer: header room followed by the payload written so far. */
    public ByteBuf frame() {
        return buf;
    }

    public int payloadLength() {
        return buf.writerIndex() - PacketDecoder.HEADER_SIZE;
    }

    public PayloadWriter int1(int v) {
        buf.writeByte(v);
        return this;
    }

    public PayloadWriter int2(int v) {
        buf.writeShortLE(v);
        return this;
    }

    public PayloadWriter int3(int v) {
        buf.writeMediumLE(v);
        return this;
    }

    public PayloadWriter int4(long v) {
        buf.writeIntLE((int) v);
        return this;
    }

    public PayloadWriter int8(long v) {
        buf.writeLongLE(v);
        return this;
    }

    /** A length-encoded integer; {@code v} is read as unsigned. */
    public PayloadWriter lenencInt(long v) {
        if (v >= 0 && v < 0xFB) {
            buf.writeByte((int) v);
        } else if (v >= 0 && v < (1 << 16)) {
            buf.writeByte(0xFC).writeShortLE((int) v);
        } else if (v >= 0 && v < (1 << 24)) {
            buf.writeByte(0xFD).writeMediumLE((int) v);
        } else {
            buf.writeByte(0xFE).writeLongLE(v);
        }
        return this;
    }

    public PayloadWriter bytes(byte[] b) {
        buf.writeBytes(b);
        return this;
    }

    public PayloadWriter bytes(ByteBuf b) {
        buf.writeBytes(b, b.readerIndex(), b.readableBytes());
        return this;
    }

    public PayloadWriter zeros(int count) {
        buf.writeZero(count);
        return this;
    }

    public PayloadWriter lenencBytes(byte[] b) {
        return lenencInt(b.length).bytes(b);
    }

    /** A length-encoded string, or the NULL marker for {@code null}. */
    public PayloadWriter lenencString(String s, Charset charset) {
        if (s == null) {
            return int1(PayloadReader.NULL_MARKER);
        }
        return lenencBytes(s.getBytes(charset));
    }

    public PayloadWriter lenencString(String s) {
        return lenencString(s, StandardCharsets.UTF_8);
    }

    public PayloadWriter nulTerminated(String s) {
        buf.writeCharSequence(s, StandardCharsets.UTF_8);
        buf.writeByte(0);
        return this;
    }

    public PayloadWriter nulTerminated(byte[] b) {
        buf.writeBytes(b).writeByte(0);
        return this;
    }

    public PayloadWriter string(String s, Charset charset) {
        buf.writeCharSequence(s, charset);
        return this;
    }

    /** Gives up the buffer without writing it. */
    public void release() {
        buf.release();
    }
}
