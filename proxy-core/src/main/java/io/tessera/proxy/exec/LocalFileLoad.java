package io.tessera.proxy.exec;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.EventLoop;
import io.tessera.backend.BackendConnection;
import io.tessera.backend.LocalFileHandler;
import io.tessera.backend.host.Intent;
import io.tessera.protocol.codec.FrameKind;
import io.tessera.protocol.codec.Packet;
import io.tessera.protocol.codec.PayloadReader;
import io.tessera.protocol.constant.Command;
import io.tessera.protocol.error.DataHostError;
import io.tessera.protocol.error.ErrorCode;
import io.tessera.protocol.error.TesseraException;
import io.tessera.protocol.packet.ErrPacket;
import io.tessera.protocol.packet.OkPacket;
import io.tessera.proxy.exec.TransactionCoordinator.AtomicStatement;
import io.tessera.proxy.exec.merge.MergeExecution.Connections;
import io.tessera.proxy.session.ClientChannel;
import io.tessera.proxy.session.ClientErrors;
import io.tessera.proxy.session.LocalFileReceiver;
import io.tessera.proxy.session.Participant;
import io.tessera.router.LoadRoute;
import io.tessera.router.error.RouteException;
import io.tessera.router.function.SqlValue;
import io.tessera.router.load.RowSplitter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code LOAD DATA LOCAL INFILE}: the statement starts on every data node of the table, each node asks for the file,
 * and only then is the client asked for it; its content streams through as it comes, to every node whole (a table on
 * one node, a global table) or row by row to the node each row's sharding column places it on (a sharded table).
 * The client gets one OK with the nodes' counts added up, or one ERR. On several nodes the load is all-or-nothing as
 * one statement is ({@link AtomicStatement}): a row that cannot be placed, or a node's failure, undoes every node's
 * part; the rest of the file is still read from the client, as the protocol wants, and dropped.
 *
 * <p>Memory stays bounded: a node's rows go out in packets of {@value #PACKET_BYTES} bytes, and the client is not
 * read while more than {@value #PAUSE_ABOVE_BYTES} bytes wait to be written to the nodes. Runs on the client's event
 * loop.
 */
final class LocalFileLoad implements LocalFileReceiver {

    private static final int PACKET_BYTES = 64 * 1024;
    private static final long PAUSE_ABOVE_BYTES = 4L * 1024 * 1024;
    private static final long RESUME_BELOW_BYTES = 1024 * 1024;
    /** The longest row a sharded table's file may have: MySQL's own limit for a row is max_allowed_packet. */
    private static final int MAX_ROW_BYTES = 64 * 1024 * 1024;
    private static final Pattern COUNTS = Pattern.compile(
            "Records: (\\d+)\\s+Deleted: (\\d+)\\s+Skipped: (\\d+)\\s+Warnings: (\\d+)");

    private final Connections source;
    private final ClientChannel client;
    private final LoadRoute route;
    private final AtomicStatement atomic;
    private final EventLoop loop;
    private final List<Part> parts = new ArrayList<>();
    private final RowSplitter splitter;
    private final RowSplitter.Rows placeRow = this::placeRow;
    private long rows;
    private TesseraException refused; // Tessera's own reason to undo the load, the first one
    private boolean fileRequested;
    private boolean fileEnded;
    private long bytesInFlight;

    private LocalFileLoad(Connections source, ClientChannel client, LoadRoute route, AtomicStatement atomic) {
        this.source = source;
        this.client = client;
        this.route = route;
        this.atomic = atomic;
        this.loop = client.channel().eventLoop();
        this.splitter = route.placesRows() ? route.splitter() : null;
        for (String node : route.nodes()) {
            parts.add(new Part(node));
        }
    }

    /** @param atomic how a load on several nodes is made all-or-nothing; {@code null} for one node */
    static void run(Connections source, ClientChannel client, LoadRoute route, AtomicStatement atomic) {
        LocalFileLoad load = new LocalFileLoad(source, client, route, atomic);
        byte[] statement = route.nodeStatement().getBytes(client.session().clientCharset());
        for (Part part : load.parts) {
            load.start(part, statement);
        }
    }

    private void start(Part part, byte[] statement) {
        LoopFutures.whenComplete(loop, source.acquire(client, part.node, Intent.WRITE), client.guard((backend, error) -> {
            if (error != null) {
                part.failed(error);
                return;
            }
            part.connection = backend;
            if (refused != null) { // the client went away meanwhile
                part.failed(refused);
                return;
            }
            CompletableFuture<Void> opened = atomic == null ? CompletableFuture.completedFuture(null)
                    : atomic.open(part.node, backend);
            opened.whenCompleteAsync(client.guard((ignored, failure) -> {
                if (failure != null) {
                    part.failed(failure);
                    return;
                }
                ByteBuf command = client.channel().alloc().buffer(1 + statement.length);
                command.writeByte(Command.QUERY).writeBytes(statement);
                backend.execute(command, false, part);
            }), loop);
        }));
    }

    /** Every node has asked for the file, or failed: the client is asked for it, or told why not. */
    private void nodeSettled() {
        if (fileRequested || parts.stream().anyMatch(p -> !p.asked && !p.done)) {
            return;
        }
        if (fileEnded || failed()) {
            fileEnded = true; // never asked for: the nodes that asked get an empty file, then everything is undone
            endNodeFiles();
            return;
        }
        fileRequested = true;
        client.requestLocalFile(route.fileName(), this);
    }

    @Override
    public void data(ByteBuf content) {
        if (failed()) {
            content.release();
            return;
        }
        if (splitter == null) {
            for (Part part : parts) {
                part.send(content.retainedDuplicate());
            }
            content.release();
        } else {
            byte[] bytes = ByteBufUtil.getBytes(content);
            content.release();
            split(() -> splitter.feed(bytes, 0, bytes.length, placeRow));
            if (!failed() && splitter.pendingBytes() > MAX_ROW_BYTES) {
                refused = RouteException.notSupported("row " + (rows + 1) + " of the file is longer than "
                        + MAX_ROW_BYTES + " bytes");
            }
            parts.forEach(Part::flush);
        }
        if (bytesInFlight > PAUSE_ABOVE_BYTES) {
            client.channel().config().setAutoRead(false);
        }
    }

    @Override
    public void end() {
        fileEnded = true;
        if (splitter != null && !failed()) {
            split(() -> splitter.finish(placeRow));
            parts.forEach(Part::flush);
        }
        client.channel().config().setAutoRead(true);
        endNodeFiles();
    }

    @Override
    public void abandoned() {
        fileEnded = true;
        refused = new TesseraException(ErrorCode.UNKNOWN_ERROR, "the client went away before its file ended");
        for (Part part : parts) {
            if (part.connection != null && !part.done) {
                part.connection.close(); // the node stops the statement, and rolls it back
            }
        }
    }

    private void split(Runnable splitting) {
        try {
            splitting.run();
        } catch (RouteException e) {
            refused = e;
        }
    }

    private void placeRow(byte[] bytes, int index, int length, SqlValue key) {
        if (refused != null) {
            return;
        }
        Part part = parts.get(route.nodeOf(key, ++rows));
        part.out.writeBytes(bytes, index, length);
        if (part.out.readableBytes() >= PACKET_BYTES) {
            part.flush();
        }
    }

    private boolean failed() {
        return refused != null || parts.stream().anyMatch(p -> p.error != null);
    }

    /** The file's end for every node that asked for it: each answers OK or ERR, and the load ends after the last. */
    private void endNodeFiles() {
        for (Part part : parts) {
            if (part.asked && !part.done) {
                part.connection.sendLocalData(Unpooled.EMPTY_BUFFER);
            }
        }
        partDone();
    }

    private void partDone() {
        if (!fileEnded || parts.stream().anyMatch(p -> p.connection != null && !p.done)) {
            return;
        }
        boolean failed = failed();
        CompletableFuture<Void> outcome = atomic == null ? CompletableFuture.completedFuture(null)
                : failed ? atomic.undo(participants(false), participants(true)) : atomic.commit(participants(true));
        outcome.whenCompleteAsync(client.guard((ignored, error) -> {
            if (failed && error != null && client.session().inTransaction()) {
                client.session().transaction().lost(route.nodes().get(0)); // a part could not be undone
            }
            for (Part part : parts) {
                if (part.connection != null) {
                    source.release(client, part.node, part.connection);
                }
            }
            if (failed) {
                client.error(failure(error));
            } else if (error != null) {
                client.error(error);
            } else {
                ok();
            }
        }), loop);
    }

    private List<Participant> participants(boolean all) {
        List<Participant> participants = new ArrayList<>();
        for (Part part : parts) {
            if (part.connection != null && (all || part.error == null)) {
                participants.add(new Participant(part.node, part.connection));
            }
        }
        return participants;
    }

    private TesseraException failure(Throwable undoError) {
        String outcome = atomic == null ? "" : undoError == null ? "; nothing was loaded on any data node"
                : "; undoing it failed too: " + ClientErrors.toErr(undoError).message();
        if (refused != null) {
            return new TesseraException(refused.errorCode(), refused.sqlState(), refused.getMessage() + outcome);
        }
        List<String> failed = new ArrayList<>();
        ErrPacket first = null;
        for (Part part : parts) {
            if (part.error != null) {
                ErrPacket err = ClientErrors.toErr(part.error);
                first = first == null ? err : first;
                failed.add(part.node + ": " + err.message());
            }
        }
        return new DataHostError(first.errorCode(), first.sqlState(), "LOAD DATA failed on data node(s) " + failed
                + outcome);
    }

    /** One OK: the nodes' counts added up (one copy's for a global table), with MySQL's info line. */
    private void ok() {
        long[] counts = new long[4]; // records, deleted, skipped, warnings
        long affected = 0;
        int warnings = 0;
        for (Part part : parts) {
            OkPacket ok = part.ok;
            affected = add(affected, ok.affectedRows());
            warnings = (int) add(warnings, ok.warnings());
            Matcher m = COUNTS.matcher(ok.info());
            for (int i = 0; i < counts.length && m.find(0); i++) {
                counts[i] = add(counts[i], Long.parseLong(m.group(i + 1)));
            }
        }
        client.session().warnings(0, null);
        client.session().rowCount(affected);
        client.ok(affected, 0, warnings, "Records: " + counts[0] + "  Deleted: " + counts[1] + "  Skipped: "
                + counts[2] + "  Warnings: " + counts[3]);
    }

    /** A node's count added to the others': the sum, or for a global table (each node loads it all) one copy's. */
    private long add(long sum, long count) {
        return route.replicated() ? Math.max(sum, count) : sum + count;
    }

    /** Runs {@code step} on the client's loop; a failure escaping it (Tessera's bug) ends the command. */
    private void onLoop(Runnable step) {
        loop.execute(() -> {
            try {
                step.run();
            } catch (RuntimeException e) {
                client.failCommand(e);
            }
        });
    }

    /** One data node's part: its connection, its statement's response, and the rows waiting to go to it. */
    private final class Part implements LocalFileHandler {

        private final String node;
        private final ByteBuf out = Unpooled.buffer(0);
        private BackendConnection connection;
        private boolean asked;
        private boolean done;
        private OkPacket ok;
        private Throwable error;

        Part(String node) {
            this.node = node;
        }

        /** The part failed before its statement ran (no connection, no transaction). */
        void failed(Throwable cause) {
            error = cause;
            done = true;
            nodeSettled();
            partDone();
        }

        void send(ByteBuf data) {
            if (!asked || done) {
                data.release();
                return;
            }
            int bytes = data.readableBytes();
            bytesInFlight += bytes;
            connection.sendLocalData(data).whenCompleteAsync((ignored, failure) -> {
                bytesInFlight -= bytes;
                if (bytesInFlight < RESUME_BELOW_BYTES && !fileEnded) {
                    client.channel().config().setAutoRead(true);
                }
            }, loop);
        }

        void flush() {
            if (out.isReadable()) {
                send(Unpooled.copiedBuffer(out));
                out.clear();
            }
        }

        @Override
        public void onFrame(Packet frame, FrameKind kind) {
            try {
                if (kind == FrameKind.OK) {
                    ok = OkPacket.read(new PayloadReader(frame.content().duplicate()));
                } else if (kind == FrameKind.ERR) {
                    error = ErrPacket.read(new PayloadReader(frame.content().duplicate())).toException();
                } else {
                    error = new TesseraException(ErrorCode.UNKNOWN_ERROR, "data node " + node + " answered LOAD DATA"
                            + " with a " + kind);
                }
            } finally {
                frame.release();
            }
        }

        @Override
        public void onLocalFileRequest() {
            onLoop(() -> {
                asked = true;
                nodeSettled();
            });
        }

        @Override
        public void onComplete(int statusFlags) {
            onLoop(() -> {
                done = true;
                if (ok == null && error == null) {
                    error = new TesseraException(ErrorCode.UNKNOWN_ERROR, "data node " + node + " ended LOAD DATA"
                            + " without an answer");
                }
                nodeSettled();
                partDone();
            });
        }

        @Override
        public void onFailure(Throwable cause) {
            onLoop(() -> {
                error = cause;
                done = true;
                nodeSettled();
                partDone();
            });
        }
    }
}
