package io.tessera.proxy.exec.xa;

import io.tessera.protocol.error.DataHostError;
import io.tessera.protocol.error.ErrorCode;
import io.tessera.protocol.error.TesseraException;
import io.tessera.proxy.session.ClientErrors;
import io.tessera.proxy.session.Participant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Function;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Ends a global transaction over its branches with the data hosts' XA (MySQL manual: "XA Transaction SQL
 * Statements"). Commit: {@code XA END} and {@code XA PREPARE} on every branch; if any branch cannot prepare, every
 * branch rolls back; otherwise the decision is forced to the {@link XaLog} and then {@code XA COMMIT} goes to each
 * branch. A branch that cannot be committed then stays prepared and {@link XaRecovery} commits it later; the client
 * is told so, never told OK. A single branch commits with {@code XA COMMIT ... ONE PHASE}.
 *
 * <p>The connections stay the caller's to release; those of a commit or rollback that failed are closed here,
 * since their branch may be in any state.
 *
 * <p>The system property {@code tessera.xa.failpoint} ({@code before-prepare}, {@code after-prepare},
 * {@code after-decision}, {@code after-first-commit}) stops a commit at that point for ever, so that a test can
 * kill the process there and check what recovery does.
 */
public final class XaCoordinator {

    private static final Logger LOG = LogManager.getLogger(XaCoordinator.class);

    private final XaLog log;
    private final XaRecovery recovery;
    private final String failpoint = System.getProperty("tessera.xa.failpoint", "");

    public XaCoordinator(XaLog log, XaRecovery recovery) {
        this.log = log;
        this.recovery = recovery;
    }

    public CompletableFuture<Void> commit(String gtrid, List<Participant> branches) {
        if (branches.size() == 1) { // nothing else committed: the node's own error, a retry being safe
            Participant only = branches.get(0);
            String xid = xid(gtrid, only);
            return finish(branches, only.connection().query("XA END " + xid).handle((r, error) -> error)
                    .thenCompose(endError -> endError != null
                            ? CompletableFuture.completedFuture(onNode("COMMIT failed on", only, endError))
                            : only.connection().query("XA COMMIT " + xid + " ONE PHASE").handle((r, error) ->
                                    error == null ? null : onePhaseFailed(only, error))));
        }
        CompletableFuture<List<String>> prepared = each(branches, b -> b.connection().query("XA END " + xid(gtrid, b)))
                .thenCompose(failed -> !failed.isEmpty() ? CompletableFuture.completedFuture(failed)
                        : stop("before-prepare", gtrid).thenCompose(ignored -> each(branches,
                                b -> b.connection().query("XA PREPARE " + xid(gtrid, b)))));
        return prepared.thenCompose(failed -> {
            if (!failed.isEmpty()) {
                return rollbackAll(gtrid, branches).thenApply(ignored -> failure("XA PREPARE failed on " + failed
                        + "; the transaction was rolled back on every data node"));
            }
            return stop("after-prepare", gtrid)
                    .thenCompose(ignored -> log.commitDecided(gtrid).handle((r, logError) -> logError))
                    .thenCompose(logError -> logError != null
                            ? rollbackAll(gtrid, branches).thenApply(ignored -> failure("the XA recovery log could"
                                    + " not be written (" + ClientErrors.toErr(logError).message() + "); the"
                                    + " transaction was rolled back"))
                            : stop("after-decision", gtrid).thenCompose(ignored -> commitBranches(gtrid, branches)));
        }).thenCompose(error -> finish(branches, CompletableFuture.completedFuture(error)));
    }

    /** Rolls every branch back; failures only close the connection (the data host then rolls back itself). */
    public CompletableFuture<Void> rollback(String gtrid, List<Participant> branches) {
        return finish(branches, rollbackAll(gtrid, branches).thenApply(ignored -> null));
    }

    /**
     * Rolls one branch back whatever its state: {@code XA END} first (which fails, harmlessly, for a branch that a
     * deadlock made rollback-only), then {@code XA ROLLBACK}. A connection on which that fails is closed: the data
     * host rolls back an unprepared branch when its connection goes, and recovery a prepared one.
     */
    public static CompletableFuture<Void> rollBackBranch(String gtrid, Participant branch) {
        String xid = xid(gtrid, branch);
        return branch.connection().query("XA END " + xid).handle((r, e) -> null)
                .thenCompose(ignored -> branch.connection().query("XA ROLLBACK " + xid))
                .whenComplete((r, error) -> {
                    if (error != null) {
                        branch.connection().close();
                    }
                }).thenApply(r -> null);
    }

    private CompletableFuture<TesseraException> commitBranches(String gtrid, List<Participant> branches) {
        List<String> committed = new ArrayList<>();
        List<String> failed = new ArrayList<>();
        CompletableFuture<Void> chain = CompletableFuture.completedFuture(null);
        for (Participant branch : branches) {
            chain = chain.thenCompose(ignored -> branch.connection().query("XA COMMIT " + xid(gtrid, branch))
                    .handle((r, error) -> {
                        if (error == null) {
                            committed.add(branch.dataNode());
                        } else {
                            failed.add(describe(branch, error));
                        }
                        return null;
                    })
                    .thenCompose(ignored2 -> committed.size() == 1 && failed.isEmpty()
                            ? stop("after-first-commit", gtrid) : CompletableFuture.completedFuture(null)));
        }
        return chain.thenCompose(ignored -> {
            if (failed.isEmpty()) {
                return log.done(gtrid).handle((r, e) -> null);
            }
            recovery.retryLater();
            return CompletableFuture.completedFuture(failure("COMMIT is decided (XA transaction " + gtrid
                    + "): committed on " + committed + ", but not yet on " + failed + "; those branches stay"
                    + " prepared and XA recovery commits them when their data host answers"));
        });
    }

    private CompletableFuture<Void> rollbackAll(String gtrid, List<Participant> branches) {
        return each(branches, b -> rollBackBranch(gtrid, b))
                .thenApply(failed -> {
                    if (!failed.isEmpty()) {
                        LOG.warn("XA ROLLBACK of {} failed on {}; the data host rolls back unprepared branches "
                                + "when their connection closes, and recovery the prepared ones", gtrid, failed);
                        recovery.rollBackLater(gtrid);
                    }
                    return null;
                });
    }

    /** Runs {@code action} on every branch at once; completes with the failures, described. */
    private static CompletableFuture<List<String>> each(List<Participant> branches,
            Function<Participant, CompletableFuture<?>> action) {
        List<String> failed = new ArrayList<>();
        CompletableFuture<?>[] all = new CompletableFuture<?>[branches.size()];
        for (int i = 0; i < all.length; i++) {
            Participant branch = branches.get(i);
            all[i] = action.apply(branch).handle((r, error) -> {
                if (error != null) {
                    synchronized (failed) {
                        failed.add(describe(branch, error));
                    }
                }
                return null;
            });
        }
        return CompletableFuture.allOf(all).thenApply(ignored -> failed);
    }

    /** Closes the connections when the outcome is a failure, and fails with {@code error} when there is one. */
    private static CompletableFuture<Void> finish(List<Participant> branches,
            CompletableFuture<TesseraException> outcome) {
        return outcome.handle((error, unexpected) -> {
            if (unexpected != null || error != null) {
                branches.forEach(branch -> branch.connection().close());
            }
            if (unexpected != null) {
                throw unexpected instanceof RuntimeException re ? re : new CompletionException(unexpected);
            }
            if (error != null) {
                throw error;
            }
            return null;
        });
    }

    private CompletableFuture<Void> stop(String point, String gtrid) {
        if (!failpoint.equals(point)) {
            return CompletableFuture.completedFuture(null);
        }
        LOG.warn("XA failpoint {} reached for {}: the commit stops here", point, gtrid);
        return new CompletableFuture<>();
    }

    private static String xid(String gtrid, Participant branch) {
        return Xids.sql(gtrid, branch.dataNode());
    }

    private static String describe(Participant branch, Throwable error) {
        return branch.dataNode() + " (" + ClientErrors.toErr(error).message() + ")";
    }

    /** The data node's error with its own code and SQLSTATE: "COMMIT failed on data node dn1 (...): message". */
    private static TesseraException onNode(String what, Participant branch, Throwable error) {
        return ClientErrors.reworded(error, message -> what + " data node " + branch.dataNode() + " (" + message
                + ")");
    }

    /**
     * The one-phase commit of a single branch failed: with the node's own error, or, when the connection broke before
     * the answer, saying that it may have committed all the same (a retry is then not known to be safe).
     */
    private static TesseraException onePhaseFailed(Participant only, Throwable error) {
        TesseraException failed = onNode("COMMIT failed on", only, error);
        return only.connection().isUsable() ? failed : ClientErrors.reworded(failed, message -> message
                + "; whether it took effect there is unknown: the connection was lost before the answer");
    }

    /** A failure whose message quotes the data nodes' own errors: what a client reads of it is put logically. */
    private static TesseraException failure(String message) {
        return new DataHostError(ErrorCode.UNKNOWN_ERROR, message);
    }
}
