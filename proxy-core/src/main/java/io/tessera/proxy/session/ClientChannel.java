package io.tessera.proxy.session;

import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.tessera.protocol.codec.PacketWriter;
import io.tessera.protocol.codec.PayloadWriter;
import io.tessera.protocol.error.ErrorCode;
import io.tessera.protocol.error.TesseraException;
import io.tessera.protocol.packet.EofPacket;
import io.tessera.protocol.packet.ErrPacket;
import io.tessera.protocol.packet.OkPacket;
import io.tessera.protocol.result.ResultTable;
import io.tessera.protocol.result.ResultTableEncoder;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The answering side of one client connection: writes OK, ERR, EOF and small result sets with the right
 * sequence ids and framing, and tells the front end when the current command is finished. Every command ends
 * with exactly one call to {@link #commandDone()}, made by whatever wrote the last packet.
 */
public final class ClientChannel {

    private static final Logger LOG = LogManager.getLogger(ClientChannel.class);

    private final Session session;
    private final PacketWriter writer;
    private final Runnable onCommandDone;
    private Runnable onWritable;
    private final long openedMillis = System.currentTimeMillis();
    private long bytesRead; // the event loop writes; the admin port reads a possibly stale value

    public ClientChannel(Session session, Channel channel, Runnable onCommandDone) {
        this.session = session;
        this.writer = new PacketWriter(channel);
        this.onCommandDone = onCommandDone;
    }

    public Session session() {
        return session;
    }

    public PacketWriter writer() {
        return writer;
    }

    public Channel channel() {
        return writer.channel();
    }

    public long openedMillis() {
        return openedMillis;
    }

    /** Counts a frame received from the client, header included. */
    public void received(int frameBytes) {
        bytesRead += frameBytes;
    }

    public long bytesRead() {
        return bytesRead;
    }

    /** Writes OK with the session's status and ends the command. */
    public void ok() {
        ok(0, 0, 0);
    }

    public void ok(long affectedRows, long lastInsertId, int warnings) {
        PayloadWriter p = writer.newPayload(16);
        new OkPacket(affectedRows, lastInsertId, session.statusFlags(), warnings, "").writeTo(p);
        writer.writeAndFlush(p);
        commandDone();
    }

    /** Writes the EOF (or, under CLIENT_DEPRECATE_EOF, the OK) that some commands answer with, and ends the command. */
    public void eof() {
        PayloadWriter p = writer.newPayload(8);
        if (session.deprecateEof()) {
            OkPacket.of(session.statusFlags()).writeAsEofTo(p);
        } else {
            new EofPacket(0, session.statusFlags()).writeTo(p);
        }
        writer.writeAndFlush(p);
        commandDone();
    }

    public void result(ResultTable table) {
        ResultTableEncoder.write(writer, table, session.deprecateEof(), session.statusFlags());
        writer.flush();
        commandDone();
    }

    /** Writes the ERR for {@code cause} (unwrapping async wrappers) and ends the command. */
    public void error(Throwable cause) {
        writeError(cause);
        writer.flush();
        commandDone();
    }

    /** Writes the ERR without ending the command (the caller still has to clean up). */
    public void writeError(Throwable cause) {
        PayloadWriter p = writer.newPayload(64);
        toErr(cause).writeTo(p);
        writer.write(p);
    }

    /** Runs {@code action} once the client channel is writable again (now, if it is). */
    public void whenWritable(Runnable action) {
        if (channel().isWritable()) {
            action.run();
        } else {
            onWritable = action;
        }
    }

    /** Called by the front end when the channel's writability changes. */
    public void writabilityChanged() {
        if (onWritable != null && channel().isWritable()) {
            Runnable action = onWritable;
            onWritable = null;
            action.run();
        }
    }

    /** Called by the front end when the client has gone: whatever waits for writability stops waiting. */
    public void closed() {
        if (onWritable != null) {
            Runnable action = onWritable;
            onWritable = null;
            action.run();
        }
    }

    public void commandDone() {
        onCommandDone.run();
    }

    /** The ERR a client sees for any failure: typed errors as they are, anything else as 1105 with its message. */
    public static ErrPacket toErr(Throwable cause) {
        Throwable t = cause;
        while ((t instanceof CompletionException || t instanceof ExecutionException) && t.getCause() != null) {
            t = t.getCause();
        }
        if (t instanceof TesseraException e) {
            return ErrPacket.of(e);
        }
        LOG.error("unexpected failure", t);
        return new ErrPacket(ErrorCode.UNKNOWN_ERROR.code(), ErrorCode.UNKNOWN_ERROR.sqlState(),
                "internal error in Tessera: " + t);
    }

    /** Closes the connection once everything written so far has gone out. */
    public void closeAfterFlush() {
        writer.channel().writeAndFlush(io.netty.buffer.Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
    }
}
