package io.tessera.backend.mysql;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.tessera.protocol.codec.PacketDecoder;
import io.tessera.protocol.codec.PayloadWriter;
import io.tessera.protocol.constant.ColumnType;
import io.tessera.protocol.packet.ColumnDefinition41;
import io.tessera.protocol.packet.EofPacket;
import io.tessera.protocol.packet.ErrPacket;
import io.tessera.protocol.packet.OkPacket;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;

/**
 * Plays the server's side of a conversation with an {@link EmbeddedChannel}: frames payloads, feeds them one byte
 * per read, and splits what the client wrote back into frames.
 */
final class WireScript {

    private final EmbeddedChannel channel;

    WireScript(EmbeddedChannel channel) {
        this.channel = channel;
    }

    /** One frame the client sent. */
    record Frame(int sequenceId, byte[] payload) {
        @Override
        public String toString() {
            return "Frame[seq=" + sequenceId + ", length=" + payload.length + "]";
        }
    }

    /** Frames {@code payload} with {@code sequenceId} and feeds it to the client one byte at a time. */
    void serverSends(int sequenceId, Consumer<PayloadWriter> payload) {
        feedByteByByte(frame(sequenceId, payload));
    }

    void serverSendsOk(int sequenceId, long affectedRows, int status) {
        serverSends(sequenceId, out -> new OkPacket(affectedRows, 0, status, 0, "").writeTo(out));
    }

    void serverSendsErr(int sequenceId, int code, String state, String message) {
        serverSends(sequenceId, out -> new ErrPacket(code, state, message).writeTo(out));
    }

    /**
     * A text result set of VARCHAR columns, EOF after the columns and after the rows; returns the next sequence id.
     */
    int serverSendsResultSet(int sequenceId, List<String> columns, List<List<String>> rows, int status) {
        int seq = sequenceId;
        serverSends(seq++, out -> out.lenencInt(columns.size()));
        for (String column : columns) {
            serverSends(seq++, out -> ColumnDefinition41.of(column, ColumnType.VAR_STRING, 45, 255, 0).writeTo(out));
        }
        serverSends(seq++, out -> new EofPacket(0, status).writeTo(out));
        for (List<String> row : rows) {
            serverSends(seq++, out -> {
                for (String value : row) {
                    out.lenencString(value);
                }
            });
        }
        serverSends(seq++, out -> new EofPacket(0, status).writeTo(out));
        return seq;
    }

    /** Everything the client wrote since the last call, split into frames. */
    List<Frame> clientSent() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (ByteBuf buf; (buf = channel.readOutbound()) != null; ) {
            try {
                byte[] b = new byte[buf.readableBytes()];
                buf.readBytes(b);
                bytes.writeBytes(b);
            } finally {
                buf.release();
            }
        }
        byte[] all = bytes.toByteArray();
        List<Frame> frames = new ArrayList<>();
        int at = 0;
        while (at < all.length) {
            int length = (all[at] & 0xFF) | (all[at + 1] & 0xFF) << 8 | (all[at + 2] & 0xFF) << 16;
            int seq = all[at + 3] & 0xFF;
            frames.add(new Frame(seq, Arrays.copyOfRange(all, at + PacketDecoder.HEADER_SIZE,
                    at + PacketDecoder.HEADER_SIZE + length)));
            at += PacketDecoder.HEADER_SIZE + length;
        }
        return frames;
    }

    /** The one frame the client sent since the last call. */
    Frame clientSentOne() {
        List<Frame> frames = clientSent();
        if (frames.size() != 1) {
            throw new AssertionError("expected one frame from the client, got " + frames);
        }
        return frames.get(0);
    }

    static byte[] frame(int sequenceId, Consumer<PayloadWriter> payload) {
        PayloadWriter out = PayloadWriter.allocate(ByteBufAllocator.DEFAULT, 64);
        payload.accept(out);
        ByteBuf frame = out.frame();
        try {
            frame.setMediumLE(0, out.payloadLength());
            frame.setByte(3, sequenceId);
            byte[] bytes = new byte[frame.readableBytes()];
            frame.readBytes(bytes);
            return bytes;
        } finally {
            frame.release();
        }
    }

    private void feedByteByByte(byte[] bytes) {
        for (byte b : bytes) {
            channel.writeInbound(Unpooled.wrappedBuffer(new byte[] {b}));
        }
    }
}
