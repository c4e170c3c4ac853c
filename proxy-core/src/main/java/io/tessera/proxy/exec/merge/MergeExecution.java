package io.tessera.proxy.exec.merge;

import io.netty.buffer.ByteBuf;
import io.netty.channel.EventLoop;
import io.tessera.backend.BackendConnection;
import io.tessera.backend.host.Intent;
import io.tessera.protocol.codec.ComQuery;
import io.tessera.protocol.codec.Packet;
import io.tessera.protocol.codec.PacketWriter;
import io.tessera.protocol.codec.PayloadReader;
import io.tessera.protocol.codec.PayloadWriter;
import io.tessera.protocol.error.ErrorCode;
import io.tessera.protocol.error.TesseraException;
import io.tessera.protocol.packet.ColumnDefinition41;
import io.tessera.protocol.packet.ResultSetEnds;
import io.tessera.proxy.session.ClientChannel;
import io.tessera.proxy.session.Session;
import io.tessera.router.plan.PlanNode;
import io.tessera.router.plan.Project;
import io.tessera.router.plan.ShardStatement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Runs one SELECT over several data nodes: sends each its statement at once, waits until every node has described
 * its columns (so that a node's error becomes the client's error before any row is sent), builds the merge operators
 * and then pulls merged rows and writes them while the client keeps up. Everything runs on the client's event loop.
 *
 * <p>When the merge is done before the nodes are (a LIMIT, or one node's error), their remaining rows are read and
 * dropped, or their connections closed when too much is left; a connection is released to its pool as soon as its
 * answer has ended. The command ends only when every node is settled (its answer ended, or its connection never
 * sent the statement): a connection the session keeps (in a transaction) must not meet the session's next statement
 * while still answering this one, or still opening the transaction.
 */
public final class MergeExecution {

    /** What a merge needs from the executor: connections for the session, and where they go afterwards. */
    public interface Connections {
        /**
         * A connection of {@code dataNode} for the session's statement, which will do {@code intent} there; the
         * session's transaction may need the write host all the same.
         */
        CompletableFuture<BackendConnection> acquire(ClientChannel client, String dataNode, Intent intent);

        /** The statement's answer has ended on {@code backend}: keep it pinned or give it back (or drop it, broken). */
        void release(ClientChannel client, String dataNode, BackendConnection backend);

        /** Whether connections may be closed rather than drained (not while a transaction holds them). */
        boolean mayClose(ClientChannel client);
    }

    private static final int FLUSH_EVERY_ROWS = 64;

    private enum State { HEADERS, ROWS, ENDED }

    private final Connections connections;
    private final ClientChannel client;
    private final PlanNode plan;
    private final long memoryLimit;
    private final SortKeyFeedback keyFeedback;
    private final List<ShardInput> shards;
    private final PacketWriter writer;
    private State state = State.HEADERS;
    private int headers;
    private RowSource root;
    private long rowsSent;
    private int unsettled;      // nodes still acquiring a connection or answering
    private boolean answered;   // the client has its EOF or ERR: the command ends once unsettled is 0
    private boolean pumping;
    private int unflushed;
    private boolean flushScheduled;

    private MergeExecution(Connections connections, ClientChannel client, PlanNode plan, long memoryLimit,
            SortKeyFeedback keyFeedback) {
        this.connections = connections;
        this.client = client;
        this.plan = plan;
        this.memoryLimit = memoryLimit;
        this.keyFeedback = keyFeedback;
        this.writer = client.writer();
        List<ShardStatement> statements = plan.route().shards();
        this.shards = new ArrayList<>(statements.size());
        EventLoop loop = client.channel().eventLoop();
        for (int i = 0; i < statements.size(); i++) {
            shards.add(new ShardInput(this, i, statements.get(i).dataNode(), loop));
        }
    }

    /**
     * Runs {@code plan} for the client; the client gets the merged result or one ERR.
     *
     * @param keyFeedback told what the nodes' column types showed of the plan's sort keys
     */
    public static void run(Connections connections, ClientChannel client, PlanNode plan, long memoryLimit,
            SortKeyFeedback keyFeedback) {
        new MergeExecution(connections, client, plan, memoryLimit, keyFeedback).start();
    }

    private void start() {
        List<ShardStatement> statements = plan.route().shards();
        EventLoop loop = client.channel().eventLoop();
        unsettled = shards.size();
        ByteBuf command = null;
        for (int i = 0; i < shards.size(); i++) {
            ShardInput shard = shards.get(i);
            String sql = statements.get(i).sql();
            if (command == null || sql != statements.get(i - 1).sql()) { // the router gives every node one text
                if (command != null) {
                    command.release();
                }
                command = command(sql);
            }
            ByteBuf own = command.retainedDuplicate();
            CompletableFuture<BackendConnection> acquired = connections.acquire(client, shard.dataNode(), Intent.READ);
            acquired.whenCompleteAsync(client.guard((backend, error) -> {
                if (error != null) {
                    own.release();
                    settled();
                    fail(error);
                } else if (state == State.ENDED) {
                    own.release();
                    connections.release(client, shard.dataNode(), backend);
                    settled();
                } else {
                    shard.attach(backend);
                    backend.execute(own, false, shard);
                }
            }), loop);
        }
        if (command != null) {
            command.release();
        }
    }

    private ByteBuf command(String sql) {
        return ComQuery.encode(client.channel().alloc(), sql, client.session().clientCharset());
    }

    boolean mayClose() {
        return connections.mayClose(client);
    }

    void headerReady(ShardInput shard) {
        if (state == State.HEADERS && ++headers == shards.size()) {
            try {
                startRows();
            } catch (RuntimeException e) {
                fail(e);
            }
        }
    }

    private void startRows() {
        int count = shards.get(0).columns().size();
        List<List<ColumnDefinition41>> described = new ArrayList<>(shards.size());
        List<String> nodes = new ArrayList<>(shards.size());
        for (ShardInput shard : shards) {
            if (shard.columns().size() != count) {
                throw new TesseraException(ErrorCode.UNKNOWN_ERROR, "data nodes answered with different columns ("
                        + shards.get(0).dataNode() + ": " + count + ", " + shard.dataNode() + ": "
                        + shard.columns().size() + "): is the table defined the same way on every node?");
            }
            List<ColumnDefinition41> definitions = new ArrayList<>(count);
            for (Packet definition : shard.columns()) {
                definitions.add(ColumnDefinition41.read(new PayloadReader(definition.content().duplicate())));
            }
            described.add(definitions);
            nodes.add(shard.dataNode());
        }
        SortKeyCheck.check(plan, described, keyFeedback);
        int[] sources = NodeColumns.headerSources(described, nodes);
        List<ColumnDefinition41> columns = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            columns.add(described.get(sources[i]).get(i));
        }
        root = plan.accept(new OperatorFactory(shards, columns, new MergeBudget(memoryLimit),
                client.channel().alloc()));
        int visible = count - (plan instanceof Project p ? p.hiddenColumns() : 0);
        writeHeader(sources, visible);
        state = State.ROWS;
        pump();
    }

    /** The column count, each visible column's definition as its widest node sent it, and their EOF. */
    private void writeHeader(int[] sources, int visible) {
        PayloadWriter count = writer.newPayload(9);
        count.lenencInt(visible);
        writer.write(count);
        for (int i = 0; i < visible; i++) {
            writer.forward(shards.get(sources[i]).columns().set(i, null));
        }
        for (ShardInput shard : shards) {
            for (Packet definition : shard.columns()) {
                if (definition != null) {
                    definition.release();
                }
            }
            shard.columns().clear();
        }
        ResultSetEnds.endColumns(writer, client.session().deprecateEof(), client.session().statusFlags());
    }

    void rowsReady() {
        if (state == State.ROWS && !pumping) {
            pump();
        }
    }

    /** Writes merged rows while the client takes them; comes back when a node sends more or the client drains. */
    private void pump() {
        pumping = true;
        try {
            while (state == State.ROWS) {
                if (!client.channel().isActive()) {
                    end();
                    answered(); // nobody to answer: the command ends once the nodes are settled
                    return;
                }
                if (!client.channel().isWritable()) {
                    writer.flush();
                    unflushed = 0;
                    client.whenWritable(this::rowsReady);
                    return;
                }
                Row row = root.next();
                if (row != null) {
                    writer.writeFrame(row.takeFrame());
                    rowsSent++;
                    if (++unflushed >= FLUSH_EVERY_ROWS) {
                        writer.flush();
                        unflushed = 0;
                    }
                } else {
                    if (root.isDone()) {
                        finish();
                    } else if (unflushed > 0 && !flushScheduled) {
                        // what is merged so far goes out once the data nodes' frames read so far are handled
                        flushScheduled = true;
                        client.channel().eventLoop().execute(this::scheduledFlush);
                    }
                    return;
                }
            }
        } catch (RuntimeException e) {
            fail(e);
        } finally {
            pumping = false;
        }
    }

    private void scheduledFlush() {
        flushScheduled = false;
        if (state == State.ROWS && unflushed > 0) {
            writer.flush();
            unflushed = 0;
        }
    }

    private void finish() {
        int warnings = 0;
        for (ShardInput shard : shards) {
            warnings += shard.warnings();
        }
        end();
        Session session = client.session();
        PayloadWriter eof = writer.newPayload(ResultSetEnds.MAX_END_OF_ROWS_BYTES);
        ResultSetEnds.endRows(eof, session.deprecateEof(), warnings, session.statusFlags());
        writer.write(eof);
        writer.flush();
        session.warnings(0, null);
        session.foundRows(rowsSent);
        client.rowsSent(rowsSent);
        session.rowCount(-1);
        answered();
    }

    void shardEnded(ShardInput shard, Throwable error) {
        connections.release(client, shard.dataNode(), shard.backend()); // an ERR leaves it usable too
        settled();
        if (state == State.ENDED) {
            return;
        }
        if (error == null) {
            rowsReady();
        } else {
            fail(error);
        }
    }

    private void fail(Throwable error) {
        if (state == State.ENDED) {
            return;
        }
        end();
        client.writeError(error);
        writer.flush();
        answered();
    }

    /** The client has the whole answer (or has gone): the command ends now, or when the last node is settled. */
    private void answered() {
        answered = true;
        if (unsettled == 0) {
            client.commandDone();
        }
    }

    /** One more node is done with this statement; the last one ends the command if the client has its answer. */
    private void settled() {
        if (--unsettled == 0 && answered) {
            client.commandDone();
        }
    }

    /** Lets go of everything: buffered rows, and the nodes still answering (drained, or closed). */
    private void end() {
        state = State.ENDED;
        if (root != null) {
            root.discard();
        }
        for (ShardInput shard : shards) {
            shard.stop();
        }
    }
}
