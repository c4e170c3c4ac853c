package io.tessera.proxy.frontend;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.CompositeByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.tessera.protocol.binary.BinaryRowEncoder;
import io.tessera.protocol.codec.PacketDecoder;
import io.tessera.protocol.codec.PayloadReader;
import io.tessera.protocol.codec.PayloadWriter;
import io.tessera.protocol.codec.StatusFlags;
import io.tessera.protocol.constant.ServerStatus;
import io.tessera.protocol.error.ErrorCode;
import io.tessera.protocol.packet.ColumnDefinition41;
import io.tessera.protocol.packet.ResultSetEnds;
import io.tessera.proxy.session.ClientChannel;
import io.tessera.proxy.session.ClientErrors;
import io.tessera.proxy.session.Cursor;
import io.tessera.proxy.session.PreparedStatement;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns what a COM_STMT_EXECUTE answers into the binary protocol on its way to the client. Whatever produced the
 * answer (a data node's text result streamed through, a merge, a result Tessera built itself) wrote text-protocol
 * rows; while an EXECUTE runs, this outbound handler follows the result sets frame by frame (MySQL manual:
 * "Binary Protocol Resultset") and re-encodes each row with the column types of its result set. Rows that are binary
 * already (a data node's own EXECUTE) pass as they are. When the client asked for a cursor, the rows are kept for
 * COM_STMT_FETCH instead, and the result set ends after its column definitions with SERVER_STATUS_CURSOR_EXISTS.
 *
 * <p>The handler renumbers the frames it passes (a re-encoded row may need another number of 16 MiB frames).
 * Inactive outside an EXECUTE, where it only checks a flag. Used on the channel's event loop only.
 */
final class BinaryResults extends ChannelOutboundHandlerAdapter implements ClientChannel.CommandListener {

    private enum State { FIRST, COLUMNS, COLUMNS_EOF, ROWS }

    private final boolean deprecateEof;
    private final long cursorMemoryLimit;
    private ChannelHandlerContext ctx;
    private boolean active;
    private boolean transcode;
    private PreparedStatement cursorOwner;
    private State state = State.FIRST;
    private long columnsLeft;
    private final List<ColumnDefinition41> columns = new ArrayList<>();
    private BinaryRowEncoder encoder;
    private int sequenceId;
    private CompositeByteBuf partial; // a payload of 16 MiB or more, until its last frame
    private final List<ByteBuf> heldHeader = new ArrayList<>(); // a cursor's result set header, sent at its end
    private Cursor cursor;
    private boolean cursorTooBig;

    BinaryResults(boolean deprecateEof, long cursorMemoryLimit) {
        this.deprecateEof = deprecateEof;
        this.cursorMemoryLimit = cursorMemoryLimit;
    }

    /** The client's re-encoder: the front end installs it after login as the channel's command listener. */
    static BinaryResults of(ClientChannel client) {
        return (BinaryResults) client.commandListener();
    }

    @Override
    public void handlerAdded(ChannelHandlerContext context) {
        this.ctx = context;
    }

    /**
     * The next frames answer an EXECUTE. {@code textRows}: rows come in the text protocol and are re-encoded;
     * {@code cursorOwner}: the statement whose cursor keeps the rows, or {@code null} to send them.
     */
    void expect(boolean textRows, PreparedStatement owner, int firstSequenceId) {
        active = true;
        transcode = textRows;
        cursorOwner = owner;
        sequenceId = firstSequenceId;
        state = State.FIRST;
    }

    /** The data node answers in the binary protocol itself: rows pass as they are (or into the cursor). */
    void rowsAreBinary() {
        transcode = false;
        if (cursorOwner == null) {
            active = false; // nothing to do: the frames pass straight through
        }
    }

    /** The command ended: back to passing frames untouched. */
    @Override
    public void commandDone() {
        if (!active) {
            return;
        }
        active = false;
        cursorOwner = null;
        discardHeld();
        if (partial != null) {
            partial.release();
            partial = null;
        }
    }

    @Override
    public void write(ChannelHandlerContext context, Object msg, ChannelPromise promise) {
        if (!active || !(msg instanceof ByteBuf frames)) {
            context.write(msg, promise);
            return;
        }
        try {
            while (frames.isReadable()) {
                int length = frames.getUnsignedMediumLE(frames.readerIndex());
                ByteBuf payload = frames.retainedSlice(frames.readerIndex() + PacketDecoder.HEADER_SIZE, length);
                frames.skipBytes(PacketDecoder.HEADER_SIZE + length);
                if (length == PacketDecoder.MAX_PAYLOAD || partial != null) {
                    payload = gather(payload, length < PacketDecoder.MAX_PAYLOAD);
                    if (payload == null) {
                        continue;
                    }
                }
                packet(payload);
            }
        } finally {
            frames.release();
        }
        promise.setSuccess();
    }

    /** Collects the frames of a long payload; returns it whole after its last frame, else {@code null}. */
    private ByteBuf gather(ByteBuf chunk, boolean last) {
        if (partial == null) {
            partial = ctx.alloc().compositeBuffer(Integer.MAX_VALUE);
        }
        partial.addComponent(true, chunk);
        if (!last) {
            return null;
        }
        ByteBuf whole = partial;
        partial = null;
        return whole;
    }

    /** One whole packet payload of the answer; takes ownership. */
    private void packet(ByteBuf payload) {
        int first = payload.isReadable() ? payload.getUnsignedByte(payload.readerIndex()) : -1;
        switch (state) {
            case FIRST -> {
                if (first == 0x00 || first == 0xFF || first == 0xFB) { // OK, ERR, LOCAL INFILE request
                    send(payload);
                    return;
                }
                columnsLeft = new PayloadReader(payload.duplicate()).lenencInt();
                columns.clear();
                encoder = null;
                state = State.COLUMNS;
                hold(payload);
            }
            case COLUMNS -> {
                if (first == 0xFF) {
                    fail(payload);
                    return;
                }
                columns.add(ColumnDefinition41.read(new PayloadReader(payload.duplicate())));
                hold(payload);
                if (--columnsLeft == 0) {
                    state = deprecateEof ? State.ROWS : State.COLUMNS_EOF;
                    if (deprecateEof) {
                        columnsEnded(null);
                    }
                }
            }
            case COLUMNS_EOF -> {
                state = State.ROWS;
                columnsEnded(payload);
            }
            case ROWS -> {
                if (first == 0xFF) {
                    fail(payload);
                } else if (first == 0xFE && payload.readableBytes() < PacketDecoder.MAX_PAYLOAD) {
                    rowsEnded(payload);
                } else {
                    row(payload);
                }
            }
            default -> throw new IllegalStateException(state.toString());
        }
    }

    /** Without a cursor the header goes out at once; with one it waits for the end of the rows. */
    private void hold(ByteBuf payload) {
        if (cursorOwner == null) {
            send(payload);
        } else {
            heldHeader.add(payload);
        }
    }

    private void columnsEnded(ByteBuf eof) {
        if (cursorOwner == null) {
            if (eof != null) {
                send(eof);
            }
            return;
        }
        if (eof != null) {
            eof.release();
        }
        cursor = new Cursor();
        cursorTooBig = false;
    }

    private void row(ByteBuf payload) {
        ByteBuf binary = payload;
        if (transcode) {
            if (encoder == null) {
                encoder = new BinaryRowEncoder(columns);
            }
            PayloadWriter out = PayloadWriter.allocate(ctx.alloc(), payload.readableBytes() + columns.size() + 8);
            try {
                encoder.encode(payload, out);
            } catch (RuntimeException e) {
                out.release();
                throw e;
            } finally {
                payload.release();
            }
            binary = out.frame().skipBytes(PacketDecoder.HEADER_SIZE);
        }
        if (cursorOwner == null) {
            send(binary);
        } else if (cursorTooBig || cursor.bytes() + binary.readableBytes() > cursorMemoryLimit) {
            cursorTooBig = true;
            binary.release();
        } else {
            cursor.add(binary);
        }
    }

    private void rowsEnded(ByteBuf eof) {
        state = State.FIRST; // another result set may follow (SERVER_MORE_RESULTS_EXISTS)
        int status = StatusFlags.ofRowsEnd(eof, deprecateEof);
        if (cursorOwner == null) {
            send(eof);
            return;
        }
        eof.release();
        if (cursorTooBig) {
            cursor.close();
            discardHeld();
            sendError(ErrorCode.OUT_OF_SORT_MEMORY.exception("the cursor's rows need more than mergeMemoryLimit ("
                    + cursorMemoryLimit + " bytes, server.xml); fetch without a cursor or raise the limit"));
            return;
        }
        for (ByteBuf held : heldHeader) {
            send(held);
        }
        heldHeader.clear();
        int cursorStatus = (status & ~ServerStatus.MORE_RESULTS_EXISTS) | ServerStatus.CURSOR_EXISTS;
        PayloadWriter p = PayloadWriter.allocate(ctx.alloc(), 12);
        ResultSetEnds.endRows(p, deprecateEof, 0, cursorStatus);
        send(p.frame().skipBytes(PacketDecoder.HEADER_SIZE));
        cursorOwner.cursor(cursor);
        cursor = null;
    }

    /** An ERR inside a result set: a cursor's held header and rows are dropped, the ERR goes out. */
    private void fail(ByteBuf err) {
        discardHeld();
        if (cursor != null) {
            cursor.close();
            cursor = null;
        }
        state = State.FIRST;
        send(err);
    }

    private void sendError(Throwable error) {
        PayloadWriter p = PayloadWriter.allocate(ctx.alloc(), 64);
        ClientErrors.toErr(error).writeTo(p);
        send(p.frame().skipBytes(PacketDecoder.HEADER_SIZE));
    }

    private void discardHeld() {
        heldHeader.forEach(ByteBuf::release);
        heldHeader.clear();
    }

    /** Frames {@code payload} with the next sequence ids (split at 16 MiB) and writes it on. */
    private void send(ByteBuf payload) {
        int remaining = payload.readableBytes();
        int offset = payload.readerIndex();
        while (true) {
            int chunk = Math.min(remaining, PacketDecoder.MAX_PAYLOAD);
            ByteBuf header = ctx.alloc().ioBuffer(PacketDecoder.HEADER_SIZE);
            header.writeMediumLE(chunk).writeByte(sequenceId);
            sequenceId = (sequenceId + 1) & 0xFF;
            ctx.write(ctx.alloc().compositeBuffer(2).addComponents(true, header, payload.retainedSlice(offset, chunk)),
                    ctx.voidPromise());
            offset += chunk;
            remaining -= chunk;
            if (chunk < PacketDecoder.MAX_PAYLOAD) {
                break;
            }
        }
        payload.release();
    }
}
