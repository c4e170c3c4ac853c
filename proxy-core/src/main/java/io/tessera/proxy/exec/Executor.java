package io.tessera.proxy.exec;

import io.netty.buffer.ByteBuf;
import io.netty.channel.EventLoop;
import io.tessera.backend.mysql.BackendConnection;
import io.tessera.backend.mysql.QueryResult;
import io.tessera.protocol.error.ErrorCode;
import io.tessera.protocol.error.TesseraException;
import io.tessera.protocol.result.ResultTable;
import io.tessera.proxy.session.ClientChannel;
import io.tessera.proxy.session.Session;
import io.tessera.proxy.exec.merge.MergeExecution;
import io.tessera.router.plan.PlanNode;
import io.tessera.router.plan.Route;
import io.tessera.router.plan.ShardStatement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Runs plans for sessions. Outside a transaction a backend connection is borrowed per statement and returned
 * right after; inside one, the session keeps one connection per data node it touched until COMMIT or ROLLBACK,
 * so it reads its own writes.
 */
public final class Executor implements MergeExecution.Connections {

    private final DataNodes dataNodes;
    private final long mergeMemoryLimit;

    /** @param mergeMemoryLimit bytes of rows one statement may buffer to merge several data nodes' results */
    public Executor(DataNodes dataNodes, long mergeMemoryLimit) {
        this.dataNodes = dataNodes;
        this.mergeMemoryLimit = mergeMemoryLimit;
    }

    public DataNodes dataNodes() {
        return dataNodes;
    }

    /**
     * Runs a plan and streams the answer to the client: a route's single node straight through, a write on several
     * nodes at once, a SELECT over several nodes through its merge. Takes ownership of {@code payload}: the command
     * as a single data node must receive it (command byte first). {@code read} says whether the statement only
     * reads, for the per-node counts the admin port shows.
     */
    public void execute(ClientChannel client, PlanNode plan, ByteBuf payload, boolean columnsOnly, boolean read) {
        if (!(plan instanceof Route)) {
            payload.release();
            plan.route().shards().forEach(shard -> dataNodes.get(shard.dataNode()).count(true));
            MergeExecution.run(this, client, plan, mergeMemoryLimit);
            return;
        }
        Route route = (Route) plan;
        if (route.replicated() && read && !route.isSingleNode()) {
            // every node holds the rows: any one answers; spread the reads
            route = Route.single(route.shards().get(ThreadLocalRandom.current().nextInt(route.shards().size())));
        }
        if (!route.isSingleNode()) {
            payload.release();
            if (read) {
                client.error(new TesseraException(ErrorCode.NOT_SUPPORTED_YET, "the query needs data nodes "
                        + nodeNames(route) + ": merging results from several data nodes is not supported in this"
                        + " build"));
            } else {
                route.shards().forEach(shard -> dataNodes.get(shard.dataNode()).count(false));
                ScatterWrite.run(this, client, route);
            }
            return;
        }
        DataNode node = dataNodes.get(route.shards().get(0).dataNode());
        node.count(read);
        Session session = client.session();
        EventLoop loop = client.channel().eventLoop();
        LoopFutures.whenComplete(loop, acquire(session, node, loop), (backend, error) -> {
            if (error != null) {
                payload.release();
                client.error(error);
                return;
            }
            backend.execute(payload, columnsOnly, new Passthrough(client, backend, new Passthrough.Completion() {
                @Override
                public void completed(BackendConnection connection, int warnings) {
                    if (warnings > 0 && !columnsOnly) {
                        captureWarnings(client, node, connection, warnings);
                    } else {
                        session.warnings(0, null);
                        finish(session, node, connection);
                        client.commandDone();
                    }
                }

                @Override
                public void failed(BackendConnection connection, Throwable cause) {
                    session.pinned().remove(node.name(), connection);
                    client.error(cause);
                }
            }));
        });
    }

    /**
     * Runs an internal statement for the session on {@code dataNode} (pinned connection inside a transaction) and
     * returns its whole result. Completes on the session's event loop.
     */
    public CompletableFuture<QueryResult> query(ClientChannel client, String dataNode, String sql) {
        DataNode node = dataNodes.get(dataNode);
        Session session = client.session();
        EventLoop loop = client.channel().eventLoop();
        return acquire(session, node, loop).thenComposeAsync(backend -> backend.query(sql)
                .whenCompleteAsync((result, error) -> {
                    if (error == null || backend.isUsable()) {
                        finish(session, node, backend);
                    } else {
                        session.pinned().remove(node.name(), backend);
                    }
                }, loop), loop);
    }

    /**
     * Brings the session's variables onto a connection of {@code dataNode} (and releases it unless pinned):
     * a SET is checked by the data host itself this way. Completes on the session's event loop.
     */
    public CompletableFuture<Void> sync(ClientChannel client, String dataNode) {
        DataNode node = dataNodes.get(dataNode);
        Session session = client.session();
        EventLoop loop = client.channel().eventLoop();
        return acquire(session, node, loop).thenAcceptAsync(backend -> finish(session, node, backend), loop);
    }

    /**
     * Ends the session's transaction on every data node it touched, one after another, with {@code COMMIT} or
     * {@code ROLLBACK}; releases the connections. Fails naming which nodes committed and which did not.
     */
    public CompletableFuture<Void> endTransaction(ClientChannel client, boolean commit) {
        Session session = client.session();
        EventLoop loop = client.channel().eventLoop();
        List<Map.Entry<String, BackendConnection>> participants = new ArrayList<>(session.pinned().entrySet());
        session.pinned().clear();
        session.endTransaction();
        String sql = commit ? "COMMIT" : "ROLLBACK";
        CompletableFuture<Void> chain = CompletableFuture.completedFuture(null);
        List<String> done = new ArrayList<>();
        List<String> failed = new ArrayList<>();
        for (Map.Entry<String, BackendConnection> participant : participants) {
            BackendConnection backend = participant.getValue();
            chain = chain.thenCompose(ignored -> backend.query(sql).handle((result, error) -> {
                if (error == null) {
                    done.add(participant.getKey());
                    backend.release();
                } else {
                    failed.add(participant.getKey() + " (" + ClientChannel.toErr(error).message() + ")");
                    backend.close();
                }
                return null;
            }));
        }
        return chain.thenApplyAsync(ignored -> {
            if (!failed.isEmpty()) {
                throw new TesseraException(ErrorCode.UNKNOWN_ERROR, sql + " failed on data node(s) " + failed
                        + (done.isEmpty() ? "" : "; it succeeded on " + done));
            }
            return null;
        }, loop);
    }

    /** Returns every pinned connection after a rollback (the client left, or reset its connection). */
    public void abandonTransaction(Session session) {
        for (BackendConnection backend : session.pinned().values()) {
            backend.query("ROLLBACK").whenComplete((result, error) -> {
                if (error == null) {
                    backend.release();
                } else {
                    backend.close();
                }
            });
        }
        session.pinned().clear();
        session.endTransaction();
    }

    @Override
    public CompletableFuture<BackendConnection> acquire(ClientChannel client, String dataNode) {
        return acquire(client.session(), dataNodes.get(dataNode), client.channel().eventLoop());
    }

    @Override
    public void release(ClientChannel client, String dataNode, BackendConnection backend) {
        Session session = client.session();
        if (backend.isUsable()) {
            finish(session, dataNodes.get(dataNode), backend);
        } else {
            session.pinned().remove(dataNode, backend);
        }
    }

    @Override
    public boolean mayClose(ClientChannel client) {
        return client.session().pinned().isEmpty();
    }

    private CompletableFuture<BackendConnection> acquire(Session session, DataNode node, EventLoop loop) {
        BackendConnection pinned = session.pinned().get(node.name());
        if (pinned != null) {
            return BackendSync.apply(session, pinned).thenApply(ignored -> pinned);
        }
        if (node.pool() == null) {
            return CompletableFuture.failedFuture(new TesseraException(ErrorCode.UNKNOWN_ERROR, node.describe()
                    + ": its data host is not MySQL or MariaDB, which this Tessera version cannot reach"));
        }
        CompletableFuture<BackendConnection> borrowed = node.pool().borrow(node.database(), session.foundRows(), loop);
        if (!borrowed.isDone() || borrowed.isCompletedExceptionally()) { // an idle connection's path allocates nothing
            borrowed = borrowed.exceptionallyCompose(error -> CompletableFuture.failedFuture(onNode(node, error)));
        }
        return LoopFutures.thenCompose(loop, borrowed, backend -> prepare(session, node, backend));
    }

    /** Syncs a newly borrowed connection and, inside a transaction, pins it and opens the transaction on it. */
    private CompletableFuture<BackendConnection> prepare(Session session, DataNode node, BackendConnection backend) {
        CompletableFuture<Void> ready = BackendSync.apply(session, backend);
        if (session.inTransaction()) {
            session.pinned().put(node.name(), backend);
            if (session.explicitTransaction()) {
                ready = ready.thenCompose(ignored -> backend.query("START TRANSACTION").thenApply(r -> null));
            }
        }
        return ready.handle((ignored, error) -> {
            if (error != null) {
                session.pinned().remove(node.name(), backend);
                backend.release();
                throw error instanceof RuntimeException re ? re : new java.util.concurrent.CompletionException(error);
            }
            return backend;
        });
    }

    /** A pool's failure (no connection, data host down) with the data node named in front. */
    private static Throwable onNode(DataNode node, Throwable error) {
        Throwable cause = error instanceof java.util.concurrent.CompletionException && error.getCause() != null
                ? error.getCause() : error;
        if (cause instanceof TesseraException e) {
            return new TesseraException(e.errorCode(), e.sqlState(), "data node " + node.name() + " (database "
                    + node.database() + "): " + e.getMessage());
        }
        return cause;
    }

    private void captureWarnings(ClientChannel client, DataNode node, BackendConnection backend, int count) {
        Session session = client.session();
        backend.query("SHOW WARNINGS").whenCompleteAsync((result, error) -> {
            session.warnings(count, error == null ? warningTable(result) : null);
            finish(session, node, backend);
            client.commandDone();
        }, client.channel().eventLoop());
    }

    private static ResultTable warningTable(QueryResult result) {
        ResultTable.Builder table = ResultTable.builder()
                .column(ResultTable.varchar("Level"))
                .column(ResultTable.integer("Code"))
                .column(ResultTable.varchar("Message"));
        for (List<String> row : result.rows()) {
            table.row(row.toArray());
        }
        return table.build();
    }

    /** After a statement: a pinned connection stays while the transaction lasts; anything else goes back. */
    private static void finish(Session session, DataNode node, BackendConnection backend) {
        if (session.pinned().get(node.name()) == backend) {
            if (session.inTransaction()) {
                return;
            }
            session.pinned().remove(node.name()); // the statement ended the transaction (SET autocommit = 1)
        }
        backend.release();
    }

    private static List<String> nodeNames(Route route) {
        return route.shards().stream().map(ShardStatement::dataNode).toList();
    }
}
