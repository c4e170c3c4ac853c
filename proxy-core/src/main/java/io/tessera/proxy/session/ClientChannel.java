package io.tessera.proxy.session;

import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.tessera.protocol.codec.PacketWriter;
import io.tessera.protocol.codec.PayloadWriter;
import io.tessera.protocol.error.DataHostError;
import io.tessera.protocol.packet.ErrPacket;
import io.tessera.protocol.packet.OkPacket;
import io.tessera.protocol.packet.ResultSetEnds;
import io.tessera.protocol.result.ResultTable;
import io.tessera.protocol.result.ResultTableEncoder;
import io.tessera.router.parse.StatementType;
import java.util.function.BiConsumer;
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
    private CommandListener commandListener;
    private Runnable nextStatement;
    private LocalFileReceiver localFile; // while the client sends a LOAD DATA LOCAL file
    private StatementWatch watch; // set only while SQL statistics record the current statement
    private long answerRows; // rows of the watched statement's answer so far
    private int commandStart; // the sequence id of the current command's first answer packet
    private final long openedMillis = System.currentTimeMillis();
    private long bytesRead; // the event loop writes; the admin port reads a possibly stale value
    private final Activity activity = new Activity();
    private final StatementTimeout timeout = new StatementTimeout(this);
    private final LockWait lockWait = new LockWait(this);
    private final CommandCounters commandCounters;
    private final RoutingCounters routingCounters;
    private PhysicalDatabases databases = PhysicalDatabases.NONE;
    private final StatementMetering metering;

    /** A connection whose commands count on their own (tests, connections outside the front end). */
    public ClientChannel(Session session, Channel channel, Runnable onCommandDone) {
        this(session, channel, onCommandDone, new CommandCounters(), new RoutingCounters(), null);
    }

    /**
     * @param commandCounters the counts of the event loop that serves {@code channel} ({@code show @@command})
     * @param routingCounters that event loop's parse and route counts ({@code show @@parser}, {@code show @@router})
     * @param meter told of each statement's end; {@code null} when the metrics endpoint is off
     */
    public ClientChannel(Session session, Channel channel, Runnable onCommandDone, CommandCounters commandCounters,
            RoutingCounters routingCounters, QueryMeter meter) {
        this.session = session;
        this.writer = new PacketWriter(channel);
        this.onCommandDone = onCommandDone;
        this.commandCounters = commandCounters;
        this.metering = new StatementMetering(meter);
        this.routingCounters = routingCounters;
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

    /** A command starts: the first packet of its answer gets {@code sequenceId}. */
    public void startCommand(int sequenceId) {
        writer.sequenceId(sequenceId);
        commandStart = sequenceId;
    }

    /** The parse and route counts of its event loop ({@code show @@parser}, {@code show @@router}). */
    public RoutingCounters routingCounters() {
        return routingCounters;
    }

    /** The commands its event loop dispatched ({@code show @@command}). */
    public CommandCounters commandCounters() {
        return commandCounters;
    }

    /** server.xml's {@code sqlExecuteTimeout} for the statement running now. */
    public StatementTimeout timeout() {
        return timeout;
    }

    /** The watch for a deadlock across data nodes over the statement running now. */
    public LockWait lockWait() {
        return lockWait;
    }

    /** A data node's ERR as the client gets it: a deadlock's victim's 1317 as 1213, a timeout's as 3024. */
    public ErrPacket answer(ErrPacket err) {
        return timeout.answer(lockWait.answer(err));
    }

    /** What the connection is doing now (SHOW PROCESSLIST). */
    public Activity activity() {
        return activity;
    }

    /** The data nodes' databases of the topology the current command runs on, which the client must not read. */
    public void databases(PhysicalDatabases databases) {
        this.databases = databases;
    }

    /** A data host's message as the client may read it: the data nodes' databases named by their logical schemas. */
    public String logical(String dataHostMessage) {
        return databases.hide(dataHostMessage, session.schema());
    }

    /**
     * A step of the current command that runs when some asynchronous work completes. A failure escaping it (a bug
     * of Tessera's) would vanish in the future and leave the client waiting for ever: it ends the command instead
     * ({@link #failCommand}).
     */
    public <T> BiConsumer<T, Throwable> guard(BiConsumer<T, Throwable> step) {
        return (value, error) -> {
            try {
                step.accept(value, error);
            } catch (RuntimeException e) {
                failCommand(e);
            }
        };
    }

    /**
     * Ends the current command after an unexpected failure: with ERR 1105 (logged with its stack) when nothing of
     * its answer has gone out, so the client can go on; otherwise by closing the connection, since nothing sensible
     * can follow half an answer.
     */
    public void failCommand(RuntimeException e) {
        if (writer.sequenceId() == commandStart) {
            error(e);
        } else {
            LOG.error("connection {}: unexpected failure in the middle of an answer, closing", session.connectionId(),
                    e);
            channel().close();
        }
    }

    /**
     * Asks the client for the file of LOAD DATA LOCAL INFILE (MySQL's LOCAL INFILE Request, {@code 0xFB | name}); the
     * packets the client sends next go to {@code receiver} ({@link #localFile}) until the empty one that ends the file.
     */
    public void requestLocalFile(String fileName, LocalFileReceiver receiver) {
        localFile = receiver;
        PayloadWriter p = writer.newPayload(1 + fileName.length() * 3);
        p.int1(0xFB);
        p.string(fileName, session.clientCharset());
        writer.writeAndFlush(p);
    }

    /** Who takes the packets the client sends now: the receiver of a LOAD DATA LOCAL file, or {@code null}. */
    public LocalFileReceiver localFile() {
        return localFile;
    }

    /** The file has ended with the empty packet {@code sequenceId}; the answer follows it. */
    public void localFileEnded(int sequenceId) {
        LocalFileReceiver receiver = localFile;
        localFile = null;
        writer.sequenceId(sequenceId + 1);
        receiver.end();
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
        ok(affectedRows, lastInsertId, warnings, "");
    }

    /** Writes OK with {@code info} (such as LOAD DATA's {@code Records: 3  Deleted: 0 ...}) and ends the command. */
    public void ok(long affectedRows, long lastInsertId, int warnings, String info) {
        PayloadWriter p = writer.newPayload(16 + info.length());
        new OkPacket(affectedRows, lastInsertId, session.statusFlags(), warnings, info).writeTo(p);
        writer.writeAndFlush(p);
        commandDone();
    }

    /** Writes the EOF (or, under CLIENT_DEPRECATE_EOF, the OK) that some commands answer with, and ends the command. */
    public void eof() {
        PayloadWriter p = writer.newPayload(ResultSetEnds.MAX_END_OF_ROWS_BYTES);
        ResultSetEnds.endRows(p, session.deprecateEof(), 0, session.statusFlags());
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

    /**
     * Writes the ERR without ending the command (the caller still has to clean up). An error in a data host's words
     * ({@link DataHostError}) goes out in logical terms ({@link #logical}).
     */
    public void writeError(Throwable cause) {
        ErrPacket err = ClientErrors.toErr(cause);
        if (ClientErrors.unwrapped(cause) instanceof DataHostError) {
            err = new ErrPacket(err.errorCode(), err.sqlState(), logical(err.message()));
        }
        err = answer(err);
        statementFailed();
        PayloadWriter p = writer.newPayload(64);
        err.writeTo(p);
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

    /**
     * A statement's text has arrived (each statement of a multi-statement text in turn): with metrics on, its time
     * runs from here until its answer ends ({@link #commandDone}) or fails ({@link #statementFailed}).
     */
    public void statementStarted() {
        metering.started();
    }

    /** The current statement's type, once parsed or found in the route cache. */
    public void statementType(StatementType type) {
        metering.type(type);
    }

    /**
     * Called by the front end when the client has gone: whatever waits for writability stops waiting. A statement
     * cut short so is not metered.
     */
    public void closed() {
        if (localFile != null) {
            LocalFileReceiver receiver = localFile;
            localFile = null;
            receiver.abandoned();
        }
        metering.abandoned();
        timeout.close();
        lockWait.close();
        if (watch != null) {
            watch.abandoned();
            watch = null;
        }
        if (onWritable != null) {
            Runnable action = onWritable;
            onWritable = null;
            action.run();
        }
    }

    /** {@code watch} learns how the current statement ends (the SQL statistics record it). */
    public void watch(StatementWatch watch) {
        this.watch = watch;
        answerRows = 0;
    }

    /** A result set of the current statement's answer ended after {@code rows} rows (the SQL statistics count them). */
    public void rowsSent(long rows) {
        answerRows += rows;
    }

    /** Told when each command ends, before the next may start (the binary protocol's result re-encoder). */
    public interface CommandListener {
        void commandDone();
    }

    public void commandListener(CommandListener listener) {
        this.commandListener = listener;
    }

    public CommandListener commandListener() {
        return commandListener;
    }

    /**
     * A multi-statement text: when the current statement ends well, {@code next} runs the following one within the
     * same command; when it fails, the rest is dropped, as MySQL stops at the first error.
     */
    public void continueWith(Runnable next) {
        this.nextStatement = next;
    }

    /** The current statement failed: no further statement of a multi-statement text runs. */
    public void statementFailed() {
        timeout.cancel();
        lockWait.cancel();
        metering.ended(false);
        if (watch != null) {
            watch.abandoned();
            watch = null;
        }
        if (nextStatement != null) {
            nextStatement = null;
            session.moreResults(false);
        }
    }

    public void commandDone() {
        timeout.cancel();
        lockWait.cancel();
        metering.ended(true);
        if (watch != null) {
            StatementWatch ended = watch;
            watch = null;
            ended.succeeded(writer.bytesWritten(), answerRows);
        }
        if (nextStatement != null) {
            Runnable next = nextStatement;
            nextStatement = null;
            channel().eventLoop().execute(() -> { // a fresh stack for each statement
                commandStart = writer.sequenceId(); // between two results an ERR is still a proper answer
                try {
                    next.run();
                } catch (RuntimeException e) {
                    failCommand(e);
                }
            });
            return;
        }
        session.commandEnded();
        if (commandListener != null) {
            commandListener.commandDone();
        }
        activity.idle();
        onCommandDone.run();
    }

    /** Closes the connection once everything written so far has gone out. */
    public void closeAfterFlush() {
        writer.channel().writeAndFlush(io.netty.buffer.Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
    }
}
