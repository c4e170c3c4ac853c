package io.tessera.backend.mysql;

import io.netty.buffer.ByteBuf;
import io.tessera.backend.ResponseHandler;
import io.tessera.protocol.binary.PrepareOk;
import io.tessera.protocol.codec.FrameKind;
import io.tessera.protocol.codec.Packet;
import io.tessera.protocol.codec.PayloadReader;
import io.tessera.protocol.packet.ErrPacket;
import java.util.List;

/**
 * The COM_STMT_PREPARE that {@link NativeConnection#executePrepared} sends for text it has not prepared yet:
 * remembers the statement and sends the execute, or hands the server's ERR on as the execute's own. Holds the
 * execute's buffers until then. Event loop only.
 */
final class PrepareThenExecute implements ResponseHandler {

    /** ER_MAX_PREPARED_STMT_COUNT_REACHED: the data host's max_prepared_stmt_count counts every connection's. */
    private static final int TOO_MANY_STATEMENTS = 1461;

    private final NativeConnection connection;
    private final StatementCache statements;
    private final String preparedIn;
    private final String sql;
    private final List<ByteBuf> longData;
    private final ByteBuf executePayload;
    private final ResponseHandler target;
    private long statementId;
    private Packet err;
    private boolean retried;

    /** @param preparedIn the connection's current database, in which the server resolves the statement's tables */
    PrepareThenExecute(NativeConnection connection, StatementCache statements, String preparedIn, String sql,
            List<ByteBuf> longData, ByteBuf executePayload, ResponseHandler target) {
        this.connection = connection;
        this.statements = statements;
        this.preparedIn = preparedIn;
        this.sql = sql;
        this.longData = longData;
        this.executePayload = executePayload;
        this.target = target;
    }

    @Override
    public void onFrame(Packet frame, FrameKind kind) {
        if (kind == FrameKind.ERR) {
            err = frame; // the last frame: onComplete forwards it
            return;
        }
        try {
            if (kind == FrameKind.PREPARE_OK) {
                statementId = PrepareOk.read(new PayloadReader(frame.content())).statementId();
            }
        } finally {
            frame.release(); // the definitions: the execute's response repeats the columns
        }
    }

    @Override
    public void onComplete(int statusFlags) {
        if (err != null && !retried && ErrPacket.codeOf(err.content()) == TOO_MANY_STATEMENTS
                && statements.size() > 0) {
            // the data host's statements are used up, the pool's connections' caches together: this one gives back
            // its older half (COM_STMT_CLOSE, sent now: the connection is idle) and tries once more
            retried = true;
            err.release();
            err = null;
            statements.evictOldest((statements.size() + 1) / 2);
            connection.sendPrepare(this, sql);
            return;
        }
        if (err != null) {
            ExecutePayloads.releaseAll(longData, executePayload);
            target.onFrame(err, FrameKind.ERR);
            target.onComplete(statusFlags);
            return;
        }
        statements.put(preparedIn, sql, statementId);
        connection.sendExecute(statementId, longData, executePayload, target);
    }

    @Override
    public void onFailure(Throwable cause) {
        ExecutePayloads.releaseAll(longData, executePayload);
        target.onFailure(cause);
    }
}
