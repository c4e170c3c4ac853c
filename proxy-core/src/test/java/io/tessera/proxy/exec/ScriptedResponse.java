package io.tessera.proxy.exec;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.channel.embedded.EmbeddedChannel;
import io.tessera.protocol.codec.FrameKind;
import io.tessera.protocol.codec.Packet;
import io.tessera.protocol.codec.PacketDecoder;
import io.tessera.protocol.codec.PayloadWriter;
import io.tessera.protocol.codec.ResponseTracker;
import io.tessera.protocol.constant.ColumnType;
import io.tessera.protocol.constant.ServerStatus;
import io.tessera.protocol.packet.ColumnDefinition41;
import io.tessera.protocol.packet.EofPacket;
import io.tessera.protocol.packet.ErrPacket;
import io.tessera.protocol.packet.OkPacket;
import java.util.ArrayList;
import java.util.List;

/**
 * A data host's answer to one command as it comes off the wire: payloads in order, decoded into frames and classified
 * the way a native connection does it ({@link PacketDecoder}, {@link ResponseTracker}).
 */
final class ScriptedResponse {

    private final List<byte[]> payloads;
    private final int finalStatus;

    private ScriptedResponse(List<byte[]> payloads, int finalStatus) {
        this.payloads = payloads;
        this.finalStatus = finalStatus;
    }

    static ScriptedResponse ok(long affectedRows, long lastInsertId, int warnings) {
        return ok(affectedRows, lastInsertId, ServerStatus.AUTOCOMMIT, warnings);
    }

    static ScriptedResponse ok(long affectedRows, long lastInsertId, int status, int warnings) {
        return new ScriptedResponse(List.of(payload(p -> new OkPacket(affectedRows, lastInsertId, status, warnings, "")
                .writeTo(p))), status);
    }

    static ScriptedResponse err(int code, String sqlState, String message) {
        return new ScriptedResponse(List.of(payload(p -> new ErrPacket(code, sqlState, message).writeTo(p))),
                ServerStatus.AUTOCOMMIT);
    }

    /** A text result set of VARCHAR columns; {@code rows} hold one value per column, {@code null} for NULL. */
    static ScriptedResponse rows(List<String> columns, int warnings, List<String>... rows) {
        List<byte[]> payloads = new ArrayList<>();
        payloads.add(payload(p -> p.lenencInt(columns.size())));
        for (String column : columns) {
            payloads.add(payload(p -> ColumnDefinition41.of(column, ColumnType.VAR_STRING, 45, 80, 0).writeTo(p)));
        }
        payloads.add(payload(p -> new EofPacket(0, ServerStatus.AUTOCOMMIT).writeTo(p)));
        for (List<String> row : rows) {
            payloads.add(payload(p -> row.forEach(value -> {
                if (value == null) {
                    p.int1(0xFB);
                } else {
                    p.lenencString(value);
                }
            })));
        }
        payloads.add(payload(p -> new EofPacket(warnings, ServerStatus.AUTOCOMMIT).writeTo(p)));
        return new ScriptedResponse(payloads, ServerStatus.AUTOCOMMIT);
    }

    /** The payloads, each as the bytes a client must receive. */
    List<byte[]> payloads() {
        return payloads;
    }

    /** The frames, numbered from 1 as a command's answer is, with their kinds; the caller owns the packets. */
    List<Frame> frames(boolean columnsOnly) {
        EmbeddedChannel decoder = new EmbeddedChannel(new PacketDecoder());
        ByteBuf wire = Unpooled.buffer();
        int sequenceId = 1;
        for (byte[] payload : payloads) {
            wire.writeMediumLE(payload.length).writeByte(sequenceId++).writeBytes(payload);
        }
        decoder.writeInbound(wire);
        ResponseTracker tracker = new ResponseTracker();
        tracker.start(false, columnsOnly);
        List<Frame> frames = new ArrayList<>();
        Packet packet;
        while ((packet = decoder.readInbound()) != null) {
            frames.add(new Frame(packet, tracker.next(packet)));
        }
        decoder.finishAndReleaseAll();
        return frames;
    }

    /** The status flags of the frame that ends the response. */
    int finalStatus() {
        return finalStatus;
    }

    record Frame(Packet packet, FrameKind kind) {
    }

    private interface PayloadContent {
        void write(PayloadWriter payload);
    }

    private static byte[] payload(PayloadContent content) {
        PayloadWriter writer = PayloadWriter.allocate(UnpooledByteBufAllocator.DEFAULT, 64);
        content.write(writer);
        ByteBuf frame = writer.frame();
        byte[] bytes = new byte[writer.payloadLength()];
        frame.getBytes(PacketDecoder.HEADER_SIZE, bytes);
        frame.release();
        return bytes;
    }
}
