package io.tessera.proxy.local;

import io.tessera.backend.BackendConnection;
import io.tessera.protocol.error.ErrorCode;
import io.tessera.proxy.exec.Executor;
import io.tessera.proxy.session.ClientChannel;
import io.tessera.proxy.session.ClientConnections;
import io.tessera.router.local.Kill;
import io.tessera.router.local.LocalStatements;
import io.tessera.router.parse.ParsedStatement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * {@code KILL [CONNECTION | QUERY] id} on the client port, where ids are Tessera's connection ids (what
 * {@code CONNECTION_ID()} answers): the statement the session is running is killed on every data node that runs it
 * ({@code KILL QUERY} on the data host, so the client gets the node's 1317); {@code KILL CONNECTION} also closes the
 * session, which rolls its transaction back. As in MySQL, a user may kill only its own sessions. The admin port's
 * {@code kill @@connection} kills the same way, anyone's ({@link #killConnection}).
 */
public final class KillStatement {

    private final ClientConnections connections;
    private final Executor executor;

    public KillStatement(ClientConnections connections, Executor executor) {
        this.connections = connections;
        this.executor = executor;
    }

    public void handle(ClientChannel client, ParsedStatement statement) {
        Kill kill = LocalStatements.kill(statement);
        if (kill.ids() != 1) { // Druid reads "KILL QUERY" and "KILL 1, 2"; MySQL does not
            client.error(ErrorCode.PARSE_ERROR.exception("You have an error in your SQL syntax: KILL takes one"
                    + " connection id"));
            return;
        }
        if (kill.id() == null) {
            client.error(ErrorCode.UNKNOWN_THREAD.exception(kill.idText()));
            return;
        }
        long id = kill.id();
        ClientChannel target = connections.get(id);
        if (target == null) {
            client.error(ErrorCode.UNKNOWN_THREAD.exception(id));
            return;
        }
        if (!target.session().userName().equals(client.session().userName())) {
            client.error(ErrorCode.NOT_THREAD_OWNER.exception(id));
            return;
        }
        boolean connection = kill.connection();
        if (target == client && connection) {
            client.error(ErrorCode.QUERY_INTERRUPTED.exception());
            client.closeAfterFlush();
            return;
        }
        killOnItsLoop(target, connection).whenCompleteAsync(client.guard((r, error) -> {
            if (error != null) {
                client.error(error);
            } else {
                client.ok();
            }
        }), client.channel().eventLoop());
    }

    /**
     * KILL CONNECTION {@code target}, whoever owns it (the admin port's {@code kill @@connection}): its statement is
     * killed wherever it runs and its channel is closed. Completes once the data nodes have answered the KILL QUERYs
     * and the connection is no longer open ({@link ClientConnections#whenClosed}); a KILL QUERY that failed fails
     * it, although the connection is closed all the same.
     */
    public CompletableFuture<Void> killConnection(ClientChannel target) {
        CompletableFuture<Void> closed = connections.whenClosed(target.session().connectionId());
        return killOnItsLoop(target, true)
                .whenComplete((killed, error) -> {
                    if (error != null) {
                        target.channel().close(); // whatever failed on its loop, the connection goes
                    }
                })
                .thenCombine(closed, (killed, done) -> null);
    }

    /** The target's session lives on its own loop; whatever fails there, the stage completes. */
    private CompletableFuture<Void> killOnItsLoop(ClientChannel target, boolean connection) {
        return CompletableFuture.supplyAsync(() -> kill(target, connection), target.channel().eventLoop())
                .thenCompose(Function.identity());
    }

    /** On the target's loop: KILL QUERY wherever its statement runs, and for KILL CONNECTION its channel closed. */
    private CompletableFuture<Void> kill(ClientChannel target, boolean connection) {
        List<CompletableFuture<Void>> kills = new ArrayList<>();
        for (Map.Entry<BackendConnection, String> running : target.session().running().entrySet()) {
            kills.add(executor.killQuery(running.getKey(), running.getValue()));
        }
        if (connection) {
            target.channel().close();
        }
        return CompletableFuture.allOf(kills.toArray(CompletableFuture[]::new));
    }
}
