package io.tessera.proxy.exec;

import io.tessera.backend.BackendConnection;
import io.tessera.protocol.error.ErrorCode;
import io.tessera.protocol.error.TesseraException;
import io.tessera.proxy.session.ClientChannel;
import io.tessera.proxy.session.Session;
import io.tessera.router.plan.Route;
import io.tessera.router.plan.ShardStatement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * {@code LOCK TABLES} and {@code UNLOCK TABLES} for a session, as MySQL's are (MySQL manual: "LOCK TABLES and UNLOCK
 * TABLES Statements"). Each data node of the locked tables gets its own {@code LOCK TABLES} on a connection that the
 * statement binds to the session ({@link Session#holdsState}), so the session's later statements there, the parts
 * of a merged SELECT included, run under the locks. The locks go with UNLOCK TABLES, the next LOCK TABLES, BEGIN,
 * and the session's end, which resets its bound connections before another session may have them. The connections
 * stay the session's after UNLOCK TABLES, as after GET_LOCK: the binding knows no reasons to drop it for.
 */
public final class TableLocks {

    private static final CompletableFuture<Void> DONE = CompletableFuture.completedFuture(null);

    private final Executor executor;

    public TableLocks(Executor executor) {
        this.executor = executor;
    }

    /**
     * LOCK TABLES as {@code route} says: releases the session's table locks and commits its transaction first, then
     * locks node after node in the route's order, so that two sessions never each hold a node the other waits for.
     * A node that refuses (an unknown table there) fails the whole statement: the nodes locked before it are
     * unlocked, as one server takes all of a statement's locks or none. Completes on the session's event loop.
     */
    public CompletableFuture<Void> lock(ClientChannel client, Route route) {
        Session session = client.session();
        if (session.xa() && !session.autocommit()) {
            return CompletableFuture.failedFuture(new TesseraException(ErrorCode.NOT_SUPPORTED_YET, "LOCK TABLES"
                    + " with SET XA = ON and autocommit off is not supported: the XA transaction that each data node"
                    + " would open cannot hold table locks; SET XA = OFF or SET autocommit = 1 first"));
        }
        return unlock(client).thenCompose(ignored -> commit(client))
                .thenCompose(ignored -> lockEach(client, route.shards(), 0));
    }

    /**
     * UNLOCK TABLES: commits the session's transaction when it holds table locks, as MySQL does, then unlocks every
     * node that holds them; OK when there are none. A node that cannot unlock has its connection closed, which
     * releases its locks. Completes on the session's event loop.
     */
    public CompletableFuture<Void> unlock(ClientChannel client) {
        Session session = client.session();
        if (session.tableLocks().isEmpty()) {
            return DONE;
        }
        return commit(client).thenCompose(ignored -> unlockAll(client, List.copyOf(session.tableLocks())));
    }

    private CompletableFuture<Void> lockEach(ClientChannel client, List<ShardStatement> shards, int next) {
        if (next == shards.size()) {
            return DONE;
        }
        if (!client.channel().isActive()) { // the session has ended, and reset what it held: lock nothing more
            return CompletableFuture.failedFuture(new TesseraException(ErrorCode.UNKNOWN_ERROR,
                    "the client left while LOCK TABLES waited"));
        }
        ShardStatement shard = shards.get(next);
        return executor.query(client, shard.dataNode(), shard.sql()).handle((result, error) -> {
            if (error == null) {
                client.session().tableLocks().add(shard.dataNode());
                return lockEach(client, shards, next + 1);
            }
            // the failed node holds no locks (MySQL releases a connection's locks before it takes new ones);
            // the nodes before it let theirs go, whatever that costs, and the node's error is the answer
            return unlock(client).handle((ignored, unlockError) -> null)
                    .thenCompose(ignored -> CompletableFuture.<Void>failedFuture(error));
        }).thenCompose(step -> step);
    }

    private CompletableFuture<Void> unlockAll(ClientChannel client, List<String> nodes) {
        Session session = client.session();
        CompletableFuture<?>[] all = new CompletableFuture<?>[nodes.size()];
        for (int i = 0; i < all.length; i++) {
            String node = nodes.get(i);
            BackendConnection held = session.pinned().get(node);
            all[i] = executor.query(client, node, "UNLOCK TABLES").whenComplete((result, error) -> {
                session.tableLocks().remove(node);
                if (error != null && held != null) {
                    held.close(); // its locks must not outlive the statement; the next use finds it lost
                }
            });
        }
        return CompletableFuture.allOf(all);
    }

    /** MySQL's implicit commit before LOCK TABLES (and UNLOCK TABLES while locked): on every node the session used. */
    private CompletableFuture<Void> commit(ClientChannel client) {
        Session session = client.session();
        if (session.inTransaction() && session.transaction().hasParticipants()) {
            return executor.endTransaction(client, true);
        }
        if (session.explicitTransaction()) {
            session.endTransaction(); // BEGIN that reached no data node
        }
        return DONE;
    }
}
