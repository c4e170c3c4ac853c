package io.tessera.backend.mysql;

import io.netty.channel.ChannelFutureListener;
import io.tessera.protocol.codec.PacketWriter;
import io.tessera.protocol.codec.PayloadWriter;
import io.tessera.protocol.constant.Command;
import java.util.ArrayDeque;

/**
 * The COM_STMT_CLOSEs of one connection ({@code 0x19 | 4 statement id}, answered by nothing): sent at once while the
 * connection is idle, after the response in progress otherwise, so that a close never comes between a command and
 * its response. Event loop only.
 */
final class StatementCloser {

    private final PacketWriter writer;
    private final ChannelFutureListener onWriteFailure;
    private final ArrayDeque<Long> waiting = new ArrayDeque<>();

    StatementCloser(PacketWriter writer, ChannelFutureListener onWriteFailure) {
        this.writer = writer;
        this.onWriteFailure = onWriteFailure;
    }

    /** Closes {@code statementId} now when the connection is {@code idle}, after its response otherwise. */
    void close(long statementId, boolean idle) {
        if (!idle) {
            waiting.add(statementId);
            return;
        }
        write(statementId);
        writer.flush();
    }

    /** The connection has just become idle: the closes that waited go out before any next command. */
    void connectionIdle() {
        if (waiting.isEmpty()) {
            return;
        }
        for (Long statementId; (statementId = waiting.poll()) != null; ) {
            write(statementId);
        }
        writer.flush();
    }

    private void write(long statementId) {
        PayloadWriter payload = writer.newPayload(5);
        payload.int1(Command.STMT_CLOSE).int4(statementId);
        writer.sequenceId(0);
        writer.write(payload).addListener(onWriteFailure);
    }
}
