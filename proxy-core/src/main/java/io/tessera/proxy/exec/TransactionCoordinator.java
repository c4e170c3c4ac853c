package io.tessera.proxy.exec;

import io.tessera.backend.BackendConnection;
import io.tessera.protocol.error.DataHostError;
import io.tessera.protocol.error.ErrorCode;
import io.tessera.protocol.error.TesseraException;
import io.tessera.protocol.packet.ErrPacket;
import io.tessera.proxy.config.SystemConfig.DistributedTransactions;
import io.tessera.proxy.exec.xa.XaCoordinator;
import io.tessera.proxy.exec.xa.Xids;
import io.tessera.proxy.session.ClientErrors;
import io.tessera.proxy.session.Participant;
import io.tessera.proxy.session.Session;
import io.tessera.proxy.session.SqlLiterals;
import io.tessera.proxy.session.Transaction;
import io.tessera.router.plan.Route;
import io.tessera.router.plan.ShardStatement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * A session's transaction over the data nodes it touches: opens each node's part when the node joins (the client's
 * {@code START TRANSACTION ...}, or {@code XA START} under {@code SET XA = ON}, then the savepoints set so far),
 * sends savepoint statements to every part, and ends them all. Without XA, COMMIT goes to the nodes one after
 * another and a failure names which committed and which did not; with XA the {@link XaCoordinator} commits in two
 * phases. {@code handleDistributedTransactions=1} refuses a transaction that would reach a second data node through
 * tables that are not global.
 *
 * <p>A transaction that loses a data node's part (a deadlock rolled it back there, or its connection broke) is
 * gone, as it would be on one MySQL server: {@link #rollBackBroken} rolls back the rest.
 */
public final class TransactionCoordinator {

    private static final Logger LOG = LogManager.getLogger(TransactionCoordinator.class);

    /** What {@link AtomicStatement} calls its savepoint inside the client's transaction. */
    private static final String STATEMENT_SAVEPOINT = "`tessera_statement`";

    /**
     * Errors after which the data node has rolled back the whole transaction, not only the statement (MySQL manual:
     * "InnoDB Error Handling"): deadlock (1213), and an XA branch rolled back (1402, 1613 timeout, 1614 deadlock).
     */
    private static final int[] TRANSACTION_ROLLED_BACK = {1213, 1402, 1613, 1614};

    private final DistributedTransactions policy;
    private final Xids xids;
    private final XaCoordinator xa;

    public TransactionCoordinator(DistributedTransactions policy, Xids xids, XaCoordinator xa) {
        this.policy = policy;
        this.xids = xids;
        this.xa = xa;
    }

    /** Whether a data node's error {@code code} means it rolled back its whole part of the transaction. */
    static boolean rollsBackTransaction(int code) {
        for (int rolledBack : TRANSACTION_ROLLED_BACK) {
            if (code == rolledBack) {
                return true;
            }
        }
        return false;
    }

    /** Refuses, under {@code handleDistributedTransactions=1}, a statement that would spread the transaction. */
    void admit(Session session, Route route) {
        if (policy != DistributedTransactions.REJECT || !session.inTransaction() || route.replicated()) {
            return;
        }
        TreeSet<String> nodes = new TreeSet<>(session.transaction().shardedNodes());
        route.shards().forEach(shard -> nodes.add(shard.dataNode()));
        if (nodes.size() > 1) {
            throw new TesseraException(ErrorCode.NOT_SUPPORTED_YET, "this transaction would span data nodes "
                    + nodes + ", and handleDistributedTransactions=1 refuses distributed transactions");
        }
        route.shards().stream().map(ShardStatement::dataNode).forEach(session.transaction().shardedNodes()::add);
    }

    /** Opens the transaction on a connection that joins it; the node counts as a participant from now on. */
    CompletableFuture<Void> join(Session session, String dataNode, BackendConnection backend) {
        Transaction transaction = session.transaction();
        transaction.joined(dataNode);
        String characteristics = session.nextTransactionSql();
        CompletableFuture<?> ready = characteristics == null ? CompletableFuture.completedFuture(null)
                : backend.query(characteristics);
        if (session.xa()) {
            if (transaction.gtrid() == null) {
                transaction.gtrid(xids.next());
            }
            String xid = Xids.sql(transaction.gtrid(), dataNode);
            ready = ready.thenCompose(ignored -> backend.query("XA START " + xid));
        } else if (session.explicitTransaction()) {
            ready = ready.thenCompose(ignored -> backend.query(transaction.startStatement()));
        } // else autocommit = 0: the node opens the transaction with the statement
        for (String savepoint : transaction.savepoints()) {
            ready = ready.thenCompose(ignored -> backend.query("SAVEPOINT " + SqlLiterals.identifier(savepoint)));
        }
        return ready.thenApply(ignored -> null);
    }

    /** SAVEPOINT, ROLLBACK TO, RELEASE SAVEPOINT: on every data node in the transaction at once. */
    CompletableFuture<Void> savepoint(Session session, String sql) {
        List<Participant> held = new ArrayList<>();
        for (String node : session.transaction().participants()) {
            BackendConnection backend = session.pinned().get(node);
            if (backend != null) {
                held.add(new Participant(node, backend));
            }
        }
        return each(held, p -> p.connection().query(sql));
    }

    /**
     * Ends the session's transaction on every participant and gives the connections back. A commit whose transaction
     * has lost a participant's connection (it broke while idle: that data host rolled its part back) rolls back
     * everywhere instead, and fails saying so: committing the other parts would keep half a transaction.
     */
    CompletableFuture<Void> end(Session session, boolean commit) {
        String gtrid = session.transaction().gtrid();
        Ended ended = takeParticipants(session);
        List<Participant> participants = ended.participants();
        List<String> lost = participants.stream().filter(p -> !p.connection().isUsable()).map(Participant::dataNode)
                .toList();
        if (commit && !lost.isEmpty()) {
            return rollBackEach(participants, gtrid).whenComplete((ignored, error) -> ended.release())
                    .thenApply(ignored -> {
                        throw new TesseraException(ErrorCode.UNKNOWN_ERROR, "the transaction lost its connection to"
                                + " data node(s) " + lost + " before COMMIT, so it was rolled back on every data node");
                    });
        }
        if (commit && gtrid == null && participants.size() > 1 && policy == DistributedTransactions.ALLOW_AND_LOG
                && LOG.isInfoEnabled()) {
            LOG.info("distributed transaction committing on {}", participants.stream().map(Participant::dataNode)
                    .toList());
        }
        return end(participants, gtrid, commit).whenComplete((ignored, error) -> ended.release());
    }

    /**
     * Rolls back what is left of a transaction that lost a data node's part, without a word to the client: it has
     * its error already (the node's 1213, or the lost connection), as it would from one MySQL server whose
     * transaction is gone. Failures only close connections, which rolls their part back too.
     */
    CompletableFuture<Void> rollBackBroken(Session session) {
        String gtrid = session.transaction().gtrid();
        String lostOn = session.transaction().lostOn();
        Ended ended = takeParticipants(session);
        if (LOG.isDebugEnabled()) {
            LOG.debug("connection {}: the transaction lost its part on {}; rolling back {}", session.connectionId(),
                    lostOn, ended.participants().stream().map(Participant::dataNode).toList());
        }
        return rollBackEach(ended.participants(), gtrid).whenComplete((ignored, error) -> ended.release());
    }

    /**
     * The client left or reset its connection: every participant rolls back and is reset (COM_RESET_CONNECTION:
     * temporary tables, user variables and settings go) before another session may use it; a connection that cannot
     * be reset is closed, which rolls back too.
     */
    void abandon(Session session) {
        String gtrid = session.transaction().gtrid();
        Set<String> participants = Set.copyOf(session.transaction().participants());
        Map<String, BackendConnection> held = new LinkedHashMap<>(session.pinned());
        session.pinned().clear();
        session.unbindAll();
        session.endTransaction();
        for (Map.Entry<String, BackendConnection> connection : held.entrySet()) {
            BackendConnection backend = connection.getValue();
            List<Participant> part = participants.contains(connection.getKey())
                    ? List.of(new Participant(connection.getKey(), backend)) : List.of();
            rollBackEach(part, gtrid).thenCompose(ignored -> backend.reset())
                    .whenComplete((ignored, error) -> {
                        if (error == null) {
                            BackendSync.forget(backend);
                            backend.release();
                        } else {
                            backend.close();
                        }
                    });
        }
    }

    /**
     * How a write on several data nodes is made all-or-nothing, as one statement is on one server: inside the
     * client's transaction a savepoint on each node undoes the nodes that did their part when another failed;
     * outside one, the statement runs in a transaction of its own, committed (in two phases under {@code SET XA = ON})
     * only when every node did its part.
     */
    AtomicStatement atomicStatement(Session session) {
        boolean ownTransaction = !session.inTransaction();
        if (ownTransaction && !session.tableLocks().isEmpty()) {
            throw new TesseraException(ErrorCode.NOT_SUPPORTED_YET, "a write on several data nodes under LOCK TABLES"
                    + " with autocommit on is not supported: the transaction that makes it all-or-nothing would"
                    + " release the table locks; SET autocommit = 0 before LOCK TABLES, as MySQL advises for InnoDB,"
                    + " and COMMIT before UNLOCK TABLES");
        }
        return new AtomicStatement(ownTransaction, ownTransaction && session.xa() ? xids.next() : null);
    }

    /** See {@link #atomicStatement}. One per statement; its methods may be called from any thread. */
    final class AtomicStatement {

        private final boolean ownTransaction;
        private final String gtrid;

        private AtomicStatement(boolean ownTransaction, String gtrid) {
            this.ownTransaction = ownTransaction;
            this.gtrid = gtrid;
        }

        /** Before the statement, on each node. */
        CompletableFuture<Void> open(String dataNode, BackendConnection backend) {
            String sql = !ownTransaction ? "SAVEPOINT " + STATEMENT_SAVEPOINT
                    : gtrid != null ? "XA START " + Xids.sql(gtrid, dataNode) : "START TRANSACTION";
            return backend.query(sql).thenApply(r -> null);
        }

        /** Every node did its part: the statement's own transaction commits; fails naming where it did not. */
        CompletableFuture<Void> commit(List<Participant> participants) {
            return ownTransaction ? end(participants, gtrid, true) : CompletableFuture.completedFuture(null);
        }

        /** A node failed: {@code done} (the nodes that did their part, and, outside a transaction, all) undo it. */
        CompletableFuture<Void> undo(List<Participant> done, List<Participant> all) {
            if (ownTransaction) {
                return rollBackEach(all, gtrid);
            }
            return each(done, p -> p.connection().query("ROLLBACK TO SAVEPOINT " + STATEMENT_SAVEPOINT));
        }
    }

    /** COMMIT or ROLLBACK of every participant: two-phase under XA ({@code gtrid}), else one after another. */
    private CompletableFuture<Void> end(List<Participant> participants, String gtrid, boolean commit) {
        if (gtrid != null) {
            return commit ? xa.commit(gtrid, participants) : xa.rollback(gtrid, participants);
        }
        return endOneByOne(participants, commit ? "COMMIT" : "ROLLBACK");
    }

    /**
     * Ends the session's transaction: its participants whose connection is still held, of which those holding no
     * session state (a temporary table, ...) are let go, for the caller to release once they have ended.
     */
    private static Ended takeParticipants(Session session) {
        List<Participant> participants = new ArrayList<>();
        List<BackendConnection> release = new ArrayList<>();
        for (String node : session.transaction().participants()) {
            BackendConnection backend = session.pinned().get(node);
            if (backend == null) {
                continue; // its connection broke: the data host rolled its part back
            }
            participants.add(new Participant(node, backend));
            if (!session.holdsState(node)) {
                session.pinned().remove(node);
                release.add(backend);
            }
        }
        session.endTransaction();
        return new Ended(participants, release);
    }

    /** A transaction's participants once it has ended, and the connections that go back to their pools. */
    private record Ended(List<Participant> participants, List<BackendConnection> toRelease) {

        void release() {
            toRelease.forEach(BackendConnection::release); // one closed on failure ignores it
        }
    }

    /**
     * Rolls each participant back ({@code XA ROLLBACK} of its branch under XA), all at once; a participant that cannot
     * roll back is closed, which rolls its part back on the data host. Never fails; releases nothing.
     */
    private static CompletableFuture<Void> rollBackEach(List<Participant> participants, String gtrid) {
        CompletableFuture<?>[] all = new CompletableFuture<?>[participants.size()];
        for (int i = 0; i < all.length; i++) {
            Participant p = participants.get(i);
            CompletableFuture<?> rollback = gtrid == null ? p.connection().query("ROLLBACK")
                    : XaCoordinator.rollBackBranch(gtrid, p);
            all[i] = rollback.handle((ignored, error) -> {
                if (error != null) {
                    p.connection().close();
                }
                return null;
            });
        }
        return CompletableFuture.allOf(all);
    }

    /** Runs {@code action} on every participant at once; fails with the first error, named by its data node. */
    private static CompletableFuture<Void> each(List<Participant> participants,
            Function<Participant, CompletableFuture<?>> action) {
        CompletableFuture<?>[] all = new CompletableFuture<?>[participants.size()];
        for (int i = 0; i < all.length; i++) {
            Participant p = participants.get(i);
            all[i] = action.apply(p).exceptionallyCompose(error ->
                    CompletableFuture.failedFuture(onNode(p.dataNode(), p.connection(), error)));
        }
        return CompletableFuture.allOf(all);
    }

    /**
     * COMMIT or ROLLBACK on each participant in turn. Once a COMMIT has failed somewhere, the participants after it
     * roll back instead: what no node has committed yet stays all-or-nothing. Fails naming the nodes where the
     * statement failed, those where it succeeded and those rolled back instead; with the failing node's own code and
     * SQLSTATE when none succeeded (a retry is then safe, as after that error from one server), else with 1105. A
     * node whose connection broke before it answered COMMIT may have committed (its data host can go down right after
     * the commit): the ERR says that its outcome is unknown, and it counts as a node that may have succeeded.
     */
    private static CompletableFuture<Void> endOneByOne(List<Participant> participants, String sql) {
        CompletableFuture<Void> chain = CompletableFuture.completedFuture(null);
        List<String> done = new ArrayList<>();
        List<String> failed = new ArrayList<>();
        List<String> unknown = new ArrayList<>();
        List<String> rolledBack = new ArrayList<>();
        List<ErrPacket> errors = new ArrayList<>();
        boolean commit = sql.equals("COMMIT");
        for (Participant participant : participants) {
            BackendConnection backend = participant.connection();
            chain = chain.thenCompose(ignored -> {
                boolean instead = commit && !failed.isEmpty();
                return backend.query(instead ? "ROLLBACK" : sql).handle((result, error) -> {
                    if (error != null) {
                        ErrPacket err = ClientErrors.toErr(error);
                        errors.add(err);
                        failed.add(participant.dataNode() + " (" + err.message() + ")");
                        if (commit && !instead && !backend.isUsable()) {
                            unknown.add(participant.dataNode()); // no answer: it may have committed all the same
                        }
                        backend.close();
                    } else {
                        (instead ? rolledBack : done).add(participant.dataNode());
                    }
                    return null;
                });
            });
        }
        return chain.thenApply(ignored -> {
            if (failed.isEmpty()) {
                return null;
            }
            boolean noneMayHave = done.isEmpty() && unknown.isEmpty();
            int code = noneMayHave ? errors.get(0).errorCode() : ErrorCode.UNKNOWN_ERROR.code();
            String state = noneMayHave ? errors.get(0).sqlState() : ErrorCode.UNKNOWN_ERROR.sqlState();
            String outcome = unknown.isEmpty() ? "" : "; whether it took effect on " + unknown
                    + " is unknown: the connection was lost before the answer";
            if (participants.size() == 1) {
                throw new DataHostError(code, state, sql + " failed on data node " + failed.get(0) + outcome);
            }
            throw new DataHostError(code, state, sql + " failed on data node(s) " + failed + outcome
                    + (done.isEmpty() ? "; it succeeded on none" : "; it succeeded on " + done)
                    + (rolledBack.isEmpty() ? "" : "; rolled back instead on " + rolledBack)
                    + (commit && !noneMayHave ? " (use SET XA = ON for an atomic commit across data nodes)" : ""));
        });
    }

    private static Throwable onNode(String dataNode, BackendConnection backend, Throwable error) {
        return ClientErrors.reworded(error, message -> "data node " + dataNode + " (" + backend.dataHost() + "): "
                + message);
    }
}
