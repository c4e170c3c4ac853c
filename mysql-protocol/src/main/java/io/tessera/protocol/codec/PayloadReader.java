package io.tessera.protocol.codec;

import io.netty.buffer.ByteBuf;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

/**
 * Reads the protocol's basic data types from a payload (MySQL manual: "Basic Data Types"). Every method checks
 * bounds and throws {@link MalformedPacketException} instead of reading past the payload, so a malformed packet
 * becomes an ERR, never a crash.
 */
public final class PayloadReader {

    /** The length-encoded integer prefix that marks SQL NULL in a text row. */
    public static final int NULL_MARKER = 0xFB;

    private final ByteBuf buf;

    public PayloadReader(ByteBuf buf) {
        this.buf = buf;
    }

    public int readableBytes() {
        return buf.readableBytes();
    }

    public boolean hasRemaining() {
        return buf.isReadable();
    }

    public int peekByte() {
        need(1);
        return buf.getUnsignedByte(buf.readerIndex());
    }

    public int int1() {
        need(1);
        return buf.readUnsignedByte();
    }

    public int int2() {
        need(2);
        return buf.readUnsignedShortLE();
    }

    public int int3() {
        need(3);
        return buf.readUnsignedMediumLE();
    }

    public long int4() {
        need(4);
        return buf.readUnsignedIntLE();
    }

    public long int8() {
        need(8);
        return buf.readLongLE();
    }

    /** A length-encoded integer; {@code 0xFB} (NULL) is returned as -1. Values above 2^63 come back negative. */
    public long lenencInt() {
        int first = int1();
        if (first < 0xFB) {
            return first;
        }
        return switch (first) {
            case 0xFB -> -1;
            case 0xFC -> int2();
            case 0xFD -> int3();
            case 0xFE -> int8();
            default -> throw new MalformedPacketException("length-encoded integer: prefix 0xFF");
        };
    }

    public byte[] bytes(int length) {
        need(length);
        byte[] out = new byte[length];
        buf.readBytes(out);
        return out;
    }

    public void skip(int length) {
        need(length);
        buf.skipBytes(length);
    }

    /** A length-encoded string, or {@code null} for the NULL marker. */
    public byte[] lenencBytes() {
        if (peekByte() == NULL_MARKER) {
            buf.skipBytes(1);
            return null;
        }
        long length = lenencInt();
        // negative: a length of 2^63 or more, which lenencInt cannot tell from NULL and no payload can hold
        if (length < 0 || length > buf.readableBytes()) {
            throw new MalformedPacketException("length-encoded string: " + Long.toUnsignedString(length) + " bytes, "
                    + buf.readableBytes() + " left");
        }
        return bytes((int) length);
    }

    public String lenencString(Charset charset) {
        byte[] bytes = lenencBytes();
        return bytes == null ? null : new String(bytes, charset);
    }

    /** Bytes up to the next NUL, which is consumed; the rest of the payload if there is no NUL. */
    public byte[] nulTerminatedBytes() {
        int end = buf.indexOf(buf.readerIndex(), buf.writerIndex(), (byte) 0);
        int length = (end < 0 ? buf.writerIndex() : end) - buf.readerIndex();
        byte[] out = bytes(length);
        if (end >= 0) {
            buf.skipBytes(1);
        }
        return out;
    }

    public String nulTerminatedString(Charset charset) {
        return new String(nulTerminatedBytes(), charset);
    }

    public String nulTerminatedString() {
        return nulTerminatedString(StandardCharsets.UTF_8);
    }

    public byte[] restBytes() {
        return bytes(buf.readableBytes());
    }

    public String restString(Charset charset) {
        String s = buf.toString(buf.readerIndex(), buf.readableBytes(), charset);
        buf.skipBytes(buf.readableBytes());
        return s;
    }

    private void need(int length) {
        if (length < 0 || buf.readableBytes() < length) {
            throw new MalformedPacketException("needed " + length + " more bytes, " + buf.readableBytes() + " left");
        }
    }
}
