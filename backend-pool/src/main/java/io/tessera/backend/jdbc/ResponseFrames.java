package io.tessera.backend.jdbc;

import io.netty.buffer.ByteBufAllocator;
import io.tessera.backend.ResponseHandler;
import io.tessera.protocol.codec.FrameKind;
import io.tessera.protocol.codec.Packet;
import io.tessera.protocol.codec.PacketDecoder;
import io.tessera.protocol.codec.PayloadWriter;
import io.tessera.protocol.packet.EofPacket;
import io.tessera.protocol.packet.ErrPacket;
import io.tessera.protocol.packet.OkPacket;
import java.util.ArrayList;
import java.util.List;

/**
 * The MySQL frames of one response to a command run over JDBC (MySQL manual: "Text Resultset"), numbered from
 * sequence id 1 and taken a batch at a time. Used by one thread at a time, the business executor.
 */
final class ResponseFrames {

    private final List<Packet> frames = new ArrayList<>();
    private final List<FrameKind> kinds = new ArrayList<>();
    private int sequenceId = 1;
    private int errorCode;

    void ok(long affectedRows, long lastInsertId, int status) {
        PayloadWriter p = PayloadWriter.allocate(ByteBufAllocator.DEFAULT, 16);
        new OkPacket(affectedRows, lastInsertId, status, 0, "").writeTo(p);
        add(p, FrameKind.OK);
    }

    void err(ErrPacket err) {
        errorCode = err.errorCode();
        PayloadWriter p = PayloadWriter.allocate(ByteBufAllocator.DEFAULT, 16 + err.message().length());
        err.writeTo(p);
        add(p, FrameKind.ERR);
    }

    /** {@code column count | definitions | EOF}. */
    void columns(List<JdbcColumn> columns, int status) {
        add(PayloadWriter.allocate(ByteBufAllocator.DEFAULT, 9).lenencInt(columns.size()), FrameKind.COLUMN_COUNT);
        for (JdbcColumn column : columns) {
            PayloadWriter p = PayloadWriter.allocate(ByteBufAllocator.DEFAULT, 64);
            column.definition().writeTo(p);
            add(p, FrameKind.COLUMN_DEFINITION);
        }
        PayloadWriter eof = PayloadWriter.allocate(ByteBufAllocator.DEFAULT, 5);
        new EofPacket(0, status).writeTo(eof);
        add(eof, FrameKind.COLUMNS_EOF);
    }

    void row(PayloadWriter row) {
        add(row, FrameKind.ROW);
    }

    void endRows(int status) {
        PayloadWriter eof = PayloadWriter.allocate(ByteBufAllocator.DEFAULT, 5);
        new EofPacket(0, status).writeTo(eof);
        add(eof, FrameKind.ROWS_EOF);
    }

    /** The error code of the ERR written, 0 when there is none. */
    int errorCode() {
        return errorCode;
    }

    /** The frames written since the last batch was taken. */
    Batch take() {
        Batch batch = new Batch(new ArrayList<>(frames), new ArrayList<>(kinds));
        frames.clear();
        kinds.clear();
        return batch;
    }

    private void add(PayloadWriter payload, FrameKind kind) {
        if (payload.payloadLength() >= PacketDecoder.MAX_PAYLOAD) {
            payload.release();
            throw new IllegalArgumentException("a row of 16 MiB or more cannot be sent from a dbDriver=\"jdbc\""
                    + " data host");
        }
        frames.add(Packet.of(sequenceId++, payload));
        kinds.add(kind);
    }

    /** Frames handed to the event loop together; whoever takes them delivers or releases them. */
    record Batch(List<Packet> frames, List<FrameKind> kinds) {

        void deliverTo(ResponseHandler handler) {
            for (int i = 0; i < frames.size(); i++) {
                handler.onFrame(frames.get(i), kinds.get(i));
            }
        }

        void release() {
            frames.forEach(Packet::release);
        }
    }
}
