package io.tessera.backend.mysql;

import io.tessera.backend.QueryResult;
import io.tessera.backend.ResponseHandler;
import io.tessera.protocol.codec.FrameKind;
import io.tessera.protocol.codec.Packet;
import io.tessera.protocol.codec.PayloadReader;
import io.tessera.protocol.error.TesseraException;
import io.tessera.protocol.packet.ColumnDefinition41;
import io.tessera.protocol.packet.ErrPacket;
import io.tessera.protocol.packet.OkPacket;
import java.nio.charset.Charset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Collects a small response into a {@link QueryResult}: the first result set's column names and text rows, or the
 * first OK's counters. Later result sets are read and dropped. The future completes when the response has ended,
 * so the connection is idle by the time anything chained to it runs.
 */
final class ResultCollector implements ResponseHandler {

    private final Charset charset;
    private final CompletableFuture<QueryResult> future = new CompletableFuture<>();
    private final List<String> columns = new ArrayList<>();
    private final List<List<String>> rows = new ArrayList<>();
    private OkPacket ok;
    private TesseraException error;
    private boolean firstResultDone;
    private boolean tooLarge;

    /** @param charset what the rows come in: the connection's character_set_results */
    ResultCollector(Charset charset) {
        this.charset = charset;
    }

    CompletableFuture<QueryResult> future() {
        return future;
    }

    @Override
    public void onFrame(Packet frame, FrameKind kind) {
        try {
            PayloadReader in = new PayloadReader(frame.content());
            switch (kind) {
                case OK:
                    if (!firstResultDone) {
                        ok = OkPacket.read(in);
                        firstResultDone = true;
                    }
                    break;
                case ERR:
                    error = ErrPacket.read(in).toException();
                    break;
                case COLUMN_DEFINITION:
                    if (!firstResultDone) {
                        columns.add(ColumnDefinition41.read(in).name());
                    }
                    break;
                case ROW:
                    if (!firstResultDone) {
                        rows.add(readRow(in));
                    }
                    break;
                case ROWS_EOF:
                    firstResultDone = true;
                    break;
                case CONTINUATION:
                    tooLarge = true;
                    break;
                default:
                    break; // the column count and the EOF after the columns carry nothing we keep
            }
        } finally {
            frame.release();
        }
    }

    @Override
    public void onComplete(int statusFlags) {
        if (error != null) {
            future.completeExceptionally(error);
        } else if (tooLarge) {
            future.completeExceptionally(new IllegalStateException("row of 16 MiB or more in an internal query"));
        } else if (ok != null && columns.isEmpty()) {
            future.complete(new QueryResult(List.of(), List.of(), ok.affectedRows(), ok.lastInsertId(), ok.warnings(),
                    statusFlags));
        } else {
            future.complete(new QueryResult(columns, rows, 0, 0, 0, statusFlags));
        }
    }

    @Override
    public void onFailure(Throwable cause) {
        future.completeExceptionally(cause);
    }

    /** A text-protocol row: one length-encoded string (or the NULL marker) per column. */
    private List<String> readRow(PayloadReader in) {
        String[] values = new String[columns.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = in.lenencString(charset);
        }
        return Collections.unmodifiableList(Arrays.asList(values));
    }
}
