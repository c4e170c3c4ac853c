package io.tessera.proxy.exec;

import io.netty.channel.EventLoop;
import io.tessera.backend.BackendConnection;
import io.tessera.backend.host.Intent;
import io.tessera.protocol.error.ErrorCode;
import io.tessera.protocol.error.TesseraException;
import io.tessera.proxy.session.ClientErrors;
import io.tessera.proxy.session.Session;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * A session's connections to its data nodes: the one it holds (pinned inside a transaction, or holding state such as
 * temporary tables or table locks), or one borrowed from the node's data host and made ready (the session's
 * variables, the transaction the node joins); and, after a statement, kept or given back. Runs on the session's loop.
 */
final class SessionConnections {

    private static final CompletableFuture<Void> DONE = CompletableFuture.completedFuture(null);

    private final TransactionCoordinator transactions;

    SessionConnections(TransactionCoordinator transactions) {
        this.transactions = transactions;
    }


    /**
     * A connection of {@code node} for the session, pinned inside a transaction, carrying the session's variables:
     * {@code sql_select_limit} only for the client's own statement on one node ({@code selectLimit}), which the
     * node applies as MySQL would; a merge applies it on top instead, and Tessera's own statements never want it.
     * A connection the session holds is used whatever the {@code intent}; a new one comes from the server of the
     * data host that serves it.
     */
    CompletableFuture<BackendConnection> acquire(Session session, DataNode node, EventLoop loop,
            boolean selectLimit, Intent intent) {
        BackendConnection pinned = session.pinned().get(node.name());
        if (pinned != null) {
            CompletableFuture<Void> killing = KillFence.pending(pinned);
            if (killing != null) { // the last statement's KILL QUERY must not stop this one
                return LoopFutures.thenCompose(loop, killing,
                        ignored -> acquire(session, node, loop, selectLimit, intent));
            }
            if (!pinned.isUsable()) { // it broke while idle: what it held on the data host is gone
                boolean ofTransaction = session.transaction().participates(node.name());
                finish(session, node, pinned);
                TesseraException lost = new TesseraException(ErrorCode.UNKNOWN_ERROR, node.describe()
                        + ": the session's connection was lost, with its temporary tables, SQL prepared statements"
                        + " and locks there");
                return CompletableFuture.failedFuture(ofTransaction ? transactionLost(lost) : lost);
            }
            if (session.statementBinds()) {
                session.bind(node.name());
            }
            return LoopFutures.thenCompose(loop, BackendSync.apply(session, pinned, selectLimit),
                    ignored -> open(session, node, pinned)).thenApply(ignored -> pinned);
        }
        if (node.host() == null) {
            return CompletableFuture.failedFuture(new TesseraException(ErrorCode.UNKNOWN_ERROR, node.describe()
                    + ": its data host is not MySQL or MariaDB, which this Tessera version cannot reach"));
        }
        CompletableFuture<BackendConnection> borrowed = node.host().borrow(node.database(), session.clientFoundRows(),
                loop, intent);
        if (!borrowed.isDone() || borrowed.isCompletedExceptionally()) { // an idle connection's path allocates nothing
            borrowed = borrowed.exceptionallyCompose(error -> CompletableFuture.failedFuture(onNode(node, error)));
        }
        return LoopFutures.thenCompose(loop, borrowed, backend -> prepare(session, node, backend, selectLimit, loop));
    }

    /**
     * What a statement will do on a new connection: a client's read outside a transaction, on a connection the
     * session will not keep, that neither locks rows nor is hinted to the master, may be served by a read host (as
     * the data host's balance says); anything else needs the write host.
     */
    static Intent intent(Session session, boolean read) {
        return read && !session.inTransaction() && !session.statementBinds() && !session.statementOnWriteHost()
                ? Intent.READ : Intent.WRITE;
    }

    /**
     * Syncs a newly borrowed connection and opens what the statement runs in on it; inside a transaction, or for a
     * statement that leaves state on its connection, pins it. Session state changes only on the session's loop.
     */
    private CompletableFuture<BackendConnection> prepare(Session session, DataNode node, BackendConnection backend,
            boolean selectLimit, EventLoop loop) {
        boolean pin = session.inTransaction() || session.statementBinds();
        if (pin) {
            session.pinned().put(node.name(), backend);
        }
        CompletableFuture<Void> ready = LoopFutures.thenCompose(loop, BackendSync.apply(session, backend, selectLimit),
                ignored -> open(session, node, backend));
        return LoopFutures.handle(loop, ready, (ignored, error) -> {
            if (error != null) {
                if (pin) {
                    session.pinned().remove(node.name(), backend);
                    session.transaction().left(node.name());
                }
                boolean broke = !backend.isUsable(); // its data host went away: name the node, as a borrow does
                backend.close(); // a transaction may have started on it: it must not go back to the pool
                Throwable failure = broke ? onNode(node, error) : error;
                throw failure instanceof RuntimeException re ? re : new CompletionException(failure);
            }
            if (session.statementBinds()) {
                session.bind(node.name());
            }
            return backend;
        });
    }

    /**
     * What the statement runs in on {@code backend}: the session's transaction, which the node joins now if it has
     * not yet; outside one, the characteristics a {@code SET TRANSACTION} gave the next transaction, if any.
     */
    private CompletableFuture<Void> open(Session session, DataNode node, BackendConnection backend) {
        if (session.inTransaction()) {
            return session.transaction().participates(node.name()) ? DONE
                    : transactions.join(session, node.name(), backend);
        }
        String characteristics = session.nextTransactionSql();
        return characteristics == null ? DONE : backend.query(characteristics).thenApply(r -> null);
    }

    /**
     * A connection that failed while it ran the session's statement (its data host went away, a protocol error), with
     * the data node named in front. For a write outside a transaction ({@code outcomeUnknown}) it says that the
     * statement may have taken effect: the data host may have committed it before it went, which, as after a lost
     * connection to one server, no one can tell the client.
     */
    static TesseraException statementLost(DataNode node, Throwable cause, boolean outcomeUnknown) {
        return ClientErrors.reworded(cause, message -> "data node " + node.name() + ": " + message
                + (outcomeUnknown ? "; the statement may or may not have taken effect" : ""));
    }

    /** The failure of a transaction's connection, saying what it costs: the transaction (see {@link #finish}). */
    static TesseraException transactionLost(Throwable cause) {
        return ClientErrors.reworded(cause, message -> message + "; the transaction is rolled back on every data node");
    }

    /** A pool's failure (no connection, data host down) with the data node named in front. */
    private static Throwable onNode(DataNode node, Throwable error) {
        Throwable cause = error instanceof CompletionException && error.getCause() != null
                ? error.getCause() : error;
        if (cause instanceof TesseraException) {
            return ClientErrors.reworded(cause, message -> "data node " + node.name() + ": " + message);
        }
        return cause;
    }

    /**
     * After a statement: a pinned connection stays while the transaction lasts; anything else goes back. A pinned
     * connection that broke, or whose data node rolled back the whole transaction (a deadlock), marks the transaction
     * lost: the front end rolls back the rest before the session's next command.
     */
    static void finish(Session session, DataNode node, BackendConnection backend) {
        String name = node.name();
        if (session.pinned().get(name) == backend) {
            boolean participant = session.transaction().participates(name);
            if (!backend.isUsable()) {
                session.pinned().remove(name);
                session.unbind(name); // what it held (temporary tables, ...) is gone with it, as with one server
                if (participant) {
                    session.transaction().lost(name);
                }
                return;
            }
            if (participant && TransactionCoordinator.rollsBackTransaction(backend.lastErrorCode())) {
                session.transaction().lost(name); // kept pinned: its rollback (XA ROLLBACK) is still due
            }
            if (session.inTransaction() || session.holdsState(name)) {
                return;
            }
            session.pinned().remove(name); // the statement ended the transaction (SET autocommit = 1)
        }
        KillFence.release(backend);
    }
}
