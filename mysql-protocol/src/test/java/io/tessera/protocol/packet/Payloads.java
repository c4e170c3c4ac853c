package io.tessera.protocol.packet;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.tessera.protocol.TrackingAllocator;
import io.tessera.protocol.codec.PacketDecoder;
import io.tessera.protocol.codec.PayloadReader;
import io.tessera.protocol.codec.PayloadWriter;
import java.util.function.Consumer;
import java.util.function.Function;

/** Writes packets into tracked buffers and reads them back; every buffer is released before returning. */
final class Payloads {

    private final TrackingAllocator alloc = new TrackingAllocator();

    /** Writes with {@code write}, reads back with {@code read}, and checks that the read consumed every byte. */
    <T> T roundTrip(Consumer<PayloadWriter> write, Function<PayloadReader, T> read) {
        PayloadWriter out = PayloadWriter.allocate(alloc, 64);
        try {
            write.accept(out);
            PayloadReader in = new PayloadReader(out.frame().skipBytes(PacketDecoder.HEADER_SIZE));
            T value = read.apply(in);
            assertThat(in.readableBytes()).as("bytes left unread").isZero();
            return value;
        } finally {
            out.release();
        }
    }

    /** The payload bytes {@code write} produces. */
    byte[] bytes(Consumer<PayloadWriter> write) {
        PayloadWriter out = PayloadWriter.allocate(alloc, 64);
        try {
            write.accept(out);
            return ByteBufUtil.getBytes(out.frame(), PacketDecoder.HEADER_SIZE, out.payloadLength());
        } finally {
            out.release();
        }
    }

    /** The payload bytes as lower-case hex without spaces. */
    String hex(Consumer<PayloadWriter> write) {
        return ByteBufUtil.hexDump(bytes(write));
    }

    /** Reads a payload given as hex (spaces ignored). */
    <T> T read(String hex, Function<PayloadReader, T> read) {
        ByteBuf buf = alloc.hex(hex);
        try {
            return read.apply(new PayloadReader(buf));
        } finally {
            buf.release();
        }
    }

    <T> T read(byte[] payload, Function<PayloadReader, T> read) {
        ByteBuf buf = alloc.wrap(payload);
        try {
            return read.apply(new PayloadReader(buf));
        } finally {
            buf.release();
        }
    }

    void assertAllReleased() {
        alloc.assertAllReleased();
    }
}
