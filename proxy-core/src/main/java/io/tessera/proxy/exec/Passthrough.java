package io.tessera.proxy.exec;

import io.netty.buffer.ByteBuf;
import io.netty.channel.EventLoop;
import io.tessera.backend.BackendConnection;
import io.tessera.backend.ResponseHandler;
import io.tessera.protocol.HotPath;
import io.tessera.protocol.codec.FrameKind;
import io.tessera.protocol.codec.Packet;
import io.tessera.protocol.codec.PacketWriter;
import io.tessera.protocol.codec.PayloadReader;
import io.tessera.protocol.codec.PayloadWriter;
import io.tessera.protocol.codec.StatusFlags;
import io.tessera.protocol.constant.ServerStatus;
import io.tessera.protocol.packet.ErrPacket;
import io.tessera.protocol.packet.ResultSetEnds;
import io.tessera.proxy.session.ClientChannel;

/**
 * The single-node hot path: streams one backend response to the client frame by frame. Rows are not decoded;
 * only the sequence id changes. For a client that chose CLIENT_DEPRECATE_EOF (backends never do), the EOF after
 * the columns is dropped and the EOF after the rows becomes the equivalent 0xFE OK.
 *
 * <p>Backpressure: when the client channel stops being writable the backend channel stops reading, and it
 * resumes when the client has drained ({@link ClientChannel#whenWritable}). Memory stays flat whatever the result
 * size. Runs on the client's event loop; frames delivered on another loop hop over in order.
 */
@HotPath
final class Passthrough implements ResponseHandler {

    private static final int FLUSH_EVERY_FRAMES = 64;

    private final ClientChannel client;
    private final BackendConnection backend;
    private final Completion completion;
    private final EventLoop clientLoop;
    private final PacketWriter writer;
    private final boolean deprecateEof;
    private int unflushed;
    private boolean paused;
    private int warnings;
    private long rows;

    /** What happens once the response has been passed on: release or keep the connection, end the command. */
    interface Completion {
        void completed(BackendConnection backend, int warnings);

        void failed(BackendConnection backend, Throwable cause);
    }

    Passthrough(ClientChannel client, BackendConnection backend, Completion completion) {
        this.client = client;
        this.backend = backend;
        this.completion = completion;
        this.clientLoop = client.channel().eventLoop();
        this.writer = client.writer();
        this.deprecateEof = client.session().deprecateEof();
    }

    @Override
    public void onFrame(Packet frame, FrameKind kind) {
        if (clientLoop.inEventLoop()) {
            pass(frame, kind);
        } else {
            clientLoop.execute(() -> pass(frame, kind));
        }
    }

    @Override
    public void onComplete(int statusFlags) {
        if (clientLoop.inEventLoop()) {
            complete();
        } else {
            clientLoop.execute(this::complete);
        }
    }

    @Override
    public void onFailure(Throwable cause) {
        if (clientLoop.inEventLoop()) {
            fail(cause);
        } else {
            clientLoop.execute(() -> fail(cause));
        }
    }

    private void pass(Packet frame, FrameKind kind) {
        if (!client.channel().isActive()) {
            frame.release();
            backend.close(); // the client left: stop the data host instead of draining the whole result
            return;
        }
        switch (kind) {
            case COLUMNS_EOF -> {
                if (deprecateEof) {
                    frame.release();
                    return;
                }
            }
            case ROW -> rows++;
            case ERR -> {
                client.session().rowCount(-1);
                boolean rewritten = writtenInLogicalTerms(frame); // before statementFailed ends the timeout
                client.statementFailed();
                if (rewritten) {
                    afterWrite();
                    return;
                }
            }
            case ROWS_EOF -> {
                client.session().foundRows(rows); // FOUND_ROWS() and ROW_COUNT() after a SELECT
                client.rowsSent(rows);
                client.session().rowCount(-1);
                rows = 0;
                // EOF: 0xFE | 2 warnings | 2 status
                int count = frame.content().getUnsignedShortLE(frame.content().readerIndex() + 1);
                warnings = count;
                if (client.session().moreResults()) {
                    markMoreResults(frame.content(), frame.content().readerIndex() + 3);
                }
                if (deprecateEof) {
                    int status = StatusFlags.ofEof(frame.content());
                    frame.release();
                    PayloadWriter ok = writer.newPayload(ResultSetEnds.MAX_END_OF_ROWS_BYTES);
                    ResultSetEnds.endRows(ok, true, count, status);
                    writer.write(ok);
                    afterWrite();
                    return;
                }
            }
            case OK -> {
                noteOk(frame);
                if (client.session().statementKeyId() != 0) {
                    writeWithKeyId(frame);
                    afterWrite();
                    return;
                }
            }
            default -> {
                // rows, columns, errors and continuations pass unchanged
            }
        }
        writer.forward(frame);
        afterWrite();
    }

    /**
     * A data host's ERR that names a data node's database goes out with the logical schema instead, its code and
     * SQLSTATE kept ({@link ClientChannel#logical}), and its 1317 after sqlExecuteTimeout as 3024, or as a deadlock's
     * victim as 1213 ({@link ClientChannel#answer}); true when written so, false when it passes as it
     * is. An ERR is rare: decoding it costs nothing that matters.
     */
    private boolean writtenInLogicalTerms(Packet frame) {
        ErrPacket received = ErrPacket.read(new PayloadReader(frame.content().duplicate()));
        ErrPacket err = client.answer(received);
        String message = client.logical(err.message());
        if (err == received && message.equals(err.message())) {
            return false;
        }
        frame.release();
        PayloadWriter p = writer.newPayload(16 + message.length());
        new ErrPacket(err.errorCode(), err.sqlState(), message).writeTo(p);
        writer.write(p);
        return true;
    }

    /** Remembers what an OK reports that the session answers for later: LAST_INSERT_ID(), warnings. */
    private void noteOk(Packet frame) {
        PayloadReader in = new PayloadReader(frame.content().duplicate());
        in.int1();
        client.session().rowCount(in.lenencInt());
        long insertId = in.lenencInt();
        if (insertId != 0) {
            client.session().lastInsertId(insertId);
        }
        if (in.readableBytes() >= 4) {
            if (client.session().moreResults()) {
                markMoreResults(frame.content(), frame.content().writerIndex() - in.readableBytes());
            }
            in.int2();
            warnings = in.int2();
        }
    }

    /**
     * The OK of an INSERT whose primary key a sequence filled: it reports the sequence's first id as last_insert_id,
     * which the data node, given the key, does not know. Only that field changes: the status, warnings, info and any
     * session state changes after it are copied as they came.
     */
    private void writeWithKeyId(Packet frame) {
        ByteBuf content = frame.content();
        PayloadReader in = new PayloadReader(content.duplicate());
        int header = in.int1();
        long affectedRows = in.lenencInt();
        in.lenencInt(); // the data node's last_insert_id
        long keyId = client.session().statementKeyId();
        client.session().lastInsertId(keyId);
        int consumed = content.readableBytes() - in.readableBytes();
        ByteBuf rest = content.slice(content.readerIndex() + consumed, in.readableBytes());
        PayloadWriter p = writer.newPayload(20 + rest.readableBytes());
        p.int1(header).lenencInt(affectedRows).lenencInt(keyId).bytes(rest);
        frame.release();
        writer.write(p);
    }

    /**
     * A statement of a multi-statement text that is not the last: its final OK or EOF says more results follow
     * (the status flags at {@code index}, changed in place).
     */
    private static void markMoreResults(ByteBuf payload, int index) {
        payload.setShortLE(index, payload.getUnsignedShortLE(index) | ServerStatus.MORE_RESULTS_EXISTS);
    }

    private void afterWrite() {
        if (!client.channel().isWritable()) {
            writer.flush();
            unflushed = 0;
            if (!paused) {
                paused = true;
                backend.pauseReading();
                client.whenWritable(this::resume);
            }
        } else if (++unflushed >= FLUSH_EVERY_FRAMES) {
            writer.flush();
            unflushed = 0;
        }
    }

    private void resume() {
        if (!client.channel().isActive()) {
            backend.close();
        } else if (paused) {
            paused = false;
            backend.resumeReading();
        }
    }

    private void complete() {
        writer.flush();
        resume();
        completion.completed(backend, warnings);
    }

    private void fail(Throwable cause) {
        resume();
        completion.failed(backend, cause);
    }
}
