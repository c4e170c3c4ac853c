package io.tessera.proxy.exec;

import io.netty.buffer.ByteBuf;
import io.netty.channel.EventLoop;
import io.tessera.backend.BackendConnection;
import io.tessera.backend.PreparedMetadata;
import io.tessera.backend.QueryResult;
import io.tessera.backend.ResponseHandler;
import io.tessera.backend.host.Intent;
import io.tessera.protocol.error.ErrorCode;
import io.tessera.protocol.error.TesseraException;
import io.tessera.protocol.result.ResultTable;
import io.tessera.proxy.exec.TransactionCoordinator.AtomicStatement;
import io.tessera.proxy.exec.merge.MergeExecution;
import io.tessera.proxy.exec.merge.SortKeyFeedback;
import io.tessera.proxy.session.ClientChannel;
import io.tessera.proxy.session.LockWait;
import io.tessera.proxy.session.Session;
import io.tessera.proxy.session.StatementTimeout;
import io.tessera.router.LoadRoute;
import io.tessera.router.parse.StatementType;
import io.tessera.router.plan.PlanNode;
import io.tessera.router.plan.Route;
import io.tessera.router.plan.ShardStatement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.BiConsumer;
import java.util.function.Supplier;

/**
 * Runs plans for sessions. Outside a transaction a backend connection is borrowed per statement and returned
 * right after; inside one, the session keeps one connection per data node it touched until COMMIT or ROLLBACK,
 * so it reads its own writes.
 */
public final class Executor implements MergeExecution.Connections {

    private final DataNodes dataNodes;
    private final TransactionCoordinator transactions;
    private final SessionConnections connections;
    private final long mergeMemoryLimit;
    private final Duration timeout;
    private final StatementTimeout.Killer killer = this::killQuery; // one for all statements
    private final long deadlockCheckNanos;
    private final LockWait.Detector deadlocks; // null when the detector is off

    /**
     * @param mergeMemoryLimit bytes of rows one statement may buffer to merge several data nodes' results
     * @param timeout server.xml's {@code sqlExecuteTimeout}: a client's statement running longer on data nodes is
     *     killed there ({@link StatementTimeout}); zero for none
     * @param deadlockCheckPeriod server.xml's {@code deadlockCheckPeriod}: a statement that may wait for row locks
     *     across data nodes ({@link #armWatches}) and waits longer is reported to {@code detector}; zero for none
     */
    public Executor(DataNodes dataNodes, TransactionCoordinator transactions, long mergeMemoryLimit,
            Duration timeout, Duration deadlockCheckPeriod, DeadlockDetector detector) {
        this.dataNodes = dataNodes;
        this.transactions = transactions;
        this.connections = new SessionConnections(transactions);
        this.mergeMemoryLimit = mergeMemoryLimit;
        this.timeout = timeout;
        this.deadlockCheckNanos = deadlockCheckPeriod.toNanos();
        this.deadlocks = deadlockCheckNanos == 0 ? null : detector.reporter(dataNodes, deadlockCheckNanos);
    }

    public DataNodes dataNodes() {
        return dataNodes;
    }

    /**
     * Runs a plan and streams the answer to the client: a route's single node straight through, a write on several
     * nodes at once, a SELECT over several nodes through its merge. Takes ownership of {@code payload}: the command
     * as a single data node must receive it (command byte first). {@code type} tells reads from writes (for the
     * per-node counts the admin port shows, and the copy of a global table that answers) and which writes on several
     * nodes must be all-or-nothing.
     */
    public void execute(ClientChannel client, PlanNode plan, ByteBuf payload, boolean columnsOnly,
            StatementType type) {
        execute(client, plan, payload, columnsOnly, type, SortKeyFeedback.NONE);
    }

    /** As above; a merge tells {@code keyFeedback} what the nodes' column types showed of its sort keys. */
    public void execute(ClientChannel client, PlanNode plan, ByteBuf payload, boolean columnsOnly,
            StatementType type, SortKeyFeedback keyFeedback) {
        boolean read = type.reads();
        if (!admitted(client, plan.route())) {
            payload.release();
            return;
        }
        armWatches(client, plan.route());
        if (!(plan instanceof Route)) {
            payload.release();
            plan.route().shards().forEach(shard -> dataNodes.get(shard.dataNode()).count(true));
            MergeExecution.run(this, client, plan, mergeMemoryLimit, keyFeedback);
            return;
        }
        Route route = oneCopyForReads((Route) plan, read);
        if (!route.isSingleNode()) {
            payload.release();
            if (read) {
                client.error(new TesseraException(ErrorCode.NOT_SUPPORTED_YET, "the statement reads from data nodes "
                        + nodeNames(route) + ": only the results of SELECT are merged from several data nodes"));
            } else {
                route.shards().forEach(shard -> dataNodes.get(shard.dataNode()).count(false));
                ScatterWrite.run(this, client, route, type.changesRows()
                        ? transactions.atomicStatement(client.session()) : null);
            }
            return;
        }
        runOnNode(client, route, read, payload, List.of(), columnsOnly,
                (backend, handler) -> backend.execute(payload, columnsOnly, handler));
    }

    /**
     * Runs a prepared statement's EXECUTE on the single node of {@code route} as that data node's own prepared
     * statement ({@code sql}, prepared on the connection when it is not yet), so that its binary rows stream to the
     * client untouched. Takes ownership of {@code longData} (COM_STMT_SEND_LONG_DATA payloads, sent first) and of
     * {@code execute} (a COM_STMT_EXECUTE payload with the parameter types).
     */
    public void executePrepared(ClientChannel client, Route route, String sql, List<ByteBuf> longData,
            ByteBuf execute, StatementType type) {
        boolean read = type.reads();
        if (!admitted(client, route)) {
            longData.forEach(ByteBuf::release);
            execute.release();
            return;
        }
        armWatches(client, route);
        runOnNode(client, oneCopyForReads(route, read), read, execute, longData, false,
                (backend, handler) -> backend.executePrepared(sql, longData, execute, handler));
    }

    /**
     * Runs a {@code LOAD DATA LOCAL INFILE} ({@link LocalFileLoad}): the client's file streams to the data nodes of
     * {@code load}, row by row where the table is sharded; all-or-nothing across several nodes.
     */
    public void loadLocalFile(ClientChannel client, LoadRoute load) {
        List<ShardStatement> shards = new ArrayList<>();
        for (String node : load.nodes()) {
            shards.add(new ShardStatement(node, load.nodeStatement(), true));
        }
        if (!admitted(client, new Route(shards, load.replicated()))) {
            return;
        }
        AtomicStatement atomic = load.nodes().size() > 1 ? transactions.atomicStatement(client.session()) : null;
        load.nodes().forEach(node -> dataNodes.get(node).count(false));
        LocalFileLoad.run(this, client, load, atomic);
    }

    /**
     * The client's statement goes to data nodes now: sqlExecuteTimeout runs from here, and so does the deadlock watch
     * for a statement that may wait for row locks held across data nodes: one of a transaction, or one on several
     * nodes (which runs in a transaction of its own).
     */
    private void armWatches(ClientChannel client, Route route) {
        if (!timeout.isZero()) {
            client.timeout().arm(timeout, killer);
        }
        if (deadlocks != null && (client.session().inTransaction() || !route.isSingleNode())) {
            client.lockWait().arm(deadlockCheckNanos, deadlocks);
        }
    }

    /** Whether the transaction may take the route ({@link TransactionCoordinator#admit}); if not, the client is told. */
    private boolean admitted(ClientChannel client, Route route) {
        try {
            transactions.admit(client.session(), route);
            return true;
        } catch (TesseraException e) {
            client.error(e);
            return false;
        }
    }

    /**
     * A read of a global table: every node holds the rows, so any one answers; the reads spread over them (picked at
     * random, as MyCat does). EXPLAIN shows the route a statement takes through it.
     */
    public static Route oneCopyForReads(Route route, boolean read) {
        if (!route.replicated() || !read || route.isSingleNode()) {
            return route;
        }
        return Route.single(route.shards().get(ThreadLocalRandom.current().nextInt(route.shards().size())));
    }

    /**
     * Borrows (or finds pinned) the single node's connection and streams its answer to the client; {@code owned} and
     * {@code alsoOwned} are what {@code send} sends, released here if it never can.
     */
    private void runOnNode(ClientChannel client, Route route, boolean read, ByteBuf owned, List<ByteBuf> alsoOwned,
            boolean columnsOnly, BiConsumer<BackendConnection, ResponseHandler> send) {
        DataNode node = dataNodes.get(route.shards().get(0).dataNode());
        node.count(read);
        Session session = client.session();
        EventLoop loop = client.channel().eventLoop();
        CompletableFuture<BackendConnection> acquired = connections.acquire(session, node, loop, true, SessionConnections.intent(session, read));
        LoopFutures.whenComplete(loop, acquired, client.guard((backend, error) -> {
            if (error != null) {
                owned.release();
                alsoOwned.forEach(ByteBuf::release);
                client.error(error);
                return;
            }
            session.running().put(backend, node.name());
            send.accept(backend, new Passthrough(client, backend, new Passthrough.Completion() {
                @Override
                public void completed(BackendConnection connection, int warnings) {
                    session.running().remove(connection);
                    // no FOUND_ROWS() query after an ERR: it would hide the ERR's code (a deadlock) from finish
                    if (session.calcFoundRows() && connection.lastErrorCode() == 0) {
                        captureFoundRows(client, node, connection, warnings);
                    } else if (warnings > 0 && !columnsOnly) {
                        captureWarnings(client, node, connection, warnings);
                    } else {
                        session.warnings(0, null);
                        SessionConnections.finish(session, node, connection);
                        client.commandDone();
                    }
                }

                @Override
                public void failed(BackendConnection connection, Throwable cause) {
                    session.running().remove(connection);
                    boolean ofTransaction = session.pinned().get(node.name()) == connection
                            && session.transaction().participates(node.name());
                    SessionConnections.finish(session, node, connection);
                    TesseraException lost = SessionConnections.statementLost(node, cause, !read && !ofTransaction);
                    client.error(ofTransaction ? SessionConnections.transactionLost(lost) : lost);
                }
            }));
        }));
    }

    /**
     * Runs an internal statement for the session on {@code dataNode} (pinned connection inside a transaction) and
     * returns its whole result. Completes on the session's event loop.
     */
    public CompletableFuture<QueryResult> query(ClientChannel client, String dataNode, String sql) {
        DataNode node = dataNodes.get(dataNode);
        Session session = client.session();
        EventLoop loop = client.channel().eventLoop();
        return LoopFutures.onLoop(loop, connections.acquire(session, node, loop, false, Intent.WRITE).thenComposeAsync(backend ->
                backend.query(sql).whenCompleteAsync((result, error) -> SessionConnections.finish(session, node, backend), loop), loop));
    }

    /**
     * Prepares {@code sql} on a connection of {@code dataNode} to learn its parameters and result columns (MySQL's
     * COM_STMT_PREPARE answer), then closes the statement there. Completes on the session's event loop.
     */
    public CompletableFuture<PreparedMetadata> describe(ClientChannel client, String dataNode, String sql) {
        DataNode node = dataNodes.get(dataNode);
        Session session = client.session();
        EventLoop loop = client.channel().eventLoop();
        return LoopFutures.onLoop(loop, connections.acquire(session, node, loop, false, Intent.WRITE).thenComposeAsync(backend ->
                backend.prepare(sql).whenCompleteAsync((metadata, error) -> {
                    if (metadata != null) {
                        backend.closeStatement(metadata.statementId());
                    }
                    SessionConnections.finish(session, node, backend);
                }, loop), loop));
    }

    /**
     * Brings the session's variables onto a connection of {@code dataNode} (and releases it unless pinned):
     * a SET is checked by the data host itself this way. Completes on the session's event loop.
     */
    public CompletableFuture<Void> sync(ClientChannel client, String dataNode) {
        DataNode node = dataNodes.get(dataNode);
        Session session = client.session();
        EventLoop loop = client.channel().eventLoop();
        return LoopFutures.onLoop(loop, connections.acquire(session, node, loop, true, Intent.WRITE)
                .thenAcceptAsync(backend -> SessionConnections.finish(session, node, backend), loop));
    }

    /**
     * Ends the session's transaction on every data node it touched with {@code COMMIT} or {@code ROLLBACK} (two-phase
     * under XA) and releases the connections. Completes on the session's event loop; fails naming which nodes
     * committed and which did not.
     */
    public CompletableFuture<Void> endTransaction(ClientChannel client, boolean commit) {
        return afterKills(client, () -> transactions.end(client.session(), commit));
    }

    /** SAVEPOINT / ROLLBACK TO / RELEASE SAVEPOINT on every data node of the transaction; completes on the loop. */
    public CompletableFuture<Void> savepoint(ClientChannel client, String sql) {
        return afterKills(client, () -> transactions.savepoint(client.session(), sql));
    }

    /**
     * {@code step} over the session's pinned connections, once a KILL QUERY under way for one of them is done (see
     * {@link KillFence}); completes on the session's loop.
     */
    private static CompletableFuture<Void> afterKills(ClientChannel client, Supplier<CompletableFuture<Void>> step) {
        EventLoop loop = client.channel().eventLoop();
        CompletableFuture<Void> killing = KillFence.pending(client.session().pinned().values());
        return killing == null ? LoopFutures.onLoop(loop, step.get())
                : LoopFutures.onLoop(loop, LoopFutures.thenCompose(loop, killing, ignored -> step.get()));
    }

    /**
     * KILL QUERY on the data host for a statement running on {@code backend}: sent over another connection to the
     * same server (a read host's, for a read it answers), as MySQL's KILL must come from another connection. Until
     * it is answered, {@code backend} runs nothing else ({@link KillFence}).
     */
    public CompletableFuture<Void> killQuery(BackendConnection backend, String dataNode) {
        return KillFence.killQuery(backend, dataNodes.get(dataNode).host().borrowBeside(backend));
    }

    /** Rolls back and resets every pinned connection (the client left, or reset its connection). */
    public void abandonTransaction(Session session) {
        transactions.abandon(session);
    }

    /**
     * The session's transaction has lost a data node's part ({@link io.tessera.proxy.session.Transaction#broken}):
     * rolls back the rest, as the whole transaction would be gone on one server. Completes on the session's loop.
     */
    public CompletableFuture<Void> rollBackBrokenTransaction(ClientChannel client) {
        return LoopFutures.onLoop(client.channel().eventLoop(), transactions.rollBackBroken(client.session()));
    }

    /**
     * A connection of {@code dataNode} for a statement of Tessera's own on several nodes (a part of a merge or of a
     * write), counted as running for KILL; give it back with {@link #release}. A read needs the write host all the
     * same where the session's transaction or state is ({@link SessionConnections#intent}).
     */
    @Override
    public CompletableFuture<BackendConnection> acquire(ClientChannel client, String dataNode, Intent intent) {
        Session session = client.session();
        return LoopFutures.thenCompose(client.channel().eventLoop(),
                connections.acquire(session, dataNodes.get(dataNode), client.channel().eventLoop(), false,
                        SessionConnections.intent(session, intent == Intent.READ)), backend -> {
                    session.running().put(backend, dataNode);
                    return CompletableFuture.completedFuture(backend);
                });
    }

    @Override
    public void release(ClientChannel client, String dataNode, BackendConnection backend) {
        Session session = client.session();
        session.running().remove(backend);
        SessionConnections.finish(session, dataNodes.get(dataNode), backend);
    }

    @Override
    public boolean mayClose(ClientChannel client) {
        return client.session().pinned().isEmpty();
    }

    /** SQL_CALC_FOUND_ROWS: asks the node for FOUND_ROWS() on the same connection before it goes back. */
    private void captureFoundRows(ClientChannel client, DataNode node, BackendConnection backend, int warnings) {
        Session session = client.session();
        session.calcFoundRows(false);
        backend.query("SELECT FOUND_ROWS()").whenCompleteAsync(client.guard((result, error) -> {
            if (error == null) {
                session.foundRows(Long.parseLong(result.rows().get(0).get(0)));
            }
            if (warnings > 0) {
                captureWarnings(client, node, backend, warnings);
            } else {
                session.warnings(0, null);
                SessionConnections.finish(session, node, backend);
                client.commandDone();
            }
        }), client.channel().eventLoop());
    }

    private void captureWarnings(ClientChannel client, DataNode node, BackendConnection backend, int count) {
        Session session = client.session();
        backend.query("SHOW WARNINGS").whenCompleteAsync(client.guard((result, error) -> {
            session.warnings(count, error == null ? warningTable(client, result) : null);
            SessionConnections.finish(session, node, backend);
            client.commandDone();
        }), client.channel().eventLoop());
    }

    /** The data node's warnings, their messages in logical terms (a Note 1051 names a table with its database). */
    private static ResultTable warningTable(ClientChannel client, QueryResult result) {
        ResultTable.Builder table = ResultTable.builder()
                .column(ResultTable.varchar("Level"))
                .column(ResultTable.integer("Code"))
                .column(ResultTable.varchar("Message"));
        for (List<String> row : result.rows()) {
            table.row(row.get(0), row.get(1), client.logical(row.get(2)));
        }
        return table.build();
    }

    private static List<String> nodeNames(Route route) {
        return route.shards().stream().map(ShardStatement::dataNode).toList();
    }
}
