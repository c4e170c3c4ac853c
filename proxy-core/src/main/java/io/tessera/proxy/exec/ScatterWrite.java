package io.tessera.proxy.exec;

import io.netty.channel.EventLoop;
import io.tessera.backend.BackendConnection;
import io.tessera.backend.QueryResult;
import io.tessera.backend.host.Intent;
import io.tessera.protocol.error.DataHostError;
import io.tessera.protocol.error.TesseraException;
import io.tessera.protocol.packet.ErrPacket;
import io.tessera.proxy.exec.TransactionCoordinator.AtomicStatement;
import io.tessera.proxy.exec.merge.MergeExecution.Connections;
import io.tessera.proxy.session.ClientChannel;
import io.tessera.proxy.session.ClientErrors;
import io.tessera.proxy.session.Participant;
import io.tessera.router.plan.Route;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * A write on several data nodes, sent to all of them at once. The client gets one OK with the affected rows and
 * warnings added up (for a replicated route, the affected rows of one copy), or one ERR with the first failing
 * node's code and SQLSTATE, naming the nodes that failed.
 *
 * <p>A change of rows is all-or-nothing, as one statement is on one server ({@link AtomicStatement}): when a node
 * fails, the others undo their part and the ERR says that nothing was changed. A statement that cannot be undone
 * (DDL) runs without that, and its ERR names the nodes where it was done. Runs on the session's event loop.
 */
final class ScatterWrite {

    /** Where the node connections come from and go back to: the executor, seen through the interface merges use. */
    private final Connections source;
    private final ClientChannel client;
    private final Route route;
    private final AtomicStatement atomic;
    private final EventLoop loop;
    private final BackendConnection[] connections;
    private final QueryResult[] results;
    private final Throwable[] failures;
    private int pending;

    private ScatterWrite(Connections source, ClientChannel client, Route route, AtomicStatement atomic) {
        this.source = source;
        this.client = client;
        this.route = route;
        this.atomic = atomic;
        this.loop = client.channel().eventLoop();
        int nodes = route.shards().size();
        this.connections = new BackendConnection[nodes];
        this.results = new QueryResult[nodes];
        this.failures = new Throwable[nodes];
        this.pending = nodes;
    }

    /** @param atomic how the statement is made all-or-nothing, or {@code null} for a statement that cannot be */
    static void run(Connections source, ClientChannel client, Route route, AtomicStatement atomic) {
        ScatterWrite write = new ScatterWrite(source, client, route, atomic);
        for (int i = 0; i < route.shards().size(); i++) {
            write.start(i);
        }
    }

    private void start(int index) {
        String node = route.shards().get(index).dataNode();
        LoopFutures.whenComplete(loop, source.acquire(client, node, Intent.WRITE), client.guard((backend, error) -> {
            if (error != null) {
                done(index, null, error);
                return;
            }
            connections[index] = backend;
            CompletableFuture<Void> opened = atomic == null ? CompletableFuture.completedFuture(null)
                    : atomic.open(node, backend);
            opened.thenCompose(ignored -> backend.query(route.shards().get(index).sql()))
                    .whenCompleteAsync(client.guard((result, failure) -> done(index, result, failure)), loop);
        }));
    }

    private void done(int index, QueryResult result, Throwable error) {
        results[index] = result;
        failures[index] = error;
        if (--pending == 0) {
            answer();
        }
    }

    private void answer() {
        boolean failed = !nodes(true).isEmpty();
        if (atomic == null) {
            releaseAll();
            if (failed) {
                client.error(failure("; done on " + nodes(false)));
            } else {
                ok();
            }
            return;
        }
        CompletableFuture<Void> outcome = failed ? atomic.undo(participants(false), participants(true))
                : atomic.commit(participants(true));
        outcome.whenCompleteAsync(client.guard((ignored, error) -> {
            if (failed && error != null && client.session().inTransaction()) {
                // a node's part could not be undone: the transaction must not commit it
                client.session().transaction().lost(nodes(false).get(0));
            }
            releaseAll();
            if (failed) {
                client.error(failure(error == null ? "; nothing was changed on any data node"
                        : "; undoing it on " + nodes(false) + " failed too: " + ClientErrors.toErr(error).message()));
            } else if (error != null) {
                client.error(error);
            } else {
                ok();
            }
        }), loop);
    }

    private void ok() {
        long affected = 0;
        long insertId = 0;
        int warnings = 0;
        for (QueryResult r : results) {
            affected = route.replicated() ? Math.max(affected, r.affectedRows()) : affected + r.affectedRows();
            warnings += r.warnings();
            if (insertId == 0) {
                insertId = r.lastInsertId();
            }
        }
        if (client.session().statementKeyId() != 0) {
            insertId = client.session().statementKeyId();
        }
        if (insertId != 0) {
            client.session().lastInsertId(insertId);
        }
        client.session().warnings(0, null);
        client.session().rowCount(affected);
        client.ok(affected, insertId, warnings);
    }

    /**
     * The first failure's code and SQLSTATE, with every failed node and its message, then {@code outcome}: in the data
     * nodes' words, so put in logical terms before a client reads it.
     */
    private TesseraException failure(String outcome) {
        List<String> failed = new ArrayList<>();
        ErrPacket first = null;
        for (int i = 0; i < failures.length; i++) {
            if (failures[i] != null) {
                ErrPacket err = ClientErrors.toErr(failures[i]);
                first = first == null ? err : first;
                failed.add(route.shards().get(i).dataNode() + ": " + err.message());
            }
        }
        return new DataHostError(first.errorCode(), first.sqlState(), "failed on data node(s) " + failed
                + outcome);
    }

    /** The data nodes whose part succeeded ({@code failed} false) or failed. */
    private List<String> nodes(boolean failed) {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < failures.length; i++) {
            if ((failures[i] != null) == failed) {
                names.add(route.shards().get(i).dataNode());
            }
        }
        return names;
    }

    /** The nodes that have a connection: all of them ({@code all}), or only those whose part succeeded. */
    private List<Participant> participants(boolean all) {
        List<Participant> participants = new ArrayList<>();
        for (int i = 0; i < connections.length; i++) {
            if (connections[i] != null && (all || failures[i] == null)) {
                participants.add(new Participant(route.shards().get(i).dataNode(), connections[i]));
            }
        }
        return participants;
    }

    private void releaseAll() {
        for (int i = 0; i < connections.length; i++) {
            if (connections[i] != null) {
                source.release(client, route.shards().get(i).dataNode(), connections[i]);
            }
        }
    }
}
