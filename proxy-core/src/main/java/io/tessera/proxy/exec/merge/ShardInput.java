package io.tessera.proxy.exec.merge;

import io.netty.channel.EventLoop;
import io.tessera.backend.BackendConnection;
import io.tessera.backend.ResponseHandler;
import io.tessera.protocol.HotPath;
import io.tessera.protocol.codec.FrameKind;
import io.tessera.protocol.codec.Packet;
import io.tessera.protocol.codec.PayloadReader;
import io.tessera.protocol.error.DataHostError;
import io.tessera.protocol.error.ErrorCode;
import io.tessera.protocol.error.TesseraException;
import io.tessera.protocol.packet.ErrPacket;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One data node's answer to a merged statement: its column definitions, then its rows, buffered until the merge
 * takes them. Above a high-water mark of bytes received and not yet taken the node's connection stops reading (the
 * rest waits in the kernel and in the data node) and resumes below a low one, so a slow client or a slow sibling
 * node bounds memory. Frames arrive on the connection's event loop and are handled on the client's; the count is
 * kept from the moment a frame arrives, so that frames still on their way between the loops count too, and reading
 * is only ever switched on the connection's own loop.
 */
@HotPath
final class ShardInput implements ResponseHandler, ShardRows {

    private static final int HIGH_WATER_BYTES = 256 * 1024;
    private static final int LOW_WATER_BYTES = 64 * 1024;
    /** Rows read and dropped after the merge is done before the connection is closed instead. */
    private static final int DRAIN_LIMIT_ROWS = 10_000;

    private final MergeExecution execution;
    private final int index;
    private final String dataNode;
    private final EventLoop loop;
    private final ArrayDeque<Row> rows = new ArrayDeque<>();
    private final List<Packet> columns = new ArrayList<>();
    private final AtomicInteger unconsumedBytes = new AtomicInteger();
    private final Runnable resume = this::resumeIfDrained;
    private BackendConnection backend;
    private volatile boolean paused;          // written on the connection's loop only
    private volatile boolean draining;
    private boolean headerDone;
    private boolean rowsDone;
    private int drained;
    private int warnings;
    private TesseraException error;

    ShardInput(MergeExecution execution, int index, String dataNode, EventLoop loop) {
        this.execution = execution;
        this.index = index;
        this.dataNode = dataNode;
        this.loop = loop;
    }

    @Override
    public int index() {
        return index;
    }

    String dataNode() {
        return dataNode;
    }

    void attach(BackendConnection connection) {
        this.backend = connection;
    }

    BackendConnection backend() {
        return backend;
    }

    /** The column definitions, in order; the caller releases those it does not forward. */
    List<Packet> columns() {
        return columns;
    }

    int warnings() {
        return warnings;
    }

    @Override
    public Row peek() {
        return rows.peek();
    }

    @Override
    public Row poll() {
        Row row = rows.poll();
        if (row != null && unconsumedBytes.addAndGet(-row.size()) < LOW_WATER_BYTES && paused) {
            backend.eventLoop().execute(resume);
        }
        return row;
    }

    @Override
    public boolean isDrained() {
        return rowsDone && rows.isEmpty();
    }

    @Override
    public void onFrame(Packet frame, FrameKind kind) {
        if (kind == FrameKind.ROW && !draining
                && unconsumedBytes.addAndGet(frame.content().capacity()) > HIGH_WATER_BYTES && !paused) {
            paused = true;
            backend.pauseReading();
            resumeIfDrained(); // the merge may have taken rows in between and seen paused still false
        }
        if (loop.inEventLoop()) {
            handle(frame, kind);
        } else {
            loop.execute(() -> handle(frame, kind));
        }
    }

    @Override
    public void onComplete(int statusFlags) {
        if (loop.inEventLoop()) {
            ended(null);
        } else {
            loop.execute(() -> ended(null));
        }
    }

    @Override
    public void onFailure(Throwable cause) {
        if (loop.inEventLoop()) {
            ended(cause);
        } else {
            loop.execute(() -> ended(cause));
        }
    }

    private void handle(Packet frame, FrameKind kind) {
        if (draining) {
            frame.release();
            if (kind == FrameKind.ROW && ++drained > DRAIN_LIMIT_ROWS && execution.mayClose()) {
                backend.close(); // cheaper to open a new connection than to read the rest of a long result
            }
            return;
        }
        switch (kind) {
            case COLUMN_DEFINITION -> columns.add(frame);
            case COLUMNS_EOF -> {
                frame.release();
                headerDone = true;
                execution.headerReady(this);
            }
            case ROW -> {
                rows.add(new Row(frame.content()));
                execution.rowsReady();
            }
            case ROWS_EOF -> {
                warnings = frame.content().getUnsignedShortLE(frame.content().readerIndex() + 1); // 0xFE | warnings
                frame.release();
                rowsDone = true;
                execution.rowsReady();
            }
            case ERR -> {
                ErrPacket err = ErrPacket.read(new PayloadReader(frame.content().duplicate()));
                frame.release();
                error = new DataHostError(err.errorCode(), err.sqlState(), describe() + ": " + err.message());
            }
            case CONTINUATION -> {
                frame.release();
                error = new TesseraException(ErrorCode.NOT_SUPPORTED_YET, describe() + ": a row of 16 MiB or more"
                        + " cannot be merged with other data nodes' rows");
                draining = true;
            }
            default -> frame.release(); // the column count (known from the definitions), an OK instead of rows
        }
    }

    /** On the connection's loop: reads again once the merge has taken enough (or everything is dropped). */
    private void resumeIfDrained() {
        if (paused && (draining || unconsumedBytes.get() < LOW_WATER_BYTES)) {
            paused = false;
            backend.resumeReading();
        }
    }

    private void ended(Throwable cause) {
        if (cause == null && error == null && !headerDone) {
            error = new TesseraException(ErrorCode.UNKNOWN_ERROR, describe() + ": answered without a result set");
        }
        execution.shardEnded(this, cause != null ? cause : error);
    }

    /** After the merge is done: drop what is buffered and whatever still comes. */
    void stop() {
        draining = true;
        Row row;
        while ((row = rows.poll()) != null) {
            row.release();
        }
        for (Packet column : columns) {
            column.release();
        }
        columns.clear();
        if (backend != null) {
            backend.eventLoop().execute(resume);
        }
    }

    String describe() {
        return "data node " + dataNode + (backend == null ? "" : " (" + backend.dataHost() + ")");
    }
}
