package io.tessera.backend.mysql;

import io.netty.buffer.ByteBufUtil;
import io.tessera.backend.PreparedMetadata;
import io.tessera.backend.ResponseHandler;
import io.tessera.protocol.binary.PrepareOk;
import io.tessera.protocol.codec.FrameKind;
import io.tessera.protocol.codec.Packet;
import io.tessera.protocol.codec.PayloadReader;
import io.tessera.protocol.error.TesseraException;
import io.tessera.protocol.packet.ErrPacket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Collects a COM_STMT_PREPARE response into {@link PreparedMetadata}, copying each definition's payload, or fails
 * with the server's ERR as a {@link TesseraException}, like {@link ResultCollector}. The future completes when the
 * response has ended, so the connection is idle by the time anything chained to it runs.
 */
final class PrepareCollector implements ResponseHandler {

    private final CompletableFuture<PreparedMetadata> future = new CompletableFuture<>();
    private final List<byte[]> parameters = new ArrayList<>();
    private final List<byte[]> columns = new ArrayList<>();
    private PrepareOk ok;
    private TesseraException error;

    CompletableFuture<PreparedMetadata> future() {
        return future;
    }

    @Override
    public void onFrame(Packet frame, FrameKind kind) {
        try {
            switch (kind) {
                case PREPARE_OK:
                    ok = PrepareOk.read(new PayloadReader(frame.content()));
                    break;
                case ERR:
                    error = ErrPacket.read(new PayloadReader(frame.content())).toException();
                    break;
                case PARAM_DEFINITION:
                    parameters.add(ByteBufUtil.getBytes(frame.content()));
                    break;
                case COLUMN_DEFINITION:
                    columns.add(ByteBufUtil.getBytes(frame.content()));
                    break;
                default:
                    break; // the EOFs after the parameters and the columns carry nothing we keep
            }
        } finally {
            frame.release();
        }
    }

    @Override
    public void onComplete(int statusFlags) {
        if (error != null) {
            future.completeExceptionally(error);
        } else { // the tracker counted the definitions from this PREPARE_OK, so the counts agree
            future.complete(new PreparedMetadata(ok.statementId(), ok.paramCount(), ok.columnCount(),
                    ok.warningCount(), parameters, columns));
        }
    }

    @Override
    public void onFailure(Throwable cause) {
        future.completeExceptionally(cause);
    }
}
